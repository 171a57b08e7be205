import { decisionTexts } from '@credence/contracts';

/**
 * Texts of the decision worksheet (issue 13). The spec's own texts (spec 3 §5, §8) come from the contracts'
 * `decisionTexts`; the rest is Credence's wording, kept here until the lead moves it to `messages`.
 */
export const decisionPageTexts = {
  saved: decisionTexts.saved,
  validationError: decisionTexts.validationError,
  engineError: decisionTexts.engineError,
  applicationIdNotSupplied: decisionTexts.applicationIdNotSupplied,
  declineIdNotSupplied: decisionTexts.declineIdNotSupplied,
  historyRetrieveFailed: decisionTexts.historyRetrieveFailed,
  letterMissing: decisionTexts.letterMissing,
  retractTitle: decisionTexts.retractTitle,
  retractQuestion:
    'Retract this decision? The application returns to the Decision queue and the receipt keeps both versions.',
  retractReasonLabel: 'Reason (optional)',
  retracted: 'The decision was retracted.',
  worksheetRetrieveFailed: 'An error occurred retrieving the decision worksheet from the api.',
  notDecided: 'No decision has been made on this application yet.',
  noPolicyRun: 'The lender’s policy has not been run on this application yet.',
  noRateGrid: 'No rate grid: the policy gave no rates or loan limits for this application. Type the terms.',
  rateGridHint: 'Choose a cell to set the term, the rate and the amount (collateral value × LTV).',
  invalidTermTooltip: 'This term does not fit the payment frequency.',
  noAdditions: 'The product has no additions.',
  noStipulations: 'No stipulations. Add the conditions the loan must meet before funding.',
  addStipulation: 'Add Stipulation',
  stipulationLabel: 'Stipulation',
  freeFormatReason: 'Other reason',
  noApplicants: 'No applicants',
  noCodes: (what: string) => `No ${what} codes are set up. An administrator adds them under Decision Codes.`,
  viewReceipt: 'View receipt',
  print: 'Print',
  close: 'Close',
  adverseActionLetter: 'Adverse Action Letter',
  creditScoreDisclosure: 'Credit Score Disclosure',
  letterFailed: 'The letter could not be built.',
  retrieving: (thing: string) => `An error occurred retrieving ${thing} from the api.`,
  emptyHistory: 'No decisions yet.',
  paymentPending: 'Calculating…',
  // Issue 29, item 5: terms outside the policy.
  exceptionTitle: 'Exception to Policy',
  exceptionIntro: 'These terms are outside the lender’s policy. Saving them records an exception on the receipt:',
  exceptionReason: 'Reason for the exception',
  exceptionConfirm: 'Save with Exception',
  exceptionReasonRequired: decisionTexts.exceptionReasonRequired,
  exceptionReasonTooLong: decisionTexts.exceptionReasonTooLong,
  exceptionBy: (name: string) => `Excepted by ${name}`,
} as const;

/** Section and field labels. */
export const decisionLabels = {
  summary: 'Decision Summary',
  request: 'Request',
  policy: 'Policy Result',
  results: 'Decision Result',
  rateGrid: 'Rate Grid',
  decision: 'Decision',
  approval: 'Terms',
  additions: 'Additions',
  stipulations: 'Stipulations (funding requirements)',
  declineReasons: 'Decline Reasons',
  counterReasons: 'Counter Reasons',
  cancelReason: 'Cancel Reason',
  history: 'Decision History',
  receipt: 'Decision Receipt',
} as const;
