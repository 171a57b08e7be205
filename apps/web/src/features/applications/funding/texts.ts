import { loanTexts } from '@credence/contracts';

/**
 * Texts of the funding worksheet (issue 14). The spec's own texts (spec 3 §8) come from the contracts'
 * `loanTexts`; the rest is Credence's wording.
 */
export const fundingTexts = {
  saved: loanTexts.saved,
  funded: loanTexts.funded,
  notSentToCore: loanTexts.notSentToCore,
  memberCreated: loanTexts.memberCreated,
  notFunded: loanTexts.notFunded,
  unableToFund: loanTexts.unableToFund,
  envelopesNotAvailable: loanTexts.envelopesNotAvailable,
  termsNotEditable: loanTexts.termsNotEditable,
  validationError: 'Validation Error',
  worksheetRetrieveFailed: 'An error occurred retrieving the loan from the api.',
  applicationIdNotSupplied: 'Application Id is not supplied',
  notApprovedTitle: 'Nothing to fund yet',
  memberCreatedText: (memberNumber: string | null) => (memberNumber ? `Member number ${memberNumber}` : undefined),
  fundedText: (coreLoanId: string | null, suffix: string) =>
    suffix.trim() ? suffix.replace(/^\s*[-–]\s*/, '') : coreLoanId ? `Core Loan Id ${coreLoanId}` : undefined,
  fundQuestion: (amount: string, core: string | null, sent: boolean) =>
    sent && core
      ? `Fund this loan of ${amount}? It is booked to ${core} now; a funding can only be undone by a reversal.`
      : `Fund this loan of ${amount}? The lender does not send loans to the core: it is marked funded here only.`,
  fundTitle: 'Fund Loan',
  reverseTitle: 'Reverse Funding',
  reverseQuestion:
    'Reverse this funding? The booking is reversed at the core and the application goes back to its decided state.',
  reversed: 'Funding Reversed',
  reversedText: 'The application is back in its decided state.',
  reversedAtCoreText:
    'The application is back in its decided state. The core keeps the reversed loan under its id: generate a new loan id before funding again.',
  reverseFailed: 'Funding not reversed',
  dryRunFailed: 'Dry run failed',
  saveFirst: 'Save the loan first: the dry run and the funding use the saved loan.',
  unbalanced: 'The disbursements must add up to the amount financed before saving or funding.',
  proposedLoaded: 'Disbursements proposed',
  proposedLoadedText: 'The proposed disbursements replace the lines below. Save to keep them.',
  proposeFailed: 'An error occurred retrieving Disbursements from the api.',
  rescissionFailed: 'An error occurred retrieving the rescission date from the api.',
  fundingDateFailed: 'An error occurred retrieving the funding date from the api.',
  noPayoffs: 'No liens or internal refinances to pay off.',
  noDisbursements: 'No disbursements. Load the proposed ones or add a line.',
  noReserveMatrices: 'No reserve matrix is enabled. An administrator sets them up under Reserve Matrices.',
  noAdditions: 'No add-ons.',
  weekend: 'This date is a weekend day: not a business day.',
  holiday: (name: string) => `This date is a holiday (${name}): not a business day.`,
  earliestFunding: (date: string) => `Earliest funding date: ${date}`,
  lenderDate: (date: string) => `Lender date ${date}`,
  rescissionHint: 'Three business days after the contract date (right of rescission).',
  fundedAlert: (date: string, by: string | null) => `This loan was funded on ${date}${by ? ` by ${by}` : ''}.`,
  notSentAlert: 'It was not sent to the core (the lender’s settings).',
  unsavedAlert: 'This loan is proposed from the approval and is not saved yet.',
  conditionsTitle: 'Before this loan can be funded',
  dryRunNoProblems: 'No problems: the loan can be funded.',
  dryRunBlocking: 'Fix these before funding:',
  dryRunNotices: 'Notices:',
  coreNotSent: 'The lender does not send loans to the core: funding marks the loan funded here only.',
  noCore: 'No core is set for this lender.',
  disclosurePrompt: 'Enter the contract date and the first payment date to see the Truth in Lending disclosure.',
} as const;

/** Section and field labels. */
export const fundingLabels = {
  loan: 'Loan',
  dates: 'Dates',
  member: 'Member and Loan Id',
  reserve: 'Dealer Reserve',
  payoffs: 'Payoffs',
  disbursements: 'Disbursements',
  settings: 'Funding Settings',
  booking: 'Booking',
  contractDate: 'Contract Date',
  firstPaymentDate: 'First Payment Date',
  rescissionDate: 'Rescission Date',
  fundingDate: 'Funding Date',
  memberNumber: 'Member Number',
  loanId: 'Loan Id',
  shareAccountNumber: 'Share Account Number',
  reserveMatrix: 'Reserve Matrix',
  save: 'Save',
  dryRun: 'Dry Run',
  fund: 'Fund',
  reverse: 'Reverse',
  loanIdButton: 'Loan Id',
  loadProposed: 'Load Proposed',
  addLine: 'Add Disbursement',
  remaining: 'Remaining',
  dryRunTitle: 'Dry Run',
  payload: 'Core payload',
  theLoan: 'The loan',
} as const;
