/**
 * A lender-protection insurer ("Lend Pro", issue 35; DESIGN.md "Integrations are adapters"), as Credence sees it:
 * the lender submits a loan (the bureau data and the deal) and the insurer approves it, counters with a term × LTV
 * grid, denies it, finds errors in the application, or cannot underwrite it. Providers are the deterministic
 * sandbox (`sandbox-insurer.ts`, its cases in README.md) or a real insurer's connector, chosen by the lender's
 * credentials (Administration › Lender Protection, `provider`); the lender-protection module never knows which.
 *
 * Errors: an answer the insurer gives (Approved, Counter, Denied, Eligible, Failed) is never an error. A refused
 * login, an outage or an unreadable answer throws `LenderProtectionError`; the module records it as an `Error`
 * answer and the dialog closes.
 */

export type LenderProtectionCredentials = { userName: string; password: string; programCode: string };

/** What the insurer is told of an application: the bureau data and the deal (money as decimal strings). */
export type LenderProtectionRequest = {
  credentials: LenderProtectionCredentials;
  /** The lender's reference of the submission (the application id). */
  reference: string;
  /** The day the request is made (yyyy-mm-dd, the lender's date): the age of the credit report is counted at it. */
  asOf: string;
  /** The applicants' SSN last four digits (the sandbox's test cases; a real insurer gets the bureau's subject). */
  applicantSsnLast4: (string | null)[];
  /** The primary applicant's bureau score (the application's average), null when the file gave none. */
  creditScore: number | null;
  /** The date of the credit report the score comes from (yyyy-mm-dd). */
  creditReportDate: string | null;
  /** The file could not be scored: no record found or frozen. */
  creditFileProblem: 'noRecordFound' | 'frozen' | null;
  hasBankruptcy: boolean;
  /** The amount financed asked for, add-ons included. */
  amountFinanced: string | null;
  /** The add-ons (back-end products) within the amount financed: the LTV is measured without them. */
  addOns: string;
  termMonths: number | null;
  collateralValue: string | null;
  vehicleYear: number | null;
  vehicleMileage: number | null;
  /** Gross monthly income of the borrowers. */
  monthlyIncome: string | null;
  channel: 'Direct' | 'Indirect';
};

export type CallbackCell = { ltv: string; rate: string; isSelected: boolean };
export type CallbackRow = { term: number; rowCells: CallbackCell[]; maxLoan: string; maxLTV: string };

/** The insurer's answer (spec 3 §3 "Lender-protection responses"). */
export type LenderProtectionAnswer = {
  status: 'Approved' | 'Counter' | 'Denied' | 'Eligible' | 'Failed';
  /** The insurer's id of the answer. */
  referenceNumber: string;
  /** The version of the program's grid the answer was priced on. */
  gridVersion: string;
  creditReportDate: string | null;
  /** An approval or counter is valid 30 days from the credit report date. */
  validUntil: string | null;
  callbackTable: CallbackRow[];
  totalLoanAmount: string | null;
  approvedTerm: number | null;
  finalRate: string | null;
  stipulations: string[];
  termsAndConditions: string[];
  isCounter: boolean;
  /** Why the insurer countered (or what an approval rests on). */
  reasons: string[];
  denialReasons: string[];
  applicationErrors: string[];
  failureReasons: string[];
  /** What the insurer measured: the LTV without add-ons and the payment-to-income at the approved terms. */
  measures: { ltv: string | null; pti: string | null; scoreBand: string | null };
};

export type CredentialsCheck = { successful: boolean; errors: string[] };

export type LenderProtectionProvider = {
  /** The provider's name as the lender's credentials name it and the texts say it ('Lend Pro'). */
  readonly name: string;
  /** Logs in and answers whether the credentials are good (the first error is what the lender sees). */
  verifyCredentials(credentials: LenderProtectionCredentials): Promise<CredentialsCheck>;
  submit(request: LenderProtectionRequest): Promise<LenderProtectionAnswer>;
};

export type LenderProtectionErrorKind = 'refused' | 'unavailable';

export class LenderProtectionError extends Error {
  constructor(
    readonly kind: LenderProtectionErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'LenderProtectionError';
  }
}
