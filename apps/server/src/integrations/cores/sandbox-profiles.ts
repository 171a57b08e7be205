import type { CoreService } from '@credence/contracts';

/**
 * What makes one sandbox core look like the real one (README.md beside this file): its id formats, the
 * features its member lookup reports and the wording of its refusals. The ledger behind them is shared
 * (sandbox-ledger.ts); only the presentation differs from core to core.
 */
export type SandboxProfile = {
  coreService: CoreService;
  /** The n-th generated loan id (n ≥ 1). */
  loanId: (n: number) => string;
  /** The i-th loan account written by the demo seed (i ≥ 1): a range generated ids never reach. */
  seededLoanId: (i: number) => string;
  /** The n-th generated share account number (n ≥ 1), for the cores that let Credence generate one. */
  shareAccountNumber: ((n: number) => string) | null;
  /** The i-th share account written by the demo seed (i ≥ 1). */
  seededShareAccountNumber: (i: number) => string;
  /** The n-th member number the core gives a new member (n ≥ 1). */
  memberNumber: (n: number) => string;
  cardAccountsSupported: boolean;
  chargeOffSupported: boolean;
  /** How the core words its answers. */
  texts: {
    booked: (loanId: string, memberNumber: string) => string;
    reversed: (loanId: string) => string;
    closedMember: (memberNumber: string) => string;
    unknownMember: (memberNumber: string) => string;
    loanIdTaken: (loanId: string) => string;
    noBooking: (reference: string) => string;
    alreadyReversed: (loanId: string) => string;
    shareNotSupported: string;
  };
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');

const defaultTexts = (core: string): SandboxProfile['texts'] => ({
  booked: (loanId, memberNumber) => `${core}: loan ${loanId} added to member ${memberNumber}`,
  reversed: (loanId) => `${core}: loan ${loanId} reversed`,
  closedMember: (memberNumber) => `${core}: member ${memberNumber} is closed`,
  unknownMember: (memberNumber) => `${core}: member ${memberNumber} not found`,
  loanIdTaken: (loanId) => `${core}: loan id ${loanId} is already in use`,
  noBooking: (reference) => `${core}: no loan was booked under reference ${reference}`,
  alreadyReversed: (loanId) => `${core}: loan ${loanId} is already reversed`,
  shareNotSupported: `${core}: share account numbers are assigned by the core`,
});

/** Generated ids of the cores with a prefix start at 1; the seed's accounts use 900001 and up. */
const SEED_BASE = 900_000;

export const sandboxProfiles: Record<CoreService, SandboxProfile> = {
  // Jack Henry Symitar: loans and shares are 4-digit suffixes ("IDs") under the member's account number.
  SymXchange: {
    coreService: 'SymXchange',
    loanId: (n) => pad(100 + n, 4),
    seededLoanId: (i) => pad(5000 + i, 4),
    shareAccountNumber: null,
    seededShareAccountNumber: (i) => pad(i, 4),
    memberNumber: (n) => pad(5_000_000 + n, 10),
    cardAccountsSupported: true,
    chargeOffSupported: true,
    texts: {
      ...defaultTexts('SymXchange'),
      booked: (loanId, memberNumber) => `Loan ID ${loanId} created under account ${memberNumber}`,
      closedMember: (memberNumber) => `Account ${memberNumber} is closed`,
      unknownMember: (memberNumber) => `Account ${memberNumber} does not exist`,
    },
  },
  // CSI Phoenix XM: loan account numbers are 10 digits.
  PhoenixXM: {
    coreService: 'PhoenixXM',
    loanId: (n) => String(3_000_000_000 + n),
    seededLoanId: (i) => String(3_900_000_000 + i),
    shareAccountNumber: null,
    seededShareAccountNumber: (i) => String(1_900_000_000 + i),
    memberNumber: (n) => pad(60_000_000 + n, 8),
    cardAccountsSupported: false,
    chargeOffSupported: true,
    texts: defaultTexts('PhoenixXM'),
  },
  // Fiserv DNA: loan accounts 'L' + 9 digits, share accounts 'S' + 9 digits; it generates share accounts.
  Fiserv: {
    coreService: 'Fiserv',
    loanId: (n) => `L${pad(n, 9)}`,
    seededLoanId: (i) => `L${pad(SEED_BASE + i, 9)}`,
    shareAccountNumber: (n) => `S${pad(n, 9)}`,
    seededShareAccountNumber: (i) => `S${pad(SEED_BASE + i, 9)}`,
    memberNumber: (n) => pad(700_000_000 + n, 9),
    cardAccountsSupported: true,
    chargeOffSupported: false,
    texts: defaultTexts('Fiserv'),
  },
  // CU*Answers CU*BASE: loan accounts are 9 digits in its 7xx loan range.
  CuAnswers: {
    coreService: 'CuAnswers',
    loanId: (n) => String(700_000_000 + n),
    seededLoanId: (i) => String(790_000_000 + i),
    shareAccountNumber: null,
    seededShareAccountNumber: (i) => String(100_000_000 + i),
    memberNumber: (n) => pad(800_000 + n, 6),
    cardAccountsSupported: false,
    chargeOffSupported: false,
    texts: defaultTexts('CU*Answers'),
  },
  // Corelation KeyStone: loans are 'LN' + 8 digits.
  Corelation: {
    coreService: 'Corelation',
    loanId: (n) => `LN${pad(n, 8)}`,
    seededLoanId: (i) => `LN${pad(SEED_BASE + i, 8)}`,
    shareAccountNumber: null,
    seededShareAccountNumber: (i) => `SH${pad(SEED_BASE + i, 8)}`,
    memberNumber: (n) => pad(8_000_000 + n, 7),
    cardAccountsSupported: true,
    chargeOffSupported: true,
    texts: defaultTexts('KeyStone'),
  },
  // Universal: loans 'U' + 8 digits, share accounts 'US' + 8 digits; it generates share accounts.
  Universal: {
    coreService: 'Universal',
    loanId: (n) => `U${pad(n, 8)}`,
    seededLoanId: (i) => `U${pad(SEED_BASE + i, 8)}`,
    shareAccountNumber: (n) => `US${pad(n, 8)}`,
    seededShareAccountNumber: (i) => `US${pad(SEED_BASE + i, 8)}`,
    memberNumber: (n) => pad(40_000_000 + n, 8),
    cardAccountsSupported: false,
    chargeOffSupported: true,
    texts: defaultTexts('Universal'),
  },
  // Sharetec: loans 'ST' + 7 digits.
  Sharetec: {
    coreService: 'Sharetec',
    loanId: (n) => `ST${pad(n, 7)}`,
    seededLoanId: (i) => `ST${pad(SEED_BASE + i, 7)}`,
    shareAccountNumber: null,
    seededShareAccountNumber: (i) => `SS${pad(SEED_BASE + i, 7)}`,
    memberNumber: (n) => pad(9_000_000 + n, 7),
    cardAccountsSupported: false,
    chargeOffSupported: false,
    texts: defaultTexts('Sharetec'),
  },
};

/** How each sandbox's generated loan ids look (tests check the generated ids against these). */
export const sandboxLoanIdPatterns: Record<CoreService, RegExp> = {
  SymXchange: /^\d{4}$/,
  PhoenixXM: /^\d{10}$/,
  Fiserv: /^L\d{9}$/,
  CuAnswers: /^7\d{8}$/,
  Corelation: /^LN\d{8}$/,
  Universal: /^U\d{8}$/,
  Sharetec: /^ST\d{7}$/,
};

/**
 * Member numbers every sandbox core treats specially, for testing (README.md):
 * - `timeout`: every call about this member gets no answer: CoreError 'timeout' after the timeout;
 * - `bookedThenTimeout`: an open member; booking a loan to it is made at the core, then the answer times out
 *   (reconcile with findBooking); a second bookLoan with the same reference answers the booking at once;
 * - `closed`: a closed member: booking to it is refused with the core's message;
 * - `unknown`: never exists: booking to it (or reading its debt) is refused as unknown.
 */
export const CORE_TEST_MEMBERS = {
  timeout: '9999990001',
  bookedThenTimeout: '9999990002',
  closed: '9999990003',
  unknown: '9999990004',
} as const;

/** The test members the sandbox answers for without a ledger row (their names as the lookup shows them). */
export const virtualTestMembers: Record<string, { firstName: string; lastName: string; status: 'open' | 'closed' }> = {
  [CORE_TEST_MEMBERS.bookedThenTimeout]: { firstName: 'Dana', lastName: 'Delay', status: 'open' },
  [CORE_TEST_MEMBERS.closed]: { firstName: 'Casey', lastName: 'Closed', status: 'closed' },
};
