import type { AdminLoanProduct, Disbursement, DisbursementPayeeType } from '@credence/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { disbursements, lenderDisbursalMethods, loanProducts } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';

type Stored = typeof disbursements.$inferSelect;

/** The method's name as a list column (sort, quick search); row-level security keeps it to the lender. */
export const disbursalMethodNameColumn = sql`lower(coalesce((select ${lenderDisbursalMethods.name} from ${lenderDisbursalMethods} where ${lenderDisbursalMethods.id} = ${disbursements.disbursalMethodId}), ''))`;

/** A stored disbursement as the API answers it (with its method's name). */
export const toDisbursement = async (tx: TenantTx, row: Stored): Promise<Disbursement> => {
  const [method] = await tx
    .select({ name: lenderDisbursalMethods.name })
    .from(lenderDisbursalMethods)
    .where(eq(lenderDisbursalMethods.id, row.disbursalMethodId));
  return {
    id: row.id,
    name: row.name,
    payeeType: row.payeeType as DisbursementPayeeType,
    disbursalMethodId: row.disbursalMethodId,
    disbursalMethodName: method?.name ?? '',
    loanProductIds: row.loanProductIds,
    sortOrder: row.sortOrder,
    enabled: row.enabled,
  };
};

/** One disbursement a funding of a product may make. */
export type ProductDisbursement = {
  id: number;
  name: string;
  payeeType: DisbursementPayeeType;
  disbursalMethodId: number;
  disbursalMethodName: string;
};

/**
 * The enabled disbursements that apply to a loan product (none named: every product), whose disbursal method is
 * enabled too, in sort order (row-level security: the lender's).
 */
export const listProductDisbursements = async (tx: TenantTx, loanProductId: number): Promise<ProductDisbursement[]> =>
  (
    await tx
      .select({
        id: disbursements.id,
        name: disbursements.name,
        payeeType: disbursements.payeeType,
        disbursalMethodId: disbursements.disbursalMethodId,
        disbursalMethodName: lenderDisbursalMethods.name,
      })
      .from(disbursements)
      .innerJoin(lenderDisbursalMethods, eq(lenderDisbursalMethods.id, disbursements.disbursalMethodId))
      .where(
        and(
          eq(disbursements.enabled, true),
          eq(lenderDisbursalMethods.enabled, true),
          sql`(cardinality(${disbursements.loanProductIds}) = 0 or ${loanProductId} = any(${disbursements.loanProductIds}))`,
        ),
      )
      .orderBy(asc(disbursements.sortOrder), sql`lower(${disbursements.name})`, asc(disbursements.id))
  ).map((row) => ({ ...row, payeeType: row.payeeType as DisbursementPayeeType }));

/** The lender's loan products, enabled or not, by name. */
export const listAdminLoanProducts = async (tx: TenantTx): Promise<AdminLoanProduct[]> =>
  tx
    .select({
      id: loanProducts.id,
      name: loanProducts.name,
      controlType: loanProducts.controlType,
      enabled: loanProducts.enabled,
    })
    .from(loanProducts)
    .orderBy(sql`lower(${loanProducts.name})`, asc(loanProducts.id));
