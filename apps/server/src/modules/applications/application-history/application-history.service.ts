import type { HistoryEntry } from '@credence/contracts';
import type { AuthContext } from '../../../platform/auth.ts';
import { listHistory } from './application-history.repository.ts';
import type { ApplicationContext } from '../application-context.ts';

/** An application's history, newest first. */
export const getHistory = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
): Promise<HistoryEntry[]> =>
  ctx.open(auth, applicationId, async (tx) => {
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
