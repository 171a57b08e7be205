import { desc, eq } from 'drizzle-orm';
import { applicationHistory, users } from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';
import { applicationStateTexts, type ApplicationState, type HistoryChange } from '@credence/contracts';
import { notify } from '../../notifications/notify.service.ts';

export type HistoryRecord = {
  lenderId: number;
  applicationId: number;
  userId: number | null;
  action: string;
  description: string;
  entity: string | null;
  changes: HistoryChange[];
};

/** The application's new state when the change moves an existing application from one state to another. */
const stateChangeOf = (changes: readonly HistoryChange[]) => {
  const change = changes.find((c) => c.entity === 'Application' && c.property === 'state');
  if (!change || change.oldValue === null || change.newValue === null || change.oldValue === change.newValue) return;
  return change.newValue as ApplicationState;
};

/**
 * Adds a history row; callers run it in the transaction of the change it describes. Every change of an
 * application's state (credit review, decision, retraction, funding, reversal) is recorded here, so here is
 * where the application's owner and sharers are told (My Queue Application Status Update, 126).
 */
export const recordHistory = async (tx: TenantTx, record: HistoryRecord) => {
  await tx.insert(applicationHistory).values(record);
  const state = stateChangeOf(record.changes);
  if (state === undefined) return;
  await notify(tx, {
    lenderId: record.lenderId,
    applicationId: record.applicationId,
    actorUserId: record.userId,
    type: 'MyQueueApplicationStatusUpdate',
    audience: { kind: 'followers' },
    values: { description: applicationStateTexts[state] ?? state },
  });
};

export const listHistory = (tx: TenantTx, applicationId: number) =>
  tx
    .select({
      id: applicationHistory.id,
      createdAt: applicationHistory.createdAt,
      userId: applicationHistory.userId,
      userName: users.fullName,
      action: applicationHistory.action,
      description: applicationHistory.description,
      entity: applicationHistory.entity,
      changes: applicationHistory.changes,
    })
    .from(applicationHistory)
    .leftJoin(users, eq(users.id, applicationHistory.userId))
    .where(eq(applicationHistory.applicationId, applicationId))
    .orderBy(desc(applicationHistory.createdAt), desc(applicationHistory.id))
    .limit(2000);
