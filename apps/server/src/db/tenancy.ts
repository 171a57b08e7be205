import { sql } from 'drizzle-orm';
import { currentAmbient, type PoolTx } from './ambient-transaction.ts';
import type { Db } from './client.ts';

/** A transaction in which row-level security limits every tenant table to one lender. */
export type TenantTx = PoolTx & { readonly __tenant: unique symbol };

const enterTenant = (tx: PoolTx, lenderId: number) =>
  tx.execute(
    sql`select set_config('app.lender_id', ${String(lenderId)}, true), set_config('role', 'credence_app', true)`,
  );

/**
 * Runs `work` in one transaction scoped to `lenderId`: the lender is set for this transaction only, and the
 * role becomes credence_app, to which the tenant_isolation policies apply. Committed whole or not at all.
 *
 * Inside a request that holds an ambient transaction (an idempotent request: platform/idempotency.ts), the work
 * runs in a savepoint of that transaction instead, so its writes commit together with the stored answer; the
 * role and lender are put back afterwards (a released savepoint keeps local settings).
 */
export const withTenant = <T>(db: Db, lenderId: number, work: (tx: TenantTx) => Promise<T>): Promise<T> => {
  const ambient = currentAmbient(db);
  if (ambient) {
    return ambient.join((outer) =>
      outer.transaction(async (tx) => {
        await enterTenant(tx, lenderId);
        const result = await work(tx as TenantTx);
        await tx.execute(sql`select set_config('role', 'none', true), set_config('app.lender_id', '', true)`);
        return result;
      }),
    );
  }
  return db.transaction(async (tx) => {
    await enterTenant(tx, lenderId);
    return work(tx as TenantTx);
  });
};
