import type { CoreService } from '@credence/contracts';

/**
 * A lender's core banking system, as Credence sees it (issue 14, item 2; DESIGN.md "Integrations are adapters"):
 * member lookup and creation, loan id and share account number generation, booking a loan, reversing a
 * booking and reading a member's existing debt. Providers are the sandboxes (one per core of spec 3 §9, each
 * with its own id formats, keeping a small ledger per lender in the `core_sandbox` schema) or a real core's
 * connector, chosen by configuration; the funding module never knows which.
 *
 * Errors: a refusal the core explains (closed member, unknown member, a payload it rejects) throws a
 * `CoreError` with kind 'refused' and the core's messages; no answer in time throws kind 'timeout' (the
 * booking may or may not have happened: the caller reconciles with `findBooking` before any retry); anything
 * else kind 'unavailable'.
 */

export type CoreAddress = { addressLine1: string; city: string; state: string; zip: string };

export type CoreMember = {
  memberNumber: string;
  /** "last, first" as the spec's membership summary shows it. */
  name: string;
  role: string;
  addresses: CoreAddress[];
  status: 'open' | 'closed';
};

export type CoreMemberLookup = {
  membersList: CoreMember[];
  cardAccountsSupported: boolean;
  chargeOffSupported: boolean;
};

export type CoreNewMember = {
  firstName: string;
  lastName: string;
  /** The member's tax id, nine digits: a person's SSN, or a business's EIN (issue 29, item 3). */
  taxId: { kind: 'ssn' | 'ein'; digits: string };
  address: CoreAddress | null;
};

/** One line of the booking payload as built by the dry run (already translated by the core code mappings). */
export type CoreBookingRequest = {
  /** The caller's idempotency reference: the core books once per reference. */
  reference: string;
  memberNumber: string;
  loanId: string;
  shareAccountNumber: string | null;
  /** The payload in the core's own field names and codes (what the dry run shows). */
  payload: Record<string, unknown>;
};

export type CoreBooking = {
  reference: string;
  coreLoanId: string;
  memberNumber: string;
  status: 'booked' | 'reversed';
  messages: string[];
};

export type CoreDebt = {
  accountId: string;
  description: string;
  balance: string;
  monthlyPayment: string | null;
  interestRate: string | null;
};

export type CoreProvider = {
  readonly coreService: CoreService;
  /** The core lets Credence generate loan ids (spec 3 §9: every named core, except when increasing a limit). */
  readonly canGenerateLoanId: boolean;
  /** Share account numbers can be generated (spec 3 §9: Fiserv or Universal, when no members are returned). */
  readonly canGenerateShareAccountNumber: boolean;
  lookupMembers(
    lenderId: number,
    query: { memberNumber?: string | null; ssn?: string | null },
  ): Promise<CoreMemberLookup>;
  createMember(lenderId: number, member: CoreNewMember): Promise<CoreMember>;
  /** The loan ids already on the member's file (the Loan Id dialog's autocomplete). */
  existingLoanIds(lenderId: number, memberNumber: string): Promise<string[]>;
  /** The next loan id the core would give (a preview; does not take it). */
  potentialLoanId(lenderId: number, memberNumber: string | null): Promise<string>;
  /** Takes the next loan id. */
  generateLoanId(lenderId: number, memberNumber: string | null): Promise<string>;
  potentialShareAccountNumber(lenderId: number): Promise<string>;
  generateShareAccountNumber(lenderId: number): Promise<string>;
  /** Books once per `reference`: the same reference again answers the booking already made. */
  bookLoan(lenderId: number, request: CoreBookingRequest): Promise<CoreBooking>;
  /** The booking made under a reference, if any (reconciliation after a timeout). */
  findBooking(lenderId: number, reference: string): Promise<CoreBooking | null>;
  reverseBooking(lenderId: number, reference: string): Promise<CoreBooking>;
  existingDebt(lenderId: number, memberNumber: string): Promise<CoreDebt[]>;
};

export type CoreErrorKind = 'refused' | 'timeout' | 'unavailable';

export class CoreError extends Error {
  constructor(
    readonly kind: CoreErrorKind,
    readonly coreMessages: string[],
  ) {
    super(coreMessages.join('; ') || kind);
    this.name = 'CoreError';
  }
}
