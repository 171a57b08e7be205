import { z } from 'zod';
import { requiredText } from '../applications/common.ts';
import { rateSchema } from '../applications/decisions.ts';
import {
  dayCountSchema,
  oddDaysTreatmentSchema,
  type DisclosureTerms,
  type LoanDisclosureView,
  type PrepaidCharge,
} from '../applications/disclosure.ts';
import { paymentFrequencySchema } from '../applications/enums.ts';
import { endpoint } from '../kit/endpoint.ts';
import { centsOrNull, moneySchema, moneyToCents, nonNegativeMoneySchema, positiveMoneySchema } from '../money.ts';
import { dateSchema } from '../primitives.ts';

/**
 * The Truth in Lending disclosure of a closed-end loan (issue 41, build item 5): the figures Regulation Z
 * §1026.18 discloses — payment, amount financed, finance charge, total of payments, APR (Appendix J) and their
 * tolerances — with the payment schedule, from the terms a lender's staff types in. The maths is the domain's
 * `amortize`; a loan it cannot compute (a term that does not fit the frequency, a first payment not after the
 * contract date, a balloon above the amount) is a 422 naming the field.
 */

/** The largest amount (note, charge or balloon) the disclosure takes: $100,000,000.00. */
export const TRUTH_IN_LENDING_AMOUNT_MAX = '100000000.00';
/** The longest term in months (50 years, as a decision's term). */
export const TRUTH_IN_LENDING_TERM_MAX = 600;
/** The most prepaid finance charges (fees) one disclosure lists. */
export const TRUTH_IN_LENDING_CHARGES_MAX = 50;

export const truthInLendingTexts = {
  amountTooLarge: 'Enter an amount up to 100,000,000.00',
  term: `Enter a term from 1 to ${TRUTH_IN_LENDING_TERM_MAX} months.`,
  tooManyCharges: `Enter up to ${TRUTH_IN_LENDING_CHARGES_MAX} prepaid finance charges.`,
} as const;

const MAX_CENTS = moneyToCents(TRUTH_IN_LENDING_AMOUNT_MAX);
const atMostMax = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine((v) => (centsOrNull(v) ?? 0n) <= MAX_CENTS, truthInLendingTexts.amountTooLarge);

export const prepaidFinanceChargeSchema = z.object({
  name: requiredText(100),
  amount: atMostMax(nonNegativeMoneySchema),
});

export const truthInLendingRequestSchema = z.object({
  /** The note amount, e.g. "25000.00". */
  amount: atMostMax(positiveMoneySchema),
  /** The note rate in percent, up to three decimals, e.g. "7.49". */
  annualRate: rateSchema,
  /** In months; a whole number of payments at the frequency (quarterly: a multiple of 3, annual: of 12 …). */
  term: z
    .number({ message: truthInLendingTexts.term })
    .int(truthInLendingTexts.term)
    .min(1, truthInLendingTexts.term)
    .max(TRUTH_IN_LENDING_TERM_MAX, truthInLendingTexts.term),
  paymentFrequencyId: paymentFrequencySchema,
  contractDate: dateSchema,
  firstPaymentDate: dateSchema,
  prepaidFinanceCharges: z
    .array(prepaidFinanceChargeSchema)
    .max(TRUTH_IN_LENDING_CHARGES_MAX, truthInLendingTexts.tooManyCharges),
  dayCount: dayCountSchema,
  oddDays: oddDaysTreatmentSchema,
  /** Due with the last payment, on top of the last regular one; none when left out. */
  balloonAmount: atMostMax(nonNegativeMoneySchema).nullish(),
  /** Secured by real property or a dwelling (a home equity loan): the $100 finance charge tolerance, §1026.18(d)(1). */
  securedByDwelling: z.boolean().optional(),
});
export type TruthInLendingRequest = z.input<typeof truthInLendingRequestSchema>;
export type TruthInLendingRequestParsed = z.output<typeof truthInLendingRequestSchema>;

const isoDate = z.string().meta({ description: 'A date, YYYY-MM-DD', example: '2026-03-01' });

export const truthInLendingScheduleRowSchema = z.object({
  number: z.number().int(),
  date: isoDate,
  payment: moneySchema,
  interest: moneySchema,
  principal: moneySchema,
  balance: moneySchema,
});
export type TruthInLendingScheduleRow = z.infer<typeof truthInLendingScheduleRowSchema>;

export const truthInLendingSchema = z.object({
  numberOfPayments: z.number().int(),
  /** The level payment (payments 2 … n − 1). */
  payment: moneySchema,
  /** The first payment: the level one, with the odd-days interest when it is collected there. */
  firstPayment: moneySchema,
  /** The last payment: with a balloon, the balloon and the last regular payment. */
  finalPayment: moneySchema,
  /** "0.00" without a balloon. */
  balloonAmount: moneySchema,
  firstPaymentDate: isoDate,
  lastPaymentDate: isoDate,
  /** Days from the contract date to the start of a regular first period (negative: a short first period). */
  oddDays: z.number().int(),
  oddDaysInterest: moneySchema,
  /** The fees and, when prepaid, the odd-days interest: the finance charges paid at closing. */
  prepaidFinanceCharge: moneySchema,
  amountFinanced: moneySchema,
  financeCharge: moneySchema,
  totalOfPayments: moneySchema,
  /** Annual percentage rate, three decimals, e.g. "7.463". */
  apr: z.string().meta({ description: 'The APR in percent, three decimals', example: '7.463' }),
  /** §1026.22(a)(2)–(3): 1/8 point for a regular transaction, 1/4 for an irregular one. */
  aprTolerance: z.enum(['0.125', '0.25']),
  aprIrregular: z.boolean(),
  /** The disclosed APR (three decimals) is within `aprTolerance` of the exact one. */
  aprWithinTolerance: z.boolean(),
  /** §1026.18(d): how far the disclosed finance charge may understate the actual one. */
  financeChargeTolerance: moneySchema,
  financeChargeWithinTolerance: z.boolean(),
  schedule: z.array(truthInLendingScheduleRowSchema),
});
export type TruthInLending = z.infer<typeof truthInLendingSchema>;

/** POST /api/tools/truthInLending: the disclosure of a loan's terms, computed, nothing stored. */
export const truthInLendingEndpoint = endpoint({
  method: 'POST',
  path: '/api/tools/truthInLending',
  access: 'signedIn',
  tag: 'tools',
  summary:
    'The Truth in Lending disclosure of a loan (payment, amount financed, finance charge, total of payments, APR) with its payment schedule',
  body: truthInLendingRequestSchema,
  response: truthInLendingSchema,
});

/** A loan's terms with what its disclosure takes besides them (the worksheets and the server build it alike). */
export type DisclosedTerms = {
  amount: string;
  annualRate: string;
  term: number;
  paymentFrequencyId: z.infer<typeof paymentFrequencySchema>;
  contractDate: string;
  firstPaymentDate: string;
  balloonAmount: string | null;
  terms: DisclosureTerms & { securedByDwelling?: boolean };
  prepaidFinanceCharges: readonly PrepaidCharge[];
};

/** The disclosure request of a loan: the one the decision and funding worksheets send and the server computes. */
export const truthInLendingRequestOf = (t: DisclosedTerms): TruthInLendingRequest => ({
  amount: t.amount,
  annualRate: t.annualRate,
  term: t.term,
  paymentFrequencyId: t.paymentFrequencyId,
  contractDate: t.contractDate,
  firstPaymentDate: t.firstPaymentDate,
  prepaidFinanceCharges: t.prepaidFinanceCharges.map((c) => ({ name: c.name, amount: c.amount })),
  dayCount: t.terms.dayCount,
  oddDays: t.terms.oddDays,
  balloonAmount: t.balloonAmount,
  ...(t.terms.securedByDwelling ? { securedByDwelling: true } : {}),
});

/** The disclosure as a receipt or a loan keeps it: the answer's figures with the inputs besides the terms. */
export const loanDisclosureOf = (request: TruthInLendingRequestParsed, answer: TruthInLending): LoanDisclosureView => ({
  apr: answer.apr,
  financeCharge: answer.financeCharge,
  amountFinanced: answer.amountFinanced,
  totalOfPayments: answer.totalOfPayments,
  prepaidFinanceCharges: request.prepaidFinanceCharges,
  prepaidFinanceCharge: answer.prepaidFinanceCharge,
  dayCount: request.dayCount,
  oddDays: request.oddDays,
  oddDaysInterest: answer.oddDaysInterest,
  balloonAmount: answer.balloonAmount,
  firstPayment: answer.firstPayment,
  finalPayment: answer.finalPayment,
  aprTolerance: answer.aprTolerance,
  aprWithinTolerance: answer.aprWithinTolerance,
  financeChargeWithinTolerance: answer.financeChargeWithinTolerance,
});
