import type { z } from 'zod';
import {
  collateralFamilies,
  collateralTypesByFamily,
  messages,
  vinCollateralFamilies,
  type Collateral,
  type CollateralFamily,
  type collateralInputSchema,
  type CollateralType,
  type ControlType,
  type Insurance,
  type insuranceInputSchema,
} from '@credence/contracts';
import { checkVin } from '@credence/domain';
import {
  compactRows,
  digitsOf,
  hundredthsText,
  intText,
  moneyText,
  type RowMap,
  textOf,
  toHundredths,
  toInt,
  toMoney,
  toOption,
  toText,
} from '../../../components/form/values.ts';
import { formatPhone, phonePayload } from '../../../components/form/phone.ts';
import { blankAddress, type AddressValues } from './applicant-model.ts';

export type LienValues = { lienholder: string; accountNumber: string; payoffAmount: string; perDiem: string };

type CollateralInput = z.input<typeof collateralInputSchema>;

export type CollateralValues = {
  id?: number;
  family: CollateralFamily;
  type: CollateralType | '';
  identificationNumber: string;
  value: string;
  year: string;
  make: string;
  model: string;
  style: string;
  color: string;
  hours: string;
  mileage: string;
  length: string;
  isUsed: boolean;
  isNew: boolean;
  msrp: string;
  vehicleValuationType: string;
  isFloodInsuranceRequired: boolean;
  floodZoneType: string;
  /** Kept as stored (edited by the valuation and grantor screens, not here). */
  accessories: NonNullable<CollateralInput['accessories']>;
  grantors: NonNullable<CollateralInput['grantors']>;
  liens: LienValues[];
  accountNumber: string;
  /** Percent as typed; sent in hundredths. */
  currentRate: string;
  accountOwner: string;
  holdPercentage: string;
  maturityDate: string;
  isSalvage: boolean;
  memberNumber: string;
  address: AddressValues;
  isPrimaryAddress: boolean;
  county: string;
  maxLoanAmount: string;
  qualifiedMortgageType: string;
  lienPosition: string;
  homeValueType: string;
  homeLoanType: string;
  hmdaPurposeType: string;
  constructionMethod: string;
  totalUnits: string;
  censusTrack: string;
  securedPropertyType: string;
  landPropertyInterest: string;
  homeOccupancyStatus: string;
};

export type InsuranceValues = {
  company: string;
  policyNumber: string;
  agentFirstName: string;
  agentLastName: string;
  agentPhoneNumber: string;
  faxNumber: string;
  expirationDate: string;
};

/** Which collateral forms each control type offers. */
export const familiesByControlType: Record<ControlType, readonly CollateralFamily[]> = {
  AUTOMOTIVE: ['Auto', 'Trailer'],
  BOAT: ['Boat', 'Engine', 'Trailer'],
  RV: ['Auto', 'Trailer'],
  HEL: ['Home'],
  CD_SHARE: ['Cd', 'Share'],
  PERSONAL: collateralFamilies,
  CREDIT_CARD: ['Share', 'Cd'],
};

/** The collateral type a new collateral starts with, by control type. */
export const defaultCollateralType: Record<ControlType, CollateralType> = {
  AUTOMOTIVE: 'AUTO',
  BOAT: 'BOAT',
  RV: 'RV',
  HEL: 'HOME',
  CD_SHARE: 'CD',
  PERSONAL: 'AUTO',
  CREDIT_CARD: 'SHARE',
};

/** The form a collateral type is edited with. */
export const familyOf = (type: CollateralType): CollateralFamily =>
  collateralFamilies.find((family) => collateralTypesByFamily[family].includes(type)) ?? 'Auto';

export const blankLien = (): LienValues => ({ lienholder: '', accountNumber: '', payoffAmount: '', perDiem: '' });

export const blankCollateral = (type: CollateralType): CollateralValues => ({
  family: familyOf(type),
  type,
  identificationNumber: '',
  value: '',
  year: '',
  make: '',
  model: '',
  style: '',
  color: '',
  hours: '',
  mileage: '',
  length: '',
  isUsed: false,
  isNew: false,
  msrp: '',
  vehicleValuationType: '',
  isFloodInsuranceRequired: false,
  floodZoneType: '',
  accessories: [],
  grantors: [],
  liens: [],
  accountNumber: '',
  currentRate: '',
  accountOwner: '',
  holdPercentage: '',
  maturityDate: '',
  isSalvage: false,
  memberNumber: '',
  address: blankAddress(),
  isPrimaryAddress: false,
  county: '',
  maxLoanAmount: '',
  qualifiedMortgageType: '',
  lienPosition: '',
  homeValueType: '',
  homeLoanType: '',
  hmdaPurposeType: '',
  constructionMethod: '',
  totalUnits: '',
  censusTrack: '',
  securedPropertyType: '',
  landPropertyInterest: '',
  homeOccupancyStatus: '',
});

export const blankInsurance = (): InsuranceValues => ({
  company: '',
  policyNumber: '',
  agentFirstName: '',
  agentLastName: '',
  agentPhoneNumber: '',
  faxNumber: '',
  expirationDate: '',
});

export const collateralValues = (c: Collateral): CollateralValues => ({
  id: c.id,
  family: c.family,
  type: c.type,
  identificationNumber: textOf(c.identificationNumber),
  value: moneyText(c.value),
  year: intText(c.year),
  make: textOf(c.make),
  model: textOf(c.model),
  style: textOf(c.style),
  color: textOf(c.color),
  hours: intText(c.hours),
  mileage: intText(c.mileage),
  length: intText(c.length),
  isUsed: c.isUsed,
  isNew: c.isNew,
  msrp: moneyText(c.msrp),
  vehicleValuationType: textOf(c.vehicleValuationType),
  isFloodInsuranceRequired: c.isFloodInsuranceRequired,
  floodZoneType: textOf(c.floodZoneType),
  accessories: c.accessories.map((a) => ({ ...a })),
  grantors: c.grantors.map((g) => ({
    firstName: g.firstName,
    lastName: g.lastName,
    email: g.email,
    address: g.address ? { ...g.address, state: g.address.state as never } : null,
  })),
  liens: c.liens.map((l) => ({
    lienholder: textOf(l.lienholder),
    accountNumber: textOf(l.accountNumber),
    payoffAmount: moneyText(l.payoffAmount),
    perDiem: moneyText(l.perDiem),
  })),
  accountNumber: textOf(c.accountNumber),
  currentRate: hundredthsText(c.currentRate),
  accountOwner: textOf(c.accountOwner),
  holdPercentage: hundredthsText(c.holdPercentage),
  maturityDate: textOf(c.maturityDate),
  isSalvage: c.isSalvage,
  memberNumber: textOf(c.memberNumber),
  address: c.address
    ? {
        addressLine1: textOf(c.address.addressLine1),
        addressLine2: textOf(c.address.addressLine2),
        city: textOf(c.address.city),
        state: textOf(c.address.state),
        zip: textOf(c.address.zip),
      }
    : blankAddress(),
  isPrimaryAddress: c.isPrimaryAddress,
  county: textOf(c.county),
  maxLoanAmount: moneyText(c.maxLoanAmount),
  qualifiedMortgageType: textOf(c.qualifiedMortgageType),
  lienPosition: intText(c.lienPosition),
  homeValueType: textOf(c.homeValueType),
  homeLoanType: textOf(c.homeLoanType),
  hmdaPurposeType: textOf(c.hmdaPurposeType),
  constructionMethod: textOf(c.constructionMethod),
  totalUnits: intText(c.totalUnits),
  censusTrack: textOf(c.censusTrack),
  securedPropertyType: textOf(c.securedPropertyType),
  landPropertyInterest: textOf(c.landPropertyInterest),
  homeOccupancyStatus: textOf(c.homeOccupancyStatus),
});

export const insuranceValues = (i: Insurance | null): InsuranceValues =>
  i
    ? {
        company: i.company,
        policyNumber: textOf(i.policyNumber),
        agentFirstName: textOf(i.agentFirstName),
        agentLastName: textOf(i.agentLastName),
        agentPhoneNumber: formatPhone(i.agentPhoneNumber),
        faxNumber: formatPhone(i.faxNumber),
        expirationDate: textOf(i.expirationDate),
      }
    : blankInsurance();

const addressPayload = (a: AddressValues) => {
  const blank = Object.values(a).every((v) => v.trim() === '');
  if (blank) return null;
  return {
    addressLine1: toText(a.addressLine1),
    addressLine2: toText(a.addressLine2),
    city: toText(a.city),
    state: toOption(a.state) as never,
    zip: digitsOf(a.zip) || toText(a.zip),
  };
};

/** The collateral as the API takes it; lien rows left blank are not sent, an empty payoff or per diem is null. */
export const collateralPayload = (c: CollateralValues, path: string, rows: RowMap): CollateralInput => ({
  ...(c.id !== undefined ? { id: c.id } : {}),
  family: c.family,
  type: c.type as CollateralType,
  identificationNumber: toText(c.identificationNumber.toUpperCase()),
  value: toMoney(c.value),
  year: toInt(c.year),
  make: toText(c.make),
  model: toText(c.model),
  style: toText(c.style),
  color: toText(c.color),
  hours: toInt(c.hours),
  mileage: toInt(c.mileage),
  length: toInt(c.length),
  isUsed: c.isUsed,
  isNew: c.isNew,
  msrp: toMoney(c.msrp),
  vehicleValuationType: toText(c.vehicleValuationType),
  isFloodInsuranceRequired: c.isFloodInsuranceRequired,
  floodZoneType: toText(c.floodZoneType),
  accessories: c.accessories,
  grantors: c.grantors,
  liens: compactRows(
    c.liens,
    (l) => Object.values(l).every((v) => v.trim() === ''),
    (l) => ({
      lienholder: toText(l.lienholder),
      accountNumber: toText(l.accountNumber),
      payoffAmount: toMoney(l.payoffAmount),
      perDiem: toMoney(l.perDiem),
    }),
    `${path}.liens`,
    rows,
  ),
  accountNumber: toText(c.accountNumber),
  currentRate: toHundredths(c.currentRate),
  accountOwner: toText(c.accountOwner),
  holdPercentage: toHundredths(c.holdPercentage),
  maturityDate: toOption(c.maturityDate),
  isSalvage: c.isSalvage,
  memberNumber: toText(c.memberNumber),
  address: c.family === 'Home' ? addressPayload(c.address) : null,
  isPrimaryAddress: c.isPrimaryAddress,
  county: toText(c.county),
  maxLoanAmount: toMoney(c.maxLoanAmount),
  qualifiedMortgageType: toOption(c.qualifiedMortgageType) as never,
  lienPosition: toInt(c.lienPosition),
  homeValueType: toText(c.homeValueType),
  homeLoanType: toOption(c.homeLoanType) as never,
  hmdaPurposeType: toOption(c.hmdaPurposeType) as never,
  constructionMethod: toOption(c.constructionMethod) as never,
  totalUnits: toInt(c.totalUnits),
  censusTrack: toText(c.censusTrack),
  securedPropertyType: toOption(c.securedPropertyType) as never,
  landPropertyInterest: toOption(c.landPropertyInterest) as never,
  homeOccupancyStatus: toOption(c.homeOccupancyStatus) as never,
});

export const insurancePayload = (i: InsuranceValues): z.input<typeof insuranceInputSchema> => ({
  company: toText(i.company),
  policyNumber: toText(i.policyNumber),
  agentFirstName: toText(i.agentFirstName),
  agentLastName: toText(i.agentLastName),
  agentPhoneNumber: phonePayload(i.agentPhoneNumber),
  faxNumber: phonePayload(i.faxNumber),
  expirationDate: toOption(i.expirationDate),
});

/** Spec 3 §5: a VIN is checked (17 characters, check digit) when the loan product requires it. */
export const vinRules = (
  collaterals: readonly CollateralValues[],
  requiresVin: boolean,
  path = 'collaterals',
): Record<string, string> => {
  const errors: Record<string, string> = {};
  if (!requiresVin) return errors;
  collaterals.forEach((c, i) => {
    if (vinCollateralFamilies.includes(c.family) && !checkVin(c.identificationNumber).valid) {
      errors[`${path}.${i}.identificationNumber`] = messages.validation.invalidVin;
    }
  });
  return errors;
};

/** Insurance the product gathers: company and policy number are required (spec 3 §5). */
export const insuranceRules = (insurance: InsuranceValues, required: boolean): Record<string, string> => {
  if (!required) return {};
  const errors: Record<string, string> = {};
  if (insurance.company.trim() === '') errors['insurance.company'] = messages.validation.required;
  if (insurance.policyNumber.trim() === '') errors['insurance.policyNumber'] = messages.validation.required;
  return errors;
};

/** Collateral types whose name is an abbreviation or needs more than title case. */
const collateralTypeNames: Partial<Record<CollateralType, string>> = {
  ATV: 'ATV',
  CD: 'Certificate of Deposit (CD)',
  RV: 'RV',
  SPORT_UTILITY: 'Sport Utility Vehicle',
};

/** A collateral type as people read it: 'TRAVEL_TRAILER' -> 'Travel Trailer', 'CD' -> 'Certificate of Deposit (CD)'. */
export const collateralTypeLabel = (type: CollateralType | '' | null | undefined): string =>
  !type
    ? 'Collateral'
    : (collateralTypeNames[type] ??
      type
        .toLowerCase()
        .split('_')
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join(' '));

/**
 * The title of a collateral card: year, make and model for what has them (vehicles, boats, engines); a home is
 * its address (its year built is no title); a CD or share its type and account number; otherwise its type.
 */
export const collateralTitle = (c: {
  family: CollateralFamily;
  type: CollateralType | '';
  year: string | number | null;
  make: string | null;
  model: string | null;
  accountNumber?: string | null;
  addressLine?: string | null;
}): string => {
  if (c.family === 'Home') return c.addressLine?.trim() || 'Home';
  if (c.family === 'Cd' || c.family === 'Share') {
    const account = c.accountNumber?.trim();
    return account ? `${collateralTypeLabel(c.type)} ${account}` : collateralTypeLabel(c.type);
  }
  return (
    [c.year, c.make, c.model]
      .map((part) => (part === null ? '' : String(part).trim()))
      .filter((part) => part !== '')
      .join(' ') || collateralTypeLabel(c.type)
  );
};

export const describeCollateral = (
  c: Pick<CollateralValues, 'family' | 'year' | 'make' | 'model' | 'type' | 'accountNumber'> & {
    address?: { addressLine1: string; city: string };
  },
): string =>
  collateralTitle({
    ...c,
    addressLine: c.address ? [c.address.addressLine1, c.address.city].filter((p) => p.trim()).join(', ') : null,
  });
