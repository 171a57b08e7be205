import type { ControlType, LoanProduct } from '@credence/contracts';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { listEnabledLoanProducts } from './loan-products.repository.ts';

export const listLoanProducts = (db: Db, auth: AuthContext): Promise<LoanProduct[]> =>
  withTenant(db, auth.lenderId, async (tx) =>
    (await listEnabledLoanProducts(tx)).map((p) => ({
      id: p.id,
      name: p.name,
      controlType: p.controlType as ControlType,
      directAllowed: p.directAllowed,
      indirectAllowed: p.indirectAllowed,
      requiresVin: p.requiresVin,
      gathersInsurance: p.gathersInsurance,
      isBusinessLoan: p.isBusinessLoan,
    })),
  );
