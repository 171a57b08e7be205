import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** A transaction in which row-level security limits every tenant table to one lender. */
export type TenantTx = Parameters<Parameters<Db['transaction']>[0]>[0] & { readonly __tenant: unique symbol };

/**
 * Runs `work` in one transaction scoped to `lenderId`: the lender is set for this transaction only, and the
 * role becomes credence_app, to which the tenant_isolation policies apply. Committed whole or not at all.
 */
export const withTenant = <T>(db: Db, lenderId: number, work: (tx: TenantTx) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.lender_id', ${String(lenderId)}, true), set_config('role', 'credence_app', true)`,
    );
    return work(tx as TenantTx);
  });
