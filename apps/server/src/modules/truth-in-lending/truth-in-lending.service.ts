import type {
  DayCount,
  TruthInLending,
  TruthInLendingRequestParsed,
  TruthInLendingScheduleRow,
} from '@credence/contracts';
import {
  amortize,
  LoanMathError,
  money,
  type DayCountBasis,
  type LoanDisclosure,
  type Money,
  type ScheduleRow,
} from '@credence/domain';
import { fieldError } from '../../platform/errors.ts';

const dayCountBases: Record<DayCount, DayCountBasis> = { actual365: 'actual/365', thirty360: '30/360' };

/** The request field a loan maths error is about. */
const requestField = (error: LoanMathError): string => {
  switch (error.field) {
    case 'prepaidFinanceCharge':
      return 'prepaidFinanceCharges';
    case 'amount':
    case 'balloonAmount':
      return error.field;
    case 'payment':
      return 'amount';
    case 'rate':
      return 'annualRate';
    case 'frequency':
      return 'paymentFrequencyId';
    case 'term':
    case 'firstPaymentDate':
    case 'contractDate':
      return error.field;
    default: {
      const never: never = error.field;
      return String(never);
    }
  }
};

const sum = (amounts: readonly string[]): Money => amounts.reduce((total, a) => total.plus(a), money(0));

const m = (value: Money) => value.toFixed(2);

const toRow = (row: ScheduleRow): TruthInLendingScheduleRow => ({
  number: row.number,
  date: row.date,
  payment: m(row.payment),
  interest: m(row.interest),
  principal: m(row.principal),
  balance: m(row.balance),
});

/** The domain's disclosure with money as two-decimal strings and the APR to three decimals. */
const toAnswer = (d: LoanDisclosure): TruthInLending => ({
  numberOfPayments: d.numberOfPayments,
  payment: m(d.payment),
  firstPayment: m(d.firstPayment),
  finalPayment: m(d.finalPayment),
  balloonAmount: m(d.balloonAmount),
  firstPaymentDate: d.firstPaymentDate,
  lastPaymentDate: d.lastPaymentDate,
  oddDays: d.oddDays,
  oddDaysInterest: m(d.oddDaysInterest),
  prepaidFinanceCharge: m(d.prepaidFinanceCharge),
  amountFinanced: m(d.amountFinanced),
  financeCharge: m(d.financeCharge),
  totalOfPayments: m(d.totalOfPayments),
  apr: d.apr.toFixed(3),
  aprTolerance: d.aprTolerance,
  aprIrregular: d.aprIrregular,
  aprWithinTolerance: d.aprWithinTolerance,
  financeChargeTolerance: m(d.financeChargeTolerance),
  financeChargeWithinTolerance: d.financeChargeWithinTolerance,
  schedule: d.schedule.map(toRow),
});

/**
 * The Truth in Lending disclosure of the request's terms (issue 41): the domain's `amortize`, its errors a 422
 * naming the request's field.
 */
export const truthInLending = (request: TruthInLendingRequestParsed): TruthInLending => {
  try {
    return toAnswer(
      amortize({
        amount: request.amount,
        annualRatePercent: request.annualRate,
        termMonths: request.term,
        frequency: request.paymentFrequencyId,
        contractDate: request.contractDate,
        firstPaymentDate: request.firstPaymentDate,
        dayCountBasis: dayCountBases[request.dayCount],
        oddDaysInterest: request.oddDays,
        prepaidFinanceCharge: sum(request.prepaidFinanceCharges.map((charge) => charge.amount)),
        balloonAmount: request.balloonAmount ?? undefined,
      }),
    );
  } catch (error) {
    if (error instanceof LoanMathError) throw fieldError(requestField(error), error.message);
    throw error;
  }
};
