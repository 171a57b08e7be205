import type { HistoryEntry } from '@credence/contracts';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { countApplications } from '../applicants/applicants.repository.ts';
import { listHistory } from './application-history.repository.ts';

/** An application's history, newest first. */
export const getHistory = (db: Db, auth: AuthContext, applicationId: number): Promise<HistoryEntry[]> =>
  withTenant(db, auth.lenderId, async (tx) => {
    if ((await countApplications(tx, applicationId)) === 0) throw notFound();
    const rows = await listHistory(tx, applicationId);
    return rows.map((r) => ({
      id: r.id,
      dateTimeUtc: r.createdAt.toISOString(),
      user: r.userId === null ? null : { id: r.userId, name: r.userName ?? '' },
      action: r.action,
      description: r.description,
      entity: r.entity,
      changes: r.changes,
    }));
  });
