import type { HistoryChange } from '@credence/contracts';
import { desc, eq } from 'drizzle-orm';
import { applicationHistory, users } from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

export type HistoryRecord = {
  lenderId: number;
  applicationId: number;
  userId: number | null;
  action: string;
  description: string;
  entity: string | null;
  changes: HistoryChange[];
};

/** Adds a history row; callers run it in the transaction of the change it describes. */
export const recordHistory = async (tx: TenantTx, record: HistoryRecord) => {
  await tx.insert(applicationHistory).values(record);
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
