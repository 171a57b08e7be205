import type { z } from 'zod';
import {
  DEFAULT_PHONE_TYPE,
  type Applicant,
  type ApplicantRole,
  type applicantInputSchema,
  type businessEntityTypes,
  type companyRoles,
  type employmentStatuses,
  type GovtIdType,
  type MaritalStatus,
} from '@credence/contracts';
import type { PaymentFrequency } from '@credence/domain';
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

type Maybe<T extends string> = T | '';

export type AddressValues = { addressLine1: string; addressLine2: string; city: string; state: string; zip: string };
export type PhoneValues = { number: string; preferredContact: boolean; phoneType: number };
export type EmailValues = { email: string; preferredContact: boolean };
export type EmploymentValues = {
  status: Maybe<(typeof employmentStatuses)[number]>;
  employer: string;
  occupation: string;
  yearsEmployed: string;
  monthsEmployed: string;
  salary: string;
  payPeriod: Maybe<PaymentFrequency>;
  isCurrent: boolean;
};
export type GovtIdValues = {
  id?: number;
  govtIdType: Maybe<GovtIdType>;
  number: string;
  state: string;
  country: string;
  expirationDate: string;
};
export type FinanceValues = {
  description: string;
  type: string;
  amount: string;
  isIncome: boolean;
  isSecured: boolean;
  balance: string;
};
export type AssetValues = { description: string; type: string; amount: string; loanBalance: string };

/** One applicant as the editor holds it. */
export type ApplicantValues = {
  id?: number;
  applicantRole: Maybe<ApplicantRole>;
  isBusiness: boolean;
  memberNumber: string;
  firstName: string;
  lastName: string;
  dob: string;
  maritalStatus: Maybe<MaritalStatus>;
  /** As typed, or the stored number masked (***-**-1234), which keeps it. */
  socialSecurityNumber: string;
  companyName: string;
  companyAccountNumber: string;
  companyEstablishedDate: string;
  companyPhoneNumber: string;
  companyRole: Maybe<(typeof companyRoles)[number]>;
  businessEntityType: Maybe<(typeof businessEntityTypes)[number]>;
  /** Percent as typed ('50.25'); sent in hundredths. */
  ownershipPercentage: string;
  employerIdentificationNumber: string;
  companyDebt: string;
  companyState: string;
  companyGrossIncome: string;
  companyGrossIncomeFrequency: Maybe<PaymentFrequency>;
  companyNaicsSic: string;
  addresses: AddressValues[];
  phoneNumbers: PhoneValues[];
  emails: EmailValues[];
  employments: EmploymentValues[];
  govtIssuedIds: GovtIdValues[];
  finances: FinanceValues[];
  assets: AssetValues[];
};

export const blankAddress = (): AddressValues => ({ addressLine1: '', addressLine2: '', city: '', state: '', zip: '' });
/** Spec 3 §5: a new applicant's blank phone has phone type 1 and preferred contact false. */
export const blankPhone = (): PhoneValues => ({ number: '', preferredContact: false, phoneType: DEFAULT_PHONE_TYPE });
export const blankEmail = (): EmailValues => ({ email: '', preferredContact: false });
export const blankEmployment = (): EmploymentValues => ({
  status: 'EMPLOYED',
  employer: '',
  occupation: '',
  yearsEmployed: '',
  monthsEmployed: '',
  salary: '',
  payPeriod: '',
  isCurrent: true,
});
export const blankGovtId = (): GovtIdValues => ({
  govtIdType: 'STATE_DRIVERS_LICENSE',
  number: '',
  state: '',
  country: '',
  expirationDate: '',
});
export const blankFinance = (isIncome: boolean): FinanceValues => ({
  description: '',
  type: '',
  amount: '',
  isIncome,
  isSecured: false,
  balance: '',
});
export const blankAsset = (): AssetValues => ({ description: '', type: '', amount: '', loanBalance: '' });

/** A new applicant: one blank address, phone and e-mail to fill in (blank rows are not saved). */
export const blankApplicant = (role: Maybe<ApplicantRole>, isBusiness = false): ApplicantValues => ({
  applicantRole: role,
  isBusiness,
  memberNumber: '',
  firstName: '',
  lastName: '',
  dob: '',
  maritalStatus: '',
  socialSecurityNumber: '',
  companyName: '',
  companyAccountNumber: '',
  companyEstablishedDate: '',
  companyPhoneNumber: '',
  companyRole: '',
  businessEntityType: '',
  ownershipPercentage: '',
  employerIdentificationNumber: '',
  companyDebt: '',
  companyState: '',
  companyGrossIncome: '',
  companyGrossIncomeFrequency: '',
  companyNaicsSic: '',
  addresses: [blankAddress()],
  phoneNumbers: [blankPhone()],
  emails: [blankEmail()],
  employments: [],
  govtIssuedIds: [],
  finances: [],
  assets: [],
});

const formatEin = (digits: string | null): string =>
  digits && digits.length === 9 ? `${digits.slice(0, 2)}-${digits.slice(2)}` : (digits ?? '');

/** A stored applicant in the editor. */
export const applicantValues = (a: Applicant): ApplicantValues => ({
  id: a.id,
  applicantRole: a.applicantRole,
  isBusiness: a.isBusiness,
  memberNumber: textOf(a.memberNumber),
  firstName: textOf(a.firstName),
  lastName: textOf(a.lastName),
  dob: textOf(a.dob),
  maritalStatus: a.maritalStatus ?? '',
  socialSecurityNumber: textOf(a.socialSecurityNumber),
  companyName: textOf(a.companyName),
  companyAccountNumber: textOf(a.companyAccountNumber),
  companyEstablishedDate: textOf(a.companyEstablishedDate),
  companyPhoneNumber: formatPhone(a.companyPhoneNumber),
  companyRole: a.companyRole ?? '',
  businessEntityType: a.businessEntityType ?? '',
  ownershipPercentage: hundredthsText(a.ownershipPercentage),
  employerIdentificationNumber: formatEin(a.employerIdentificationNumber),
  companyDebt: moneyText(a.companyDebt),
  companyState: textOf(a.companyState),
  companyGrossIncome: moneyText(a.companyGrossIncome),
  companyGrossIncomeFrequency: a.companyGrossIncomeFrequency ?? '',
  companyNaicsSic: textOf(a.companyNaicsSic),
  addresses: a.addresses.map((x) => ({
    addressLine1: x.addressLine1,
    addressLine2: textOf(x.addressLine2),
    city: x.city,
    state: x.state,
    zip: x.zip,
  })),
  phoneNumbers: a.phoneNumbers.map((x) => ({
    number: formatPhone(x.number),
    preferredContact: x.preferredContact,
    phoneType: x.phoneType,
  })),
  emails: a.emails.map((x) => ({ email: x.email, preferredContact: x.preferredContact })),
  employments: a.employments.map((x) => ({
    status: x.status,
    employer: textOf(x.employer),
    occupation: textOf(x.occupation),
    yearsEmployed: intText(x.yearsEmployed),
    monthsEmployed: intText(x.monthsEmployed),
    salary: moneyText(x.salary),
    payPeriod: x.payPeriod ?? '',
    isCurrent: x.isCurrent,
  })),
  govtIssuedIds: a.govtIssuedIds.map((x) => ({
    id: x.id,
    govtIdType: x.govtIdType,
    number: x.number,
    state: textOf(x.state),
    country: textOf(x.country),
    expirationDate: textOf(x.expirationDate),
  })),
  finances: a.finances.map((x) => ({
    description: textOf(x.description),
    type: textOf(x.type),
    amount: moneyText(x.amount),
    isIncome: x.isIncome,
    isSecured: x.isSecured,
    balance: moneyText(x.balance),
  })),
  assets: a.assets.map((x) => ({
    description: textOf(x.description),
    type: textOf(x.type),
    amount: moneyText(x.amount),
    loanBalance: moneyText(x.loanBalance),
  })),
});

const allBlank = (row: Record<string, unknown>, ignore: readonly string[] = []): boolean =>
  Object.entries(row).every(([key, value]) => ignore.includes(key) || typeof value !== 'string' || value.trim() === '');

type ApplicantPayload = z.input<typeof applicantInputSchema>;

/**
 * The applicant as the API takes it. Rows left entirely blank (the new applicant's address, phone and e-mail
 * rows, or ones added and not filled) are not sent.
 */
export const applicantPayload = (a: ApplicantValues, path: string, rows: RowMap): ApplicantPayload => ({
  ...(a.id !== undefined ? { id: a.id } : {}),
  applicantRole: a.applicantRole as ApplicantRole,
  isBusiness: a.isBusiness,
  memberNumber: toText(a.memberNumber),
  firstName: toText(a.firstName),
  lastName: toText(a.lastName),
  dob: toOption(a.dob),
  maritalStatus: toOption(a.maritalStatus),
  socialSecurityNumber: toText(a.socialSecurityNumber),
  companyName: toText(a.companyName),
  companyAccountNumber: toText(a.companyAccountNumber),
  companyEstablishedDate: toOption(a.companyEstablishedDate),
  companyPhoneNumber: phonePayload(a.companyPhoneNumber),
  companyRole: toOption(a.companyRole),
  businessEntityType: toOption(a.businessEntityType),
  ownershipPercentage: toHundredths(a.ownershipPercentage),
  employerIdentificationNumber: toText(a.employerIdentificationNumber),
  companyDebt: toMoney(a.companyDebt),
  companyState: toOption(a.companyState) as ApplicantPayload['companyState'],
  companyGrossIncome: toMoney(a.companyGrossIncome),
  companyGrossIncomeFrequency: toOption(a.companyGrossIncomeFrequency),
  companyNaicsSic: toText(a.companyNaicsSic),
  addresses: compactRows(
    a.addresses,
    (x) => allBlank(x),
    (x) => ({
      addressLine1: x.addressLine1,
      addressLine2: toText(x.addressLine2),
      city: x.city,
      state: x.state as never,
      zip: digitsOf(x.zip) || x.zip,
    }),
    `${path}.addresses`,
    rows,
  ),
  phoneNumbers: compactRows(
    a.phoneNumbers,
    (x) => x.number.trim() === '',
    (x) => ({ number: digitsOf(x.number) || x.number, preferredContact: x.preferredContact, phoneType: x.phoneType }),
    `${path}.phoneNumbers`,
    rows,
  ),
  emails: compactRows(
    a.emails,
    (x) => x.email.trim() === '',
    (x) => ({ email: x.email.trim(), preferredContact: x.preferredContact }),
    `${path}.emails`,
    rows,
  ),
  employments: compactRows(
    a.employments,
    (x) => allBlank(x, ['status', 'payPeriod']),
    (x) => ({
      status: x.status as never,
      employer: toText(x.employer),
      occupation: toText(x.occupation),
      yearsEmployed: toInt(x.yearsEmployed),
      monthsEmployed: toInt(x.monthsEmployed),
      salary: toMoney(x.salary),
      payPeriod: toOption(x.payPeriod),
      isCurrent: x.isCurrent,
    }),
    `${path}.employments`,
    rows,
  ),
  govtIssuedIds: compactRows(
    a.govtIssuedIds,
    (x) => allBlank(x, ['govtIdType']),
    (x) => ({
      ...(x.id !== undefined ? { id: x.id } : {}),
      govtIdType: x.govtIdType as GovtIdType,
      number: x.number.trim(),
      state: toOption(x.state) as never,
      country: toText(x.country),
      expirationDate: toOption(x.expirationDate),
    }),
    `${path}.govtIssuedIds`,
    rows,
  ),
  finances: compactRows(
    a.finances,
    (x) => allBlank(x),
    (x) => ({
      description: toText(x.description),
      type: toText(x.type),
      amount: toMoney(x.amount) as string,
      isIncome: x.isIncome,
      isSecured: x.isSecured,
      balance: toMoney(x.balance),
    }),
    `${path}.finances`,
    rows,
  ),
  assets: compactRows(
    a.assets,
    (x) => allBlank(x),
    (x) => ({
      description: toText(x.description),
      type: toText(x.type),
      amount: toMoney(x.amount) as string,
      loanBalance: toMoney(x.loanBalance),
    }),
    `${path}.assets`,
    rows,
  ),
});

/** Payload list of applicants with the row maps of every applicant's lists. */
export const applicantsPayload = (list: readonly ApplicantValues[], path: string, rows: RowMap): ApplicantPayload[] =>
  list.map((a, i) => applicantPayload(a, `${path}.${i}`, rows));

export const applicantDisplayName = (
  a: Pick<ApplicantValues, 'isBusiness' | 'firstName' | 'lastName' | 'companyName'>,
) =>
  (a.isBusiness ? a.companyName.trim() : [a.firstName.trim(), a.lastName.trim()].filter(Boolean).join(' ')) ||
  'New Applicant';
