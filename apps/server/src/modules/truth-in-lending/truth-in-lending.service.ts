import {
  truthInLendingRequestSchema,
  type DayCount,
  type TruthInLending,
  type TruthInLendingRequest,
  type TruthInLendingRequestParsed,
  type TruthInLendingScheduleRow,
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
const requestField = (error: LoanMathError): RequestField => {
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
      return never;
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

/** The request field a loan maths error is about, as the endpoint names it. */
export type RequestField = keyof TruthInLendingRequestParsed;

/** A disclosure that cannot be computed, with the request field it is about. */
export class DisclosureError extends Error {
  constructor(
    readonly field: RequestField,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The Truth in Lending disclosure of the terms (issue 41): the domain's `amortize` of the request. What the endpoint,
 * the decision (`decide`) and the loan save compute alike. Throws a `DisclosureError` naming the request field.
 */
export const disclose = (request: TruthInLendingRequest) => {
  const parsed = truthInLendingRequestSchema.safeParse(request);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new DisclosureError(String(issue.path[0]) as RequestField, issue.message);
  }
  const body = parsed.data;
  try {
    const answer = toAnswer(
      amortize({
        amount: body.amount,
        annualRatePercent: body.annualRate,
        termMonths: body.term,
        frequency: body.paymentFrequencyId,
        contractDate: body.contractDate,
        firstPaymentDate: body.firstPaymentDate,
        dayCountBasis: dayCountBases[body.dayCount],
        oddDaysInterest: body.oddDays,
        prepaidFinanceCharge: sum(body.prepaidFinanceCharges.map((charge) => charge.amount)),
        balloonAmount: body.balloonAmount ?? undefined,
        securedByDwelling: body.securedByDwelling ?? false,
      }),
    );
    return { request: body, answer };
  } catch (error) {
    if (error instanceof LoanMathError) throw new DisclosureError(requestField(error), error.message);
    throw error;
  }
};

/** `POST /api/tools/truthInLending`: the disclosure, its errors a 422 naming the request's field. */
export const truthInLending = (request: TruthInLendingRequestParsed): TruthInLending => {
  try {
    return disclose(request).answer;
  } catch (error) {
    if (error instanceof DisclosureError) throw fieldError(error.field, error.message);
    throw error;
  }
};
