import { z } from 'zod';
import { addOnProductSchema, eligibilityVendorSchema, type EligibilityVendor } from '../admin/add-on-vendors.ts';
import { idParamsSchema, isoDateSchema } from '../applications/common.ts';
import { endpoint } from '../kit/endpoint.ts';
import { moneySchema, nonNegativeMoneySchema } from '../money.ts';
import { messages } from '../messages.ts';

/** The texts of the Plans and Eligibility dialogs (spec 3 §2; the questions' wording is ours: not shown). */
export const salesPlanTexts = {
  plansTitle: 'Plans',
  eligibilityTitle: 'Eligibility',
  noPlans: 'No Plans found',
  createQuote: 'Create Quote',
  cancel: 'Cancel',
  continue: 'Continue',
  totalCost: 'Total Cost',
  yes: 'Yes',
  no: 'No',
  required: 'Required',
  leftOut: 'Not offered',
  unknownVendor: 'This add-on vendor is not available.',
} as const;

/** Eligibility answers (spec 3 §3: usedCommercially, salvagedTitle, titledToIndividual). */
export const eligibilityQuestions = ['usedCommercially', 'salvagedTitle', 'titledToIndividual'] as const;
export type EligibilityQuestion = (typeof eligibilityQuestions)[number];
export const eligibilityQuestionLabels: Record<EligibilityQuestion, string> = {
  usedCommercially: 'Is the vehicle used commercially?',
  salvagedTitle: 'Does the vehicle have a salvaged or branded title?',
  titledToIndividual: 'Is the vehicle titled to an individual?',
};
/** The questions a vendor asks (spec 3 §5): Allied all three, Route66 the first two, others none. */
export const eligibilityQuestionsOf = (vendor: EligibilityVendor): readonly EligibilityQuestion[] =>
  vendor === 'allied' ? eligibilityQuestions : vendor === 'route66' ? ['usedCommercially', 'salvagedTitle'] : [];

export const eligibilityAnswersSchema = z.object({
  usedCommercially: z.boolean().nullish(),
  salvagedTitle: z.boolean().nullish(),
  titledToIndividual: z.boolean().nullish(),
});
export type EligibilityAnswers = z.infer<typeof eligibilityAnswersSchema>;

/** A vendor plan as the Plans dialog shows it (spec 3 §3 'Vendor plan: id, title, description, term, miles, cost, options'). */
export const vendorPlanSchema = z.object({
  id: z.number().int(),
  product: addOnProductSchema,
  title: z.string(),
  description: z.string().nullable(),
  term: z.number().int(),
  miles: z.number().int().nullable(),
  cost: moneySchema,
  options: z.array(z.object({ id: z.number().int(), description: z.string(), cost: moneySchema })),
});
export type VendorPlan = z.infer<typeof vendorPlanSchema>;

export const planRefusalRules = ['gapSalvagedTitle', 'gapCommercialUse', 'gapLtv', 'stateCap', 'mapr'] as const;

/** The loan terms a quote is priced on (for the MAPR of a covered borrower). */
export const quoteTermsSchema = z.object({
  amountFinanced: nonNegativeMoneySchema.optional(),
  annualRate: z
    .string()
    .trim()
    .regex(/^(0|[1-9]\d?)(\.\d{1,4})?$/, messages.validation.required),
  termMonths: z.number().int().min(1).max(600),
  contractDate: isoDateSchema,
  firstPaymentDate: isoDateSchema,
});

export const offeredPlansRequestSchema = z.object({
  vendorId: z.number().int().min(1).max(2_147_483_647),
  answers: eligibilityAnswersSchema.default({}),
  terms: quoteTermsSchema.nullish(),
});
export type OfferedPlansRequest = z.input<typeof offeredPlansRequestSchema>;

export const offeredPlansSchema = z.object({
  vendor: z.object({ id: z.number().int(), name: z.string(), eligibility: eligibilityVendorSchema }),
  /** What the rules read: the amount financed, LTV (percent, null without a value), state, MLA coverage. */
  facts: z.object({
    amountFinanced: moneySchema,
    collateralValue: moneySchema.nullable(),
    ltv: z.string().nullable(),
    state: z.string().nullable(),
    mlaCovered: z.boolean(),
  }),
  plans: z.array(vendorPlanSchema),
  /** The plans left out, each with its rule and the reason a person reads. */
  leftOut: z.array(
    z.object({ planId: z.number().int(), title: z.string(), rule: z.enum(planRefusalRules), reason: z.string() }),
  ),
});
export type OfferedPlans = z.infer<typeof offeredPlansSchema>;

/**
 * The plans a vendor may offer on an application (issue 34 items 2, 3 and 7): the vendor's eligibility questions
 * answered (every one it asks is required: 422 naming `answers.<question>`), then every plan of the vendor either
 * offered or left out with its reason by the domain's `filterPlans`. A POST because it carries the answers; it
 * writes nothing.
 */
export const salesPlanEndpoints = {
  offeredPlans: endpoint({
    method: 'POST',
    path: '/api/applications/:id/addOnPlans',
    access: 'signedIn',
    tag: 'sales',
    summary: 'The plans of an add-on vendor offered on an application, and those left out with their reasons',
    params: idParamsSchema,
    body: offeredPlansRequestSchema,
    response: offeredPlansSchema,
  }),
};
