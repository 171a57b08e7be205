import {
  prepaidChargesOf,
  truthInLendingRequestOf,
  type DayCount,
  type DecisionCodeOption,
  type DecisionSubmit,
  type DecisionType,
  type DecisionWorksheet,
  type PrepaidCharge,
  type RateGridRowView,
  type TruthInLendingRequest,
  type WorksheetTerms,
} from '@credence/contracts';
import {
  addMonths,
  isIsoDate,
  buyRate,
  chooseRateGridCell,
  decisionAdditions,
  loanToValue,
  money,
  decisionDisclosure,
  monthlyEquivalent,
  paymentToIncome,
  reselectAfterChange,
  type DayCountBasis,
  type DecisionApprovalTerms,
  type IsoDate,
  type PaymentFrequency,
  type RateGridCell,
} from '@credence/domain';
import { parseMoneyText } from '../../../lib/money-text.ts';
import { moneyText } from '../../../components/form/values.ts';

/**
 * The decision worksheet's form (issue 13) as plain state: what is typed (amounts as the money input shows them),
 * and the pure steps between it, the worksheet read from the server and the body sent. The figures come from the
 * domain's decision-worksheet functions, the same ones the server stores in the receipt.
 */
export type DeclineChoice = { applicantId: number; codeIds: number[]; freeFormat: string };

export type DecisionForm = {
  decisionType: DecisionType;
  contractDate: string;
  firstPaymentDate: string;
  /** The amount as typed ('25,000.00'). */
  amount: string;
  /** The balloon due with the last payment as typed (spec 3 residualAmount, 'Ballon Amount'); '' none. */
  balloonAmount: string;
  term: string;
  interestRate: string;
  paymentFrequency: PaymentFrequency;
  paymentMethodId: number | null;
  approvalConditionCodeIds: number[];
  /** The grid cell chosen or re-selected (term + LTV bucket), null: none. */
  cell: { term: number; ltv: string } | null;
  /** One per addition of the worksheet, in its order. */
  additions: { id: number; selected: boolean; flatAmount: string }[];
  fundingRequirements: { description: string }[];
  /** One per applicant of the worksheet, in its order. */
  declines: DeclineChoice[];
  /** Counter-offer reasons or the cancel reason. */
  reasons: number[];
};

const amountOf = (text: string): string | null => {
  const parsed = parseMoneyText(text, { allowNegative: false });
  return parsed.ok ? parsed.value : null;
};
const termOf = (text: string): number | null => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : null);
const rateOf = (text: string): string | null => (/^\d{1,2}(\.\d{1,3})?$/.test(text.trim()) ? text.trim() : null);

/** The decision type the worksheet opens on: the current decision's, else Approve. */
export const initialDecisionType = (worksheet: DecisionWorksheet): DecisionType =>
  worksheet.decision?.decisionType ?? 'approve';

const hasTerms = (terms: WorksheetTerms) => terms.amount !== null && terms.term !== null;

/**
 * The form as the worksheet opens: the terms last decided (the pending block for a pending decision), else the
 * request (the loan amount, the requested term and frequency) with the policy's suggested rate; contract date
 * today and the first payment a month later; additions as saved (defaults pre-selected before any decision); the
 * stipulations the decision carried.
 */
export const initialForm = (worksheet: DecisionWorksheet, today: IsoDate): DecisionForm => {
  const decisionType = initialDecisionType(worksheet);
  const decided = decisionType === 'pending' && hasTerms(worksheet.pending) ? worksheet.pending : worksheet.approval;
  const fromDecision = hasTerms(decided);
  const frequency: PaymentFrequency =
    (fromDecision ? decided.paymentFrequencyId : null) ?? worksheet.requestedPaymentFrequencyId ?? 'Monthly';
  const amount = fromDecision ? decided.amount : worksheet.derived.loanAmount;
  const neverDecided = worksheet.decision === null;
  // A decline not yet made starts from the policy's reasons (the lender's decline code of the same code), editable.
  const engineCodeIds = (worksheet.policy?.reasonCodes ?? []).flatMap((reason) =>
    worksheet.codes
      .filter((x) => x.codeType === 'declineReason' && x.code.toLowerCase() === reason.toLowerCase())
      .map((x) => x.id),
  );
  const declines = worksheet.applicants.map((applicant) => ({
    applicantId: applicant.id,
    codeIds:
      applicant.declineReasons.length > 0
        ? applicant.declineReasons.flatMap((r) => (r.codeId === null ? [] : [r.codeId]))
        : engineCodeIds,
    freeFormat: applicant.declineReasons.find((r) => r.codeId === null)?.text ?? '',
  }));
  const form: DecisionForm = {
    decisionType,
    contractDate: (fromDecision ? decided.contractDate : null) ?? today,
    firstPaymentDate: (fromDecision ? decided.firstPaymentDate : null) ?? addMonths(today, 1),
    amount: moneyText(amount),
    // The balloon decided; a block never decided has the request's residual amount.
    balloonAmount: moneyText(decided.balloonAmount),
    term: String((fromDecision ? decided.term : worksheet.requestedTerm) ?? ''),
    interestRate: (fromDecision ? decided.interestRate : worksheet.policy?.suggestedRate) ?? '',
    paymentFrequency: frequency,
    paymentMethodId: fromDecision ? decided.paymentMethodId : (worksheet.paymentMethods[0]?.id ?? null),
    approvalConditionCodeIds: fromDecision ? decided.approvalConditionCodeIds : [],
    cell: null,
    additions: worksheet.additions.map((a) => ({
      id: a.id,
      selected: a.selected || (neverDecided && a.isDefault),
      flatAmount: moneyText(a.flatAmount),
    })),
    fundingRequirements: fromDecision ? decided.fundingRequirements : [],
    declines,
    reasons: [],
  };
  // The grid cell of the opening terms (without changing the rate typed or decided).
  const { cell } = reselectAfterChange(approvalTermsOf(form), worksheet.rateGrid, worksheet.value);
  return { ...form, cell: cell && termOf(form.term) !== null ? { term: termOf(form.term)!, ltv: cell.ltv } : null };
};

/** The approval fields as the domain's rate grid functions read them. */
export const approvalTermsOf = (form: DecisionForm): DecisionApprovalTerms => ({
  amount: amountOf(form.amount),
  term: termOf(form.term),
  interestRate: rateOf(form.interestRate),
  monthlyPayment: null,
  paymentFrequency: form.paymentFrequency,
});

/** The most a grid cell may set: the smallest of the row's max loan, the policy's max amount and the loan amount. */
export const approvedTotalOf = (worksheet: DecisionWorksheet, row: RateGridRowView): string | null => {
  const caps = [row.maxLoan, worksheet.policy?.maxAmount ?? null, worksheet.derived.loanAmount].filter(
    (v): v is string => v !== null,
  );
  if (caps.length === 0) return null;
  return caps.reduce((a, b) => (money(a).lte(b) ? a : b));
};

/** Spec 3 §4: a cell click sets term, rate and amount (value × LTV, capped at the approved total). */
export const applyCell = (
  form: DecisionForm,
  worksheet: DecisionWorksheet,
  row: RateGridRowView,
  cell: RateGridCell,
): DecisionForm => {
  const value = worksheet.value ?? '0';
  const cap = approvedTotalOf(worksheet, row) ?? value;
  const before = approvalTermsOf(form);
  const next = chooseRateGridCell(before, row, cell, value, cap);
  if (next === before) return form;
  return {
    ...form,
    term: String(next.term ?? ''),
    // '5.490' from the grid is typed as 5.49.
    interestRate: next.interestRate === null ? '' : money(next.interestRate).toString(),
    amount: moneyText(next.amount),
    cell: { term: row.term, ltv: cell.ltv },
  };
};

/**
 * Spec 3 §4: after the term or the amount changed, the first LTV bucket at or above the computed LTV is chosen
 * (its rate taken); without a cell the rate is cleared. Without a grid the form is left as typed.
 */
export const afterTermOrAmount = (form: DecisionForm, worksheet: DecisionWorksheet): DecisionForm => {
  if (worksheet.rateGrid.length === 0) return form;
  const { approval, cell } = reselectAfterChange(approvalTermsOf(form), worksheet.rateGrid, worksheet.value);
  return {
    ...form,
    interestRate: approval.interestRate === null ? '' : money(approval.interestRate).toString(),
    cell: cell && approval.term !== null ? { term: approval.term, ltv: cell.ltv } : null,
  };
};

/** The contract's day count as the domain's loan maths names it. */
export const dayCountBasisOf: Record<DayCount, DayCountBasis> = { actual365: 'actual/365', thirty360: '30/360' };

/** The balloon typed: null when blank or unreadable. */
export const balloonOf = (form: Pick<DecisionForm, 'balloonAmount'>): string | null => amountOf(form.balloonAmount);

/** Each addition priced at the amount decided (the requested loan amount until one is typed). */
const pricedAdditionsOf = (form: DecisionForm, worksheet: DecisionWorksheet) =>
  decisionAdditions(
    worksheet.additions.map((a, i) => ({
      id: a.id,
      name: a.name,
      financeCharge: a.financeCharge,
      feeType: a.feeType,
      flatAmount: amountOf(form.additions[i]?.flatAmount ?? '') ?? a.flatAmount,
      selected: form.additions[i]?.selected ?? false,
    })),
    approvalTermsOf(form).amount ?? worksheet.derived.loanAmount,
  );

/**
 * The prepaid finance charges of the terms (issue 41): the itemization's front-end fees marked as finance charges
 * and the selected add-ons marked so, priced at the amount decided — what the server charges on the decision.
 */
export const prepaidChargesOfForm = (form: DecisionForm, worksheet: DecisionWorksheet): PrepaidCharge[] =>
  prepaidChargesOf(
    pricedAdditionsOf(form, worksheet).additions.map((a) => ({
      name: a.name,
      amount: a.amount.toFixed(2),
      selected: a.selected,
      financeCharge: a.financeCharge,
    })),
    worksheet.frontEndFinanceCharges,
  );

/**
 * The disclosure request of the terms typed (`truthInLendingRequestOf`, as the server builds it on the decision),
 * null while a term is missing or unreadable.
 */
export const disclosureRequestOf = (form: DecisionForm, worksheet: DecisionWorksheet): TruthInLendingRequest | null => {
  const terms = approvalTermsOf(form);
  const balloonText = form.balloonAmount.trim();
  const balloonAmount = balloonOf(form);
  if (terms.amount === null || terms.interestRate === null || terms.term === null) return null;
  if (!isIsoDate(form.contractDate) || !isIsoDate(form.firstPaymentDate)) return null;
  if (balloonText !== '' && balloonAmount === null) return null;
  return truthInLendingRequestOf({
    amount: terms.amount,
    annualRate: terms.interestRate,
    term: terms.term,
    paymentFrequencyId: form.paymentFrequency,
    contractDate: form.contractDate,
    firstPaymentDate: form.firstPaymentDate,
    balloonAmount,
    terms: worksheet.disclosureTerms,
    prepaidFinanceCharges: prepaidChargesOfForm(form, worksheet),
  });
};

/**
 * The figures the form shows: derived values at the decided amount, the payment (the domain's disclosure with the
 * product's day count and odd-days treatment, the prepaid charges and the balloon — the server's payment), buy
 * rate, additions.
 */
export const figuresOf = (form: DecisionForm, worksheet: DecisionWorksheet) => {
  const terms = approvalTermsOf(form);
  // The server's derived values are at the requested loan amount; the LTV here follows the amount decided.
  const decided = terms.amount ?? worksheet.derived.loanAmount;
  const ltv = decided === null || worksheet.value === null ? null : loanToValue(decided, worksheet.value);
  const prepaid = prepaidChargesOfForm(form, worksheet).reduce((sum, c) => sum.plus(c.amount), money(0));
  const { disclosure, error } = decisionDisclosure({
    amount: terms.amount,
    interestRate: terms.interestRate,
    term: terms.term,
    paymentFrequency: form.paymentFrequency,
    contractDate: form.contractDate || null,
    firstPaymentDate: form.firstPaymentDate || null,
    dayCountBasis: dayCountBasisOf[worksheet.disclosureTerms.dayCount],
    oddDaysInterest: worksheet.disclosureTerms.oddDays,
    prepaidFinanceCharge: prepaid.toFixed(2),
    balloonAmount: balloonOf(form),
  });
  return {
    ltv,
    disclosure,
    disclosureError: error,
    buyRate: buyRate(terms.interestRate, {
      rateMatching: worksheet.rateMatching,
      maximumSpread: worksheet.maximumSpread,
    }),
    additions: pricedAdditionsOf(form, worksheet),
  };
};

/** An applicant's payment-to-income at the payment shown (percent, two decimals), null without an income. */
export const ptiOf = (monthlyIncome: string | null, payment: string | null, frequency: PaymentFrequency) => {
  if (monthlyIncome === null || payment === null) return null;
  const pti = paymentToIncome(monthlyEquivalent(payment, frequency), monthlyIncome);
  return pti === null ? null : pti.toDecimalPlaces(2).toString();
};

export const withTerms = (type: DecisionType) => type === 'approve' || type === 'counteroffer' || type === 'pending';

/** The body of `POST applications/{applicationId}/decisions` (spec 3 §7). */
export const submitBodyOf = (
  form: DecisionForm,
  worksheet: DecisionWorksheet,
  figures: ReturnType<typeof figuresOf>,
): DecisionSubmit => {
  const type = form.decisionType;
  const terms = approvalTermsOf(form);
  const payment = figures.disclosure?.payment.toFixed(2) ?? null;
  return {
    applicationId: worksheet.id,
    decisionType: type,
    ltv: figures.ltv === null ? null : figures.ltv.toDecimalPlaces(2).toString(),
    approval: withTerms(type)
      ? {
          contractDate: form.contractDate,
          firstPaymentDate: form.firstPaymentDate,
          amount: terms.amount ?? form.amount,
          monthlyPayment: payment,
          term: terms.term ?? Number(form.term),
          interestRate: terms.interestRate ?? form.interestRate,
          paymentFrequencyId: form.paymentFrequency,
          // Blank: none; an unreadable amount is sent as typed for the server to name.
          balloonAmount: form.balloonAmount.trim() === '' ? null : (balloonOf(form) ?? form.balloonAmount.trim()),
          paymentMethodId: form.paymentMethodId,
          approvalConditionCodeIds: form.approvalConditionCodeIds,
        }
      : null,
    additions: withTerms(type)
      ? worksheet.additions.map((a, i) => ({
          id: a.id,
          flatAmount: amountOf(form.additions[i]?.flatAmount ?? '') ?? a.flatAmount,
          selected: form.additions[i]?.selected ?? false,
        }))
      : [],
    decisionApplicants: worksheet.applicants.map((applicant) => {
      const choice = form.declines.find((d) => d.applicantId === applicant.id) ?? { codeIds: [], freeFormat: '' };
      return {
        applicantId: applicant.id,
        pti: withTerms(type) ? ptiOf(applicant.monthlyIncome, payment, form.paymentFrequency) : null,
        declineReasons:
          type === 'decline'
            ? [
                ...choice.codeIds.map((codeId) => ({ codeId })),
                ...(choice.freeFormat.trim() ? [{ freeFormatName: choice.freeFormat.trim() }] : []),
              ]
            : [],
      };
    }),
    fundingRequirements: withTerms(type)
      ? form.fundingRequirements.flatMap((r) => (r.description.trim() ? [{ description: r.description.trim() }] : []))
      : [],
    reasons: type === 'counteroffer' || type === 'cancel' ? form.reasons : [],
  };
};

/** The lender's codes of one type, for a picker. */
export const codesOfType = (codes: readonly DecisionCodeOption[], type: DecisionCodeOption['codeType']) =>
  codes.filter((c) => c.codeType === type);
