import { and, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';
import { loanAdditions, loanProducts } from '../schema/index.ts';

/** The control types whose collateral is a vehicle: GAP and a service contract are sold on their loans. */
const vehicleControlTypes = ['AUTOMOTIVE', 'RV'];

/**
 * The demo add-ons catalogue of a lender (Administration › Add-Ons): GAP and a vehicle service contract on its
 * vehicle products (GAP chosen by default), credit life, credit disability and debt protection priced per $1,000
 * of the loan amount on every product; a loan processing fee the credit union charges for the credit itself — a
 * prepaid finance charge (issue 41) — chosen by the officer, not by default.
 */
export const seedLoanAdditions = async (tx: DbExecutor, lenderId: number) => {
  const vehicleProductIds = (
    await tx
      .select({ id: loanProducts.id })
      .from(loanProducts)
      .where(and(eq(loanProducts.lenderId, lenderId), inArray(loanProducts.controlType, vehicleControlTypes)))
  ).map((p) => p.id);
  const flat = (name: string, flatAmount: string, isDefault: boolean, sortOrder: number) => ({
    lenderId,
    name,
    feeType: 'flat',
    flatAmount,
    isDefault,
    loanProductIds: vehicleProductIds,
    sortOrder,
  });
  const per1000 = (name: string, ratePer1000: string, sortOrder: number) => ({
    lenderId,
    name,
    feeType: 'per1000',
    ratePer1000,
    sortOrder,
  });
  const rows = [
    ...(vehicleProductIds.length > 0
      ? [flat('GAP Protection', '595.00', true, 10), flat('Vehicle Service Contract', '1895.00', false, 20)]
      : []),
    per1000('Credit Life', '3.5000', 30),
    per1000('Credit Disability', '4.2500', 40),
    per1000('Debt Protection', '2.1000', 50),
    { lenderId, name: 'Loan Processing Fee', feeType: 'flat', flatAmount: '95.00', financeCharge: true, sortOrder: 60 },
  ];
  await tx.insert(loanAdditions).values(rows);
};
