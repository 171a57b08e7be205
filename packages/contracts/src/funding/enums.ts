/**
 * Funding (issue 14): the fixed lists shared by the database checks, the server and the web app. The shapes of
 * each area live beside it (`funding/*.ts`, `admin/*.ts`, `applications/*.ts`).
 */

/** The cores a lender can book loans to (spec 3 §9 "Cores allowing Generate"); each has a sandbox adapter. */
export const coreServices = [
  'SymXchange',
  'PhoenixXM',
  'Fiserv',
  'CuAnswers',
  'Corelation',
  'Universal',
  'Sharetec',
] as const;
export type CoreService = (typeof coreServices)[number];

/**
 * A stipulation's life on the requirements worksheet: outstanding → received → cleared, or waived (with a
 * reason); withdrawn when the decision that carried it is retracted or replaced.
 */
export const fundingRequirementStatuses = ['outstanding', 'received', 'cleared', 'waived', 'withdrawn'] as const;
export type FundingRequirementStatus = (typeof fundingRequirementStatuses)[number];

/** Where a stipulation came from: the decision, the product's requirements, a lender-protection provider, a user. */
export const fundingRequirementSources = ['decision', 'product', 'insurance', 'manual'] as const;
export type FundingRequirementSource = (typeof fundingRequirementSources)[number];

/** Who a disbursement pays. */
export const disbursementPayeeTypes = ['dealer', 'lienholder', 'member', 'other'] as const;
export type DisbursementPayeeType = (typeof disbursementPayeeTypes)[number];

/**
 * How a reserve computes the dealer's reserve: a flat amount; a percent of the amount financed; or a share of
 * the rate participation (the finance charge at the contract rate less the finance charge at the buy rate).
 */
export const reserveMethods = ['flat', 'percentOfAmount', 'rateParticipation'] as const;
export type ReserveMethod = (typeof reserveMethods)[number];

/** What a core code mapping translates from Credence's value to the core's code. */
export const coreCodeTypes = [
  'loanProduct',
  'paymentFrequency',
  'collateralType',
  'disbursalMethod',
  'addition',
  'branch',
] as const;
export type CoreCodeType = (typeof coreCodeTypes)[number];

/** A loan product's rescission date rule: none, or Regulation Z's three business days (a HEL, § 1026.23). */
export const rescissionDateTypes = ['threeBusinessDays'] as const;
export type RescissionDateType = (typeof rescissionDateTypes)[number];

/** A row of the booking record: a booking to the core, or its reversal. */
export const loanBookingKinds = ['book', 'reverse'] as const;
export type LoanBookingKind = (typeof loanBookingKinds)[number];
