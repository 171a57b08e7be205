import type { TenantTx } from '../../db/tenancy.ts';
import { listProductDisbursements, type ProductDisbursement } from './disbursements.repository.ts';

export type { ProductDisbursement };

/**
 * The disbursements a funding of this loan product may make (the funding worksheet's payout choices): enabled,
 * applying to the product (or to every product), with an enabled disbursal method, in sort order. Runs in the
 * caller's tenant transaction.
 */
export const disbursementsForProduct = (tx: TenantTx, loanProductId: number): Promise<ProductDisbursement[]> =>
  listProductDisbursements(tx, loanProductId);
