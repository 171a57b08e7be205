import type { CoreService } from '@credence/contracts';
import { isIsoDate, money } from '@credence/domain';
import type { TenantTx } from '../../../db/tenancy.ts';
import { fieldError } from '../../../platform/errors.ts';
import { fundedLoanPayload } from '../../applications/loans/loans.service.ts';
import { lenderCoreSettings } from '../../cores/cores.service.ts';
import { lenderTimeZone } from '../../lender-calendar/lender-calendar.service.ts';
import { listFundedOnDay } from './core-batch.repository.ts';

/**
 * The funded-loans batch file for the core (issue 33, item 9): for a lender whose core takes files instead of live
 * booking, the loans funded on one of the lender's calendar days (its time zone), each as the exact payload the
 * funding dry run builds for it through the core code mappings (`fundedLoanPayload`: one builder for the dry run,
 * the funding and this file).
 *
 * The file is JSON Lines (UTF-8, one JSON object per line, `\n`), in three parts as core batch files are
 * (header / detail / trailer):
 *   {"record":"header","format":"credence-core-batch","version":1,"lenderId":…,"coreService":…,"businessDate":…,
 *    "timeZone":…,"generatedAt":…}
 *   {"record":"loan","sequence":1,"fundedAt":…,"payload":{…the dry run's payload…}}   one per loan, funding order
 *   {"record":"trailer","recordCount":n,"totalAmount":"…"}                             the sum of the payloads' amounts
 * Why not CSV: the payload nests lists of varying length (add-ons, disbursements) that CSV would have to flatten into
 * numbered columns or repeated rows, changing the layout whenever the payload grows; one JSON line is the payload
 * itself, so a record is checked against the dry run field for field, money stays an exact decimal string, and no
 * quoting or spreadsheet formula rules apply. The trailer lets the core reconcile (count and amount, exact to the
 * cent) and tells a truncated file (no trailer) from a whole one.
 *
 * Loans booked live (`sent_to_core`) are left out: the core has them already. A loan whose payload misses a core
 * code (a mapping removed after funding) is written with the code `null` and listed in `problems`, for the export
 * to show or refuse.
 */

export const CORE_BATCH_FORMAT = 'credence-core-batch';
export const CORE_BATCH_VERSION = 1;
/** The file's media type and extension. */
export const coreBatchFile = { contentType: 'application/jsonl; charset=utf-8', extension: 'jsonl' } as const;

const coreBatchTexts = { invalidDay: 'Enter the business day as a date (YYYY-MM-DD).' } as const;

export type CoreBatchRecord = {
  sequence: number;
  applicationId: number;
  reference: string;
  fundedAt: string;
  payload: Record<string, unknown>;
};
export type CoreBatchProblem = { applicationId: number; reference: string; messages: string[] };
export type CoreBatch = {
  lenderId: number;
  coreService: CoreService;
  /** The lender's calendar day the loans were funded on, and its zone. */
  businessDate: string;
  timeZone: string;
  generatedAt: string;
  records: CoreBatchRecord[];
  /** The trailer: how many loans, and the sum of their amounts (exact decimal, two places). */
  recordCount: number;
  totalAmount: string;
  problems: CoreBatchProblem[];
};

/**
 * The batch of the loans the lender funded on `day` (YYYY-MM-DD, the lender's calendar day in its time zone), read
 * in the caller's tenant transaction of `lenderId`. A day without any gives no records, a count of 0 and 0.00.
 */
export const loadCoreBatch = async (
  tx: TenantTx,
  lenderId: number,
  day: string,
  now: Date = new Date(),
): Promise<CoreBatch> => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !isIsoDate(day)) throw fieldError('day', coreBatchTexts.invalidDay);
  const { coreService } = await lenderCoreSettings(tx);
  const { timeZoneId } = await lenderTimeZone(tx);
  const records: CoreBatchRecord[] = [];
  const problems: CoreBatchProblem[] = [];
  let total = money(0);
  for (const loan of await listFundedOnDay(tx, lenderId, day, timeZoneId)) {
    const built = await fundedLoanPayload(tx, lenderId, loan.applicationId);
    if (!built) continue;
    const { reference, payload, missingMappings } = built;
    records.push({
      sequence: records.length + 1,
      applicationId: loan.applicationId,
      reference,
      fundedAt: loan.fundedAt!.toISOString(),
      payload,
    });
    total = total.plus(money(payload.amount as string));
    if (missingMappings.length > 0)
      problems.push({ applicationId: loan.applicationId, reference, messages: missingMappings });
  }
  return {
    lenderId,
    coreService,
    businessDate: day,
    timeZone: timeZoneId,
    generatedAt: now.toISOString(),
    records,
    recordCount: records.length,
    totalAmount: total.toFixed(2),
    problems,
  };
};

/** The file's lines (without their `\n`): the header, one line per loan, the trailer. */
export function* coreBatchLines(batch: CoreBatch): Generator<string> {
  yield JSON.stringify({
    record: 'header',
    format: CORE_BATCH_FORMAT,
    version: CORE_BATCH_VERSION,
    lenderId: batch.lenderId,
    coreService: batch.coreService,
    businessDate: batch.businessDate,
    timeZone: batch.timeZone,
    generatedAt: batch.generatedAt,
  });
  for (const r of batch.records)
    yield JSON.stringify({ record: 'loan', sequence: r.sequence, fundedAt: r.fundedAt, payload: r.payload });
  yield JSON.stringify({ record: 'trailer', recordCount: batch.recordCount, totalAmount: batch.totalAmount });
}

/** The whole file as text (each line ended by `\n`). */
export const formatCoreBatch = (batch: CoreBatch): string => [...coreBatchLines(batch)].map((l) => `${l}\n`).join('');

/** The file's name: `core-batch-{lender}-{day}.jsonl`. */
export const coreBatchFileName = (batch: Pick<CoreBatch, 'lenderId' | 'businessDate'>) =>
  `core-batch-${batch.lenderId}-${batch.businessDate}.${coreBatchFile.extension}`;
