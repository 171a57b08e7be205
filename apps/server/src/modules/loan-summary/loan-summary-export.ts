import { isRight, printableSections } from '@credence/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { createFileStore, type FileStore } from '../../platform/file-store.ts';
import {
  describeDeliveryError,
  OUTBOX_MAX_ATTEMPTS,
  type OutboxHandler,
  type OutboxHandlers,
  type OutboxRow,
} from '../../platform/outbox.ts';
import { recordHistory } from '../applications/application-history/application-history.repository.ts';
import { enqueueDocumentFiling, wakeDocumentFiling } from '../document-storage/document-storage.service.ts';
import { renderSummaryPdf } from './loan-summary-pdf.ts';
import * as repo from './loan-summary.repository.ts';
import { buildLoanSummaryPdf, sectionList, storeSummaryPdf } from './loan-summary.service.ts';

/**
 * Export on funding (issue 15 item 5, spec 3 §2 'Exporting Loan Summary'): the consumer of the `loan.funded`
 * outbox event. When the event says the lender's 'export loan summary on funding' was on at funding time, the
 * summary of every printable section is built as the user who funded would read it and attached to the
 * application as 'Loan Summary'.
 *
 * Exactly one attachment per funding: the export row (`loan_summary_exports`, unique per lender + application +
 * funding sequence) is found or created first; the PDF is built outside any transaction; then, in the
 * transaction that stores the file, the row is locked `for update` and the file is stored only if the row has
 * none yet — a second run (the job taken twice, a retry after a crash between the attachment and the outbox's
 * commit) waits on the lock, finds the file and stops. A failure counts an attempt on the row with a scrubbed error
 * (no personal data: only the error's code and message, addresses masked) and is thrown, so the outbox retries
 * the event with its backoff; the row turns 'failed' on the attempt after which the outbox gives up.
 */

const payloadSchema = z.object({
  applicationId: z.number().int().positive(),
  exportLoanSummary: z.boolean().optional(),
  fundingSequence: z.number().int().nonnegative().optional(),
  fundedByUserId: z.number().int().positive().nullable().optional(),
});

export type LoanSummaryExportDeps = {
  app: FastifyInstance;
  db: Db;
  fileStore: FileStore;
  /** The outbox's attempt limit (the row turns 'failed' on the last one). */
  maxAttempts?: number;
  /** The renderer (tests make it fail once). */
  render?: typeof renderSummaryPdf;
};

/** What the export does with one event; 'skipped' when the setting was off, 'exists' when the file was there. */
export type ExportOutcome = 'skipped' | 'attached' | 'exists';

/** The session a user of the lender would have: its rights loaded as the auth guard loads them. */
const authOfFunder = async (db: Db, userId: number, lenderId: number): Promise<AuthContext> => {
  const user = await repo.findUserInLender(db, userId, lenderId);
  if (!user) throw new Error('the funding user is not a member of the lender');
  return {
    sessionId: `loan-summary-export:${lenderId}`,
    userId,
    homeLenderId: user.homeLenderId,
    lenderId,
    rights: new Set(user.rights.filter(isRight)),
    passwordExpired: false,
  };
};

/** Runs the export of one `loan.funded` event (see the module comment). Throws to have it retried. */
export const exportLoanSummaryOnFunding = async (
  deps: LoanSummaryExportDeps,
  row: OutboxRow,
): Promise<ExportOutcome> => {
  const payload = payloadSchema.parse(row.payload);
  if (payload.exportLoanSummary !== true) return 'skipped';
  const { applicationId } = payload;
  const lenderId = row.lenderId;

  const exportRow = await withTenant(deps.db, lenderId, async (tx) => {
    let fundingSequence = payload.fundingSequence;
    let fundedBy = payload.fundedByUserId ?? null;
    if (fundingSequence === undefined) {
      // An event written before the payload carried the funding: the loan's current one.
      const loan = await repo.findLoanFunding(tx, applicationId);
      if (!loan) throw new Error('no loan for the funded application');
      fundingSequence = loan.fundingSequence;
      fundedBy = fundedBy ?? loan.fundedByUserId;
    }
    return repo.ensureExport(tx, {
      lenderId,
      applicationId,
      fundingSequence,
      outboxId: row.id,
      requestedByUserId: fundedBy,
    });
  });
  if (exportRow.appFileId !== null) return 'exists';

  try {
    if (exportRow.requestedByUserId === null) throw new Error('the funding user is unknown');
    const auth = await authOfFunder(deps.db, exportRow.requestedByUserId, lenderId);
    // Every section the print dialog offers (its default selection), Sales by the lender's settings.
    const summary = await buildLoanSummaryPdf(
      deps,
      auth,
      applicationId,
      (application) =>
        printableSections({
          enabled: application.lenderSettings.salesWorksheetEnabled,
          displayOption: application.lenderSettings.salesDisplayOption,
        }),
      // A job, not a user's request: no user's share of printing is charged (no owner).
      { render: deps.render },
    );
    const outcome = await withTenant(deps.db, lenderId, async (tx) => {
      const locked = await repo.findExport(tx, applicationId, exportRow.fundingSequence, true);
      if (!locked) throw new Error('loan summary export row vanished');
      if (locked.appFileId !== null) return 'exists' as const;
      const appFileId = await storeSummaryPdf(tx, deps.fileStore, {
        lenderId,
        applicationId,
        userId: auth.userId,
        summary,
        history: (entry) => recordHistory(tx, { lenderId, applicationId, userId: auth.userId, ...entry }),
        description: `Exported on funding: ${sectionList(summary.sections)}`,
      });
      await repo.updateExport(tx, locked.id, {
        appFileId,
        status: 'done',
        attempts: locked.attempts + 1,
        lastError: null,
        finishedAt: new Date(),
      });
      // Filed to the lender's document storage providers by their job (issue 37), queued with the file.
      await enqueueDocumentFiling(tx, appFileId);
      return 'attached' as const;
    });
    if (outcome === 'attached') wakeDocumentFiling();
    return outcome;
  } catch (error) {
    const givesUp = row.attempts + 1 >= (deps.maxAttempts ?? OUTBOX_MAX_ATTEMPTS);
    await withTenant(deps.db, lenderId, (tx) =>
      repo.recordExportFailure(tx, exportRow.id, describeDeliveryError(error), givesUp),
    );
    throw error;
  }
};

/** The outbox handler of `loan.funded`. */
export const loanFundedHandler =
  (deps: LoanSummaryExportDeps): OutboxHandler =>
  async (row) => {
    await exportLoanSummaryOnFunding(deps, row);
  };

/** The outbox handlers this module adds to the job runner (main.ts and worker.ts). */
export const loanSummaryOutboxHandlers = (
  app: FastifyInstance,
  deps: Pick<AppDeps, 'db' | 'config'>,
): OutboxHandlers => ({
  'loan.funded': loanFundedHandler({ app, db: deps.db, fileStore: createFileStore(deps.config) }),
});
