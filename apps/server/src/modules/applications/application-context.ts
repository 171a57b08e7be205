import type { AppDeps } from '../../platform/app-types.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { withTenant, type TenantTx } from '../../db/tenancy.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { createDataProtector, type DataProtector } from '../../platform/crypto.ts';
import { notFound } from '../../platform/errors.ts';
import { withQueueEntries } from '../notifications/queue-entries.service.ts';
import { countApplications } from './applicants/applicants.repository.ts';
import { recordHistory, type HistoryRecord } from './application-history/application-history.repository.ts';
import type { WritableApplication } from './application-locks/application-locks.repository.ts';
import { annotateApplication, writeApplication } from './application-locks/application-locks.service.ts';

/** What the application modules' services need: the database, the settings and the personal-data protector. */
export type ApplicationDeps = { db: Db; config: Config; protector: DataProtector };

/** One history row of the change running in this transaction; lender, application and user are filled in. */
export type HistoryEntry = Omit<HistoryRecord, 'lenderId' | 'applicationId' | 'userId'>;
export type HistoryWriter = (entry: HistoryEntry) => Promise<void>;

type Work<T> = (tx: TenantTx, application: WritableApplication, history: HistoryWriter) => Promise<T>;

/**
 * The one context every part of an application (applicants, collaterals, transactions, comments, files, …)
 * takes: the deps, and the ways a part touches one application, so that no part repeats the 404, the
 * lock, the funded confirmation or the history row's who/where.
 */
export type ApplicationContext = ApplicationDeps & {
  /**
   * Runs in the tenant transaction on an application that exists (404 when unknown or another lender's), with
   * no lock: reads, and the parts that need none (comments, files).
   */
  open: <T>(
    auth: AuthContext,
    applicationId: number,
    work: (tx: TenantTx, history: HistoryWriter) => Promise<T>,
  ) => Promise<T>;
  /**
   * Changes the loan record: the write guard of `writeApplication` (row locked, the caller's edit lock held
   * or 409, `confirmFunded` on a funded application or 409; the lock extended afterwards).
   */
  write: <T>(auth: AuthContext, applicationId: number, confirmFunded: boolean | undefined, work: Work<T>) => Promise<T>;
  /** Changes what staff record around the application (no edit lock, no funded confirmation): `annotateApplication`. */
  annotate: <T>(auth: AuthContext, applicationId: number, work: Work<T>) => Promise<T>;
  /** The history writer for a change already running in `tx` (as the caller, on this application). */
  history: (tx: TenantTx, auth: AuthContext, applicationId: number) => HistoryWriter;
};

const protectors = new WeakMap<Buffer, DataProtector>();

export const applicationDeps = ({ db, config }: AppDeps): ApplicationDeps => {
  let protector = protectors.get(config.dataEncryptionKey);
  if (!protector) {
    protector = createDataProtector(config.dataEncryptionKey);
    protectors.set(config.dataEncryptionKey, protector);
  }
  return { db, config, protector };
};

const historyWriter =
  (tx: TenantTx, auth: AuthContext, applicationId: number): HistoryWriter =>
  (entry) =>
    recordHistory(tx, { lenderId: auth.lenderId, applicationId, userId: auth.userId, ...entry });

const queueEvent = (auth: AuthContext, applicationId: number) => ({
  lenderId: auth.lenderId,
  applicationId,
  actorUserId: auth.userId,
});

export const applicationContext = (appDeps: AppDeps): ApplicationContext => {
  const deps = applicationDeps(appDeps);
  return {
    ...deps,
    open: (auth, applicationId, work) =>
      withTenant(deps.db, auth.lenderId, async (tx) => {
        if ((await countApplications(tx, applicationId)) === 0) throw notFound();
        return work(tx, historyWriter(tx, auth, applicationId));
      }),
    // Every change of an application runs through these two (a state change too: credit review, decision,
    // retraction, funding, reversal), so here is where a custom queue it newly enters is told (New Queue Entry,
    // notifications/queue-entries.service.ts): its queues are judged with the row locked, before the work and after it.
    write: (auth, applicationId, confirmFunded, work) =>
      writeApplication(deps, auth, applicationId, confirmFunded, (tx, application) =>
        withQueueEntries(tx, deps.protector, queueEvent(auth, applicationId), () =>
          work(tx, application, historyWriter(tx, auth, applicationId)),
        ),
      ),
    annotate: (auth, applicationId, work) =>
      annotateApplication(deps.db, auth, applicationId, (tx, application) =>
        withQueueEntries(tx, deps.protector, queueEvent(auth, applicationId), () =>
          work(tx, application, historyWriter(tx, auth, applicationId)),
        ),
      ),
    history: historyWriter,
  };
};
