import { and, asc, eq } from 'drizzle-orm';
import { loanProducts } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';

export type LoanProductRow = typeof loanProducts.$inferSelect;

export const listEnabledLoanProducts = (tx: TenantTx) =>
  tx.select().from(loanProducts).where(eq(loanProducts.enabled, true)).orderBy(asc(loanProducts.name));

export const findLoanProduct = async (tx: TenantTx, id: number): Promise<LoanProductRow | undefined> => {
  const [row] = await tx.select().from(loanProducts).where(eq(loanProducts.id, id));
  return row;
};

export const findEnabledLoanProduct = async (tx: TenantTx, id: number): Promise<LoanProductRow | undefined> => {
  const [row] = await tx
    .select()
    .from(loanProducts)
    .where(and(eq(loanProducts.id, id), eq(loanProducts.enabled, true)));
  return row;
};
