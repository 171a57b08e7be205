import { AsyncLocalStorage } from 'node:async_hooks';
import { TransactionRollbackError } from 'drizzle-orm';
import type { Db } from './client.ts';

/** A transaction of the pool, as drizzle hands it to a `db.transaction` callback. */
export type PoolTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A transaction that outlives one callback: opened by the platform before a request's handler runs and ended
 * after its answer is known (platform/idempotency.ts keeps the answer of an idempotent request in the same
 * transaction as the request's writes). `withTenant` joins it (a savepoint per call) instead of opening its own.
 */
export type AmbientTransaction = {
  db: Db;
  tx: PoolTx;
  /** Runs `work` on the transaction, one at a time (savepoints on one connection cannot interleave). */
  join: <T>(work: (tx: PoolTx) => Promise<T>) => Promise<T>;
  /** Commits (`true`) or rolls back; answers once the database has. */
  end: (commit: boolean) => Promise<void>;
  /** Until `end` is called. Work started later (after the answer) runs in its own transaction. */
  open: boolean;
};

type Store = { ambient: AmbientTransaction; joined: boolean };
const storage = new AsyncLocalStorage<Store>();

/**
 * The ambient transaction of the current request on this database, if any and if not already inside one of its
 * joins (a nested `withTenant` keeps its own transaction, as before).
 */
export const currentAmbient = (db: Db): AmbientTransaction | undefined => {
  const store = storage.getStore();
  return store && !store.joined && store.ambient.open && store.ambient.db === db ? store.ambient : undefined;
};

/** Runs `fn` (and everything it starts) with `ambient` as the current ambient transaction. */
export const runWithAmbient = <T>(ambient: AmbientTransaction, fn: () => T): T =>
  storage.run({ ambient, joined: false }, fn);

/** Opens a transaction on the pool that stays open until `end` is called. */
export const openAmbient = (db: Db): Promise<AmbientTransaction> =>
  new Promise((resolveOpen, rejectOpen) => {
    let release: (commit: boolean) => void = () => {};
    const gate = new Promise<boolean>((resolve) => (release = resolve));
    let opened = false;
    let queue: Promise<unknown> = Promise.resolve();
    const done = db.transaction(async (tx) => {
      opened = true;
      const ambient: AmbientTransaction = {
        db,
        tx,
        join: (work) => {
          const store = storage.getStore();
          const run = () => (store ? storage.run({ ...store, joined: true }, () => work(tx)) : work(tx));
          const result = queue.then(run);
          queue = result.catch(() => undefined);
          return result;
        },
        open: true,
        end: async (commit) => {
          ambient.open = false;
          await queue;
          release(commit);
          try {
            await done;
          } catch (error) {
            if (!commit && error instanceof TransactionRollbackError) return;
            throw error;
          }
        },
      };
      resolveOpen(ambient);
      if (!(await gate)) tx.rollback();
    });
    done.catch((error: unknown) => {
      if (!opened) rejectOpen(error);
    });
  });
