import { EIN_MASK_PATTERN } from '@credence/domain';
import { z } from 'zod';
import { messages } from '../messages.ts';
import { moneySchema, nonNegativeMoneySchema } from '../money.ts';
import { idValueSchema } from '../primitives.ts';
import {
  addressInputSchema,
  addressSchema,
  confirmFundedSchema,
  flag,
  isoDateSchema,
  optionalDate,
  optionalInt,
  optionalPhone,
  optionalState,
  optionalText,
  phoneDigitsSchema,
  requiredText,
  pathIdSchema,
} from './common.ts';
import {
  applicantRoleSchema,
  businessEntityTypeSchema,
  companyRoleSchema,
  DEFAULT_PHONE_TYPE,
  employmentStatusSchema,
  govtIdTypeSchema,
  maritalStatusSchema,
  paymentFrequencySchema,
  phoneTypeIds,
} from './enums.ts';

const SSN_INPUT = /^(\d{3}-?\d{2}-?\d{4}|\*{3}-\*{2}-\d{4})$/;

export const phoneNumberInputSchema = z.object({
  number: phoneDigitsSchema,
  preferredContact: flag,
  phoneType: z
    .number()
    .int()
    .refine((v) => (phoneTypeIds as number[]).includes(v))
    .optional()
    .transform((v) => v ?? DEFAULT_PHONE_TYPE),
});
export const emailInputSchema = z.object({ email: z.email().max(254), preferredContact: flag });
export const employmentInputSchema = z.object({
  status: employmentStatusSchema,
  employer: optionalText(100),
  occupation: optionalText(100),
  yearsEmployed: optionalInt(0, 99),
  monthsEmployed: optionalInt(0, 11),
  salary: nonNegativeMoneySchema.nullish().transform((v) => v ?? null),
  payPeriod: paymentFrequencySchema.nullish().transform((v) => v ?? null),
  isCurrent: flag,
});
export const govtIssuedIdInputSchema = z.object({
  /** Keeps the stored number when `number` is sent back masked. */
  id: idValueSchema.optional(),
  govtIdType: govtIdTypeSchema,
  /** The document number in full, or as received masked (****1234) to keep it unchanged. */
  number: requiredText(40),
  state: optionalState,
  country: optionalText(60),
  expirationDate: optionalDate,
});
export const financeInputSchema = z.object({
  description: optionalText(100),
  type: optionalText(50),
  /** Per month. */
  amount: moneySchema,
  isIncome: flag,
  isSecured: flag,
  balance: moneySchema.nullish().transform((v) => v ?? null),
});
export const assetInputSchema = z.object({
  description: optionalText(100),
  type: optionalText(50),
  amount: moneySchema,
  loanBalance: moneySchema.nullish().transform((v) => v ?? null),
});

/**
 * One applicant as the applicants editor saves it: a person (first and last name) or, for the primary
 * applicant of a business loan, a business (company name and the business fields). Lists replace what is
 * stored. An applicant with an `id` is updated; without one it is added; stored applicants left out are removed.
 */
export const applicantInputSchema = z
  .object({
    id: idValueSchema.optional(),
    applicantRole: applicantRoleSchema,
    isBusiness: flag,
    memberNumber: optionalText(50),
    firstName: optionalText(50),
    lastName: optionalText(50),
    dob: isoDateSchema
      .refine((d) => d <= new Date().toISOString().slice(0, 10), messages.validation.dateInFuture)
      .nullish()
      .transform((v) => v ?? null),
    maritalStatus: maritalStatusSchema.nullish().transform((v) => v ?? null),
    /**
     * Nine digits, with or without dashes. Sent back masked (***-**-1234) or left out, the stored number is
     * kept; null removes it.
     */
    socialSecurityNumber: z.string().regex(SSN_INPUT, messages.validation.invalidSsn).nullish(),
    companyName: optionalText(100),
    companyAccountNumber: optionalText(50),
    companyEstablishedDate: optionalDate,
    companyPhoneNumber: optionalPhone,
    companyRole: companyRoleSchema.nullish().transform((v) => v ?? null),
    businessEntityType: businessEntityTypeSchema.nullish().transform((v) => v ?? null),
    /** Hundredths of a percent: 5025 is 50.25 % (shown divided by 100). */
    ownershipPercentage: optionalInt(0, 10_000),
    /** Nine digits, with or without the dash. Sent back masked (**-***4567, as answered), the stored one is kept. */
    employerIdentificationNumber: z
      .union([z.string().regex(/^\d{2}-?\d{7}$/), z.string().regex(EIN_MASK_PATTERN), z.literal('')])
      .nullish()
      .transform((v) => (v ? (EIN_MASK_PATTERN.test(v) ? v : v.replace('-', '')) : null)),
    companyDebt: nonNegativeMoneySchema.nullish().transform((v) => v ?? null),
    companyState: optionalState,
    companyGrossIncome: nonNegativeMoneySchema.nullish().transform((v) => v ?? null),
    companyGrossIncomeFrequency: paymentFrequencySchema.nullish().transform((v) => v ?? null),
    companyNaicsSic: optionalText(10),
    addresses: z.array(addressInputSchema).max(5).default([]),
    phoneNumbers: z.array(phoneNumberInputSchema).max(5).default([]),
    emails: z.array(emailInputSchema).max(5).default([]),
    employments: z.array(employmentInputSchema).max(5).default([]),
    govtIssuedIds: z.array(govtIssuedIdInputSchema).max(5).default([]),
    finances: z.array(financeInputSchema).max(30).default([]),
    assets: z.array(assetInputSchema).max(30).default([]),
  })
  .superRefine((a, ctx) => {
    if (a.isBusiness) {
      if (!a.companyName)
        ctx.addIssue({ code: 'custom', path: ['companyName'], message: messages.validation.required });
    } else {
      if (!a.firstName) ctx.addIssue({ code: 'custom', path: ['firstName'], message: messages.validation.required });
      if (!a.lastName) ctx.addIssue({ code: 'custom', path: ['lastName'], message: messages.validation.required });
    }
  });
export type ApplicantInput = z.output<typeof applicantInputSchema>;

export const applicantsSaveSchema = z.object({
  applicants: z.array(applicantInputSchema).min(1).max(10),
  confirmFunded: confirmFundedSchema,
});
export type ApplicantsSave = z.input<typeof applicantsSaveSchema>;

const moneyOut = moneySchema.nullable();
export const applicantSchema = z.object({
  id: z.number().int(),
  applicantRole: applicantRoleSchema,
  isBusiness: z.boolean(),
  memberNumber: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  dob: z.string().nullable(),
  maritalStatus: maritalStatusSchema.nullable(),
  /** Always masked (***-**-1234); the full number only through the reveal call. */
  socialSecurityNumber: z.string().nullable(),
  companyName: z.string().nullable(),
  companyAccountNumber: z.string().nullable(),
  companyEstablishedDate: z.string().nullable(),
  companyPhoneNumber: z.string().nullable(),
  companyRole: companyRoleSchema.nullable(),
  businessEntityType: businessEntityTypeSchema.nullable(),
  ownershipPercentage: z.number().int().nullable(),
  employerIdentificationNumber: z.string().nullable(),
  companyDebt: moneyOut,
  companyState: z.string().nullable(),
  companyGrossIncome: moneyOut,
  companyGrossIncomeFrequency: paymentFrequencySchema.nullable(),
  companyNaicsSic: z.string().nullable(),
  addresses: z.array(addressSchema),
  phoneNumbers: z.array(z.object({ number: z.string(), preferredContact: z.boolean(), phoneType: z.number().int() })),
  emails: z.array(z.object({ email: z.string(), preferredContact: z.boolean() })),
  employments: z.array(
    z.object({
      status: employmentStatusSchema,
      employer: z.string().nullable(),
      occupation: z.string().nullable(),
      yearsEmployed: z.number().int().nullable(),
      monthsEmployed: z.number().int().nullable(),
      salary: moneyOut,
      payPeriod: paymentFrequencySchema.nullable(),
      isCurrent: z.boolean(),
    }),
  ),
  govtIssuedIds: z.array(
    z.object({
      id: z.number().int(),
      govtIdType: govtIdTypeSchema,
      /** Masked: ****1234. */
      number: z.string(),
      state: z.string().nullable(),
      country: z.string().nullable(),
      expirationDate: z.string().nullable(),
    }),
  ),
  finances: z.array(
    z.object({
      description: z.string().nullable(),
      type: z.string().nullable(),
      amount: moneySchema,
      isIncome: z.boolean(),
      isSecured: z.boolean(),
      balance: moneyOut,
    }),
  ),
  assets: z.array(
    z.object({
      description: z.string().nullable(),
      type: z.string().nullable(),
      amount: moneySchema,
      loanBalance: moneyOut,
    }),
  ),
});
export type Applicant = z.infer<typeof applicantSchema>;

export const applicantsResponseSchema = z.object({ applicants: z.array(applicantSchema) });

export const revealedSsnSchema = z.object({ socialSecurityNumber: z.string() });
export const applicantParamsSchema = z.object({
  id: pathIdSchema(),
  applicantId: pathIdSchema(),
});
