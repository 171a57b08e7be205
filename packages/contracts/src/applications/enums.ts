import {
  applicationStates,
  paymentFrequencies,
  paymentFrequencyLabels,
  paymentFrequencyNames,
  type PaymentFrequency,
} from '@credence/domain';

export { paymentFrequencyLabels };
import { z } from 'zod';

/**
 * The enumerations of spec 3 §3, one source of truth for the server (check constraints, validation) and the
 * web app (selects, labels). Application states and payment frequencies carry rules, so they are defined in
 * `@credence/domain` and only re-used here.
 */

export const controlTypes = ['AUTOMOTIVE', 'BOAT', 'CD_SHARE', 'CREDIT_CARD', 'HEL', 'PERSONAL', 'RV'] as const;
export type ControlType = (typeof controlTypes)[number];
export const controlTypeSchema = z.enum(controlTypes);
export const controlTypeLabels: Record<ControlType, string> = {
  AUTOMOTIVE: 'Automotive',
  BOAT: 'Boat',
  CD_SHARE: 'CD Share',
  CREDIT_CARD: 'Credit Card',
  HEL: 'Home Equity',
  PERSONAL: 'Personal',
  RV: 'RV',
};
/** Control types whose amount is computed from price items (spec 3 §9); only these show a transaction type. */
export const vehicleControlTypes: readonly ControlType[] = ['AUTOMOTIVE', 'BOAT', 'RV'];

export { applicationStates };
export type ApplicationState = (typeof applicationStates)[number];
export const applicationStateSchema = z.enum(applicationStates);

export const paymentFrequencySchema = z.enum(paymentFrequencyNames as [PaymentFrequency, ...PaymentFrequency[]]);
export const paymentFrequencyOptions = paymentFrequencyNames.map((id) => ({
  id,
  name: paymentFrequencyLabels[id],
  paymentsPerYear: paymentFrequencies[id] as number,
}));

export const transactionTypes = ['BUYER_SELLER', 'DEALER', 'INTERNAL_REFINANCE', 'PRE_APPROVAL', 'REFINANCE'] as const;
export type TransactionType = (typeof transactionTypes)[number];
export const transactionTypeSchema = z.enum(transactionTypes);
export const transactionTypeLabels: Record<TransactionType, string> = {
  BUYER_SELLER: 'Buyer/Seller',
  DEALER: 'Dealer',
  INTERNAL_REFINANCE: 'Internal Refinance',
  PRE_APPROVAL: 'Pre-Approval',
  REFINANCE: 'Refinance',
};

/** Where an application came from (shown as "source" on the summary). */
export const applicationSources = ['LENDER', 'DEALER', 'CONSUMER_WEB', 'CROSS_SELL'] as const;
export type ApplicationSource = (typeof applicationSources)[number];
export const applicationSourceSchema = z.enum(applicationSources);
export const applicationSourceLabels: Record<ApplicationSource, string> = {
  LENDER: 'Lender',
  DEALER: 'Dealer',
  CONSUMER_WEB: 'Consumer Web',
  CROSS_SELL: 'Cross Sell',
};

/** Applicant roles; a Primary role exists and exactly one applicant holds it. */
export const applicantRoles = ['PRIMARY', 'CO_APPLICANT', 'CO_SIGNER', 'GUARANTOR', 'NON_APPLICANT_SPOUSE'] as const;
export type ApplicantRole = (typeof applicantRoles)[number];
export const applicantRoleSchema = z.enum(applicantRoles);
export const applicantRoleLabels: Record<ApplicantRole, string> = {
  PRIMARY: 'Primary',
  CO_APPLICANT: 'Co-Applicant',
  CO_SIGNER: 'Co-Signer',
  GUARANTOR: 'Guarantor',
  NON_APPLICANT_SPOUSE: 'Non-Applicant Spouse',
};

/** Regulation B (12 CFR 1002.5(d)(1)) allows only these three marital statuses to be asked. */
export const maritalStatuses = ['MARRIED', 'UNMARRIED', 'SEPARATED'] as const;
export type MaritalStatus = (typeof maritalStatuses)[number];
export const maritalStatusSchema = z.enum(maritalStatuses);
export const maritalStatusLabels: Record<MaritalStatus, string> = {
  MARRIED: 'Married',
  UNMARRIED: 'Unmarried',
  SEPARATED: 'Separated',
};

/**
 * Community property states: there a creditor may ask about a non-applicant spouse (Regulation B,
 * 12 CFR 1002.5(c)(2)), and a married applicant living there is recorded with the spouse.
 */
export const communityPropertyStates = ['AZ', 'CA', 'ID', 'LA', 'NV', 'NM', 'TX', 'WA', 'WI'] as const;

export const companyRoles = [
  'OWNER',
  'PARTNER',
  'PRESIDENT',
  'VICE_PRESIDENT',
  'SECRETARY',
  'TREASURER',
  'MANAGING_MEMBER',
  'AUTHORIZED_SIGNER',
  'OTHER',
] as const;
export const companyRoleSchema = z.enum(companyRoles);

export const businessEntityTypes = [
  'SOLE_PROPRIETORSHIP',
  'PARTNERSHIP',
  'LLC',
  'S_CORPORATION',
  'C_CORPORATION',
  'NON_PROFIT',
  'TRUST',
  'OTHER',
] as const;
export const businessEntityTypeSchema = z.enum(businessEntityTypes);

/** Phone types; a new blank phone has type 1 and preferred contact false (spec 3 §5). */
export const phoneTypes = [
  { id: 1, name: 'Mobile' },
  { id: 2, name: 'Home' },
  { id: 3, name: 'Work' },
  { id: 4, name: 'Other' },
] as const;
export const phoneTypeIds = phoneTypes.map((p) => p.id);
export const DEFAULT_PHONE_TYPE = 1;

export const employmentStatuses = [
  'EMPLOYED',
  'SELF_EMPLOYED',
  'MILITARY',
  'RETIRED',
  'STUDENT',
  'UNEMPLOYED',
  'OTHER',
] as const;
export const employmentStatusSchema = z.enum(employmentStatuses);

export const govtIdTypes = [
  'MATRICULA_CONSULAR',
  'MILITARY_ID',
  'PASSPORT',
  'PERMANENT_RESIDENT',
  'STATE_DRIVERS_LICENSE',
  'STATE_ID_CARD',
  'VISA',
] as const;
export type GovtIdType = (typeof govtIdTypes)[number];
export const govtIdTypeSchema = z.enum(govtIdTypes);
/** Labels of the loan summary (spec 3 §2). */
export const govtIdTypeLabels: Record<GovtIdType, string> = {
  STATE_ID_CARD: 'State ID',
  STATE_DRIVERS_LICENSE: 'State DL',
  PASSPORT: 'Passport',
  MILITARY_ID: 'Military ID',
  PERMANENT_RESIDENT: 'Permanent Resident',
  VISA: 'Visa',
  MATRICULA_CONSULAR: 'Matricula Consular',
};

export const collateralTypes = [
  'ATV',
  'AUTO',
  'BOAT',
  'CAMPING_TRAILER',
  'CD',
  'ENGINE',
  'GOLF_CART',
  'HOME',
  'JET_SKI',
  'MOTORCYCLE',
  'MOTORCYCLE_TRAILER',
  'MOTORHOME',
  'OTHER',
  'PARK_MODEL',
  'PERSONAL_WATERCRAFT',
  'RV',
  'SHARE',
  'SIDECAR',
  'SNOWMOBILE',
  'SPORT_UTILITY',
  'TRAILER',
  'TRAVEL_TRAILER',
  'TRUCK_CAMPER',
] as const;
export type CollateralType = (typeof collateralTypes)[number];
export const collateralTypeSchema = z.enum(collateralTypes);

/** The collateral forms of the dialogs. */
export const collateralFamilies = ['Auto', 'Boat', 'Cd', 'Engine', 'Home', 'Share', 'Trailer'] as const;
export type CollateralFamily = (typeof collateralFamilies)[number];
export const collateralFamilySchema = z.enum(collateralFamilies);
/** Which collateral types each form edits. */
export const collateralTypesByFamily: Record<CollateralFamily, readonly CollateralType[]> = {
  Auto: [
    'AUTO',
    'ATV',
    'GOLF_CART',
    'MOTORCYCLE',
    'MOTORHOME',
    'OTHER',
    'RV',
    'SIDECAR',
    'SNOWMOBILE',
    'SPORT_UTILITY',
    'TRUCK_CAMPER',
  ],
  Boat: ['BOAT', 'JET_SKI', 'PERSONAL_WATERCRAFT'],
  Cd: ['CD'],
  Engine: ['ENGINE'],
  Home: ['HOME'],
  Share: ['SHARE'],
  Trailer: ['TRAILER', 'CAMPING_TRAILER', 'MOTORCYCLE_TRAILER', 'PARK_MODEL', 'TRAVEL_TRAILER'],
};
/** Forms whose identification number is a 17-character VIN, checked when the loan product requires it. */
export const vinCollateralFamilies: readonly CollateralFamily[] = ['Auto', 'Trailer'];

export const commentTypes = ['DEALER', 'JOURNAL'] as const;
export type CommentType = (typeof commentTypes)[number];
export const commentTypeSchema = z.enum(commentTypes);

export const homeConstructionMethods = ['MANUFACTURED_HOME', 'SITE_BUILT'] as const;
export const homeLoanPurposes = [
  'CASH_OUT_REFINANCING',
  'HOME_IMPROVEMENT',
  'HOME_PURCHASE',
  'NOT_APPLICABLE',
  'OTHER_PURPOSE',
  'REFINANCING',
] as const;
export const homeLoanTypes = ['CONVENTIONAL', 'FHA', 'RHS_OR_FSA', 'VA'] as const;
export const occupancyTypes = ['INVESTMENT_PROPERTY', 'PRINCIPAL_RESIDENCE', 'SECOND_RESIDENCE'] as const;
export const landInterestTypes = [
  'DIRECT_OWNERSHIP',
  'EXEMPT',
  'INDIRECT_OWNERSHIP',
  'NOT_APPLICABLE',
  'PAID_LEASEHOLD',
  'UNPAID_LEASEHOLD',
] as const;
export const qualifiedMortgageTypes = [
  'GOVERNMENT_RELATED',
  'NON_QUALIFIED_MORTGAGE',
  'REBUTTAL_PRESUM',
  'SAFE_HARBOR',
  'SEASONED',
] as const;
export const securedPropertyTypes = [
  'EXEMPT',
  'MANUFACTURED_HOME_AND_LAND',
  'MANUFACTURED_HOME_AND_NOT_LAND',
  'NOT_APPLICABLE',
] as const;
export const tradelinePortfolioTypes = [
  'INSTALLMENT',
  'LINE_OF_CREDIT',
  'MORTGAGE',
  'OPEN',
  'OTHER',
  'REVOLVING',
  'UNKNOWN',
] as const;
export const tradelineStatuses = [
  'CHARGE_OFF',
  'COLLECTION',
  'CONSUMER_CONSULING',
  'CURRENT',
  'DECEASED',
  'DISPUTED',
  'FORECLOSURE',
  'INACTIVE',
  'INCLUDED_IN_BANKRUPTCY',
  'LOST_STOLEN_CREDIT_CARD',
  'NEW',
  'PAID',
  'PAST_DUE',
  'REFINANCED',
  'REPOSSESSED',
  'SETTLED',
  'TRANSFERRED',
  'UNKNOWN',
  'VOLUNTARY_SURRENDER',
] as const;
export const decisionTypes = ['approve', 'pending', 'counteroffer', 'decline', 'cancel'] as const;

/** US states, the District of Columbia and the territories, by postal code. */
// prettier-ignore
export const usStates = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'AS',
  'GU',
  'MP',
  'PR',
  'VI',
] as const;
export const usStateSchema = z.enum(usStates);

/** Kinds of uploaded document (the upload type of a file). */
export const uploadTypes = [
  { id: 1, name: 'Other' },
  { id: 2, name: 'Identification' },
  { id: 3, name: 'Proof of Income' },
  { id: 4, name: 'Proof of Residence' },
  { id: 5, name: 'Proof of Insurance' },
  { id: 6, name: 'Title' },
  { id: 7, name: 'Purchase Agreement' },
  { id: 8, name: 'Signed Contract' },
  { id: 9, name: 'Loan Summary' },
] as const;
export const uploadTypeIds = uploadTypes.map((u) => u.id);
export const DEFAULT_UPLOAD_TYPE_ID = 1;

/** Application history actions (spec 3: Date & Time, User, Action, Description, entity property rows). */
export const historyActions = {
  created: 'Application created',
  applicantsUpdated: 'Applicants updated',
  requestUpdated: 'Request updated',
  collateralUpdated: 'Collateral updated',
  transactionUpdated: 'Transaction updated',
  fileUploaded: 'File uploaded',
  fileUpdated: 'File upload type changed',
  fileDeleted: 'File deleted',
  commentAdded: 'Comment added',
  commentEdited: 'Comment edited',
  commentDeleted: 'Comment deleted',
  commentRestored: 'Comment restored',
  ssnRevealed: 'SSN revealed',
  unlocked: 'Unlocked',
  hmdaUpdated: 'HMDA updated',
  followUpUpdated: 'Follow up updated',
  dealerPacketUpdated: 'Dealer packet updated',
  sharesUpdated: 'Shares updated',
  customFieldsUpdated: 'Custom fields updated',
  promotionsUpdated: 'Promotions updated',
} as const;
