import type { DecisionCode, DecisionCodeType } from '@credence/contracts';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { decisionCodes } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';

type Stored = typeof decisionCodes.$inferSelect;

/** A stored code as the API answers it. */
export const toDecisionCode = (row: Stored): DecisionCode => ({
  id: row.id,
  codeType: row.codeType as DecisionCodeType,
  code: row.code,
  description: row.description,
  sortOrder: row.sortOrder,
  enabled: row.enabled,
});

const inSortOrder = [asc(decisionCodes.sortOrder), sql`lower(${decisionCodes.code})`, asc(decisionCodes.id)];

/** The lender's enabled codes of one type in the order the worksheet offers them (row-level security: the lender). */
export const listEnabledDecisionCodes = async (tx: TenantTx, codeType: DecisionCodeType): Promise<DecisionCode[]> =>
  (
    await tx
      .select()
      .from(decisionCodes)
      .where(and(eq(decisionCodes.codeType, codeType), eq(decisionCodes.enabled, true)))
      .orderBy(...inSortOrder)
  ).map(toDecisionCode);

/**
 * The lender's codes with these ids, enabled or not, in sort order (a decision names codes by id: the caller checks
 * the type and that each is enabled; another lender's id is simply not found).
 */
export const findDecisionCodes = async (tx: TenantTx, ids: readonly number[]): Promise<DecisionCode[]> =>
  ids.length === 0
    ? []
    : (
        await tx
          .select()
          .from(decisionCodes)
          .where(inArray(decisionCodes.id, [...ids]))
          .orderBy(...inSortOrder)
      ).map(toDecisionCode);

/** Is the code (any case) used by another of the lender's codes of the same type? */
export const isDecisionCodeTaken = async (
  tx: TenantTx,
  codeType: DecisionCodeType,
  code: string,
  exceptId?: number,
): Promise<boolean> => {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(decisionCodes)
    .where(
      and(
        eq(decisionCodes.codeType, codeType),
        sql`lower(${decisionCodes.code}) = lower(${code.trim()})`,
        exceptId === undefined ? undefined : ne(decisionCodes.id, exceptId),
      ),
    );
  return (row?.n ?? 0) > 0;
};
