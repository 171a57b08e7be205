import {
  TRUTH_IN_LENDING_AMOUNT_MAX,
  TRUTH_IN_LENDING_TERM_MAX,
  moneyToCents,
  type DayCount,
  type OddDaysTreatment,
  type TruthInLending,
  type TruthInLendingRequest,
} from '@credence/contracts';
import {
  LoanMathError,
  ScheduleRow,
  amountForPayment,
  calculatePayment,
  invalidTermMessage,
  isIsoDate,
  isValidTerm,
  Money,
  money,
  rateForPayment,
  type LoanDisclosure,
  type PaymentFrequency,
} from '@credence/domain';
import { groupMoney, parseMoneyText, type MoneyTextProblem } from '../../lib/money-text.ts';

/*
 * The Payment Calculator's inputs, their instant rules and the Truth in Lending request they make (issue 41,
 * items 5 and 6). The figures come from the server's one disclosure call; what is checked here is what can be
 * told from the typed text alone (and, in the 'What can I afford?' modes, the loan amount a payment buys or the
 * interest rate at which a payment repays a loan amount).
 */

/**
 * What the calculator solves for: the payment of a loan amount, the loan amount a payment buys, or the interest
 * rate at which a payment repays a loan amount.
 */
export type SolveFor = 'payment' | 'amount' | 'rate';

export type CalculatorInputs = {
  solveFor: SolveFor;
  amount: string;
  /** The payment to afford, when solving for the loan amount or the interest rate. */
  payment: string;
  rate: string;
  term: string;
  frequency: PaymentFrequency;
  contractDate: string;
  firstPaymentDate: string;
  prepaid: string;
  balloon: string;
  oddDays: OddDaysTreatment;
  dayCount: DayCount;
};

export type CalculatorField =
  'amount' | 'payment' | 'rate' | 'term' | 'contractDate' | 'firstPaymentDate' | 'prepaid' | 'balloon';
export type CalculatorErrors = Partial<Record<CalculatorField, string>>;

export const oddDaysLabels: Record<OddDaysTreatment, string> = {
  firstPayment: 'With the first payment',
  prepaid: 'Prepaid at closing',
  none: 'Not charged',
};
/** The Odd-Days Interest choices as the select lists them, the default first. */
export const oddDaysOrder: readonly OddDaysTreatment[] = ['firstPayment', 'prepaid', 'none'];
export const dayCountOrder: readonly DayCount[] = ['actual365', 'thirty360'];
export const dayCountLabels: Record<DayCount, string> = { actual365: 'Actual/365', thirty360: '30/360' };
export const aprToleranceLabels: Record<TruthInLending['aprTolerance'], string> = {
  '0.125': 'Accurate within 1/8 point',
  '0.25': 'Accurate within 1/4 point',
};
/** The name of the one prepaid finance charge the calculator sends. */
export const PREPAID_CHARGE_NAME = 'Prepaid finance charges';

/** The contract's rate: 0 to 99.999 with up to three decimals. */
const MAX_RATE = '99.999';
const decimalPattern = /^(\d+(\.\d+)?|\.\d+)$/;

const moneyMessages = (label: string): Record<MoneyTextProblem, string> => ({
  notNumber: `${label} must be a valid number.`,
  tooManyDecimals: `${label} has at most two decimals.`,
  tooLarge: `${label} cannot exceed $100,000,000.00.`,
  negative: `${label} cannot be negative.`,
});

type MoneyCheck = { value: string | null; error?: string };
/** A money text read for a field: its two-decimal value (null when empty) or the field's message. */
const readMoney = (text: string, label: string): MoneyCheck => {
  const read = parseMoneyText(text, { allowNegative: false });
  if (!read.ok) return { value: null, error: moneyMessages(label)[read.problem] };
  if (read.value !== null && money(read.value).gt(TRUTH_IN_LENDING_AMOUNT_MAX))
    return { value: null, error: moneyMessages(label).tooLarge };
  return { value: read.value };
};
/** A required amount above zero (the Loan Amount, or the Payment to afford). */
const readPositive = (text: string, label: string): MoneyCheck => {
  const read = readMoney(text, label);
  if (read.error) return read;
  if (read.value === null) return { value: null, error: `${label} is required.` };
  if (money(read.value).lte(0)) return { value: null, error: `${label} must be greater than 0.` };
  return read;
};

const cleanRate = (value: string) => value.replace(/[%\s]/g, '');

/** The instant rules of the fields that do not depend on the loan amount (the rate only when it is typed). */
const validateTerms = (inputs: CalculatorInputs, errors: CalculatorErrors) => {
  const rate = cleanRate(inputs.rate);
  if (inputs.solveFor === 'rate') {
    // Solved, not typed: no rule of the rate field.
  } else if (!rate) errors.rate = 'Interest Rate is required.';
  else if (rate.startsWith('-')) errors.rate = 'Interest Rate cannot be negative.';
  else if (!decimalPattern.test(rate)) errors.rate = 'Interest Rate must be a valid number.';
  else if ((rate.split('.')[1] ?? '').length > 3) errors.rate = 'Interest Rate has at most three decimals.';
  else if (money(rate).gt(MAX_RATE)) errors.rate = `Interest Rate cannot exceed ${MAX_RATE}%.`;

  const term = inputs.term.trim();
  if (!term) errors.term = 'Term is required.';
  else if (term.startsWith('-')) errors.term = 'Term cannot be negative.';
  else if (!/^\d+$/.test(term)) errors.term = 'Term must be a whole number of months.';
  else if (Number.parseInt(term, 10) < 1) errors.term = 'Term must be at least 1 month.';
  else if (Number.parseInt(term, 10) > TRUTH_IN_LENDING_TERM_MAX)
    errors.term = `Term cannot exceed ${TRUTH_IN_LENDING_TERM_MAX} months.`;
  else if (!isValidTerm(Number.parseInt(term, 10), inputs.frequency))
    errors.term = invalidTermMessage(inputs.frequency);

  if (!isIsoDate(inputs.contractDate)) errors.contractDate = 'Contract Date is required.';
  if (!isIsoDate(inputs.firstPaymentDate)) errors.firstPaymentDate = 'First Payment Date is required.';
  else if (!errors.contractDate && inputs.firstPaymentDate <= inputs.contractDate)
    errors.firstPaymentDate = 'First Payment Date must be after the Contract Date.';
};

/**
 * The loan amount a payment buys (the domain's `amountForPayment`: the largest amount whose regular payment is
 * not above it, the balloon counted), or the Payment field's message.
 */
const solveAmount = (inputs: CalculatorInputs, payment: string, balloon: string | null): MoneyCheck => {
  try {
    const amount = amountForPayment({
      payment,
      annualRatePercent: money(cleanRate(inputs.rate)).toFixed(),
      termMonths: Number.parseInt(inputs.term.trim(), 10),
      frequency: inputs.frequency,
      ...(balloon === null ? {} : { balloonAmount: balloon }),
    });
    if (amount.lte(0)) return { value: null, error: 'The Payment does not repay any loan over this term.' };
    if (amount.gt(TRUTH_IN_LENDING_AMOUNT_MAX))
      return { value: null, error: 'The Payment buys more than $100,000,000.00.' };
    return { value: amount.toFixed(2) };
  } catch (error) {
    if (error instanceof LoanMathError) return { value: null, error: error.message };
    throw error;
  }
};

const dollars = (value: string) => `$${groupMoney(value)}`;

/**
 * The interest rate at which the Payment repays the Loan Amount (the domain's `rateForPayment`: the rate of a
 * regular schedule of that payment, the balloon with the last one), to the three decimals the rate field and the
 * disclosure take, rounded half up; or the Payment field's message, with the payment it may be at least or at
 * most. The least is the payment at 0 % (the amount less the balloon over the number of payments, to the cent);
 * that payment itself answers 0 % even where the domain, which counts the payment before its rounding, finds it a
 * fraction of a cent short. The most is the payment at the rate field's 99.999 %.
 */
const solveRate = (
  inputs: CalculatorInputs,
  amount: string,
  payment: string,
  balloon: string | null,
): { value: string | null; error?: string } => {
  const loan = {
    amount,
    termMonths: Number.parseInt(inputs.term.trim(), 10),
    frequency: inputs.frequency,
    ...(balloon === null ? {} : { balloonAmount: balloon }),
  };
  const paymentAt = (annualRatePercent: string): string | null => {
    try {
      return calculatePayment({ ...loan, annualRatePercent }).toFixed(2);
    } catch (error) {
      if (error instanceof LoanMathError) return null;
      throw error;
    }
  };
  let rate: string;
  try {
    rate = rateForPayment({ ...loan, payment })
      .toDecimalPlaces(3, Money.ROUND_HALF_UP)
      .toFixed(3);
  } catch (error) {
    if (!(error instanceof LoanMathError)) throw error;
    const least = error.field === 'payment' ? paymentAt('0') : null;
    if (least !== null && money(payment).gte(least)) return { value: '0.000' };
    if (error.field !== 'payment') return { value: null, error: error.message };
    return {
      value: null,
      error:
        least === null
          ? 'No rate gives this payment over this term.'
          : `No rate gives this payment: enter at least ${dollars(least)}, the payment at 0%.`,
    };
  }
  if (money(rate).gt(MAX_RATE)) {
    const most = paymentAt(MAX_RATE);
    return {
      value: null,
      error:
        most === null
          ? `No rate up to ${MAX_RATE}% gives this payment.`
          : `No rate up to ${MAX_RATE}% gives this payment: enter at most ${dollars(most)}.`,
    };
  }
  return { value: rate };
};

export type CalculatorPlan = {
  errors: CalculatorErrors;
  /** The disclosure call's body; null while a rule is broken. */
  request: TruthInLendingRequest | null;
  /** The loan amount found for the Payment, when solving for it. */
  solvedAmount: string | null;
  /** The interest rate found for the Payment (three decimals), when solving for it. */
  solvedRate: string | null;
};

/**
 * The inputs checked as they are typed, each message naming its field, and the disclosure request they make;
 * solving for the loan amount or the interest rate, it is found first and the request is for it.
 */
export const planCalculation = (inputs: CalculatorInputs): CalculatorPlan => {
  const errors: CalculatorErrors = {};
  const solvingAmount = inputs.solveFor === 'amount';
  const solvingRate = inputs.solveFor === 'rate';
  const typedAmount = solvingAmount ? null : readPositive(inputs.amount, 'Loan Amount');
  if (typedAmount?.error) errors.amount = typedAmount.error;
  const payment = inputs.solveFor === 'payment' ? null : readPositive(inputs.payment, 'Payment');
  if (payment?.error) errors.payment = payment.error;
  validateTerms(inputs, errors);
  const prepaid = readMoney(inputs.prepaid, 'Prepaid Finance Charges');
  if (prepaid.error) errors.prepaid = prepaid.error;
  const balloon = readMoney(inputs.balloon, 'Balloon Amount');
  if (balloon.error) errors.balloon = balloon.error;

  let amount = typedAmount?.value ?? null;
  if (solvingAmount && payment?.value && !errors.rate && !errors.term && !errors.balloon) {
    const solved = solveAmount(inputs, payment.value, balloon.value);
    if (solved.error) errors.payment = solved.error;
    amount = solved.value;
  }
  if (amount !== null) {
    const cents = moneyToCents(amount);
    if (prepaid.value !== null && moneyToCents(prepaid.value) >= cents)
      errors.prepaid = 'Prepaid Finance Charges must be less than the Loan Amount.';
    if (balloon.value !== null && moneyToCents(balloon.value) > cents)
      errors.balloon = 'Balloon Amount cannot be more than the Loan Amount.';
  }
  let rate = solvingRate || errors.rate ? null : money(cleanRate(inputs.rate)).toFixed();
  if (solvingRate && amount !== null && payment?.value && !errors.term && !errors.balloon) {
    const solved = solveRate(inputs, amount, payment.value, balloon.value);
    if (solved.error) errors.payment = solved.error;
    rate = solved.value;
  }
  const solvedAmount = solvingAmount ? amount : null;
  const solvedRate = solvingRate ? rate : null;
  if (amount === null || rate === null || Object.keys(errors).length > 0)
    return { errors, request: null, solvedAmount, solvedRate };
  return {
    errors,
    solvedAmount,
    solvedRate,
    request: {
      amount,
      annualRate: rate,
      term: Number.parseInt(inputs.term.trim(), 10),
      paymentFrequencyId: inputs.frequency,
      contractDate: inputs.contractDate,
      firstPaymentDate: inputs.firstPaymentDate,
      prepaidFinanceCharges: prepaid.value === null ? [] : [{ name: PREPAID_CHARGE_NAME, amount: prepaid.value }],
      dayCount: inputs.dayCount,
      oddDays: inputs.oddDays,
      balloonAmount: balloon.value,
    },
  };
};

/** The calculator's field of a field the server names in a 422 ('prepaidFinanceCharges.0.amount' included). */
export const calculatorFieldOf = (serverField: string, solveFor: SolveFor): CalculatorField | null => {
  const [head = ''] = serverField.split('.');
  switch (head) {
    case 'amount':
      return solveFor === 'amount' ? 'payment' : 'amount';
    case 'annualRate':
      return solveFor === 'rate' ? 'payment' : 'rate';
    case 'term':
    case 'paymentFrequencyId':
      return 'term';
    case 'contractDate':
    case 'firstPaymentDate':
      return head;
    case 'prepaidFinanceCharges':
      return 'prepaid';
    case 'balloonAmount':
      return 'balloon';
    default:
      return null;
  }
};

/**
 * The server's answer as the domain's disclosure, so the page shows it and states its schedule (§1026.18(g))
 * and its CSV with the domain's own `paymentScheduleText` and `scheduleCsv`.
 */
export const disclosureOf = (answer: TruthInLending, amount: string): LoanDisclosure => ({
  numberOfPayments: answer.numberOfPayments,
  payment: money(answer.payment),
  firstPayment: money(answer.firstPayment),
  finalPayment: money(answer.finalPayment),
  balloonAmount: money(answer.balloonAmount),
  firstPaymentDate: answer.firstPaymentDate,
  lastPaymentDate: answer.lastPaymentDate,
  oddDays: answer.oddDays,
  oddDaysInterest: money(answer.oddDaysInterest),
  prepaidFinanceCharge: money(answer.prepaidFinanceCharge),
  amountFinanced: money(answer.amountFinanced),
  financeCharge: money(answer.financeCharge),
  totalOfPayments: money(answer.totalOfPayments),
  totalInterest: money(answer.totalOfPayments).minus(amount),
  apr: money(answer.apr),
  aprIrregular: answer.aprIrregular,
  aprTolerance: answer.aprTolerance,
  aprWithinTolerance: answer.aprWithinTolerance,
  financeChargeTolerance: money(answer.financeChargeTolerance),
  financeChargeWithinTolerance: answer.financeChargeWithinTolerance,
  schedule: answer.schedule.map(
    (row) =>
      new ScheduleRow(
        row.number,
        row.date,
        moneyToCents(row.payment),
        moneyToCents(row.interest),
        moneyToCents(row.balance),
      ),
  ),
});
