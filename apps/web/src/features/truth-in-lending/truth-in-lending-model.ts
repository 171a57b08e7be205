import type {
  DayCount,
  LoanDisclosureView,
  OddDaysTreatment,
  PrepaidCharge,
  TruthInLending,
  TruthInLendingRequest,
} from '@credence/contracts';
import { isIsoDate, money, paymentDate, paymentFrequencyLabels, type PaymentFrequency } from '@credence/domain';
import { isApiError } from '../../lib/api-client.ts';

/**
 * The Truth in Lending disclosure as a worksheet shows it (issue 41, build items 3–5): the four Regulation Z
 * §1026.18 figures, the payment schedule, the prepaid finance charges, the odd days and the tolerances — from the
 * one disclosure call (`POST /api/tools/truthInLending`) or from the disclosure a receipt or a loan keeps.
 */

/** A disclosure as the box shows it, whichever way it came: null fields are not known (not recorded then). */
export type DisclosureView = {
  apr: string;
  financeCharge: string;
  amountFinanced: string;
  totalOfPayments: string;
  numberOfPayments: number | null;
  /** The level payment. */
  payment: string | null;
  firstPayment: string | null;
  finalPayment: string | null;
  /** Null or zero: no balloon. */
  balloonAmount: string | null;
  firstPaymentDate: string | null;
  /** The date of the second payment (where the level payments begin when the first one differs). */
  secondPaymentDate: string | null;
  lastPaymentDate: string | null;
  frequency: PaymentFrequency | null;
  prepaidFinanceCharges: readonly PrepaidCharge[];
  /** The fees and, when prepaid, the odd-days interest. */
  prepaidFinanceCharge: string | null;
  oddDays: number | null;
  oddDaysInterest: string | null;
  oddDaysTreatment: OddDaysTreatment | null;
  dayCount: DayCount | null;
  aprTolerance: '0.125' | '0.25' | null;
  aprWithinTolerance: boolean | null;
  financeChargeTolerance: string | null;
  financeChargeWithinTolerance: boolean | null;
};

/** An answer of the disclosure call with the request it answers (the `useTruthInLending` hook's `disclosure`). */
export type AnsweredDisclosure = { request: TruthInLendingRequest; answer: TruthInLending };

/** The view of an answer of the disclosure call. */
export const viewOfAnswer = ({ request, answer }: AnsweredDisclosure): DisclosureView => ({
  apr: answer.apr,
  financeCharge: answer.financeCharge,
  amountFinanced: answer.amountFinanced,
  totalOfPayments: answer.totalOfPayments,
  numberOfPayments: answer.numberOfPayments,
  payment: answer.payment,
  firstPayment: answer.firstPayment,
  finalPayment: answer.finalPayment,
  balloonAmount: answer.balloonAmount,
  firstPaymentDate: answer.firstPaymentDate,
  secondPaymentDate: answer.schedule[1]?.date ?? null,
  lastPaymentDate: answer.lastPaymentDate,
  frequency: request.paymentFrequencyId,
  prepaidFinanceCharges: request.prepaidFinanceCharges,
  prepaidFinanceCharge: answer.prepaidFinanceCharge,
  oddDays: answer.oddDays,
  oddDaysInterest: answer.oddDaysInterest,
  oddDaysTreatment: request.oddDays,
  dayCount: request.dayCount,
  aprTolerance: answer.aprTolerance,
  aprWithinTolerance: answer.aprWithinTolerance,
  financeChargeTolerance: answer.financeChargeTolerance,
  financeChargeWithinTolerance: answer.financeChargeWithinTolerance,
});

/** What a stored disclosure does not keep, from the terms it was decided or saved with. */
export type StoredTerms = {
  numberOfPayments?: number | null;
  payment?: string | null;
  frequency?: PaymentFrequency | null;
  firstPaymentDate?: string | null;
  lastPaymentDate?: string | null;
};

/** The view of a disclosure as a receipt or a loan keeps it. */
export const viewOfStored = (stored: LoanDisclosureView, terms: StoredTerms = {}): DisclosureView => ({
  apr: stored.apr,
  financeCharge: stored.financeCharge,
  amountFinanced: stored.amountFinanced,
  totalOfPayments: stored.totalOfPayments,
  numberOfPayments: terms.numberOfPayments ?? null,
  payment: terms.payment ?? null,
  firstPayment: stored.firstPayment,
  finalPayment: stored.finalPayment,
  balloonAmount: stored.balloonAmount,
  firstPaymentDate: terms.firstPaymentDate ?? null,
  secondPaymentDate:
    terms.firstPaymentDate && terms.frequency && isIsoDate(terms.firstPaymentDate)
      ? paymentDate(terms.firstPaymentDate, 1, terms.frequency)
      : null,
  lastPaymentDate: terms.lastPaymentDate ?? null,
  frequency: terms.frequency ?? null,
  prepaidFinanceCharges: stored.prepaidFinanceCharges,
  prepaidFinanceCharge: stored.prepaidFinanceCharge,
  oddDays: null,
  oddDaysInterest: stored.oddDaysInterest,
  oddDaysTreatment: stored.oddDays,
  dayCount: stored.dayCount,
  aprTolerance: stored.aprTolerance,
  aprWithinTolerance: stored.aprWithinTolerance,
  financeChargeTolerance: null,
  financeChargeWithinTolerance: stored.financeChargeWithinTolerance,
});

const isZero = (amount: string | null) => amount === null || money(amount).isZero();
const same = (a: string, b: string) => money(a).eq(b);

/** A balloon to disclose (above zero), or null. */
export const balloonOf = (view: DisclosureView): string | null =>
  isZero(view.balloonAmount) ? null : view.balloonAmount;

export type ScheduleLine = {
  kind: 'first' | 'regular' | 'final' | 'only';
  count: number;
  amount: string;
  /** A date (yyyy-mm-dd) for a single payment; the regular run says its frequency and start. */
  due: { date: string | null; frequency?: PaymentFrequency | null };
};

/**
 * The payment schedule as §1026.18(g) discloses it: a first payment when it differs from the level one (odd-days
 * interest collected there), the level payments, and a final payment when it differs (a balloon, a rounding).
 * Without the number of payments or the level payment (a stored disclosure without its terms): only the first
 * and final payments known.
 */
export const scheduleLinesOf = (view: DisclosureView): ScheduleLine[] => {
  const { numberOfPayments: n, payment } = view;
  if (n === null || payment === null) {
    const lines: ScheduleLine[] = [];
    if (view.firstPayment !== null)
      lines.push({ kind: 'first', count: 1, amount: view.firstPayment, due: { date: view.firstPaymentDate } });
    if (view.finalPayment !== null)
      lines.push({ kind: 'final', count: 1, amount: view.finalPayment, due: { date: view.lastPaymentDate } });
    return lines;
  }
  if (n === 1)
    return [{ kind: 'only', count: 1, amount: view.finalPayment ?? payment, due: { date: view.lastPaymentDate } }];
  const firstDiffers = view.firstPayment !== null && !same(view.firstPayment, payment);
  const finalDiffers = view.finalPayment !== null && !same(view.finalPayment, payment);
  const regular = n - (firstDiffers ? 1 : 0) - (finalDiffers ? 1 : 0);
  const lines: ScheduleLine[] = [];
  if (firstDiffers)
    lines.push({ kind: 'first', count: 1, amount: view.firstPayment!, due: { date: view.firstPaymentDate } });
  if (regular > 0)
    lines.push({
      kind: 'regular',
      count: regular,
      amount: payment,
      due: { date: firstDiffers ? view.secondPaymentDate : view.firstPaymentDate, frequency: view.frequency },
    });
  if (finalDiffers)
    lines.push({ kind: 'final', count: 1, amount: view.finalPayment!, due: { date: view.lastPaymentDate } });
  return lines;
};

/** 'Monthly beginning 12/26/2026' (the date as shown); the frequency alone without a date. */
export const regularDueText = (frequency: PaymentFrequency | null | undefined, shownDate: string | null): string => {
  const label = frequency ? paymentFrequencyLabels[frequency] : 'Regularly';
  return shownDate ? `${label} beginning ${shownDate}` : label;
};

/** Texts of the disclosure (Regulation Z's model form H-2 wording for the four figures). */
export const disclosureTexts = {
  title: 'Truth in Lending Disclosure',
  apr: 'Annual Percentage Rate',
  aprHelp: 'The cost of your credit as a yearly rate.',
  financeCharge: 'Finance Charge',
  financeChargeHelp: 'The dollar amount the credit will cost you.',
  amountFinanced: 'Amount Financed',
  amountFinancedHelp: 'The amount of credit provided to you or on your behalf.',
  totalOfPayments: 'Total of Payments',
  totalOfPaymentsHelp: 'The amount you will have paid after you have made all payments as scheduled.',
  schedule: 'Your payment schedule will be',
  numberOfPayments: 'Number of Payments',
  amountOfPayments: 'Amount of Payments',
  whenDue: 'When Payments Are Due',
  payments: (n: number) => `${n} ${n === 1 ? 'payment' : 'payments'}`,
  lastOn: 'last on',
  /** Spec 3 prints the request's residualAmount so. */
  balloon: 'Ballon Amount',
  includesBalloon: 'includes the Ballon Amount',
  prepaid: 'Prepaid Finance Charges',
  noPrepaid: 'None',
  prepaidOddDays: 'Odd-days interest (prepaid)',
  prepaidTotal: 'Total prepaid finance charge',
  oddDaysInterest: 'Odd-Days Interest',
  oddDaysCount: (days: number) =>
    days < 0
      ? `short first period, ${-days} ${-days === 1 ? 'day' : 'days'}`
      : `${days} ${days === 1 ? 'day' : 'days'}`,
  dayCount: 'Day Count',
  aprWithin: (tolerance: '0.125' | '0.25') =>
    tolerance === '0.125'
      ? 'APR within 1/8 point of the exact Appendix J figure'
      : 'APR within 1/4 point of the exact Appendix J figure (irregular transaction, §1026.22(a)(3))',
  aprOutside: (tolerance: '0.125' | '0.25') =>
    tolerance === '0.125'
      ? 'The APR is not within 1/8 point of the exact Appendix J figure (§1026.22(a)(2)).'
      : 'The APR is not within 1/4 point of the exact Appendix J figure (irregular transaction, §1026.22(a)(3)).',
  financeChargeWithin: (tolerance: string | null) =>
    tolerance === null
      ? 'Finance charge within its tolerance (§1026.18(d))'
      : `Finance charge within its tolerance of ${tolerance} (§1026.18(d))`,
  financeChargeOutside: 'The finance charge is not within its tolerance (§1026.18(d)).',
  checkTerms: 'Check the terms before the member signs.',
  prompt: 'Enter the amount, rate, term and dates to see the disclosure.',
  computing: 'Computing the disclosure…',
  failed: 'The disclosure could not be computed just now.',
  seeFields: 'The disclosure cannot be computed for these terms: see the field marked.',
  retry: 'Try again',
} as const;

/** A failed disclosure call: a 422's messages by the request field they name, and what no field shows. */
export type DisclosureFailure = {
  /** The first message for each request field ('amount', 'term', 'balloonAmount' …). */
  fields: Partial<Record<string, string>>;
  /** What the box says itself; null with no failure. */
  inline: string | null;
  /** Not a 422: asking again may help. */
  retryable: boolean;
};

const noFailure: DisclosureFailure = { fields: {}, inline: null, retryable: false };

/**
 * The failure of the disclosure call as a page shows it: each 422 message on the page's field for the request
 * field it names (`placed` says which the page shows), the rest in the box; anything else is a retryable line.
 */
export const disclosureFailureOf = (error: unknown, placed: (field: string) => boolean): DisclosureFailure => {
  if (!error) return noFailure;
  if (!isApiError(error) || error.status !== 422 || error.errors.length === 0)
    return { fields: {}, inline: disclosureTexts.failed, retryable: !isApiError(error) || error.status !== 422 };
  const fields: Partial<Record<string, string>> = {};
  const unplaced: string[] = [];
  for (const { field, message } of error.errors) {
    const name = field.split('.')[0] ?? field;
    if (placed(name)) fields[name] ??= message;
    else unplaced.push(message);
  }
  return {
    fields,
    inline: unplaced.length > 0 ? [...new Set(unplaced)].join(' ') : disclosureTexts.seeFields,
    retryable: false,
  };
};
