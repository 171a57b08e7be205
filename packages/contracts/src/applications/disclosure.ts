import { z } from 'zod';
import { moneySchema } from '../money.ts';

/**
 * The Truth in Lending terms of a loan (issue 41): how its odd days accrue and are collected (chosen per loan
 * product), the prepaid finance charges taken from its fees, and the disclosure Regulation Z §1026.18 asks for —
 * computed by one call (`POST /api/tools/truthInLending`, the domain's `amortize`) and kept on the decision
 * receipt and the loan as disclosed.
 */

/** How odd days accrue: actual days over 365, or 30/360. */
export const dayCountSchema = z.enum(['actual365', 'thirty360']);
export type DayCount = z.infer<typeof dayCountSchema>;
export const dayCountLabels: Record<DayCount, string> = { actual365: 'Actual/365', thirty360: '30/360' };

/** Odd-days interest: prepaid at closing (a prepaid finance charge), with the first payment, or not charged. */
export const oddDaysTreatmentSchema = z.enum(['prepaid', 'firstPayment', 'none']);
export type OddDaysTreatment = z.infer<typeof oddDaysTreatmentSchema>;
export const oddDaysTreatmentLabels: Record<OddDaysTreatment, string> = {
  prepaid: 'Prepaid at closing',
  firstPayment: 'Added to the first payment',
  none: 'Not charged',
};

/** A loan product's disclosure terms; a product the lender never set has these. */
export type DisclosureTerms = { dayCount: DayCount; oddDays: OddDaysTreatment };
export const defaultDisclosureTerms: DisclosureTerms = { dayCount: 'actual365', oddDays: 'firstPayment' };

/** A fee the lender marks as a finance charge, paid at closing (it reduces the amount financed). */
export const prepaidChargeSchema = z.object({ name: z.string(), amount: moneySchema });
export type PrepaidCharge = z.infer<typeof prepaidChargeSchema>;

/**
 * The prepaid finance charges of a loan: the itemization's front-end fees marked as finance charges and the
 * selected add-ons marked so (Administration › Add-Ons), in that order.
 */
export const prepaidChargesOf = (
  additions: readonly { name: string; amount: string; selected: boolean; financeCharge: boolean }[],
  frontEndFees: readonly PrepaidCharge[],
): PrepaidCharge[] => [
  ...frontEndFees.map((f) => ({ name: f.name, amount: f.amount })),
  ...additions.filter((a) => a.selected && a.financeCharge).map((a) => ({ name: a.name, amount: a.amount })),
];

/**
 * The disclosure as kept on a receipt or a loan. The four §1026.18 figures are on every one; the rest is on those
 * decided since issue 41 (null on older ones: not recorded then).
 */
export const loanDisclosureSchema = z.object({
  /** Three decimals, e.g. "7.463". */
  apr: z.string(),
  financeCharge: moneySchema,
  amountFinanced: moneySchema,
  totalOfPayments: moneySchema,
  prepaidFinanceCharges: z.array(prepaidChargeSchema).default([]),
  /** The fees and, when prepaid, the odd-days interest. */
  prepaidFinanceCharge: moneySchema.nullable().default(null),
  dayCount: dayCountSchema.nullable().default(null),
  oddDays: oddDaysTreatmentSchema.nullable().default(null),
  oddDaysInterest: moneySchema.nullable().default(null),
  balloonAmount: moneySchema.nullable().default(null),
  firstPayment: moneySchema.nullable().default(null),
  finalPayment: moneySchema.nullable().default(null),
  aprTolerance: z.enum(['0.125', '0.25']).nullable().default(null),
  aprWithinTolerance: z.boolean().nullable().default(null),
  financeChargeWithinTolerance: z.boolean().nullable().default(null),
});
export type LoanDisclosureView = z.output<typeof loanDisclosureSchema>;
