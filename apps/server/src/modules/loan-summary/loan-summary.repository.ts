import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applicationFiles, loans, loanSummaryExports } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';

export type ExportRow = typeof loanSummaryExports.$inferSelect;

/** The automatic exports of an application, newest first, with the attached file's name. */
export const listExports = (tx: TenantTx, applicationId: number) =>
  tx
    .select({ export: loanSummaryExports, fileName: applicationFiles.fileName })
    .from(loanSummaryExports)
    .leftJoin(applicationFiles, eq(applicationFiles.id, loanSummaryExports.appFileId))
    .where(eq(loanSummaryExports.applicationId, applicationId))
    .orderBy(desc(loanSummaryExports.createdAt), desc(loanSummaryExports.id));

/**
 * The export row of one funding, created when missing (the unique lender + application + funding sequence key
 * makes a second insert a no-op, whoever runs it).
 */
export const ensureExport = async (
  tx: TenantTx,
  values: {
    lenderId: number;
    applicationId: number;
    fundingSequence: number;
    outboxId: number;
    requestedByUserId: number | null;
  },
): Promise<ExportRow> => {
  await tx.insert(loanSummaryExports).values(values).onConflictDoNothing();
  const row = await findExport(tx, values.applicationId, values.fundingSequence, false);
  if (!row) throw new Error('loan summary export row missing after insert');
  return row;
};

/** The export row of one funding; `lock`: `for update`, held to the end of the transaction. */
export const findExport = async (tx: TenantTx, applicationId: number, fundingSequence: number, lock: boolean) => {
  const query = tx
    .select()
    .from(loanSummaryExports)
    .where(
      and(eq(loanSummaryExports.applicationId, applicationId), eq(loanSummaryExports.fundingSequence, fundingSequence)),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

export const updateExport = (tx: TenantTx, id: number, values: Partial<typeof loanSummaryExports.$inferInsert>) =>
  tx.update(loanSummaryExports).set(values).where(eq(loanSummaryExports.id, id));

/** A failed attempt: counted, its scrubbed error kept; 'failed' once the outbox gives up on the event. */
export const recordExportFailure = (tx: TenantTx, id: number, error: string, givesUp: boolean) =>
  tx
    .update(loanSummaryExports)
    .set({
      attempts: sql`${loanSummaryExports.attempts} + 1`,
      lastError: error,
      ...(givesUp ? { status: 'failed', finishedAt: new Date() } : {}),
    })
    .where(eq(loanSummaryExports.id, id));

/** The funding of an event that predates `fundingSequence` / `fundedByUserId` in its payload: the loan row's. */
export const findLoanFunding = async (tx: TenantTx, applicationId: number) => {
  const [row] = await tx
    .select({ fundingSequence: loans.fundingSequence, fundedByUserId: loans.fundedByUserId })
    .from(loans)
    .where(eq(loans.applicationId, applicationId));
  return row;
};

/**
 * What a session of this user in this lender would carry (platform/auth.ts reads the same): the home lender and
 * the rights of the user's role there. Undefined when the user is not (or no longer) a member of the lender.
 */
export const findUserInLender = async (db: Db, userId: number, lenderId: number) => {
  const { rows } = await db.execute<{ home_lender_id: number; rights: string[] }>(sql`
    select u.home_lender_id,
           coalesce((select array_agg(rr.right order by rr.right) from role_rights rr
                     where rr.role_id = ul.role_id), '{}') as rights
      from users u join user_lenders ul on ul.user_id = u.id and ul.lender_id = ${lenderId}
     where u.id = ${userId}`);
  const row = rows[0];
  return row ? { homeLenderId: row.home_lender_id, rights: row.rights } : undefined;
};
