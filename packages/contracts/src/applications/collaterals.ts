import { z } from 'zod';
import { endpoint } from '../kit/endpoint.ts';
import { messages } from '../messages.ts';
import { emptyAsNull, moneySchema, nonNegativeMoneySchema } from '../money.ts';
import { idValueSchema } from '../primitives.ts';
import {
  confirmFundedSchema,
  flag,
  idParamsSchema,
  optionalAddressInputSchema,
  optionalAddressSchema,
  optionalDate,
  optionalEmail,
  optionalInt,
  optionalPhone,
  optionalText,
  requiredText,
} from './common.ts';
import {
  collateralFamilySchema,
  collateralTypeSchema,
  collateralTypesByFamily,
  homeConstructionMethods,
  homeLoanPurposes,
  homeLoanTypes,
  landInterestTypes,
  occupancyTypes,
  qualifiedMortgageTypes,
  securedPropertyTypes,
} from './enums.ts';

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .enum(values)
    .nullish()
    .transform((v) => v ?? null);
const optionalMoney = nonNegativeMoneySchema.nullish().transform((v) => v ?? null);

/** A lien on a collateral: an empty payoff amount or per diem is sent (and stored) as null (spec 3 §5). */
export const collateralLienInputSchema = z.object({
  lienholder: optionalText(100),
  accountNumber: optionalText(50),
  payoffAmount: emptyAsNull(nonNegativeMoneySchema),
  perDiem: emptyAsNull(nonNegativeMoneySchema),
});
export const collateralGrantorInputSchema = z.object({
  firstName: requiredText(50),
  lastName: requiredText(50),
  email: optionalEmail,
  address: optionalAddressInputSchema.nullish().transform((v) => v ?? null),
});
export const collateralAccessoryInputSchema = z.object({
  code: requiredText(50),
  description: optionalText(100),
  isSelected: flag,
});

/**
 * One collateral as the Collateral Description dialog saves it. `family` is the form (Auto, Boat, Cd, Engine,
 * Home, Share, Trailer) and `type` one of its collateral types. Fields of other forms are ignored.
 * Percentages (currentRate, holdPercentage) are hundredths of a percent (shown divided by 100).
 * A collateral with an `id` is updated; without one it is added; stored collaterals left out are removed.
 */
export const collateralInputSchema = z
  .object({
    id: idValueSchema.optional(),
    family: collateralFamilySchema,
    type: collateralTypeSchema,
    identificationNumber: optionalText(30),
    value: optionalMoney,
    year: optionalInt(1900, 2100),
    make: optionalText(50),
    model: optionalText(50),
    style: optionalText(100),
    color: optionalText(30),
    hours: optionalInt(0, 1_000_000),
    mileage: optionalInt(0, 10_000_000),
    length: optionalInt(0, 10_000),
    isUsed: flag,
    isNew: flag,
    msrp: optionalMoney,
    vehicleValuationType: optionalText(50),
    isFloodInsuranceRequired: flag,
    floodZoneType: optionalText(20),
    accessories: z.array(collateralAccessoryInputSchema).max(100).default([]),
    grantors: z.array(collateralGrantorInputSchema).max(10).default([]),
    liens: z.array(collateralLienInputSchema).max(10).default([]),
    // Share and CD
    accountNumber: optionalText(50),
    currentRate: optionalInt(0, 100_000),
    accountOwner: optionalText(100),
    holdPercentage: optionalInt(0, 10_000),
    maturityDate: optionalDate,
    isSalvage: flag,
    memberNumber: optionalText(50),
    // Home
    address: optionalAddressInputSchema.nullish().transform((v) => v ?? null),
    isPrimaryAddress: flag,
    county: optionalText(50),
    maxLoanAmount: optionalMoney,
    qualifiedMortgageType: optionalEnum(qualifiedMortgageTypes),
    lienPosition: optionalInt(1, 9),
    homeValueType: optionalText(50),
    homeLoanType: optionalEnum(homeLoanTypes),
    hmdaPurposeType: optionalEnum(homeLoanPurposes),
    constructionMethod: optionalEnum(homeConstructionMethods),
    totalUnits: optionalInt(1, 10_000),
    censusTrack: optionalText(20),
    securedPropertyType: optionalEnum(securedPropertyTypes),
    landPropertyInterest: optionalEnum(landInterestTypes),
    homeOccupancyStatus: optionalEnum(occupancyTypes),
  })
  .superRefine((c, ctx) => {
    if (!collateralTypesByFamily[c.family].includes(c.type)) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: messages.applications.collateralTypeMismatch });
    }
  });
export type CollateralInput = z.output<typeof collateralInputSchema>;

/** Insurance on the collateral; kept only when the product gathers insurance and a company is given. */
export const insuranceInputSchema = z.object({
  company: optionalText(100),
  policyNumber: optionalText(50),
  agentFirstName: optionalText(50),
  agentLastName: optionalText(50),
  agentPhoneNumber: optionalPhone,
  faxNumber: optionalPhone,
  expirationDate: optionalDate,
});
export type InsuranceInput = z.output<typeof insuranceInputSchema>;

export const collateralsSaveSchema = z.object({
  collaterals: z.array(collateralInputSchema).max(20),
  insurance: insuranceInputSchema.nullish().transform((v) => v ?? null),
  confirmFunded: confirmFundedSchema,
});
export type CollateralsSave = z.input<typeof collateralsSaveSchema>;

const money = moneySchema.nullable();
export const collateralSchema = z.object({
  id: z.number().int(),
  family: collateralFamilySchema,
  type: collateralTypeSchema,
  identificationNumber: z.string().nullable(),
  value: money,
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  style: z.string().nullable(),
  color: z.string().nullable(),
  hours: z.number().int().nullable(),
  mileage: z.number().int().nullable(),
  length: z.number().int().nullable(),
  isUsed: z.boolean(),
  isNew: z.boolean(),
  msrp: money,
  vehicleValuationType: z.string().nullable(),
  isFloodInsuranceRequired: z.boolean(),
  floodZoneType: z.string().nullable(),
  accessories: z.array(z.object({ code: z.string(), description: z.string().nullable(), isSelected: z.boolean() })),
  grantors: z.array(
    z.object({
      firstName: z.string(),
      lastName: z.string(),
      email: z.string().nullable(),
      address: optionalAddressSchema.nullable(),
    }),
  ),
  liens: z.array(
    z.object({
      lienholder: z.string().nullable(),
      accountNumber: z.string().nullable(),
      payoffAmount: money,
      perDiem: money,
    }),
  ),
  accountNumber: z.string().nullable(),
  currentRate: z.number().int().nullable(),
  accountOwner: z.string().nullable(),
  holdPercentage: z.number().int().nullable(),
  maturityDate: z.string().nullable(),
  isSalvage: z.boolean(),
  memberNumber: z.string().nullable(),
  address: optionalAddressSchema.nullable(),
  isPrimaryAddress: z.boolean(),
  county: z.string().nullable(),
  maxLoanAmount: money,
  qualifiedMortgageType: z.string().nullable(),
  lienPosition: z.number().int().nullable(),
  homeValueType: z.string().nullable(),
  homeLoanType: z.string().nullable(),
  hmdaPurposeType: z.string().nullable(),
  constructionMethod: z.string().nullable(),
  totalUnits: z.number().int().nullable(),
  censusTrack: z.string().nullable(),
  securedPropertyType: z.string().nullable(),
  landPropertyInterest: z.string().nullable(),
  homeOccupancyStatus: z.string().nullable(),
});
export type Collateral = z.infer<typeof collateralSchema>;

export const insuranceSchema = z.object({
  id: z.number().int(),
  company: z.string(),
  policyNumber: z.string().nullable(),
  agentFirstName: z.string().nullable(),
  agentLastName: z.string().nullable(),
  agentPhoneNumber: z.string().nullable(),
  faxNumber: z.string().nullable(),
  expirationDate: z.string().nullable(),
});
export type Insurance = z.infer<typeof insuranceSchema>;

export const collateralsResponseSchema = z.object({
  collaterals: z.array(collateralSchema),
  insurance: insuranceSchema.nullable(),
});
export type CollateralsResponse = z.infer<typeof collateralsResponseSchema>;

/**
 * GET applications/{id}/collaterals/summary (spec 3 §7; shape not shown). Chosen: one line per collateral as the
 * worksheets and the loan summary name it (year make model style, an account, an address), its value and the payoff
 * of its liens, with the totals a reviewer reads first.
 */
export const collateralSummarySchema = z.object({
  collaterals: z.array(
    z.object({
      id: z.number().int(),
      family: collateralFamilySchema,
      type: collateralTypeSchema,
      description: z.string(),
      value: moneySchema.nullable(),
      lienPayoff: moneySchema,
      isFloodInsuranceRequired: z.boolean(),
    }),
  ),
  totalValue: moneySchema,
  totalLienPayoff: moneySchema,
  insuranceCompany: z.string().nullable(),
});
export type CollateralSummary = z.infer<typeof collateralSummarySchema>;

export const collateralEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/applications/:id/collaterals/',
    access: 'signedIn',
    tag: 'applications',
    summary: "An application's collaterals and insurance",
    params: idParamsSchema,
    response: collateralsResponseSchema,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/applications/:id/collaterals/',
    access: 'signedIn',
    tag: 'applications',
    summary: 'Save the collaterals and insurance (replaces them); needs the lock, and confirmFunded when funded',
    params: idParamsSchema,
    body: collateralsSaveSchema,
    response: collateralsResponseSchema,
  }),
  summary: endpoint({
    method: 'GET',
    path: '/api/applications/:id/collaterals/summary',
    access: 'signedIn',
    tag: 'applications',
    summary: 'One line per collateral with its value and lien payoff, and the totals',
    params: idParamsSchema,
    response: collateralSummarySchema,
  }),
};
