/**
 * Lender protection ("Lend Pro") status rules (spec 3 §4 "Lender-protection statuses", issue 35 item 3): what an
 * answer of the insurer makes of the decision, and which of the Insurance Application dialog's actions are open.
 * Pure: the server reads a stored answer with them and the dialog enables its buttons with them.
 *
 * - Approved becomes a counter-offer when the approved total amount is below the requested amount financed or
 *   the approved term is below the requested term; otherwise it is an approve decision.
 * - Counter sets the decision type to counteroffer; Denied, Failed and Eligible to decline.
 * - Error closes the dialog (no decision).
 * - Re-Submit is enabled when the status is Counter, or Approved with amount or term differing from the response.
 * - Create Decision is disabled on Counter. For Approved it is enabled only when amount and term equal the response
 *   (and the form is valid when it is a counter-offer); otherwise when the form is valid.
 */
import { money, type MoneyInput } from '../money.ts';

export const lenderProtectionStatuses = ['Approved', 'Counter', 'Denied', 'Failed', 'Eligible', 'Error'] as const;
export type LenderProtectionStatus = (typeof lenderProtectionStatuses)[number];

/** What the dialog does with an answer: a decision type to propose, or close (Error). */
export type LenderProtectionOutcome = 'approve' | 'counteroffer' | 'decline' | 'close';

/** The insurer's approved terms (an Approved or Counter answer). */
export type ApprovedTerms = { totalLoanAmount: MoneyInput; approvedTerm: number };
/** What was asked: the amount financed and the term of the submission (or the form now). */
export type RequestedTerms = { amount: MoneyInput; termMonths: number };

/** Spec 3 §4: the decision type an answer sets (Error: the dialog closes). */
export const lenderProtectionOutcome = (
  status: LenderProtectionStatus,
  approved: ApprovedTerms | null,
  requested: RequestedTerms,
): LenderProtectionOutcome => {
  switch (status) {
    case 'Approved':
      if (!approved) return 'approve';
      return money(approved.totalLoanAmount).lt(money(requested.amount)) || approved.approvedTerm < requested.termMonths
        ? 'counteroffer'
        : 'approve';
    case 'Counter':
      return 'counteroffer';
    case 'Denied':
    case 'Failed':
    case 'Eligible':
      return 'decline';
    case 'Error':
      return 'close';
  }
};

/** Whether the form's amount and term are the insurer's approved ones (cents compared exactly). */
export const matchesApprovedTerms = (approved: ApprovedTerms | null, form: RequestedTerms) =>
  approved !== null &&
  money(approved.totalLoanAmount).eq(money(form.amount)) &&
  approved.approvedTerm === form.termMonths;

/** Re-Submit: on Counter, or on Approved when the amount or the term differs from the response. */
export const canResubmitLenderProtection = (
  status: LenderProtectionStatus,
  approved: ApprovedTerms | null,
  form: RequestedTerms,
) => status === 'Counter' || (status === 'Approved' && !matchesApprovedTerms(approved, form));

/**
 * Create Decision: never on Counter (re-submit it first) or Error; on Approved only when amount and term equal the
 * response, and the form valid when that makes a counter-offer (the counter reasons); otherwise the form valid.
 */
export const canCreateLenderProtectionDecision = (
  status: LenderProtectionStatus,
  approved: ApprovedTerms | null,
  form: RequestedTerms & { valid: boolean; requested: RequestedTerms },
) => {
  if (status === 'Counter' || status === 'Error') return false;
  if (status === 'Approved') {
    if (!matchesApprovedTerms(approved, form)) return false;
    return lenderProtectionOutcome(status, approved, form.requested) === 'counteroffer' ? form.valid : true;
  }
  return form.valid;
};
