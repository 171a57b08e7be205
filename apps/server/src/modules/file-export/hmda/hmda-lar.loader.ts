import {
  decodeFlags,
  ethnicityFlags,
  money,
  paymentFrequencies,
  raceFlags,
  type EthnicityFlag,
  type IsoDate,
  type Money,
  type RaceFlag,
} from '@credence/domain';
import { sql } from 'drizzle-orm';
import type { TenantTx } from '../../../db/tenancy.ts';
import {
  buildUli,
  editHmdaFile,
  formatHmdaFile,
  type HmdaEditFailure,
  type HmdaLar,
  type HmdaTransmittalSheet,
  type LarKey,
} from './hmda-lar.ts';

/**
 * The HMDA Loan/Application Register of a lender's home-equity applications (issue 33, item 9): which
 * applications, and where each field of their rows comes from. The file and the edits: hmda-lar.ts.
 *
 * Which: the lender's applications of a home-equity product (control type HEL) whose final action falls in the
 * calendar year, in the lender's time zone — funded (its loan's contract date, else the funding day), declined,
 * counter-offered and not funded, approved and not funded, or cancelled (the newest decision's day; the day too of
 * an application funded without a loan record). Applications
 * still open (new, reviewed, pending) have no action yet and are left out. Ordered by application id.
 *
 * The lender's identifiers: Credence keeps no LEI, tax id, federal agency or HMDA contact for a lender (the lenders
 * table has none), so the filer gives them (`HmdaFiler`, from the export's form); missing ones stay blank and the
 * edits (V600, V601, V603–V605, V607) name them. The ULI is built on the LEI given.
 *
 * Field by field (the FIG's names; "NA" and codes as the FIG spells them):
 * - Record Identifier: 2. LEI: the filer's. ULI: the LEI, the application id (zero-padded to 10 digits) and the
 *   ISO 7064 MOD 97-10 check digits.
 * - Application Date: the application's creation day, in the lender's zone.
 * - Loan Type: the home collateral's home loan type (CONVENTIONAL 1, FHA 2, VA 3, RHS_OR_FSA 4).
 * - Loan Purpose: the home collateral's HMDA purpose (HOME_PURCHASE 1, HOME_IMPROVEMENT 2, REFINANCING 31,
 *   CASH_OUT_REFINANCING 32, OTHER_PURPOSE 4, NOT_APPLICABLE 5).
 * - Preapproval: 2 — Credence takes no preapproval requests for home loans.
 * - Construction Method, Occupancy Type, Total Units, Manufactured Home Secured Property Type and Land Property
 *   Interest: the home collateral's (SITE_BUILT 1 / MANUFACTURED_HOME 2; PRINCIPAL_RESIDENCE 1, SECOND_RESIDENCE 2,
 *   INVESTMENT_PROPERTY 3; the FIG's codes; unset on a site-built home: 3 and 5, not applicable).
 * - Loan Amount: originated, the funded loan's amount (an application funded without a loan record: its
 *   approval's terms and day, as for every term below); approved, the approval's amount; otherwise the amount
 *   applied for (the requested amount, else the estimated amount financed). In dollars, exact (cents only when
 *   not zero).
 * - Action Taken: funded 1; approved and not funded 2 (approved but not accepted); declined 3; counter-offered and
 *   not funded 3 (Regulation C comment 4(a)(8)(i)-13: an unaccepted counter-offer is a denial of the terms asked
 *   for); cancelled 5 when its reason says "incomplete", otherwise 4 (withdrawn). Action Taken Date: see Which.
 * - Street Address, City, State, Zip Code: the home collateral's address (NA without a home collateral).
 * - County: the home collateral's county when it is a five-digit FIPS code, otherwise NA (Credence keeps the
 *   county's name; Credence has no FIPS table). Census Tract: the collateral's tract when it is the eleven-digit
 *   number, or the six-digit tract ("0014.01" or "001401") after a FIPS county; otherwise NA.
 * - Ethnicity, Race, Sex (1–5, free texts, "collected on the basis of visual observation or surname"): the HMDA
 *   record of the primary applicant and of the co-applicant (the first co-applicant, else the first co-signer):
 *   the ticked options as the FIG's codes, in the FIG's order; the observation codes from the record's three
 *   verification statements (yes 1, no 2; 3 when the answer is "not applicable"). A business applicant (not a
 *   natural person): 4, 7, 4 with observation 3. No co-applicant: 5, 8, 5 with observation 4. A person without an
 *   HMDA record: blank (the edits ask for it).
 * - Age: whole years from the date of birth to the application date (8888 for a business, 9999 for no
 *   co-applicant; blank without a date of birth: the edits ask for it).
 * - Income: the applicant's and co-applicant's gross annual income relied on — current salaries by pay period,
 *   other declared income (monthly) and a business's gross income — in thousands of dollars, rounded; NA when
 *   none is recorded or the applicant is a business.
 * - Type of Purchaser: 0 — Credence does not record loan sales.
 * - Rate Spread: originated or approved, the APR (the funded loan's disclosure, else the decision's) less the
 *   average prime offer rate the caller's `apor` gives for the decision day and term, to three decimals; NA
 *   otherwise (Credence holds no APOR table).
 * - HOEPA Status: not originated 3; a business-purpose loan 3; otherwise 1 when the rate spread exceeds HOEPA's
 *   APR trigger (6.5 points on a first lien, 8.5 on a subordinate lien), else 2 (the points-and-fees trigger is not
 *   tested: Credence has no HOEPA points-and-fees figure).
 * - Lien Status: the home collateral's lien position (1 first, 2 and over subordinate).
 * - Credit Score and Scoring Model: the score of the applicant's report the decision relied on (the newest
 *   decision's receipt), with its model (FICO 8 12, FICO 9 11, FICO 10T 14, VantageScore 3.0 6, VantageScore 4.0
 *   15, any other model 8 with its name); 8888 / 9 without a score, for a business and for withdrawn or incomplete
 *   applications; 9999 / 10 for no co-applicant.
 * - Reason for Denial 1–4 and its text: denied or counter-offered, the decision's decline reasons (every
 *   applicant's) or counter-offer reasons, mapped by their Regulation B wording to the FIG's codes (debt-to-income
 *   1, employment 2, credit history 3, collateral 4, insufficient cash 5, unverifiable information 6, incomplete 7,
 *   other 9 with the reasons' text); the first four distinct codes. Otherwise 10 (not applicable).
 * - Total Loan Costs, Total Points and Fees, Origination Charges, Discount Points, Lender Credits: NA — they come
 *   from the Closing Disclosure (Regulation Z §1026.38), which Credence does not produce.
 * - Interest Rate: originated, the loan's rate; approved, the approval's rate; otherwise NA.
 * - Prepayment Penalty Term: NA (Credence's loans carry no prepayment penalty term).
 * - Debt-to-Income Ratio: the decision's DTI metric when it has one (not for withdrawn or incomplete
 *   applications), else NA.
 * - Combined Loan-to-Value Ratio: (loan amount + the home's recorded lien payoffs) / property value, in percent to
 *   three decimals; NA for withdrawn or incomplete applications or without a value.
 * - Loan Term: the funded loan's, the approval's or the requested term in months (NA when none).
 * - Introductory Rate Period: NA (Credence's loans are fixed-rate).
 * - Balloon Payment: 1 when the loan or approval has a balloon, else 2. Interest-Only Payments, Negative
 *   Amortization, Other Non-amortizing Features: 2 (Credence's schedules amortize fully).
 * - Property Value: the home collateral's value (NA for withdrawn or incomplete applications).
 * - Multifamily Affordable Units: NA (no multifamily lending).
 * - Submission of Application: 1 when the application is direct, else 2. Initially Payable to Your Institution: 1.
 * - NMLSR ID: NA (Credence keeps no mortgage loan originator's NMLSR ID).
 * - Automated Underwriting System 1 / Result 1: 6 / 17 (not applicable): Credence's policy rules are not
 *   reported as an AUS. Systems and results 2–5 and the texts: blank.
 * - Reverse Mortgage: 2. Open-End Line of Credit: 1 for an open-ended application, else 2. Business or
 *   Commercial Purpose: 1 for a business loan product, else 2.
 */

/** The filer's identifiers Credence does not keep (the export's form gives them). */
export type HmdaFiler = {
  lei?: string;
  taxId?: string;
  /** The FIG's federal agency code: 1 OCC, 2 FRS, 3 FDIC, 5 NCUA, 7 HUD, 9 CFPB. Default 5 (a credit union). */
  federalAgency?: string;
  contact?: {
    name?: string;
    phone?: string;
    email?: string;
    street?: string;
    city?: string;
    state?: string;
    zip?: string;
  };
};

/** The average prime offer rate (percent, "6.125") for a rate set on a day and a term, or null when unknown. */
export type AporLookup = (query: { rateSetDate: IsoDate; termMonths: number; openEnd: boolean }) => string | null;

export type HmdaLarOptions = { filer?: HmdaFiler; apor?: AporLookup };

/* ------------------------------------------------------------------------------------------ the source */

export type HmdaRecordSource = {
  deliveryMethod: number;
  gender: number;
  race: number;
  ethnicity: number;
  raceAmericanIndianOrAlaskaNative: string | null;
  raceOtherAsian: string | null;
  raceOtherPacificIslander: string | null;
  ethnicityOtherHispanicOrLatino: string | null;
  verificationStatement1: boolean;
  verificationStatement2: boolean;
  verificationStatement3: boolean;
};

export type HmdaPersonSource = {
  applicantId: number;
  isBusiness: boolean;
  dob: IsoDate | null;
  hmda: HmdaRecordSource | null;
  /** Gross annual income, exact decimal text; null when none is recorded. */
  annualIncome: string | null;
};

export type HmdaApplicationSource = {
  applicationId: number;
  state: string;
  direct: boolean;
  isOpenEnded: boolean;
  isBusinessLoan: boolean;
  applicationDate: IsoDate;
  actionDate: IsoDate;
  /** The amount applied for, and its term. */
  requestedAmount: string | null;
  requestedTerm: number | null;
  decision: {
    type: string;
    decidedOn: IsoDate;
    /** Decline reasons (every applicant's), or the counter-offer or cancel reasons: their texts. */
    reasons: string[];
    scores: { applicantId: number; scoreModel: string | null; score: number | null }[];
    approval: { amount: string; term: number; interestRate: string; balloonAmount: string | null } | null;
    apr: string | null;
    dti: string | null;
  } | null;
  loan: {
    amount: string;
    termMonths: number;
    interestRate: string;
    balloonAmount: string | null;
    apr: string | null;
  } | null;
  home: {
    street: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    county: string | null;
    censusTract: string | null;
    value: string | null;
    lienPosition: number | null;
    homeLoanType: string | null;
    hmdaPurposeType: string | null;
    constructionMethod: string | null;
    totalUnits: number | null;
    securedPropertyType: string | null;
    landPropertyInterest: string | null;
    occupancy: string | null;
    /** The payoffs of the liens recorded on the home, summed ("0" when none). */
    existingLiens: string;
  } | null;
  applicant: HmdaPersonSource | null;
  coApplicant: HmdaPersonSource | null;
};

/* ------------------------------------------------------------------------------------------ the mapping */

const loanTypeCodes: Record<string, string> = { CONVENTIONAL: '1', FHA: '2', VA: '3', RHS_OR_FSA: '4' };
const purposeCodes: Record<string, string> = {
  HOME_PURCHASE: '1',
  HOME_IMPROVEMENT: '2',
  REFINANCING: '31',
  CASH_OUT_REFINANCING: '32',
  OTHER_PURPOSE: '4',
  NOT_APPLICABLE: '5',
};
const constructionCodes: Record<string, string> = { SITE_BUILT: '1', MANUFACTURED_HOME: '2' };
const occupancyCodes: Record<string, string> = {
  PRINCIPAL_RESIDENCE: '1',
  SECOND_RESIDENCE: '2',
  INVESTMENT_PROPERTY: '3',
};
const securedPropertyCodes: Record<string, string> = {
  MANUFACTURED_HOME_AND_LAND: '1',
  MANUFACTURED_HOME_AND_NOT_LAND: '2',
  NOT_APPLICABLE: '3',
  EXEMPT: '1111',
};
const landInterestCodes: Record<string, string> = {
  DIRECT_OWNERSHIP: '1',
  INDIRECT_OWNERSHIP: '2',
  PAID_LEASEHOLD: '3',
  UNPAID_LEASEHOLD: '4',
  NOT_APPLICABLE: '5',
  EXEMPT: '1111',
};
const ethnicityCodes: Record<EthnicityFlag, string> = {
  HispanicOrLatino: '1',
  Mexican: '11',
  PuertoRican: '12',
  Cuban: '13',
  OtherHispanicOrLatino: '14',
  NotHispanicOrLatino: '2',
  NotProvided: '3',
  NotApplicable: '4',
};
const raceCodes: Record<RaceFlag, string> = {
  AmericanIndianOrAlaskaNative: '1',
  Asian: '2',
  AsianIndian: '21',
  Chinese: '22',
  Filipino: '23',
  Japanese: '24',
  Korean: '25',
  Vietnamese: '26',
  OtherAsian: '27',
  BlackOrAfricanAmerican: '3',
  NativeHawaiianOrOtherPacificIslander: '4',
  NativeHawaiian: '41',
  GuamanianOrChamorro: '42',
  Samoan: '43',
  OtherPacificIslander: '44',
  White: '5',
  NotProvided: '6',
  NotApplicable: '7',
};
/** Credence's score models (contracts `creditScoreModels`) as the FIG's codes; any other is 8 (other). */
const creditModelCodes: Record<string, string> = {
  'FICO 8': '12',
  'FICO 9': '11',
  'FICO 10T': '14',
  'VantageScore 3.0': '6',
  'VantageScore 4.0': '15',
};

/**
 * A reason's FIG denial code from its words (Regulation B's model form C-1 wording, or a counter-offer reason):
 * the first rule that matches, else 9 (other).
 */
const denialRules: [RegExp, string][] = [
  [/incomplete/i, '7'],
  [/unable to verify|unverif/i, '6'],
  [/employment/i, '2'],
  [/collateral|loan to value|\bltv\b/i, '4'],
  [
    /delinquent|bankruptcy|collection|garnishment|foreclosure|repossession|inquiries|credit (file|experience|performance|references)/i,
    '3',
  ],
  [/income|obligations|debt/i, '1'],
  [/down payment|insufficient cash|funds to close/i, '5'],
  [/mortgage insurance/i, '8'],
  [/credit/i, '3'],
];
export const denialCodeOf = (reason: string): string =>
  denialRules.find(([pattern]) => pattern.test(reason))?.[1] ?? '9';

/** Up to four distinct denial codes, and the text of those that are "other". */
const denialOf = (reasons: string[]) => {
  const picked: string[] = [];
  const otherTexts: string[] = [];
  for (const reason of reasons) {
    const code = denialCodeOf(reason);
    if (code === '9') otherTexts.push(reason);
    if (!picked.includes(code) && picked.length < 4) picked.push(code);
  }
  return { codes: picked, text: picked.includes('9') ? otherTexts.join('; ').slice(0, 255) : '' };
};

/** A decimal as the file writes it: no trailing zeros ("6.2500" → "6.25", "150000.00" → "150000"). */
const plain = (value: Money) => value.toFixed(value.decimalPlaces());
const dollars = (value: string | null) => (value === null ? '' : plain(money(value)));
const hmdaDate = (date: IsoDate) => date.replaceAll('-', '');

/** Whole years from a date of birth to a day. */
export const ageOn = (dob: IsoDate, day: IsoDate): number => {
  const years = Number(day.slice(0, 4)) - Number(dob.slice(0, 4));
  return day.slice(5) < dob.slice(5) ? years - 1 : years;
};

/** The five ethnicity or race codes, padded with blanks. */
const five = (values: string[]) => [...values, '', '', '', '', ''].slice(0, 5);

type Demographics = {
  ethnicity: string[];
  ethnicityText: string;
  ethnicityObserved: string;
  race: string[];
  raceNativeText: string;
  raceAsianText: string;
  racePacificText: string;
  raceObserved: string;
  sex: string;
  sexObserved: string;
  age: string;
};

const demographicsOf = (person: HmdaPersonSource | null, applicationDate: IsoDate, co: boolean): Demographics => {
  if (person === null)
    return {
      ethnicity: five(co ? ['5'] : []),
      ethnicityText: '',
      ethnicityObserved: co ? '4' : '',
      race: five(co ? ['8'] : []),
      raceNativeText: '',
      raceAsianText: '',
      racePacificText: '',
      raceObserved: co ? '4' : '',
      sex: co ? '5' : '',
      sexObserved: co ? '4' : '',
      age: co ? '9999' : '',
    };
  const age = person.dob ? String(ageOn(person.dob, applicationDate)) : '';
  if (person.isBusiness)
    return {
      ethnicity: five(['4']),
      ethnicityText: '',
      ethnicityObserved: '3',
      race: five(['7']),
      raceNativeText: '',
      raceAsianText: '',
      racePacificText: '',
      raceObserved: '3',
      sex: '4',
      sexObserved: '3',
      age: '8888',
    };
  const h = person.hmda;
  if (h === null)
    return {
      ethnicity: five([]),
      ethnicityText: '',
      ethnicityObserved: '',
      race: five([]),
      raceNativeText: '',
      raceAsianText: '',
      racePacificText: '',
      raceObserved: '',
      sex: '',
      sexObserved: '',
      age,
    };
  const ethnicity = decodeFlags(ethnicityFlags, h.ethnicity);
  const race = decodeFlags(raceFlags, h.race);
  const observed = (notApplicable: boolean, statement: boolean) => (notApplicable ? '3' : statement ? '1' : '2');
  return {
    ethnicity: five(ethnicity.map((f) => ethnicityCodes[f])),
    ethnicityText: h.ethnicityOtherHispanicOrLatino ?? '',
    ethnicityObserved: observed(ethnicity.includes('NotApplicable'), h.verificationStatement1),
    race: five(race.map((f) => raceCodes[f])),
    raceNativeText: h.raceAmericanIndianOrAlaskaNative ?? '',
    raceAsianText: h.raceOtherAsian ?? '',
    racePacificText: h.raceOtherPacificIslander ?? '',
    raceObserved: observed(race.includes('NotApplicable'), h.verificationStatement2),
    sex: String(h.gender),
    sexObserved: observed(h.gender === 4, h.verificationStatement3),
    age,
  };
};

type Who = 'applicant' | 'coApplicant';
type DemographicKey<W extends Who> =
  | `${W}Ethnicity${1 | 2 | 3 | 4 | 5 | 'Text' | 'Observed'}`
  | `${W}Race${1 | 2 | 3 | 4 | 5 | 'NativeText' | 'AsianText' | 'PacificText' | 'Observed'}`
  | `${W}Sex`
  | `${W}SexObserved`
  | `${W}Age`;

/** A person's ethnicity, race, sex and age fields of the row. */
const demographicFields = <W extends Who>(who: W, d: Demographics): Record<DemographicKey<W>, string> => {
  const fields: Record<string, string> = {
    [`${who}EthnicityText`]: d.ethnicityText,
    [`${who}EthnicityObserved`]: d.ethnicityObserved,
    [`${who}RaceNativeText`]: d.raceNativeText,
    [`${who}RaceAsianText`]: d.raceAsianText,
    [`${who}RacePacificText`]: d.racePacificText,
    [`${who}RaceObserved`]: d.raceObserved,
    [`${who}Sex`]: d.sex,
    [`${who}SexObserved`]: d.sexObserved,
    [`${who}Age`]: d.age,
  };
  d.ethnicity.forEach((code, i) => (fields[`${who}Ethnicity${i + 1}`] = code));
  d.race.forEach((code, i) => (fields[`${who}Race${i + 1}`] = code));
  return fields as Record<DemographicKey<W>, string>;
};

const ACTION_BY_STATE: Record<string, string> = { funded: '1', approved: '2', declined: '3', counteroffer: '3' };

/** The action taken code of an application in a final state. */
export const actionTakenOf = (source: Pick<HmdaApplicationSource, 'state' | 'decision'>): string =>
  ACTION_BY_STATE[source.state] ?? (source.decision?.reasons.some((r) => /incomplete/i.test(r)) ? '5' : '4');

/** The six-digit tract after a five-digit county, or an eleven-digit tract as it is; else NA. */
const tractOf = (county: string, tract: string | null) => {
  const digits = (tract ?? '').replace('.', '');
  if (/^\d{11}$/.test(digits)) return digits;
  if (/^\d{5}$/.test(county) && /^\d{6}$/.test(digits)) return county + digits;
  return 'NA';
};

/**
 * One LAR row from an application's data (pure): the field-by-field reading of the module comment.
 */
export const larFromSource = (
  s: HmdaApplicationSource,
  context: { lei: string; apor?: AporLookup | undefined },
): HmdaLar => {
  const action = actionTakenOf(s);
  const originated = action === '1';
  const approved = action === '2';
  const withdrawnOrIncomplete = action === '4' || action === '5';
  const approval = s.decision?.approval ?? null;
  const home = s.home;
  // The terms reported: an originated loan's (the decision's when it was funded without a loan record), an
  // approval's; none for the other actions.
  const decided = approval
    ? {
        amount: approval.amount,
        termMonths: approval.term,
        interestRate: approval.interestRate,
        balloonAmount: approval.balloonAmount,
        apr: s.decision?.apr ?? null,
      }
    : null;
  const terms = originated
    ? s.loan
      ? { ...s.loan, apr: s.loan.apr ?? decided?.apr ?? null }
      : decided
    : approved
      ? decided
      : null;
  const amount = terms ? dollars(terms.amount) : dollars(s.requestedAmount);
  const term = terms?.termMonths ?? s.requestedTerm;
  const apr = terms?.apr ?? null;
  const apor =
    apr !== null && s.decision && term !== null && context.apor
      ? context.apor({ rateSetDate: s.decision.decidedOn, termMonths: term, openEnd: s.isOpenEnded })
      : null;
  const rateSpread = apr !== null && apor !== null ? money(apr).minus(apor).toDecimalPlaces(3) : null;
  const firstLien = home?.lienPosition === 1;
  const hoepa =
    !originated || s.isBusinessLoan ? '3' : rateSpread !== null && rateSpread.gt(firstLien ? '6.5' : '8.5') ? '1' : '2';

  const applicant = demographicsOf(s.applicant, s.applicationDate, false);
  const coApplicant = demographicsOf(s.coApplicant, s.applicationDate, true);
  const natural = s.applicant !== null && !s.applicant.isBusiness;
  const incomes = [s.applicant, s.coApplicant].filter((p) => p && !p.isBusiness && p.annualIncome !== null);
  const income =
    !natural || incomes.length === 0
      ? 'NA'
      : plain(
          incomes
            .reduce((sum, p) => sum.plus(p!.annualIncome!), money(0))
            .div(1000)
            .toDecimalPlaces(0),
        );

  const scoreOf = (person: HmdaPersonSource | null, co: boolean) => {
    if (person === null) return co ? { score: '9999', model: '10', text: '' } : { score: '8888', model: '9', text: '' };
    const found = s.decision?.scores.find((r) => r.applicantId === person.applicantId && r.score !== null);
    if (withdrawnOrIncomplete || person.isBusiness || !found) return { score: '8888', model: '9', text: '' };
    const code = creditModelCodes[found.scoreModel ?? ''] ?? '8';
    return { score: String(found.score), model: code, text: code === '8' ? (found.scoreModel ?? 'Other') : '' };
  };
  const applicantScore = scoreOf(s.applicant, false);
  const coApplicantScore = scoreOf(s.coApplicant, true);

  const denial = action === '3' ? denialOf(s.decision?.reasons ?? []) : { codes: ['10'], text: '' };
  const denialCodes = [...denial.codes, '', '', '', ''].slice(0, 4);

  const propertyValue = home?.value ?? null;
  const cltv =
    withdrawnOrIncomplete || propertyValue === null || money(propertyValue).isZero() || amount === ''
      ? 'NA'
      : plain(money(amount).plus(home!.existingLiens).div(propertyValue).times(100).toDecimalPlaces(3));
  const interestRate = terms?.interestRate ?? null;
  const balloon = terms?.balloonAmount ?? null;
  const construction = home?.constructionMethod ? (constructionCodes[home.constructionMethod] ?? '') : '';
  const siteBuilt = construction === '1';
  const county = home?.county && /^\d{5}$/.test(home.county) ? home.county : 'NA';
  const code = (table: Record<string, string>, value: string | null | undefined) => (value ? (table[value] ?? '') : '');

  const fields: Record<LarKey, string> = {
    recordIdentifier: '2',
    lei: context.lei,
    uli: /^[A-Za-z0-9]*$/.test(context.lei)
      ? buildUli(context.lei, String(s.applicationId).padStart(10, '0'))
      : String(s.applicationId),
    applicationDate: hmdaDate(s.applicationDate),
    loanType: code(loanTypeCodes, home?.homeLoanType),
    loanPurpose: code(purposeCodes, home?.hmdaPurposeType),
    preapproval: '2',
    constructionMethod: construction,
    occupancyType: code(occupancyCodes, home?.occupancy),
    loanAmount: amount,
    actionTaken: action,
    actionTakenDate: hmdaDate(s.actionDate),
    street: home ? (home.street ?? '') : 'NA',
    city: home ? (home.city ?? '') : 'NA',
    state: home ? (home.state ?? '').toUpperCase() : 'NA',
    zip: home ? (home.zip ?? '') : 'NA',
    county,
    censusTract: home ? tractOf(county, home.censusTract) : 'NA',
    ...demographicFields('applicant', applicant),
    ...demographicFields('coApplicant', coApplicant),
    income,
    purchaserType: '0',
    rateSpread: rateSpread === null ? 'NA' : plain(rateSpread),
    hoepaStatus: hoepa,
    lienStatus: home?.lienPosition ? (home.lienPosition === 1 ? '1' : '2') : '',
    applicantCreditScore: applicantScore.score,
    coApplicantCreditScore: coApplicantScore.score,
    applicantCreditModel: applicantScore.model,
    applicantCreditModelText: applicantScore.text,
    coApplicantCreditModel: coApplicantScore.model,
    coApplicantCreditModelText: coApplicantScore.text,
    denialReason1: denialCodes[0]!,
    denialReason2: denialCodes[1]!,
    denialReason3: denialCodes[2]!,
    denialReason4: denialCodes[3]!,
    denialReasonText: denial.text,
    totalLoanCosts: 'NA',
    totalPointsAndFees: 'NA',
    originationCharges: 'NA',
    discountPoints: 'NA',
    lenderCredits: 'NA',
    interestRate: interestRate === null ? 'NA' : plain(money(interestRate)),
    prepaymentPenaltyTerm: 'NA',
    debtToIncomeRatio:
      withdrawnOrIncomplete || !s.decision?.dti || !/^-?\d+(\.\d+)?$/.test(s.decision.dti)
        ? 'NA'
        : plain(money(s.decision.dti).toDecimalPlaces(3)),
    combinedLoanToValueRatio: cltv,
    loanTerm: term === null ? 'NA' : String(term),
    introductoryRatePeriod: 'NA',
    balloonPayment: balloon && money(balloon).gt(0) ? '1' : '2',
    interestOnlyPayments: '2',
    negativeAmortization: '2',
    otherNonAmortizingFeatures: '2',
    propertyValue: withdrawnOrIncomplete || propertyValue === null ? 'NA' : dollars(propertyValue),
    manufacturedHomeSecuredPropertyType:
      code(securedPropertyCodes, home?.securedPropertyType) || (siteBuilt ? '3' : ''),
    manufacturedHomeLandPropertyInterest: code(landInterestCodes, home?.landPropertyInterest) || (siteBuilt ? '5' : ''),
    totalUnits: home?.totalUnits ? String(home.totalUnits) : '',
    multifamilyAffordableUnits: 'NA',
    submissionOfApplication: s.direct ? '1' : '2',
    initiallyPayableToInstitution: '1',
    nmlsrId: 'NA',
    aus1: '6',
    aus2: '',
    aus3: '',
    aus4: '',
    aus5: '',
    ausText: '',
    ausResult1: '17',
    ausResult2: '',
    ausResult3: '',
    ausResult4: '',
    ausResult5: '',
    ausResultText: '',
    reverseMortgage: '2',
    openEndLineOfCredit: s.isOpenEnded ? '1' : '2',
    businessOrCommercialPurpose: s.isBusinessLoan ? '1' : '2',
  };
  return { ...fields, applicationId: s.applicationId };
};

/** The transmittal sheet of a year's file. */
export const transmittalSheetOf = (
  institutionName: string,
  year: number,
  entries: number,
  filer: HmdaFiler = {},
): HmdaTransmittalSheet => ({
  recordIdentifier: '1',
  institutionName,
  calendarYear: String(year),
  calendarQuarter: '4',
  contactName: filer.contact?.name ?? '',
  contactPhone: filer.contact?.phone ?? '',
  contactEmail: filer.contact?.email ?? '',
  contactStreet: filer.contact?.street ?? '',
  contactCity: filer.contact?.city ?? '',
  contactState: filer.contact?.state ?? '',
  contactZip: filer.contact?.zip ?? '',
  federalAgency: filer.federalAgency ?? '5',
  totalEntries: String(entries),
  taxId: filer.taxId ?? '',
  lei: filer.lei ?? '',
});

/* ------------------------------------------------------------------------------------------ the reading */

type ApplicationRow = {
  id: number;
  state: string;
  direct: boolean;
  is_open_ended: boolean;
  is_business_loan: boolean;
  application_date: string;
  action_date: string;
  requested_amount: string | null;
  requested_term: number | null;
  decision_type: string | null;
  decided_on: string | null;
  receipt: Receipt | null;
  loan_amount: string | null;
  loan_term: number | null;
  loan_rate: string | null;
  loan_balloon: string | null;
  loan_apr: string | null;
};

/** The parts of a decision receipt (contracts `DecisionReceipt`) the register reads. */
type Receipt = {
  decisionApplicants?: { declineReasons?: { text: string }[] }[];
  reasons?: { text: string }[];
  creditReports?: { applicantId: number; scoreModel: string | null; score: number | null }[];
  approval?: { amount: string; term: number; interestRate: string; balloonAmount?: string | null } | null;
  disclosures?: { apr?: string } | null;
  metrics?: Record<string, string | null>;
};

const list = async <T extends Record<string, unknown>>(tx: TenantTx, statement: ReturnType<typeof sql>) =>
  (await tx.execute<T>(statement)).rows;

/**
 * The sources of the lender's home-equity applications with a final action in `year` (the lender's zone), in
 * application id order. Runs in the lender's tenant transaction.
 */
export const loadHmdaSources = async (
  tx: TenantTx,
  lenderId: number,
  year: number,
): Promise<{ institutionName: string; sources: HmdaApplicationSource[] }> => {
  const [lender] = await list<{ name: string; time_zone: string }>(
    tx,
    sql`select name, time_zone from lenders where id = ${lenderId}`,
  );
  if (!lender) return { institutionName: '', sources: [] };
  const zone = lender.time_zone;
  const apps = await list<ApplicationRow>(
    tx,
    sql`
    with last_decision as (
      select distinct on (d.application_id) d.application_id, d.decision_type, d.created_at, d.receipt
        from application_decisions d
       where d.lender_id = ${lenderId} and d.entry_kind = 'decision'
       order by d.application_id, d.version desc),
    dated as (
      select a.id, a.state, a.direct, a.is_open_ended, p.is_business_loan,
             (a.created_at at time zone ${zone})::date as application_date,
             case when a.state = 'funded' then coalesce(l.contract_date, (l.funded_at at time zone ${zone})::date,
                                                    (ld.created_at at time zone ${zone})::date)
                  else (ld.created_at at time zone ${zone})::date end as action_date,
             coalesce(a.requested_amount, a.est_amt_financed)::text as requested_amount, a.term_months as requested_term,
             ld.decision_type, (ld.created_at at time zone ${zone})::date::text as decided_on, ld.receipt,
             l.amount::text as loan_amount, l.term_months as loan_term, l.interest_rate::text as loan_rate,
             l.balloon_amount::text as loan_balloon, l.disclosure ->> 'apr' as loan_apr
        from applications a
        join loan_products p on p.id = a.loan_product_id
        left join last_decision ld on ld.application_id = a.id
        left join loans l on l.application_id = a.id and l.is_funded
       where a.lender_id = ${lenderId} and p.control_type = 'HEL'
         and a.state in ('funded', 'approved', 'counteroffer', 'declined', 'cancelled'))
    select *, application_date::text as application_date, action_date::text as action_date from dated
     where action_date >= make_date(${year}, 1, 1) and action_date < make_date(${year + 1}, 1, 1)
     order by id`,
  );
  if (apps.length === 0) return { institutionName: lender.name, sources: [] };
  const ids = sql.join(
    apps.map((a) => sql`${a.id}`),
    sql`, `,
  );

  const homes = await list<{
    application_id: number;
    address_line1: string | null;
    address_line2: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    county: string | null;
    census_track: string | null;
    value: string | null;
    lien_position: number | null;
    home_loan_type: string | null;
    hmda_purpose_type: string | null;
    construction_method: string | null;
    total_units: number | null;
    secured_property_type: string | null;
    land_property_interest: string | null;
    home_occupancy_status: string | null;
    existing_liens: string;
  }>(
    tx,
    sql`select distinct on (c.application_id) c.application_id, c.address_line1, c.address_line2, c.city, c.state, c.zip,
               c.county, c.census_track, c.value::text as value, c.lien_position, c.home_loan_type, c.hmda_purpose_type,
               c.construction_method, c.total_units, c.secured_property_type, c.land_property_interest,
               c.home_occupancy_status,
               (select coalesce(sum(li.payoff_amount), 0)::text from collateral_liens li where li.collateral_id = c.id)
                 as existing_liens
          from collaterals c
         where c.application_id in (${ids}) and c.family = 'Home'
         order by c.application_id, c.sort_order, c.id`,
  );
  const people = await list<{
    id: number;
    application_id: number;
    role: string;
    is_business: boolean;
    dob: string | null;
    company_gross_income: string | null;
    company_gross_income_frequency: string | null;
    hmda: HmdaRecordSource | null;
  }>(
    tx,
    sql`select p.id, p.application_id, p.role, p.is_business, p.dob::text as dob,
               p.company_gross_income::text as company_gross_income, p.company_gross_income_frequency,
               case when h.id is null then null else json_build_object(
                 'deliveryMethod', h.delivery_method, 'gender', h.gender, 'race', h.race, 'ethnicity', h.ethnicity,
                 'raceAmericanIndianOrAlaskaNative', h.race_american_indian_or_alaska_native,
                 'raceOtherAsian', h.race_other_asian, 'raceOtherPacificIslander', h.race_other_pacific_islander,
                 'ethnicityOtherHispanicOrLatino', h.ethnicity_other_hispanic_or_latino,
                 'verificationStatement1', h.verification_statement1,
                 'verificationStatement2', h.verification_statement2,
                 'verificationStatement3', h.verification_statement3) end as hmda
          from applicants p
          left join hmda_records h on h.applicant_id = p.id
         where p.application_id in (${ids}) and p.role in ('PRIMARY', 'CO_APPLICANT', 'CO_SIGNER')
         order by p.application_id, case p.role when 'PRIMARY' then 0 when 'CO_APPLICANT' then 1 else 2 end,
                  p.sort_order, p.id`,
  );
  const incomeRows = await list<{ applicant_id: number; amount: string; periods: number }>(
    tx,
    sql`select e.applicant_id, e.salary::text as amount,
               case e.pay_period ${sql.join(
                 Object.entries(paymentFrequencies).map(([name, n]) => sql`when ${name} then ${n}::int`),
                 sql` `,
               )} else 0 end as periods
          from applicant_employments e join applicants p on p.id = e.applicant_id
         where p.application_id in (${ids}) and e.is_current and e.salary is not null
        union all
        select f.applicant_id, f.amount::text, 12
          from applicant_finances f join applicants p on p.id = f.applicant_id
         where p.application_id in (${ids}) and f.is_income`,
  );
  const annualIncome = new Map<number, Money>();
  const addIncome = (applicantId: number, amount: string, periods: number) =>
    annualIncome.set(applicantId, (annualIncome.get(applicantId) ?? money(0)).plus(money(amount).times(periods)));
  for (const r of incomeRows) addIncome(r.applicant_id, r.amount, r.periods);
  for (const p of people) {
    const periods = paymentFrequencies[p.company_gross_income_frequency as keyof typeof paymentFrequencies];
    if (p.company_gross_income !== null && periods) addIncome(p.id, p.company_gross_income, periods);
  }
  const person = (p: (typeof people)[number] | undefined): HmdaPersonSource | null =>
    p
      ? {
          applicantId: p.id,
          isBusiness: p.is_business,
          dob: p.dob,
          hmda: p.hmda,
          annualIncome: annualIncome.has(p.id) ? annualIncome.get(p.id)!.toFixed() : null,
        }
      : null;

  const sources = apps.map((a): HmdaApplicationSource => {
    const home = homes.find((h) => h.application_id === a.id);
    const onApp = people.filter((p) => p.application_id === a.id);
    const r = a.receipt;
    return {
      applicationId: a.id,
      state: a.state,
      direct: a.direct,
      isOpenEnded: a.is_open_ended,
      isBusinessLoan: a.is_business_loan,
      applicationDate: a.application_date,
      actionDate: a.action_date,
      requestedAmount: a.requested_amount,
      requestedTerm: a.requested_term,
      decision:
        r && a.decision_type && a.decided_on
          ? {
              type: a.decision_type,
              decidedOn: a.decided_on,
              reasons: [
                ...(r.decisionApplicants ?? []).flatMap((d) => (d.declineReasons ?? []).map((x) => x.text)),
                ...(r.reasons ?? []).map((x) => x.text),
              ],
              scores: (r.creditReports ?? []).map((c) => ({
                applicantId: c.applicantId,
                scoreModel: c.scoreModel,
                score: c.score,
              })),
              approval: r.approval
                ? {
                    amount: r.approval.amount,
                    term: r.approval.term,
                    interestRate: r.approval.interestRate,
                    balloonAmount: r.approval.balloonAmount ?? null,
                  }
                : null,
              apr: r.disclosures?.apr ?? null,
              dti: r.metrics?.dti ?? null,
            }
          : null,
      loan:
        a.loan_amount !== null
          ? {
              amount: a.loan_amount,
              termMonths: a.loan_term!,
              interestRate: a.loan_rate!,
              balloonAmount: a.loan_balloon,
              apr: a.loan_apr,
            }
          : null,
      home: home
        ? {
            street: [home.address_line1, home.address_line2].filter(Boolean).join(' ') || null,
            city: home.city,
            state: home.state,
            zip: home.zip,
            county: home.county,
            censusTract: home.census_track,
            value: home.value,
            lienPosition: home.lien_position,
            homeLoanType: home.home_loan_type,
            hmdaPurposeType: home.hmda_purpose_type,
            constructionMethod: home.construction_method,
            totalUnits: home.total_units,
            securedPropertyType: home.secured_property_type,
            landPropertyInterest: home.land_property_interest,
            occupancy: home.home_occupancy_status,
            existingLiens: home.existing_liens,
          }
        : null,
      applicant: person(onApp.find((p) => p.role === 'PRIMARY')),
      coApplicant: person(onApp.find((p) => p.role !== 'PRIMARY')),
    };
  });
  return { institutionName: lender.name, sources };
};

/** The transmittal sheet and the LAR rows of the lender's home-equity applications acted on in `year`. */
export const loadHmdaLar = async (
  tx: TenantTx,
  lenderId: number,
  year: number,
  options: HmdaLarOptions = {},
): Promise<{ ts: HmdaTransmittalSheet; lars: HmdaLar[] }> => {
  const { institutionName, sources } = await loadHmdaSources(tx, lenderId, year);
  const lei = (options.filer?.lei ?? '').trim().toUpperCase();
  const lars = sources.map((s) => larFromSource(s, { lei, apor: options.apor }));
  const ts = transmittalSheetOf(institutionName, year, lars.length, { ...options.filer, lei });
  return { ts, lars };
};

/** What an export of the register produces: the file's text, its rows, and the edits' failures (none: it passes). */
export type HmdaExport = {
  ts: HmdaTransmittalSheet;
  lars: HmdaLar[];
  file: string;
  failures: HmdaEditFailure[];
};

/** The register of `year`, written and edited: the export kind's one call. */
export const buildHmdaExport = async (
  tx: TenantTx,
  lenderId: number,
  year: number,
  options: HmdaLarOptions = {},
): Promise<HmdaExport> => {
  const { ts, lars } = await loadHmdaLar(tx, lenderId, year, options);
  return { ts, lars, file: formatHmdaFile(ts, lars), failures: editHmdaFile(ts, lars, { filingYear: year }) };
};
