import { encodeFlags, ethnicityFlags, raceFlags } from '@credence/domain';
import { describe, expect, it } from 'vitest';
import { editHmdaFile } from './hmda-lar.ts';
import {
  actionTakenOf,
  ageOn,
  denialCodeOf,
  larFromSource,
  transmittalSheetOf,
  type HmdaApplicationSource,
  type HmdaPersonSource,
} from './hmda-lar.loader.ts';

/** The LAR row built from an application's data (hmda-lar.loader.ts `larFromSource`); figures worked out by hand. */

const LEI = '5493001KJTIIGC8Y1R12';
const applicant: HmdaPersonSource = {
  applicantId: 1,
  isBusiness: false,
  dob: '1982-10-10',
  annualIncome: '72000',
  // Face to face: the officer noted ethnicity, race and sex by visual observation.
  hmda: {
    deliveryMethod: 1,
    gender: 1,
    race: encodeFlags(raceFlags, ['White']),
    ethnicity: encodeFlags(ethnicityFlags, ['NotHispanicOrLatino']),
    raceAmericanIndianOrAlaskaNative: null,
    raceOtherAsian: null,
    raceOtherPacificIslander: null,
    ethnicityOtherHispanicOrLatino: null,
    verificationStatement1: true,
    verificationStatement2: true,
    verificationStatement3: true,
  },
};
const coApplicant: HmdaPersonSource = {
  applicantId: 2,
  isBusiness: false,
  dob: '1985-10-09',
  annualIncome: '18499.99',
  hmda: {
    deliveryMethod: 2,
    gender: 2,
    race: encodeFlags(raceFlags, ['Asian', 'Vietnamese']),
    ethnicity: encodeFlags(ethnicityFlags, ['NotHispanicOrLatino']),
    raceAmericanIndianOrAlaskaNative: null,
    raceOtherAsian: null,
    raceOtherPacificIslander: null,
    ethnicityOtherHispanicOrLatino: null,
    verificationStatement1: false,
    verificationStatement2: false,
    verificationStatement3: false,
  },
};
const funded: HmdaApplicationSource = {
  applicationId: 10054,
  state: 'funded',
  direct: true,
  isOpenEnded: false,
  isBusinessLoan: false,
  applicationDate: '2026-10-09',
  actionDate: '2026-10-15',
  requestedAmount: '90000.00',
  requestedTerm: 180,
  decision: {
    type: 'approve',
    decidedOn: '2026-10-12',
    reasons: [],
    scores: [
      { applicantId: 1, scoreModel: 'FICO 8', score: 741 },
      { applicantId: 2, scoreModel: 'VantageScore 4.0', score: 702 },
    ],
    approval: { amount: '85000.00', term: 180, interestRate: '7.125', balloonAmount: null },
    apr: '7.180',
    dti: '31.4567',
  },
  loan: { amount: '85000.00', termMonths: 180, interestRate: '7.1250', balloonAmount: null, apr: '7.180' },
  home: {
    street: '4191 Franklin St',
    city: 'Denver',
    state: 'CO',
    zip: '80205',
    county: '08031',
    censusTract: '0035.00',
    value: '450000.00',
    lienPosition: 2,
    homeLoanType: 'CONVENTIONAL',
    hmdaPurposeType: 'CASH_OUT_REFINANCING',
    constructionMethod: 'SITE_BUILT',
    totalUnits: 1,
    securedPropertyType: null,
    landPropertyInterest: null,
    occupancy: 'PRINCIPAL_RESIDENCE',
    existingLiens: '100000.00',
  },
  applicant,
  coApplicant,
};
const ts = transmittalSheetOf('Summit Federal Credit Union', 2026, 1, {
  lei: LEI,
  taxId: '84-1234567',
  contact: {
    name: 'Dana Whitfield',
    phone: '303-555-0142',
    email: 'hmda@summitfcu.example',
    street: '1200 Grant St',
    city: 'Denver',
    state: 'CO',
    zip: '80203',
  },
});
const passes = (source: HmdaApplicationSource) =>
  expect(editHmdaFile(ts, [larFromSource(source, { lei: LEI })], { filingYear: 2026 })).toEqual([]);

describe('a LAR row from an application', () => {
  it('reports an originated home-equity loan from its loan, home, people and decision', () => {
    const lar = larFromSource(funded, { lei: LEI, apor: () => '6.000' });
    expect(lar).toMatchObject({
      applicationId: 10054,
      uli: '5493001KJTIIGC8Y1R12000001005453',
      applicationDate: '20261009',
      actionTaken: '1',
      actionTakenDate: '20261015',
      loanType: '1',
      loanPurpose: '32',
      constructionMethod: '1',
      occupancyType: '1',
      loanAmount: '85000',
      county: '08031',
      censusTract: '08031003500',
      applicantEthnicity1: '2',
      applicantEthnicityObserved: '1',
      applicantRace1: '5',
      applicantRaceObserved: '1',
      applicantSex: '1',
      applicantSexObserved: '1',
      coApplicantEthnicity1: '2',
      coApplicantRace1: '2',
      coApplicantRace2: '26',
      coApplicantRace3: '',
      coApplicantRaceObserved: '2',
      coApplicantSex: '2',
      coApplicantSexObserved: '2',
      // Born 10 Oct 1982: 43 the day before the birthday; born 9 Oct 1985: 41 on it.
      applicantAge: '43',
      coApplicantAge: '41',
      // 72,000 + 18,499.99 = 90,499.99: 90 thousand.
      income: '90',
      // APR 7.180 − APOR 6.000.
      rateSpread: '1.18',
      hoepaStatus: '2',
      lienStatus: '2',
      applicantCreditScore: '741',
      applicantCreditModel: '12',
      coApplicantCreditScore: '702',
      coApplicantCreditModel: '15',
      denialReason1: '10',
      interestRate: '7.125',
      debtToIncomeRatio: '31.457',
      // (85,000 + 100,000) / 450,000 = 41.1111…%.
      combinedLoanToValueRatio: '41.111',
      loanTerm: '180',
      propertyValue: '450000',
      manufacturedHomeSecuredPropertyType: '3',
      manufacturedHomeLandPropertyInterest: '5',
      totalUnits: '1',
      totalLoanCosts: 'NA',
      balloonPayment: '2',
      submissionOfApplication: '1',
      openEndLineOfCredit: '2',
      businessOrCommercialPurpose: '2',
    });
    passes(funded);
  });

  it('rounds income half up and marks a high-cost first-lien loan (APR over APOR by more than 6.5)', () => {
    const lar = larFromSource(
      {
        ...funded,
        coApplicant: { ...coApplicant, annualIncome: '18500' },
        home: { ...funded.home!, lienPosition: 1 },
      },
      { lei: LEI, apor: () => '0.600' },
    );
    expect(lar).toMatchObject({ income: '91', rateSpread: '6.58', hoepaStatus: '1', lienStatus: '1' });
  });

  it('reports a business applicant as not a natural person, and no co-applicant', () => {
    const lar = larFromSource(
      { ...funded, applicant: { ...applicant, isBusiness: true, hmda: null }, coApplicant: null },
      { lei: LEI },
    );
    expect(lar).toMatchObject({
      applicantEthnicity1: '4',
      applicantRace1: '7',
      applicantSex: '4',
      applicantEthnicityObserved: '3',
      applicantRaceObserved: '3',
      applicantSexObserved: '3',
      applicantAge: '8888',
      applicantCreditScore: '8888',
      applicantCreditModel: '9',
      income: 'NA',
      coApplicantEthnicity1: '5',
      coApplicantRace1: '8',
      coApplicantSex: '5',
      coApplicantEthnicityObserved: '4',
      coApplicantRaceObserved: '4',
      coApplicantSexObserved: '4',
      coApplicantAge: '9999',
      coApplicantCreditScore: '9999',
      coApplicantCreditModel: '10',
    });
  });

  it('reports a denial with the FIG codes of its reasons (four at most) and the other reasons’ text', () => {
    const declined: HmdaApplicationSource = {
      ...funded,
      state: 'declined',
      loan: null,
      decision: {
        ...funded.decision!,
        type: 'decline',
        approval: null,
        apr: null,
        reasons: [
          'Excessive obligations in relation to income',
          'Length of residence',
          'Value or type of collateral not sufficient',
          'Unable to verify income',
          'Bankruptcy',
        ],
      },
    };
    const lar = larFromSource(declined, { lei: LEI, apor: () => '6.000' });
    expect(lar).toMatchObject({
      actionTaken: '3',
      loanAmount: '90000',
      denialReason1: '1',
      denialReason2: '9',
      denialReason3: '4',
      denialReason4: '6',
      denialReasonText: 'Length of residence',
      interestRate: 'NA',
      rateSpread: 'NA',
      hoepaStatus: '3',
      applicantCreditScore: '741',
    });
    passes(declined);
  });

  it('maps Regulation B’s principal reasons to the FIG’s denial reasons', () => {
    expect(
      [
        'Credit application incomplete',
        'Unable to verify employment',
        'Temporary or irregular employment',
        'Income insufficient for amount of credit requested',
        'Delinquent past or present credit obligations with others',
        'No credit file',
        'Foreclosure or repossession',
        'Loan to value above policy; more down payment required',
        'Temporary residence',
      ].map(denialCodeOf),
    ).toEqual(['7', '6', '2', '1', '3', '3', '3', '4', '9']);
  });

  it('reports a cancellation as withdrawn, or incomplete when its reason says so, without terms or scores', () => {
    const cancelled = (reason: string): HmdaApplicationSource => ({
      ...funded,
      state: 'cancelled',
      loan: null,
      decision: { ...funded.decision!, type: 'cancel', approval: null, reasons: [reason] },
    });
    expect(actionTakenOf(cancelled('Withdrawn by applicant'))).toBe('4');
    expect(actionTakenOf(cancelled('Incomplete – no response'))).toBe('5');
    const lar = larFromSource(cancelled('Incomplete – no response'), { lei: LEI });
    expect(lar).toMatchObject({
      actionTaken: '5',
      applicantCreditScore: '8888',
      applicantCreditModel: '9',
      coApplicantCreditScore: '8888',
      propertyValue: 'NA',
      combinedLoanToValueRatio: 'NA',
      debtToIncomeRatio: 'NA',
      interestRate: 'NA',
      denialReason1: '10',
    });
    passes(cancelled('Incomplete – no response'));
  });

  it('reports an approval not accepted with the approval’s terms', () => {
    const approved: HmdaApplicationSource = { ...funded, state: 'approved', loan: null };
    expect(larFromSource(approved, { lei: LEI })).toMatchObject({
      actionTaken: '2',
      loanAmount: '85000',
      interestRate: '7.125',
      hoepaStatus: '3',
    });
    passes(approved);
  });

  it('reports county and tract NA when the county is a name, and names the other model', () => {
    const lar = larFromSource(
      {
        ...funded,
        home: { ...funded.home!, county: 'Denver' },
        decision: { ...funded.decision!, scores: [{ applicantId: 1, scoreModel: 'FICO Auto 8', score: 700 }] },
      },
      { lei: LEI },
    );
    expect(lar).toMatchObject({
      county: 'NA',
      censusTract: 'NA',
      applicantCreditModel: '8',
      applicantCreditModelText: 'FICO Auto 8',
      // The co-applicant's score was not relied on: not applicable.
      coApplicantCreditScore: '8888',
      coApplicantCreditModel: '9',
    });
  });

  it('counts ages in whole years', () => {
    expect(ageOn('1980-02-29', '2026-02-28')).toBe(45);
    expect(ageOn('1980-02-29', '2026-03-01')).toBe(46);
  });
});
