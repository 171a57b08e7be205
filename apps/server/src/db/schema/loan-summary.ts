import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { loanSummaryExportStatuses } from '@credence/contracts';
import { applicationChildColumns, belongsToApplication } from './applications.ts';
import { oneOf, timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * The automatic export of the loan summary on funding (issue 15, spec 3 §2 'Exporting Loan Summary'): one row per
 * funding of an application (`funding_sequence`), made when the `loan.funded` event is consumed with the lender's
 * 'export loan summary on funding' on. The unique key makes the export idempotent: a job that runs twice, or is
 * retried after a failure, finds the row and attaches no second file. `app_file_id` is set in the transaction
 * that inserts the file.
 */
export const loanSummaryExports = pgTable(
  'loan_summary_exports',
  {
    ...applicationChildColumns(),
    fundingSequence: integer('funding_sequence').notNull(),
    /** The outbox row (`loan.funded`) it came from. */
    outboxId: integer('outbox_id'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    appFileId: integer('app_file_id'),
    /** The user who funded: they see the progress. */
    requestedByUserId: integer('requested_by_user_id').references(() => users.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    belongsToApplication('loan_summary_exports', t),
    check('loan_summary_exports_status_check', oneOf(t.status, loanSummaryExportStatuses)),
    uniqueIndex('loan_summary_exports_funding_key').on(t.lenderId, t.applicationId, t.fundingSequence),
    index('loan_summary_exports_application_idx').on(t.applicationId, t.createdAt),
  ],
);
