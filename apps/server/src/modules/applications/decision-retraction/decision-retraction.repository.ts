import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { applicationDecisions, applicationFundingRequirements, users } from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

export type DecisionRow = typeof applicationDecisions.$inferSelect;

/** The newest receipt row of the application (a decision or a retraction), or undefined when it has none. */
export const findLatestReceipt = async (tx: TenantTx, applicationId: number): Promise<DecisionRow | undefined> => {
  const [row] = await tx
    .select()
    .from(applicationDecisions)
    .where(eq(applicationDecisions.applicationId, applicationId))
    .orderBy(desc(applicationDecisions.version))
    .limit(1);
  return row;
};

/** Inserts a receipt row (insert-only table); answers its id. */
export const insertReceipt = async (tx: TenantTx, row: typeof applicationDecisions.$inferInsert) => {
  const [inserted] = await tx.insert(applicationDecisions).values(row).returning({ id: applicationDecisions.id });
  return inserted!.id;
};

/** The decision's open funding requirements become 'withdrawn'; answers how many. */
export const withdrawFundingRequirements = async (tx: TenantTx, applicationId: number, decisionId: number) => {
  const rows = await tx
    .update(applicationFundingRequirements)
    .set({ status: 'withdrawn', updatedAt: sql`now()` })
    .where(
      and(
        eq(applicationFundingRequirements.applicationId, applicationId),
        eq(applicationFundingRequirements.decisionId, decisionId),
        inArray(applicationFundingRequirements.status, ['outstanding', 'received']),
      ),
    )
    .returning({ id: applicationFundingRequirements.id });
  return rows.length;
};

export const findUserName = async (tx: TenantTx, userId: number) => {
  const [row] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
  return row?.fullName ?? null;
};
