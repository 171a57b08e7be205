import type { CreditBureau, CreditReport, CreditScoreModel } from '@credence/contracts';

/**
 * A credit bureau, as Credence sees it (issue 11, item 1; DESIGN.md "Integrations are adapters"): one pull
 * returns the bureau's raw answer and the bureau-neutral report parsed from it. Providers are the sandboxes
 * (`sandbox-provider.ts`, one per bureau, answering in MISMO 2.4 XML) or a credit reseller's MISMO endpoint,
 * chosen by configuration (`BureauProviderConfig`); the credit module never knows which.
 *
 * Pull, re-pull and previous reports:
 * - **pull**: the first report of an applicant at a bureau for an application.
 * - **re-pull**: the same call again. A bureau always answers with a new report (a new `creditReportId`, today's
 *   dates); the credit module stores it as the active report and keeps the earlier one. A provider keeps no
 *   state and knows nothing of earlier pulls: `previousCreditReportId` is passed along only so that a reseller
 *   that bills re-issues differently can say so (MISMO `CreditReportRequestActionType` Reissue vs Submit); the
 *   sandbox records it in the request echo and otherwise ignores it.
 * - **previous reports**: read from Credence's own tables (raw answer encrypted at rest, parsed model in rows),
 *   never fetched from the bureau again: each pull is a permissible-purpose event and is billed.
 *
 * Errors: a pull that reaches the bureau and finds no file is **not** an error — it is a report with
 * `noRecordFound` and a `noReportReason` (also a frozen file). A refused request, a bureau outage or an answer
 * that cannot be read throws a `BureauError`.
 */

export type BureauApplicantAddress = {
  addressLine1: string;
  addressLine2?: string | null;
  city: string;
  state: string;
  zip: string;
};

export type BureauApplicant = {
  firstName: string;
  lastName: string;
  /** Nine digits, with or without dashes. */
  ssn: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  address: BureauApplicantAddress;
};

export type BureauPullRequest = {
  bureau: CreditBureau;
  applicant: BureauApplicant;
  /** The lender's configured score models for this bureau; the report scores each of them. */
  scoreModels: readonly CreditScoreModel[];
  /** The caller's correlation id, echoed in the raw answer (MISMO CreditRequestID). */
  requestId?: string;
  /** Set on a re-pull: the report being replaced (see above). */
  previousCreditReportId?: string | null;
};

export type BureauPullResult = {
  /** The bureau's answer byte for byte (MISMO 2.4 credit-response XML), to be stored encrypted. */
  rawXml: string;
  report: CreditReport;
};

export type CreditBureauProvider = {
  readonly bureau: CreditBureau;
  /** Shown in the history and the permissible-purpose audit, e.g. 'Equifax (sandbox)'. */
  readonly name: string;
  pull(request: BureauPullRequest): Promise<BureauPullResult>;
};

/** How a lender's bureau is reached. Only the sandbox exists today; a reseller adds `{ kind: 'mismo', … }`. */
export type BureauProviderConfig = { kind: 'sandbox' };

export type BureauErrorCode = 'invalidRequest' | 'unavailable' | 'badResponse';

export class BureauError extends Error {
  constructor(
    readonly code: BureauErrorCode,
    message: string,
    readonly bureau: CreditBureau | null = null,
  ) {
    super(message);
    this.name = 'BureauError';
  }
}
