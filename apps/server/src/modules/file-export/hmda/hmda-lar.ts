import { usStates } from '@credence/contracts';
import { isIsoDate } from '@credence/domain';

/**
 * The HMDA Loan/Application Register file (issue 33, item 9) — pure: the records, the file and the FFIEC edits.
 *
 * The format is the FFIEC's "Filing Instructions Guide for HMDA data collected in 2018 and later" (FIG), as the
 * HMDA Platform reads it (github.com/cfpb/hmda-platform: `TransmittalSheet.toCSV`, `LoanApplicationRegister.toCSV`,
 * the field names of `TsFieldMapping` / `LarFieldMapping`, the edits of `hmda/validation/rules` and their wording in
 * `2026EditsDescriptions.txt`):
 * - a pipe-delimited text file; row 1 is the transmittal sheet (15 fields, record identifier `1`), then one loan/
 *   application register row per application (110 fields, record identifier `2`);
 * - no quoting: a blank field is two pipes in a row; a value never contains a pipe or a line break (the file
 *   writer turns them into spaces);
 * - rows end with a line feed "\n" (the platform frames the upload on "\n"; its sample files use LF).
 *
 * A record is the FIG's fields as text, keyed by a short name; `tsFieldNames` / `larFieldNames` give the FIG's
 * name of each, in file order. Codes are the FIG's codes as text, 'NA' and 'Exempt' as the FIG spells them, '' a
 * blank field. Where each LAR field comes from in Credence: hmda-lar.loader.ts.
 *
 * The edits (`editHmdaFile`) are the FFIEC's syntactical (S3xx) and validity (V6xx–V7xx) edits on the fields
 * Credence fills: each failure names the edit, the row (file line, application, ULI), the field to fix as the FIG
 * names it and what is wrong in plain English. Quality and macro edits (Q6xx, Q7xx), census look-ups (V625-2,
 * V716) and the institution register (the LEI is the filer's) need the FFIEC's data and are left to the platform.
 */

/* ------------------------------------------------------------------------------------------------ fields */

/** The transmittal sheet's fields in file order, with the FIG's names. */
export const tsFieldNames = {
  recordIdentifier: 'Record Identifier',
  institutionName: 'Financial Institution Name',
  calendarYear: 'Calendar Year',
  calendarQuarter: 'Calendar Quarter',
  contactName: "Contact Person's Name",
  contactPhone: "Contact Person's Phone Number",
  contactEmail: "Contact Person's E-mail Address",
  contactStreet: "Contact Person's Office Street Address",
  contactCity: "Contact Person's Office City",
  contactState: "Contact Person's Office State",
  contactZip: "Contact Person's Office Zip Code",
  federalAgency: 'Federal Agency',
  totalEntries: 'Total Number of Entries Contained in Submission',
  taxId: 'Federal Taxpayer Identification Number',
  lei: 'Legal Entity Identifier (LEI)',
} as const;
export type TsKey = keyof typeof tsFieldNames;
export type HmdaTransmittalSheet = Record<TsKey, string>;

const ethnicityFields = (who: 'applicant' | 'coApplicant', name: string) =>
  ({
    [`${who}Ethnicity1`]: `Ethnicity of ${name}: 1`,
    [`${who}Ethnicity2`]: `Ethnicity of ${name}: 2`,
    [`${who}Ethnicity3`]: `Ethnicity of ${name}: 3`,
    [`${who}Ethnicity4`]: `Ethnicity of ${name}: 4`,
    [`${who}Ethnicity5`]: `Ethnicity of ${name}: 5`,
    [`${who}EthnicityText`]: `Ethnicity of ${name}: Free Form Text Field for Other Hispanic or Latino`,
  }) as Record<`${typeof who}Ethnicity${1 | 2 | 3 | 4 | 5 | 'Text'}`, string>;

const raceFields = (who: 'applicant' | 'coApplicant', name: string) =>
  ({
    [`${who}Race1`]: `Race of ${name}: 1`,
    [`${who}Race2`]: `Race of ${name}: 2`,
    [`${who}Race3`]: `Race of ${name}: 3`,
    [`${who}Race4`]: `Race of ${name}: 4`,
    [`${who}Race5`]: `Race of ${name}: 5`,
    [`${who}RaceNativeText`]: `Race of ${name}: Free Form Text Field for American Indian or Alaska Native Enrolled or Principal Tribe`,
    [`${who}RaceAsianText`]: `Race of ${name}: Free Form Text Field for Other Asian`,
    [`${who}RacePacificText`]: `Race of ${name}: Free Form Text Field for Other Pacific Islander`,
  }) as Record<`${typeof who}Race${1 | 2 | 3 | 4 | 5 | 'NativeText' | 'AsianText' | 'PacificText'}`, string>;

const APPLICANT = 'Applicant or Borrower';
const CO_APPLICANT = 'Co-Applicant or Co-Borrower';
const OBSERVED = 'Collected on the Basis of Visual Observation or Surname';

/** The loan/application register's 110 fields in file order, with the FIG's names. */
export const larFieldNames = {
  recordIdentifier: 'Record Identifier',
  lei: 'Legal Entity Identifier (LEI)',
  uli: 'Universal Loan Identifier (ULI)',
  applicationDate: 'Application Date',
  loanType: 'Loan Type',
  loanPurpose: 'Loan Purpose',
  preapproval: 'Preapproval',
  constructionMethod: 'Construction Method',
  occupancyType: 'Occupancy Type',
  loanAmount: 'Loan Amount',
  actionTaken: 'Action Taken',
  actionTakenDate: 'Action Taken Date',
  street: 'Street Address',
  city: 'City',
  state: 'State',
  zip: 'Zip Code',
  county: 'County',
  censusTract: 'Census Tract',
  ...ethnicityFields('applicant', APPLICANT),
  ...ethnicityFields('coApplicant', CO_APPLICANT),
  applicantEthnicityObserved: `Ethnicity of ${APPLICANT} ${OBSERVED}`,
  coApplicantEthnicityObserved: `Ethnicity of ${CO_APPLICANT} ${OBSERVED}`,
  ...raceFields('applicant', APPLICANT),
  ...raceFields('coApplicant', CO_APPLICANT),
  applicantRaceObserved: `Race of ${APPLICANT} ${OBSERVED}`,
  coApplicantRaceObserved: `Race of ${CO_APPLICANT} ${OBSERVED}`,
  applicantSex: `Sex of ${APPLICANT}`,
  coApplicantSex: `Sex of ${CO_APPLICANT}`,
  applicantSexObserved: `Sex of ${APPLICANT} ${OBSERVED}`,
  coApplicantSexObserved: `Sex of ${CO_APPLICANT} ${OBSERVED}`,
  applicantAge: `Age of ${APPLICANT}`,
  coApplicantAge: `Age of ${CO_APPLICANT}`,
  income: 'Income',
  purchaserType: 'Type of Purchaser',
  rateSpread: 'Rate Spread',
  hoepaStatus: 'HOEPA Status',
  lienStatus: 'Lien Status',
  applicantCreditScore: `Credit Score of ${APPLICANT}`,
  coApplicantCreditScore: `Credit Score of ${CO_APPLICANT}`,
  applicantCreditModel: `${APPLICANT}, Name and Version of Credit Scoring Model`,
  applicantCreditModelText: `${APPLICANT}, Name and Version of Credit Scoring Model: Conditional Free Form Text Field for Code 8`,
  coApplicantCreditModel: `${CO_APPLICANT}, Name and Version of Credit Scoring Model`,
  coApplicantCreditModelText: `${CO_APPLICANT}, Name and Version of Credit Scoring Model: Conditional Free Form Text Field for Code 8`,
  denialReason1: 'Reason for Denial: 1',
  denialReason2: 'Reason for Denial: 2',
  denialReason3: 'Reason for Denial: 3',
  denialReason4: 'Reason for Denial: 4',
  denialReasonText: 'Reason for Denial: Conditional Free Form Text Field for Code 9',
  totalLoanCosts: 'Total Loan Costs',
  totalPointsAndFees: 'Total Points and Fees',
  originationCharges: 'Origination Charges',
  discountPoints: 'Discount Points',
  lenderCredits: 'Lender Credits',
  interestRate: 'Interest Rate',
  prepaymentPenaltyTerm: 'Prepayment Penalty Term',
  debtToIncomeRatio: 'Debt-to-Income Ratio',
  combinedLoanToValueRatio: 'Combined Loan-to-Value Ratio',
  loanTerm: 'Loan Term',
  introductoryRatePeriod: 'Introductory Rate Period',
  balloonPayment: 'Balloon Payment',
  interestOnlyPayments: 'Interest-Only Payments',
  negativeAmortization: 'Negative Amortization',
  otherNonAmortizingFeatures: 'Other Non-amortizing Features',
  propertyValue: 'Property Value',
  manufacturedHomeSecuredPropertyType: 'Manufactured Home Secured Property Type',
  manufacturedHomeLandPropertyInterest: 'Manufactured Home Land Property Interest',
  totalUnits: 'Total Units',
  multifamilyAffordableUnits: 'Multifamily Affordable Units',
  submissionOfApplication: 'Submission of Application',
  initiallyPayableToInstitution: 'Initially Payable to Your Institution',
  nmlsrId: 'NMLSR ID',
  aus1: 'Automated Underwriting System: 1',
  aus2: 'Automated Underwriting System: 2',
  aus3: 'Automated Underwriting System: 3',
  aus4: 'Automated Underwriting System: 4',
  aus5: 'Automated Underwriting System: 5',
  ausText: 'Automated Underwriting System: Conditional Free Form Text Field for Code 5',
  ausResult1: 'Automated Underwriting System Result: 1',
  ausResult2: 'Automated Underwriting System Result: 2',
  ausResult3: 'Automated Underwriting System Result: 3',
  ausResult4: 'Automated Underwriting System Result: 4',
  ausResult5: 'Automated Underwriting System Result: 5',
  ausResultText: 'Automated Underwriting System Result: Conditional Free Form Text Field for Code 16',
  reverseMortgage: 'Reverse Mortgage',
  openEndLineOfCredit: 'Open-End Line of Credit',
  businessOrCommercialPurpose: 'Business or Commercial Purpose',
} as const;
export type LarKey = keyof typeof larFieldNames;

/** One LAR row: the FIG's fields as text, and the application it reports (not written to the file). */
export type HmdaLar = Record<LarKey, string> & { readonly applicationId: number | null };

const tsKeys = Object.keys(tsFieldNames) as TsKey[];
const larKeys = Object.keys(larFieldNames) as LarKey[];

/* ------------------------------------------------------------------------------------------------ the file */

/** The FIG's line ending. */
export const HMDA_LINE_END = '\n';

/** A field's text as written: a pipe or a line break would break the row, so each becomes a space. */
const cell = (value: string) => value.replace(/[|\r\n]+/g, ' ');

/** The transmittal sheet's row. */
export const formatTransmittalSheet = (ts: HmdaTransmittalSheet): string => tsKeys.map((k) => cell(ts[k])).join('|');

/** One LAR row. */
export const formatLar = (lar: HmdaLar): string => larKeys.map((k) => cell(lar[k])).join('|');

/** The whole file: the transmittal sheet, then one row per LAR, each ending with "\n". */
export const formatHmdaFile = (ts: HmdaTransmittalSheet, lars: readonly HmdaLar[]): string =>
  [formatTransmittalSheet(ts), ...lars.map(formatLar)].map((line) => line + HMDA_LINE_END).join('');

/* ------------------------------------------------------------------------------------------------ ULI */

const alphanumeric = /^[A-Za-z0-9]+$/;

/** The ULI's digits: letters as 10–35 (A=10 … Z=35, either case), digits as themselves (FIG, Appendix C). */
const uliDigits = (text: string) =>
  BigInt([...text.toUpperCase()].map((c) => (c >= 'A' && c <= 'Z' ? String(c.charCodeAt(0) - 55) : c)).join(''));

/**
 * The two check digits of a ULI (ISO/IEC 7064, MOD 97-10, as Regulation C Appendix C describes): the LEI and the
 * loan id converted to digits, times 100, modulo 97; 98 less that, on two digits.
 */
export const uliCheckDigits = (lei: string, loanId: string): string => {
  const base = `${lei}${loanId}`;
  if (!alphanumeric.test(base)) throw new RangeError('A ULI has letters and digits only');
  return String(98n - ((uliDigits(base) * 100n) % 97n)).padStart(2, '0');
};

/** The ULI of a loan: the LEI, the institution's id of the loan, and the check digits. */
export const buildUli = (lei: string, loanId: string): string => `${lei}${loanId}${uliCheckDigits(lei, loanId)}`;

/** Whether a ULI's check digits are right: the whole ULI as digits, modulo 97, is 1. */
export const uliCheckDigitsValid = (uli: string): boolean =>
  alphanumeric.test(uli) && uli.length >= 3 && uliDigits(uli) % 97n === 1n;

/* ------------------------------------------------------------------------------------------------ edits */

export type HmdaEditType = 'syntactical' | 'validity';

/** One failed edit: which, where, the field to fix (the FIG's name) and what is wrong. */
export type HmdaEditFailure = {
  editId: string;
  editType: HmdaEditType;
  /** The file's line: 1 is the transmittal sheet, 2 the first LAR. */
  line: number;
  /** The application the row reports (null: the transmittal sheet, or a row not built from one). */
  applicationId: number | null;
  /** The row's ULI (null: the transmittal sheet). */
  uli: string | null;
  field: string;
  message: string;
};

export type HmdaEditOptions = {
  /** The year the file is filed for (S302, V619-2); default: the transmittal sheet's calendar year. */
  filingYear?: number;
};

type Edit<R, K extends string> = {
  id: string;
  type: HmdaEditType;
  field: K;
  message: string;
  fails: (r: R, ctx: { year: string }) => boolean;
};

const blank = (v: string) => v === '';
const oneOf = (v: string, codes: readonly string[]) => codes.includes(v);
const codes = (text: string) => text.split(' ');
const naOrExempt = (v: string) => v === 'NA' || v === 'Exempt';
const decimal = /^-?\d+(\.\d+)?$/;
const isNumber = (v: string) => decimal.test(v);
const isWhole = (v: string) => /^\d+$/.test(v);
const isPositiveNumber = (v: string) => isNumber(v) && Number(v) > 0;
const isPositiveWhole = (v: string) => isWhole(v) && Number(v) > 0;
const isNonNegative = (v: string) => isNumber(v) && !v.startsWith('-');
/** A date YYYYMMDD that exists. */
export const isHmdaDate = (v: string) =>
  /^\d{8}$/.test(v) && isIsoDate(`${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6)}`);
const zipPattern = /^\d{5}(-\d{4})?$/;
const stateCodes: readonly string[] = usStates;
const distinct = (values: string[]) => new Set(values).size === values.length;

/* ----------------------------------------------------------------- transmittal sheet */

const tsEdit = (id: string, field: TsKey, message: string, fails: (ts: HmdaTransmittalSheet) => boolean) =>
  ({ id, type: id.startsWith('S') ? 'syntactical' : 'validity', field, message, fails }) as Edit<
    HmdaTransmittalSheet,
    TsKey
  >;

const tsEdits: Edit<HmdaTransmittalSheet, TsKey>[] = [
  tsEdit(
    'S300',
    'recordIdentifier',
    'The first row of the file must begin with 1 (the transmittal sheet).',
    (ts) => ts.recordIdentifier !== '1',
  ),
  tsEdit(
    'V600',
    'lei',
    'The LEI must be 20 letters or digits; enter the institution’s LEI.',
    (ts) => !/^[A-Za-z0-9]{20}$/.test(ts.lei),
  ),
  tsEdit('V601', 'institutionName', 'Enter the financial institution’s name.', (ts) =>
    blank(ts.institutionName.trim()),
  ),
  tsEdit('V601', 'contactName', 'Enter the contact person’s name.', (ts) => blank(ts.contactName.trim())),
  tsEdit('V601', 'contactEmail', 'Enter the contact person’s e-mail address.', (ts) => blank(ts.contactEmail.trim())),
  tsEdit('V601', 'contactStreet', 'Enter the contact person’s office street address.', (ts) =>
    blank(ts.contactStreet.trim()),
  ),
  tsEdit('V601', 'contactCity', 'Enter the contact person’s office city.', (ts) => blank(ts.contactCity.trim())),
  tsEdit('V602', 'calendarQuarter', 'An annual file’s calendar quarter is 4.', (ts) => ts.calendarQuarter !== '4'),
  tsEdit(
    'V603',
    'contactPhone',
    'The contact person’s phone number is written 999-999-9999.',
    (ts) => !/^\d{3}-\d{3}-\d{4}$/.test(ts.contactPhone),
  ),
  tsEdit(
    'V604',
    'contactState',
    'The contact person’s office state is a two-letter state code.',
    (ts) => !oneOf(ts.contactState, stateCodes),
  ),
  tsEdit(
    'V605',
    'contactZip',
    'The contact person’s office ZIP code is 12345 or 12345-1010.',
    (ts) => !zipPattern.test(ts.contactZip),
  ),
  tsEdit(
    'V606',
    'totalEntries',
    'The total number of entries is a whole number greater than zero.',
    (ts) => !isPositiveWhole(ts.totalEntries),
  ),
  tsEdit(
    'V607',
    'taxId',
    'The federal taxpayer identification number is written 99-9999999.',
    (ts) => !/^\d{2}-\d{7}$/.test(ts.taxId),
  ),
];

/* ----------------------------------------------------------------- LAR */

type L = HmdaLar;
const edit = (id: string, field: LarKey, message: string, fails: (l: L, ctx: { year: string }) => boolean) =>
  ({ id, type: id.startsWith('S') ? 'syntactical' : 'validity', field, message, fails }) as Edit<L, LarKey>;

const actionIn = (l: L, list: string) => oneOf(l.actionTaken, codes(list));
const ETHNICITY_DETAILED = codes('1 11 12 13 14 2');
const RACE_DETAILED = codes('1 2 21 22 23 24 25 26 27 3 4 41 42 43 44 5');
const RACE_BROAD = codes('1 2 3 4 5');
const CREDIT_MODELS = codes('1111 1 2 3 4 5 6 7 8 9 11 12 13 14 15');

type Who = 'applicant' | 'coApplicant';
const others = (l: L, who: Who, kind: 'Ethnicity' | 'Race') =>
  [2, 3, 4, 5].map((n) => l[`${who}${kind}${n}` as LarKey]);
const all = (l: L, who: Who, kind: 'Ethnicity' | 'Race') =>
  [1, 2, 3, 4, 5].map((n) => l[`${who}${kind}${n}` as LarKey]).filter((v) => !blank(v));
const raceTexts = (l: L, who: Who) =>
  [l[`${who}RaceNativeText`], l[`${who}RaceAsianText`], l[`${who}RacePacificText`]].some((t) => !blank(t));
const nonNatural = (l: L, who: Who) =>
  l[`${who}Ethnicity1`] === '4' && l[`${who}Race1`] === '7' && l[`${who}Sex`] === '4';

/** Ethnicity, race and sex edits of the applicant (ids of the applicant) or the co-applicant. */
const demographicEdits = (who: Who): Edit<L, LarKey>[] => {
  const co = who === 'coApplicant';
  const person = co ? 'co-applicant' : 'applicant';
  const e1 = `${who}Ethnicity1` as const;
  const r1 = `${who}Race1` as const;
  const eObs = `${who}EthnicityObserved` as const;
  const rObs = `${who}RaceObserved` as const;
  const sex = `${who}Sex` as const;
  const sObs = `${who}SexObserved` as const;
  const eText = (l: L) => !blank(l[`${who}EthnicityText`]);
  const id = (applicant: string, coApplicant: string) => (co ? coApplicant : applicant);
  return [
    edit(
      id('V628-1', 'V631-1'),
      e1,
      `Enter the ${person}'s ethnicity (${co ? '1, 11–14, 2, 3, 4 or 5' : '1, 11–14, 2, 3 or 4'}) or the Other Hispanic or Latino text.`,
      (l) => (blank(l[e1]) ? !eText(l) : !oneOf(l[e1], [...ETHNICITY_DETAILED, '3', '4', ...(co ? ['5'] : [])])),
    ),
    edit(
      id('V628-2', 'V631-2'),
      `${who}Ethnicity2`,
      `The ${person}'s ethnicities 2 to 5 are 1, 11–14, 2 or blank.`,
      (l) => others(l, who, 'Ethnicity').some((v) => !blank(v) && !oneOf(v, ETHNICITY_DETAILED)),
    ),
    edit(
      id('V628-3', 'V631-3'),
      `${who}Ethnicity2`,
      `Each ethnicity of the ${person} may be reported once.`,
      (l) => !distinct(all(l, who, 'Ethnicity')),
    ),
    edit(
      id('V628-4', 'V631-4'),
      `${who}Ethnicity2`,
      `When the ${person}'s ethnicity is not provided or not applicable, ethnicities 2 to 5 stay blank.`,
      (l) => oneOf(l[e1], co ? ['3', '4', '5'] : ['3', '4']) && others(l, who, 'Ethnicity').some((v) => !blank(v)),
    ),
    edit(
      id('V629-1', 'V632-1'),
      eObs,
      `Say whether the ${person}'s ethnicity was collected on the basis of visual observation or surname (${co ? '1 to 4' : '1, 2 or 3'}).`,
      (l) => !oneOf(l[eObs], co ? ['1', '2', '3', '4'] : ['1', '2', '3']),
    ),
    edit(
      id('V629-2', 'V632-2'),
      e1,
      `An ethnicity collected by visual observation or surname is 1 (Hispanic or Latino) or 2 (Not Hispanic or Latino), without subcategories.`,
      (l) =>
        l[eObs] === '1' &&
        (!oneOf(l[e1], ['1', '2']) ||
          !(blank(l[`${who}Ethnicity2`]) || oneOf(l[`${who}Ethnicity2`], ['1', '2'])) ||
          others(l, who, 'Ethnicity')
            .slice(1)
            .some((v) => !blank(v))),
    ),
    edit(
      id('V629-3', 'V632-3'),
      e1,
      `An ethnicity the ${person} provided is 1, 11–14, 2 or 3 (not provided).`,
      (l) => l[eObs] === '2' && (blank(l[e1]) ? !eText(l) : !oneOf(l[e1], [...ETHNICITY_DETAILED, '3'])),
    ),
    edit(
      id('V630', 'V633'),
      eObs,
      `When the ${person}'s ethnicity is not applicable (4), its collection by visual observation is 3 (not applicable).`,
      (l) => l[e1] === '4' && l[eObs] !== '3',
    ),
    ...(co
      ? [
          edit(
            'V634',
            eObs,
            'Ethnicity 5 (no co-applicant) goes with collection code 4, and only with it.',
            (l) => (l[e1] === '5') !== (l[eObs] === '4'),
          ),
        ]
      : []),
    edit(
      id('V635-1', 'V638-1'),
      r1,
      `Enter the ${person}'s race (${co ? '1–5 with subcategories, 6, 7 or 8' : '1–5 with subcategories, 6 or 7'}) or a race text.`,
      (l) => (blank(l[r1]) ? !raceTexts(l, who) : !oneOf(l[r1], [...RACE_DETAILED, '6', '7', ...(co ? ['8'] : [])])),
    ),
    edit(
      id('V635-2', 'V638-2'),
      `${who}Race2`,
      `The ${person}'s races 2 to 5 are 1–5 with subcategories, or blank.`,
      (l) => others(l, who, 'Race').some((v) => !blank(v) && !oneOf(v, RACE_DETAILED)),
    ),
    edit(
      id('V635-3', 'V638-3'),
      `${who}Race2`,
      `Each race of the ${person} may be reported once.`,
      (l) => !distinct(all(l, who, 'Race')),
    ),
    edit(
      id('V635-4', 'V638-4'),
      `${who}Race2`,
      `When the ${person}'s race is not provided or not applicable, races 2 to 5 stay blank.`,
      (l) => oneOf(l[r1], co ? ['6', '7', '8'] : ['6', '7']) && others(l, who, 'Race').some((v) => !blank(v)),
    ),
    edit(
      id('V636-1', 'V639-1'),
      rObs,
      `Say whether the ${person}'s race was collected on the basis of visual observation or surname (${co ? '1 to 4' : '1, 2 or 3'}).`,
      (l) => !oneOf(l[rObs], co ? ['1', '2', '3', '4'] : ['1', '2', '3']),
    ),
    edit(
      id('V636-2', 'V639-2'),
      r1,
      'A race collected by visual observation or surname is one of the five races (1–5), without subcategories.',
      (l) =>
        l[rObs] === '1' &&
        (!oneOf(l[r1], RACE_BROAD) || others(l, who, 'Race').some((v) => !blank(v) && !oneOf(v, RACE_BROAD))),
    ),
    edit(
      id('V636-3', 'V639-3'),
      r1,
      `A race the ${person} provided is 1–5 with subcategories, or 6 (not provided).`,
      (l) =>
        l[rObs] === '2' &&
        ((blank(l[r1]) ? !raceTexts(l, who) : !oneOf(l[r1], [...RACE_DETAILED, '6'])) ||
          others(l, who, 'Race').some((v) => !blank(v) && !oneOf(v, RACE_DETAILED))),
    ),
    edit(
      id('V637', 'V640'),
      rObs,
      `When the ${person}'s race is not applicable (7), its collection by visual observation is 3 (not applicable).`,
      (l) => l[r1] === '7' && l[rObs] !== '3',
    ),
    ...(co
      ? [
          edit(
            'V641',
            rObs,
            'Race 8 (no co-applicant) goes with collection code 4, and only with it.',
            (l) => (l[r1] === '8') !== (l[rObs] === '4'),
          ),
        ]
      : []),
    edit(
      id('V642-1', 'V646-1'),
      sex,
      `Enter the ${person}'s sex (${co ? '1 to 6' : '1, 2, 3, 4 or 6'}).`,
      (l) => !oneOf(l[sex], co ? ['1', '2', '3', '4', '5', '6'] : ['1', '2', '3', '4', '6']),
    ),
    edit(
      id('V642-2', 'V646-2'),
      sObs,
      `Say whether the ${person}'s sex was collected on the basis of visual observation or surname (${co ? '1 to 4' : '1, 2 or 3'}).`,
      (l) => !oneOf(l[sObs], co ? ['1', '2', '3', '4'] : ['1', '2', '3']),
    ),
    edit(
      id('V643', 'V647'),
      sex,
      'A sex collected by visual observation or surname is 1 (male) or 2 (female).',
      (l) => l[sObs] === '1' && !oneOf(l[sex], ['1', '2']),
    ),
    edit(
      id('V644-1', 'V648-1'),
      sex,
      `A sex the ${person} provided is 1, 2, 3 or 6.`,
      (l) => l[sObs] === '2' && !oneOf(l[sex], ['1', '2', '3', '6']),
    ),
    edit(
      id('V644-2', 'V648-2'),
      sObs,
      'Male and female (6) is the applicant’s own answer: its collection code is 2 or 3.',
      (l) => l[sex] === '6' && !oneOf(l[sObs], ['2', '3']),
    ),
    edit(
      id('V645', 'V649'),
      sObs,
      `When the ${person}'s sex is not applicable (4), its collection by visual observation is 3 (not applicable).`,
      (l) => l[sex] === '4' && l[sObs] !== '3',
    ),
    ...(co
      ? [
          edit(
            'V650',
            sObs,
            'Sex 5 (no co-applicant) goes with collection code 4, and only with it.',
            (l) => (l[sObs] === '4') !== (l[sex] === '5'),
          ),
        ]
      : []),
    edit(
      id('V651-1', 'V652-1'),
      `${who}Age`,
      `The ${person}'s age is a whole number greater than zero; enter the date of birth.`,
      (l) => !isPositiveWhole(l[`${who}Age`]),
    ),
    edit(
      id('V651-2', 'V652-2'),
      `${who}Age`,
      `A ${person} that is not a natural person has age 8888 (not applicable).`,
      (l) => nonNatural(l, who) && l.actionTaken !== '6' && l[`${who}Age`] !== '8888',
    ),
  ];
};

/** Credit score edits of the applicant or the co-applicant. */
const creditScoreEdits = (who: Who): Edit<L, LarKey>[] => {
  const co = who === 'coApplicant';
  const person = co ? 'co-applicant' : 'applicant';
  const score = `${who}CreditScore` as const;
  const model = `${who}CreditModel` as const;
  const text = `${who}CreditModelText` as const;
  const id = (applicant: string, coApplicant: string) => (co ? coApplicant : applicant);
  return [
    edit(
      id('V660-1', 'V665-1'),
      score,
      `The ${person}'s credit score is a number.`,
      (l) => !isNumber(l[score]) && l[score] !== 'Exempt',
    ),
    edit(
      id('V660-2', 'V665-2'),
      model,
      `Enter the ${person}'s credit scoring model (a code of the FIG).`,
      (l) => !oneOf(l[model], co ? [...CREDIT_MODELS, '10'] : CREDIT_MODELS),
    ),
    edit(
      id('V661', 'V666-1'),
      model,
      'Credit score 8888 (not applicable) goes with scoring model 9, and only with it.',
      (l) => (l[score] === '8888') !== (l[model] === '9'),
    ),
    ...(co
      ? [
          edit(
            'V666-2',
            model,
            'Credit score 9999 (no co-applicant) goes with scoring model 10, and only with it.',
            (l) => (l[score] === '9999') !== (l[model] === '10'),
          ),
        ]
      : []),
    edit(
      id('V662-1', 'V667-1'),
      text,
      'The scoring model text is given only with model 8 (other).',
      (l) => l[model] !== '8' && !blank(l[text]),
    ),
    edit(
      id('V662-2', 'V667-2'),
      text,
      'Name the other credit scoring model (model 8).',
      (l) => l[model] === '8' && blank(l[text].trim()),
    ),
    edit(
      id('V663', 'V664'),
      score,
      `A withdrawn, incomplete or purchased application's ${person} credit score is 8888 with model 9.`,
      (l) =>
        actionIn(l, '4 5 6') &&
        (!oneOf(l[score], co ? ['8888', '9999', 'Exempt'] : ['8888', 'Exempt']) ||
          !oneOf(l[model], co ? ['9', '10', '1111'] : ['9', '1111']) ||
          !blank(l[text])),
    ),
    edit(
      id('V720-1', 'V720-2'),
      score,
      `A FICO or VantageScore 2.0/3.0 credit score of the ${person} is 280 or above.`,
      (l) => oneOf(l[model], codes('1 2 3 4 5 6 11 12')) && isNumber(l[score]) && Number(l[score]) < 280,
    ),
    edit(
      id('V720-3', 'V720-4'),
      score,
      `A FICO 10, 10T or VantageScore 4.0 credit score of the ${person} is 300 or above.`,
      (l) => oneOf(l[model], codes('13 14 15')) && isNumber(l[score]) && Number(l[score]) < 300,
    ),
  ];
};

const denials = (l: L) => [l.denialReason1, l.denialReason2, l.denialReason3, l.denialReason4];
const numberOrNa = (v: string) => isNumber(v) || naOrExempt(v);

const larEdits: Edit<L, LarKey>[] = [
  edit(
    'S300',
    'recordIdentifier',
    'Every row after the first must begin with 2 (a loan/application register row).',
    (l) => l.recordIdentifier !== '2',
  ),
  edit(
    'V600',
    'lei',
    'The LEI must be 20 letters or digits; enter the institution’s LEI.',
    (l) => !/^[A-Za-z0-9]{20}$/.test(l.lei),
  ),
  edit(
    'V608-1',
    'uli',
    'A ULI has 23 to 45 letters and digits.',
    (l) => l.uli.length >= 23 && (!alphanumeric.test(l.uli) || l.uli.length > 45),
  ),
  edit(
    'V608-2',
    'uli',
    'A loan identifier shorter than a ULI has 1 to 22 letters and digits, and is never NA or Exempt.',
    (l) => l.uli.length < 23 && (!alphanumeric.test(l.uli) || oneOf(l.uli, ['NA', 'Exempt', '1111'])),
  ),
  edit(
    'V609',
    'uli',
    'The ULI’s check digits do not match: the ULI was mistyped.',
    (l) => l.uli.length >= 23 && alphanumeric.test(l.uli) && !uliCheckDigitsValid(l.uli),
  ),
  edit(
    'V610-1',
    'applicationDate',
    'The application date is a date YYYYMMDD (or NA for a purchased loan).',
    (l) => l.applicationDate !== 'NA' && !isHmdaDate(l.applicationDate),
  ),
  edit(
    'V610-2',
    'applicationDate',
    'Only a purchased loan (action 6) has application date NA, and it always does.',
    (l) => (l.actionTaken === '6') !== (l.applicationDate === 'NA'),
  ),
  edit(
    'V611',
    'loanType',
    'Enter the loan type: 1 conventional, 2 FHA, 3 VA or 4 RHS/FSA.',
    (l) => !oneOf(l.loanType, codes('1 2 3 4')),
  ),
  edit(
    'V612-1',
    'loanPurpose',
    'Enter the loan purpose: 1, 2, 31, 32, 4 or 5.',
    (l) => !oneOf(l.loanPurpose, codes('1 2 31 32 4 5')),
  ),
  edit(
    'V612-2',
    'loanPurpose',
    'A preapproval request is for a home purchase (purpose 1).',
    (l) => l.preapproval === '1' && l.loanPurpose !== '1',
  ),
  edit(
    'V613-1',
    'preapproval',
    'Preapproval is 1 (requested) or 2 (not requested).',
    (l) => !oneOf(l.preapproval, ['1', '2']),
  ),
  edit(
    'V613-2',
    'preapproval',
    'A preapproval request denied or approved but not accepted (action 7 or 8) has preapproval 1.',
    (l) => actionIn(l, '7 8') && l.preapproval !== '1',
  ),
  edit(
    'V613-3',
    'preapproval',
    'A denied, withdrawn, incomplete or purchased application (action 3–6) has preapproval 2.',
    (l) => actionIn(l, '3 4 5 6') && l.preapproval !== '2',
  ),
  edit(
    'V613-4',
    'actionTaken',
    'A preapproval request ends with action 1, 2, 7 or 8.',
    (l) => l.preapproval === '1' && !actionIn(l, '1 2 7 8'),
  ),
  edit(
    'V614-1',
    'preapproval',
    'Only a home purchase may be a preapproval request: preapproval is 2.',
    (l) => oneOf(l.loanPurpose, codes('2 4 31 32 5')) && l.preapproval !== '2',
  ),
  edit(
    'V614-4',
    'preapproval',
    'An open-end line of credit is never a preapproval request: preapproval is 2.',
    (l) => l.openEndLineOfCredit === '1' && l.preapproval !== '2',
  ),
  edit(
    'V615-1',
    'constructionMethod',
    'Enter the construction method: 1 site-built or 2 manufactured home.',
    (l) => !oneOf(l.constructionMethod, ['1', '2']),
  ),
  edit(
    'V615-2',
    'constructionMethod',
    'A manufactured home land property interest (1–4) means a manufactured home: construction method 2.',
    (l) => oneOf(l.manufacturedHomeLandPropertyInterest, codes('1 2 3 4')) && l.constructionMethod !== '2',
  ),
  edit(
    'V615-3',
    'constructionMethod',
    'A manufactured home secured property type (1 or 2) means a manufactured home: construction method 2.',
    (l) => oneOf(l.manufacturedHomeSecuredPropertyType, ['1', '2']) && l.constructionMethod !== '2',
  ),
  edit(
    'V616',
    'occupancyType',
    'Enter the occupancy: 1 principal residence, 2 second residence or 3 investment property.',
    (l) => !oneOf(l.occupancyType, codes('1 2 3')),
  ),
  edit(
    'V617',
    'loanAmount',
    'The loan amount is a number of dollars, zero or more.',
    (l) => !isNonNegative(l.loanAmount),
  ),
  edit(
    'V618',
    'actionTaken',
    'Enter the action taken: 1 to 8.',
    (l) => !oneOf(l.actionTaken, codes('1 2 3 4 5 6 7 8')),
  ),
  edit('V619-1', 'actionTakenDate', 'The action taken date is a date YYYYMMDD.', (l) => !isHmdaDate(l.actionTakenDate)),
  edit(
    'V619-2',
    'actionTakenDate',
    'The action taken date must be in the year reported.',
    (l, ctx) => isHmdaDate(l.actionTakenDate) && l.actionTakenDate.slice(0, 4) !== ctx.year,
  ),
  edit(
    'V619-3',
    'actionTakenDate',
    'The action was taken before the application date.',
    (l) =>
      !actionIn(l, '6') &&
      isHmdaDate(l.actionTakenDate) &&
      isHmdaDate(l.applicationDate) &&
      l.actionTakenDate < l.applicationDate,
  ),
  edit('V620', 'street', 'Enter the property’s street address (or NA).', (l) => blank(l.street.trim())),
  edit('V621', 'city', 'Enter the property’s city (or NA).', (l) => blank(l.city.trim())),
  edit(
    'V622',
    'city',
    'With a street address, the property’s city, state and ZIP code are given, not NA.',
    (l) => !naOrExempt(l.street) && [l.city, l.state, l.zip].some((v) => blank(v.trim()) || v === 'NA'),
  ),
  edit(
    'V623',
    'state',
    'The property’s state is a two-letter state code or NA.',
    (l) => l.state !== 'NA' && !oneOf(l.state, stateCodes),
  ),
  edit(
    'V624',
    'zip',
    'The property’s ZIP code is 12345, 12345-1010, NA or Exempt.',
    (l) => !naOrExempt(l.zip) && !zipPattern.test(l.zip),
  ),
  edit(
    'V625-1',
    'censusTract',
    'The census tract is an eleven-digit number or NA.',
    (l) => l.censusTract !== 'NA' && !/^\d{11}$/.test(l.censusTract),
  ),
  edit(
    'V626',
    'county',
    'The county is a five-digit FIPS code or NA.',
    (l) => l.county !== 'NA' && !/^\d{5}$/.test(l.county),
  ),
  edit(
    'V627',
    'censusTract',
    'The census tract’s first five digits must be the county’s FIPS code.',
    (l) => /^\d{5}$/.test(l.county) && /^\d{11}$/.test(l.censusTract) && !l.censusTract.startsWith(l.county),
  ),
  ...demographicEdits('applicant'),
  ...demographicEdits('coApplicant'),
  edit(
    'V654-1',
    'income',
    'Income is a whole number of thousands of dollars, or NA.',
    (l) => l.income !== 'NA' && !/^-?\d+$/.test(l.income),
  ),
  edit(
    'V655-1',
    'income',
    'An applicant that is not a natural person reports income NA.',
    (l) => nonNatural(l, 'applicant') && l.actionTaken !== '6' && l.income !== 'NA',
  ),
  edit(
    'V656-1',
    'purchaserType',
    'Enter the type of purchaser: 0 to 9 (71 or 72 for 7).',
    (l) => !oneOf(l.purchaserType, codes('0 1 2 3 4 5 6 71 72 8 9')),
  ),
  edit(
    'V656-2',
    'purchaserType',
    'A loan not originated or purchased has type of purchaser 0.',
    (l) => actionIn(l, '2 3 4 5 7 8') && l.purchaserType !== '0',
  ),
  edit('V657-1', 'rateSpread', 'The rate spread is a number, NA or Exempt.', (l) => !numberOrNa(l.rateSpread)),
  edit(
    'V657-2',
    'rateSpread',
    'A denied, withdrawn, incomplete or purchased application reports rate spread NA.',
    (l) => actionIn(l, '3 4 5 6 7') && !naOrExempt(l.rateSpread),
  ),
  edit(
    'V658-1',
    'hoepaStatus',
    'Enter the HOEPA status: 1 high-cost, 2 not high-cost or 3 not applicable.',
    (l) => !oneOf(l.hoepaStatus, codes('1 2 3')),
  ),
  edit(
    'V658-2',
    'hoepaStatus',
    'A loan not originated reports HOEPA status 3 (not applicable).',
    (l) => actionIn(l, '2 3 4 5 7 8') && l.hoepaStatus !== '3',
  ),
  edit(
    'V659',
    'lienStatus',
    'Enter the lien status: 1 first lien or 2 subordinate lien.',
    (l) => !oneOf(l.lienStatus, ['1', '2']),
  ),
  ...creditScoreEdits('applicant'),
  ...creditScoreEdits('coApplicant'),
  edit(
    'V669-1',
    'denialReason1',
    'Enter the first reason for denial: 1 to 9, or 10 (not applicable).',
    (l) => !oneOf(l.denialReason1, codes('1111 1 2 3 4 5 6 7 8 9 10')),
  ),
  edit('V669-2', 'denialReason2', 'Reasons for denial 2 to 4 are 1 to 9 or blank.', (l) =>
    denials(l)
      .slice(1)
      .some((v) => !blank(v) && !oneOf(v, codes('1 2 3 4 5 6 7 8 9'))),
  ),
  edit(
    'V669-3',
    'denialReason2',
    'Each reason for denial may be reported once.',
    (l) => !distinct(denials(l).filter((v) => !blank(v))),
  ),
  edit(
    'V669-4',
    'denialReason2',
    'With reason for denial 10 (not applicable), reasons 2 to 4 stay blank.',
    (l) =>
      oneOf(l.denialReason1, ['1111', '10']) &&
      denials(l)
        .slice(1)
        .some((v) => !blank(v)),
  ),
  edit(
    'V670-1',
    'denialReason1',
    'A denied application (action 3 or 7) gives a reason for denial (1 to 9).',
    (l) => actionIn(l, '3 7') && !oneOf(l.denialReason1, codes('1111 1 2 3 4 5 6 7 8 9')),
  ),
  edit(
    'V670-2',
    'denialReason1',
    'Only a denied application (action 3 or 7) has reasons for denial.',
    (l) => oneOf(l.denialReason1, codes('1 2 3 4 5 6 7 8 9')) && !actionIn(l, '3 7'),
  ),
  edit(
    'V670-3',
    'denialReason1',
    'An application not denied reports reason for denial 10 (not applicable).',
    (l) => actionIn(l, '1 2 4 5 6 8') && !oneOf(l.denialReason1, ['1111', '10']),
  ),
  edit(
    'V670-4',
    'actionTaken',
    'Reason for denial 10 (not applicable) goes with an application that was not denied.',
    (l) => l.denialReason1 === '10' && !actionIn(l, '1 2 4 5 6 8'),
  ),
  edit(
    'V671-1',
    'denialReasonText',
    'Describe the other reason for denial (code 9).',
    (l) => denials(l).includes('9') && blank(l.denialReasonText.trim()),
  ),
  edit(
    'V671-2',
    'denialReasonText',
    'The reason for denial text is given only with code 9 (other).',
    (l) => !denials(l).includes('9') && !blank(l.denialReasonText),
  ),
  edit(
    'V672-1',
    'totalLoanCosts',
    'Total loan costs are a number, zero or more, NA or Exempt.',
    (l) => !isNonNegative(l.totalLoanCosts) && !naOrExempt(l.totalLoanCosts),
  ),
  edit(
    'V672-4',
    'totalLoanCosts',
    'An open-end line of credit reports total loan costs NA.',
    (l) => l.openEndLineOfCredit === '1' && !naOrExempt(l.totalLoanCosts),
  ),
  edit(
    'V672-5',
    'totalLoanCosts',
    'A business or commercial purpose loan reports total loan costs NA.',
    (l) => l.businessOrCommercialPurpose === '1' && !naOrExempt(l.totalLoanCosts),
  ),
  edit(
    'V672-6',
    'totalLoanCosts',
    'A loan not originated reports total loan costs NA.',
    (l) => actionIn(l, '2 3 4 5 7 8') && !naOrExempt(l.totalLoanCosts),
  ),
  edit(
    'V673-1',
    'totalPointsAndFees',
    'Total points and fees are a number, zero or more, NA or Exempt.',
    (l) => !isNonNegative(l.totalPointsAndFees) && !naOrExempt(l.totalPointsAndFees),
  ),
  edit(
    'V673-2',
    'totalPointsAndFees',
    'A loan not originated reports total points and fees NA.',
    (l) => actionIn(l, '2 3 4 5 6 7 8') && !naOrExempt(l.totalPointsAndFees),
  ),
  edit(
    'V674-1',
    'originationCharges',
    'Origination charges are a number, zero or more, NA or Exempt.',
    (l) => !isNonNegative(l.originationCharges) && !naOrExempt(l.originationCharges),
  ),
  edit(
    'V675-1',
    'discountPoints',
    'Discount points are a number greater than zero, blank, NA or Exempt.',
    (l) => !blank(l.discountPoints) && !isPositiveNumber(l.discountPoints) && !naOrExempt(l.discountPoints),
  ),
  edit(
    'V676-1',
    'lenderCredits',
    'Lender credits are a number greater than zero, blank, NA or Exempt.',
    (l) => !blank(l.lenderCredits) && !isPositiveNumber(l.lenderCredits) && !naOrExempt(l.lenderCredits),
  ),
  edit(
    'V677-1',
    'interestRate',
    'The interest rate is a number, zero or more, NA or Exempt.',
    (l) => !isNonNegative(l.interestRate) && !naOrExempt(l.interestRate),
  ),
  edit(
    'V677-2',
    'interestRate',
    'A denied, withdrawn or incomplete application reports interest rate NA.',
    (l) => actionIn(l, '3 4 5 7') && !naOrExempt(l.interestRate),
  ),
  edit(
    'V678-1',
    'prepaymentPenaltyTerm',
    'The prepayment penalty term is a whole number of months, NA or Exempt.',
    (l) => !isPositiveWhole(l.prepaymentPenaltyTerm) && !naOrExempt(l.prepaymentPenaltyTerm),
  ),
  edit(
    'V679-1',
    'debtToIncomeRatio',
    'The debt-to-income ratio is a number, NA or Exempt.',
    (l) => !numberOrNa(l.debtToIncomeRatio),
  ),
  edit(
    'V679-2',
    'debtToIncomeRatio',
    'A withdrawn, incomplete or purchased application reports debt-to-income ratio NA.',
    (l) => actionIn(l, '4 5 6') && !naOrExempt(l.debtToIncomeRatio),
  ),
  edit(
    'V681-1',
    'combinedLoanToValueRatio',
    'The combined loan-to-value ratio is a number greater than zero, NA or Exempt.',
    (l) => !isPositiveNumber(l.combinedLoanToValueRatio) && !naOrExempt(l.combinedLoanToValueRatio),
  ),
  edit(
    'V681-2',
    'combinedLoanToValueRatio',
    'A withdrawn, incomplete or purchased application reports combined loan-to-value ratio NA.',
    (l) => actionIn(l, '4 5 6') && !naOrExempt(l.combinedLoanToValueRatio),
  ),
  edit(
    'V682-1',
    'loanTerm',
    'The loan term is a whole number of months greater than zero, NA or Exempt.',
    (l) => !isPositiveWhole(l.loanTerm) && !naOrExempt(l.loanTerm),
  ),
  edit(
    'V683',
    'introductoryRatePeriod',
    'The introductory rate period is a whole number of months greater than zero, NA or Exempt.',
    (l) => !isPositiveWhole(l.introductoryRatePeriod) && !naOrExempt(l.introductoryRatePeriod),
  ),
  edit(
    'V684',
    'balloonPayment',
    'Balloon payment is 1 (yes) or 2 (no).',
    (l) => !oneOf(l.balloonPayment, codes('1111 1 2')),
  ),
  edit(
    'V685',
    'interestOnlyPayments',
    'Interest-only payments is 1 (yes) or 2 (no).',
    (l) => !oneOf(l.interestOnlyPayments, codes('1111 1 2')),
  ),
  edit(
    'V686',
    'negativeAmortization',
    'Negative amortization is 1 (yes) or 2 (no).',
    (l) => !oneOf(l.negativeAmortization, codes('1111 1 2')),
  ),
  edit(
    'V687',
    'otherNonAmortizingFeatures',
    'Other non-amortizing features is 1 (yes) or 2 (no).',
    (l) => !oneOf(l.otherNonAmortizingFeatures, codes('1111 1 2')),
  ),
  edit(
    'V688-1',
    'propertyValue',
    'The property value is a number greater than zero, NA or Exempt.',
    (l) => !isPositiveNumber(l.propertyValue) && !naOrExempt(l.propertyValue),
  ),
  edit(
    'V688-2',
    'propertyValue',
    'A withdrawn or incomplete application reports property value NA.',
    (l) => actionIn(l, '4 5') && !naOrExempt(l.propertyValue),
  ),
  edit(
    'V689-1',
    'manufacturedHomeSecuredPropertyType',
    'Enter the manufactured home secured property type: 1, 2 or 3 (not applicable).',
    (l) => !oneOf(l.manufacturedHomeSecuredPropertyType, codes('1111 1 2 3')),
  ),
  edit(
    'V689-3',
    'manufacturedHomeSecuredPropertyType',
    'A site-built home reports manufactured home secured property type 3 (not applicable).',
    (l) => l.constructionMethod === '1' && !oneOf(l.manufacturedHomeSecuredPropertyType, ['1111', '3']),
  ),
  edit(
    'V690-1',
    'manufacturedHomeLandPropertyInterest',
    'Enter the manufactured home land property interest: 1 to 4, or 5 (not applicable).',
    (l) => !oneOf(l.manufacturedHomeLandPropertyInterest, codes('1111 1 2 3 4 5')),
  ),
  edit(
    'V690-3',
    'manufacturedHomeLandPropertyInterest',
    'A site-built home reports manufactured home land property interest 5 (not applicable).',
    (l) => l.constructionMethod === '1' && !oneOf(l.manufacturedHomeLandPropertyInterest, ['1111', '5']),
  ),
  edit(
    'V691',
    'totalUnits',
    'Enter the property’s total units: a whole number greater than zero.',
    (l) => !isPositiveWhole(l.totalUnits),
  ),
  edit(
    'V692-1',
    'multifamilyAffordableUnits',
    'Multifamily affordable units are a whole number, NA or Exempt.',
    (l) => !isWhole(l.multifamilyAffordableUnits) && !naOrExempt(l.multifamilyAffordableUnits),
  ),
  edit(
    'V692-2',
    'multifamilyAffordableUnits',
    'A property of fewer than five units reports multifamily affordable units NA.',
    (l) => isWhole(l.totalUnits) && Number(l.totalUnits) < 5 && !naOrExempt(l.multifamilyAffordableUnits),
  ),
  edit(
    'V693-1',
    'submissionOfApplication',
    'Submission of application is 1 (directly), 2 (not directly) or 3 (not applicable).',
    (l) => !oneOf(l.submissionOfApplication, codes('1111 1 2 3')),
  ),
  edit(
    'V693-2',
    'submissionOfApplication',
    'A purchased loan reports submission of application 3 (not applicable).',
    (l) => l.actionTaken === '6' && !oneOf(l.submissionOfApplication, ['1111', '3']),
  ),
  edit(
    'V693-3',
    'submissionOfApplication',
    'Submission of application 3 (not applicable) is only for a purchased loan.',
    (l) => l.submissionOfApplication === '3' && l.actionTaken !== '6',
  ),
  edit(
    'V694-1',
    'initiallyPayableToInstitution',
    'Initially payable to your institution is 1 (yes), 2 (no) or 3 (not applicable).',
    (l) => !oneOf(l.initiallyPayableToInstitution, codes('1111 1 2 3')),
  ),
  edit(
    'V694-2',
    'initiallyPayableToInstitution',
    'A purchased loan reports initially payable 3 (not applicable).',
    (l) => l.actionTaken === '6' && !oneOf(l.initiallyPayableToInstitution, ['1111', '3']),
  ),
  edit(
    'V694-3',
    'initiallyPayableToInstitution',
    'An originated loan reports initially payable 1 or 2.',
    (l) => l.actionTaken === '1' && !oneOf(l.initiallyPayableToInstitution, codes('1111 1 2')),
  ),
  edit(
    'V695-1',
    'nmlsrId',
    'The NMLSR ID is a whole number, NA or Exempt.',
    (l) => !isWhole(l.nmlsrId) && !naOrExempt(l.nmlsrId),
  ),
  edit(
    'V696-1',
    'aus1',
    'Enter the automated underwriting system: 1 to 7.',
    (l) =>
      !oneOf(l.aus1, codes('1111 1 2 3 4 5 6 7')) ||
      [l.aus2, l.aus3, l.aus4, l.aus5].some((v) => !blank(v) && !oneOf(v, codes('1 2 3 4 5 7'))),
  ),
  edit(
    'V696-2',
    'ausResult1',
    'Enter the automated underwriting system result: 1 to 24.',
    (l) => !oneOf(l.ausResult1, ['1111', ...Array.from({ length: 24 }, (_, i) => String(i + 1))]),
  ),
  edit(
    'V700-1',
    'ausResult1',
    'Automated underwriting system 6 (not applicable) goes with result 17 (not applicable), with the others blank.',
    (l) =>
      l.aus1 === '6' &&
      (l.ausResult1 !== '17' ||
        [l.aus2, l.aus3, l.aus4, l.aus5, l.ausResult2, l.ausResult3, l.ausResult4, l.ausResult5].some(
          (v) => !blank(v),
        )),
  ),
  edit(
    'V700-2',
    'aus1',
    'Result 17 (not applicable) goes with automated underwriting system 6 (not applicable).',
    (l) => l.ausResult1 === '17' && l.aus1 !== '6',
  ),
  edit(
    'V706',
    'reverseMortgage',
    'Reverse mortgage is 1 (yes) or 2 (no).',
    (l) => !oneOf(l.reverseMortgage, codes('1111 1 2')),
  ),
  edit(
    'V707',
    'openEndLineOfCredit',
    'Open-end line of credit is 1 (yes) or 2 (no).',
    (l) => !oneOf(l.openEndLineOfCredit, codes('1111 1 2')),
  ),
  edit(
    'V708',
    'businessOrCommercialPurpose',
    'Business or commercial purpose is 1 (yes) or 2 (no).',
    (l) => !oneOf(l.businessOrCommercialPurpose, codes('1111 1 2')),
  ),
];

/** Every edit id `editHmdaFile` runs (the unit tests cover each with a record that breaks it). */
export const hmdaEditIds: readonly string[] = [
  ...new Set([...tsEdits, ...larEdits].map((e) => e.id)),
  'S301',
  'S302',
  'S304',
  'S305',
  'S306',
].sort();

/**
 * The FFIEC's syntactical and validity edits over a file: the transmittal sheet's, each LAR's, and those across
 * rows (S301 the LEI, S302 the year, S304 the count, S305 duplicate rows, S306 duplicate ULIs of originations).
 * Answers every failure, the transmittal sheet's first, then row by row in edit order; none: the file passes.
 */
export const editHmdaFile = (
  ts: HmdaTransmittalSheet,
  lars: readonly HmdaLar[],
  options: HmdaEditOptions = {},
): HmdaEditFailure[] => {
  const year = String(options.filingYear ?? ts.calendarYear);
  const failures: HmdaEditFailure[] = [];
  const tsFailure = (editId: string, field: TsKey, message: string) =>
    failures.push({
      editId,
      editType: editId.startsWith('S') ? 'syntactical' : 'validity',
      line: 1,
      applicationId: null,
      uli: null,
      field: tsFieldNames[field],
      message,
    });
  for (const e of tsEdits) if (e.fails(ts, { year })) tsFailure(e.id, e.field, e.message);
  if (ts.calendarYear !== year)
    tsFailure('S302', 'calendarYear', `The calendar year must be the year filed for, ${year}.`);
  if (ts.totalEntries !== String(lars.length))
    tsFailure(
      'S304',
      'totalEntries',
      `The total number of entries must equal the file's ${lars.length} loan/application rows.`,
    );

  const seenRows = new Set<string>();
  const originatedUlis = new Set<string>();
  lars.forEach((lar, index) => {
    const at = { line: index + 2, applicationId: lar.applicationId, uli: lar.uli };
    const fail = (editId: string, field: LarKey, message: string) =>
      failures.push({
        editId,
        editType: editId.startsWith('S') ? 'syntactical' : 'validity',
        ...at,
        field: larFieldNames[field],
        message,
      });
    if (lar.lei.toLowerCase() !== ts.lei.toLowerCase())
      fail('S301', 'lei', 'The row’s LEI must be the LEI of the transmittal sheet.');
    const row = formatLar(lar);
    if (seenRows.has(row)) fail('S305', 'recordIdentifier', 'This row duplicates an earlier row of the file.');
    seenRows.add(row);
    if (lar.actionTaken === '1') {
      if (originatedUlis.has(lar.uli)) fail('S306', 'uli', 'Two originated loans cannot share a ULI.');
      originatedUlis.add(lar.uli);
    }
    for (const e of larEdits) if (e.fails(lar, { year })) fail(e.id, e.field, e.message);
  });
  return failures;
};
