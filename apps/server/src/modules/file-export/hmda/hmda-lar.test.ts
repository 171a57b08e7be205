import { describe, expect, it } from 'vitest';
import {
  buildUli,
  editHmdaFile,
  formatHmdaFile,
  formatLar,
  formatTransmittalSheet,
  hmdaEditIds,
  larFieldNames,
  tsFieldNames,
  uliCheckDigits,
  uliCheckDigitsValid,
  type HmdaLar,
  type HmdaTransmittalSheet,
} from './hmda-lar.ts';

/**
 * The HMDA file's format and edits (hmda-lar.ts). The expected rows are written by hand from the FIG's field
 * order (the transmittal sheet's 15 fields, the LAR's 110), not produced by the code; the ULI references are the
 * check-digit example of Regulation C Appendix C (as the HMDA Platform's own test has it) and a ULI of an FFIEC
 * sample file.
 */

const ts: HmdaTransmittalSheet = {
  recordIdentifier: '1',
  institutionName: 'Summit Federal Credit Union',
  calendarYear: '2026',
  calendarQuarter: '4',
  contactName: 'Dana Whitfield',
  contactPhone: '303-555-0142',
  contactEmail: 'hmda@summitfcu.example',
  contactStreet: '1200 Grant St',
  contactCity: 'Denver',
  contactState: 'CO',
  contactZip: '80203',
  federalAgency: '5',
  totalEntries: '1',
  taxId: '84-1234567',
  lei: '5493001KJTIIGC8Y1R12',
};

/** An originated home-equity loan with a co-applicant: every field valid. */
const lar: HmdaLar = {
  applicationId: 10054,
  recordIdentifier: '2',
  lei: '5493001KJTIIGC8Y1R12',
  uli: '5493001KJTIIGC8Y1R12000001005453',
  applicationDate: '20261009',
  loanType: '1',
  loanPurpose: '32',
  preapproval: '2',
  constructionMethod: '1',
  occupancyType: '1',
  loanAmount: '85000',
  actionTaken: '1',
  actionTakenDate: '20261015',
  street: '4191 Franklin St',
  city: 'Denver',
  state: 'CO',
  zip: '80205',
  county: '08031',
  censusTract: '08031003500',
  applicantEthnicity1: '1',
  applicantEthnicity2: '11',
  applicantEthnicity3: '',
  applicantEthnicity4: '',
  applicantEthnicity5: '',
  applicantEthnicityText: '',
  coApplicantEthnicity1: '2',
  coApplicantEthnicity2: '',
  coApplicantEthnicity3: '',
  coApplicantEthnicity4: '',
  coApplicantEthnicity5: '',
  coApplicantEthnicityText: '',
  applicantEthnicityObserved: '2',
  coApplicantEthnicityObserved: '1',
  applicantRace1: '5',
  applicantRace2: '1',
  applicantRace3: '',
  applicantRace4: '',
  applicantRace5: '',
  applicantRaceNativeText: 'Navajo Nation',
  applicantRaceAsianText: '',
  applicantRacePacificText: '',
  coApplicantRace1: '5',
  coApplicantRace2: '',
  coApplicantRace3: '',
  coApplicantRace4: '',
  coApplicantRace5: '',
  coApplicantRaceNativeText: '',
  coApplicantRaceAsianText: '',
  coApplicantRacePacificText: '',
  applicantRaceObserved: '2',
  coApplicantRaceObserved: '1',
  applicantSex: '1',
  coApplicantSex: '2',
  applicantSexObserved: '2',
  coApplicantSexObserved: '1',
  applicantAge: '44',
  coApplicantAge: '41',
  income: '158',
  purchaserType: '0',
  rateSpread: 'NA',
  hoepaStatus: '2',
  lienStatus: '2',
  applicantCreditScore: '741',
  coApplicantCreditScore: '702',
  applicantCreditModel: '12',
  applicantCreditModelText: '',
  coApplicantCreditModel: '8',
  coApplicantCreditModelText: 'FICO Auto 8',
  denialReason1: '10',
  denialReason2: '',
  denialReason3: '',
  denialReason4: '',
  denialReasonText: '',
  totalLoanCosts: 'NA',
  totalPointsAndFees: 'NA',
  originationCharges: 'NA',
  discountPoints: 'NA',
  lenderCredits: 'NA',
  interestRate: '7.25',
  prepaymentPenaltyTerm: 'NA',
  debtToIncomeRatio: 'NA',
  combinedLoanToValueRatio: '41.5',
  loanTerm: '180',
  introductoryRatePeriod: 'NA',
  balloonPayment: '2',
  interestOnlyPayments: '2',
  negativeAmortization: '2',
  otherNonAmortizingFeatures: '2',
  propertyValue: '450000',
  manufacturedHomeSecuredPropertyType: '3',
  manufacturedHomeLandPropertyInterest: '5',
  totalUnits: '1',
  multifamilyAffordableUnits: 'NA',
  submissionOfApplication: '1',
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
  openEndLineOfCredit: '2',
  businessOrCommercialPurpose: '2',
};

const expectedTs =
  '1|Summit Federal Credit Union|2026|4|Dana Whitfield|303-555-0142|hmda@summitfcu.example|1200 Grant St|Denver|CO|80203|5|1|84-1234567|5493001KJTIIGC8Y1R12';
const expectedLar =
  '2|5493001KJTIIGC8Y1R12|5493001KJTIIGC8Y1R12000001005453|20261009|1|32|2|1|1|85000|1|20261015|4191 Franklin St|Denver|CO|80205|08031|08031003500|1|11|||||2||||||2|1|5|1||||Navajo Nation|||5||||||||2|1|1|2|2|1|44|41|158|0|NA|2|2|741|702|12||8|FICO Auto 8|10|||||NA|NA|NA|NA|NA|7.25|NA|NA|41.5|180|NA|2|2|2|2|450000|3|5|1|NA|1|1|NA|6||||||17||||||2|2|2';

describe('the HMDA file format', () => {
  it('writes the transmittal sheet as the FIG orders its 15 fields', () => {
    expect(formatTransmittalSheet(ts)).toBe(expectedTs);
    expect(expectedTs.split('|')).toHaveLength(15);
    expect(Object.keys(tsFieldNames)).toHaveLength(15);
  });

  it('writes a LAR row as the FIG orders its 110 fields', () => {
    expect(formatLar(lar)).toBe(expectedLar);
    expect(expectedLar.split('|')).toHaveLength(110);
    expect(Object.keys(larFieldNames)).toHaveLength(110);
  });

  it('writes the sheet then one row per LAR, each line ending with a line feed', () => {
    const second = { ...lar, applicationId: 10055, uli: buildUli(lar.lei, '0000010055') };
    const file = formatHmdaFile({ ...ts, totalEntries: '2' }, [lar, second]);
    const lines = file.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]!.startsWith('1|')).toBe(true);
    expect(lines[1]).toBe(expectedLar);
    expect(lines[2]!.startsWith('2|')).toBe(true);
    expect(lines[3]).toBe('');
    expect(file).not.toContain('\r');
  });

  it('never lets a value break a row: pipes and line breaks become spaces', () => {
    const line = formatLar({ ...lar, street: '12 Main St | Apt 4\r\nRear' });
    expect(line.split('|')).toHaveLength(110);
    expect(line).toContain('|12 Main St   Apt 4 Rear|');
  });
});

describe('the ULI check digits (ISO 7064 MOD 97-10)', () => {
  it('gives the check digits of Regulation C, Appendix C', () => {
    expect(uliCheckDigits('10Bx939c5543TqA1144M', '999143X')).toBe('38');
    expect(buildUli('10Bx939c5543TqA1144M', '999143X')).toBe('10Bx939c5543TqA1144M999143X38');
  });

  it('pads a check digit under 10 with a zero', () => {
    // 5493001KJTIIGC8Y1R12 0000010069: the digits × 100 mod 97 is 90, so 98 − 90 = 8, written 08 (worked out apart).
    expect(uliCheckDigits('5493001KJTIIGC8Y1R12', '0000010069')).toBe('08');
    expect(uliCheckDigitsValid('5493001KJTIIGC8Y1R12000001006908')).toBe(true);
  });

  it('accepts a valid ULI and catches a transcription error', () => {
    expect(uliCheckDigitsValid('BANK1LEIFORTEST12345NT0LQ5JE0CI7C2MNZLJPEZ043')).toBe(true);
    expect(uliCheckDigitsValid('BANK1LEIFORTEST12345NT0LQ5JE0CI7C2MNZLJPEZ034')).toBe(false);
    expect(uliCheckDigitsValid('10Bx939c5543TqA1144M999134X38')).toBe(false);
    expect(uliCheckDigitsValid(lar.uli)).toBe(true);
  });
});

type Break = { ts?: Partial<HmdaTransmittalSheet>; lar?: Partial<HmdaLar> };

/** Each edit and a change to the valid file that breaks it. */
const breaks: [string, Break][] = [
  ['S300', { ts: { recordIdentifier: '2' } }],
  ['V600', { ts: { lei: 'ABC' } }],
  ['V601', { ts: { contactName: '' } }],
  ['V602', { ts: { calendarQuarter: '3' } }],
  ['V603', { ts: { contactPhone: '3035550142' } }],
  ['V604', { ts: { contactState: 'XX' } }],
  ['V605', { ts: { contactZip: '8020' } }],
  ['V606', { ts: { totalEntries: '0' } }],
  ['V607', { ts: { taxId: '841234567' } }],
  ['S304', { ts: { totalEntries: '2' } }],
  ['S301', { lar: { lei: 'OTHERLEI000000000000' } }],
  ['S300', { lar: { recordIdentifier: '1' } }],
  ['V600', { lar: { lei: 'SHORT' } }],
  ['V608-1', { lar: { uli: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } }],
  ['V608-2', { lar: { uli: 'NA' } }],
  ['V609', { lar: { uli: '5493001KJTIIGC8Y1R12000001005454' } }],
  ['V610-1', { lar: { applicationDate: '20261340' } }],
  ['V610-2', { lar: { applicationDate: 'NA' } }],
  ['V611', { lar: { loanType: '5' } }],
  ['V612-1', { lar: { loanPurpose: '3' } }],
  ['V612-2', { lar: { preapproval: '1' } }],
  ['V613-1', { lar: { preapproval: '3' } }],
  ['V613-2', { lar: { actionTaken: '7' } }],
  ['V613-3', { lar: { actionTaken: '3', preapproval: '1' } }],
  ['V613-4', { lar: { actionTaken: '3', preapproval: '1' } }],
  ['V614-1', { lar: { preapproval: '1' } }],
  ['V614-4', { lar: { openEndLineOfCredit: '1', preapproval: '1' } }],
  ['V615-1', { lar: { constructionMethod: '' } }],
  ['V615-2', { lar: { manufacturedHomeLandPropertyInterest: '1' } }],
  ['V615-3', { lar: { manufacturedHomeSecuredPropertyType: '1' } }],
  ['V616', { lar: { occupancyType: '4' } }],
  ['V617', { lar: { loanAmount: '-5' } }],
  ['V618', { lar: { actionTaken: '9' } }],
  ['V619-1', { lar: { actionTakenDate: '2026-10-15' } }],
  ['V619-2', { lar: { actionTakenDate: '20271015' } }],
  ['V619-3', { lar: { actionTakenDate: '20261001' } }],
  ['V620', { lar: { street: '' } }],
  ['V621', { lar: { city: '' } }],
  ['V622', { lar: { zip: 'NA' } }],
  ['V623', { lar: { state: 'ZZ' } }],
  ['V624', { lar: { zip: '8020' } }],
  ['V625-1', { lar: { censusTract: '0035.00' } }],
  ['V626', { lar: { county: 'Denver' } }],
  ['V627', { lar: { censusTract: '08005003500' } }],
  ['V628-1', { lar: { applicantEthnicity1: '' } }],
  ['V628-2', { lar: { applicantEthnicity2: '3' } }],
  ['V628-3', { lar: { applicantEthnicity2: '1' } }],
  ['V628-4', { lar: { applicantEthnicity1: '3' } }],
  ['V629-1', { lar: { applicantEthnicityObserved: '4' } }],
  ['V629-2', { lar: { applicantEthnicityObserved: '1' } }],
  ['V629-3', { lar: { applicantEthnicity1: '4' } }],
  ['V630', { lar: { applicantEthnicity1: '4', applicantEthnicity2: '' } }],
  ['V631-1', { lar: { coApplicantEthnicity1: '6' } }],
  ['V631-2', { lar: { coApplicantEthnicity2: '4' } }],
  ['V631-3', { lar: { coApplicantEthnicity2: '2' } }],
  ['V631-4', { lar: { coApplicantEthnicity1: '5', coApplicantEthnicity2: '1' } }],
  ['V632-1', { lar: { coApplicantEthnicityObserved: '5' } }],
  ['V632-2', { lar: { coApplicantEthnicity1: '11' } }],
  ['V632-3', { lar: { coApplicantEthnicityObserved: '2', coApplicantEthnicity1: '5' } }],
  ['V633', { lar: { coApplicantEthnicity1: '4' } }],
  ['V634', { lar: { coApplicantEthnicityObserved: '4' } }],
  ['V635-1', { lar: { applicantRace1: '9' } }],
  ['V635-2', { lar: { applicantRace2: '6' } }],
  ['V635-3', { lar: { applicantRace2: '5' } }],
  ['V635-4', { lar: { applicantRace1: '6' } }],
  ['V636-1', { lar: { applicantRaceObserved: '4' } }],
  ['V636-2', { lar: { applicantRaceObserved: '1', applicantRace1: '21' } }],
  ['V636-3', { lar: { applicantRace1: '7' } }],
  ['V637', { lar: { applicantRace1: '7', applicantRace2: '' } }],
  ['V638-1', { lar: { coApplicantRace1: '9' } }],
  ['V638-2', { lar: { coApplicantRace2: '8' } }],
  ['V638-3', { lar: { coApplicantRace2: '5' } }],
  ['V638-4', { lar: { coApplicantRace1: '8', coApplicantRace2: '1' } }],
  ['V639-1', { lar: { coApplicantRaceObserved: '5' } }],
  ['V639-2', { lar: { coApplicantRace1: '22' } }],
  ['V639-3', { lar: { coApplicantRaceObserved: '2', coApplicantRace1: '8' } }],
  ['V640', { lar: { coApplicantRace1: '7' } }],
  ['V641', { lar: { coApplicantRaceObserved: '4' } }],
  ['V642-1', { lar: { applicantSex: '5' } }],
  ['V642-2', { lar: { applicantSexObserved: '4' } }],
  ['V643', { lar: { applicantSexObserved: '1', applicantSex: '3' } }],
  ['V644-1', { lar: { applicantSex: '4' } }],
  ['V644-2', { lar: { applicantSex: '6', applicantSexObserved: '1' } }],
  ['V645', { lar: { applicantSex: '4' } }],
  ['V646-1', { lar: { coApplicantSex: '7' } }],
  ['V646-2', { lar: { coApplicantSexObserved: '5' } }],
  ['V647', { lar: { coApplicantSex: '3' } }],
  ['V648-1', { lar: { coApplicantSexObserved: '2', coApplicantSex: '5' } }],
  ['V648-2', { lar: { coApplicantSex: '6' } }],
  ['V649', { lar: { coApplicantSex: '4' } }],
  ['V650', { lar: { coApplicantSex: '5' } }],
  ['V651-1', { lar: { applicantAge: '' } }],
  [
    'V651-2',
    {
      lar: {
        applicantEthnicity1: '4',
        applicantEthnicity2: '',
        applicantRace1: '7',
        applicantRace2: '',
        applicantRaceNativeText: '',
        applicantSex: '4',
      },
    },
  ],
  ['V652-1', { lar: { coApplicantAge: '0' } }],
  ['V652-2', { lar: { coApplicantEthnicity1: '4', coApplicantRace1: '7', coApplicantSex: '4' } }],
  ['V654-1', { lar: { income: '158.5' } }],
  [
    'V655-1',
    {
      lar: {
        applicantEthnicity1: '4',
        applicantEthnicity2: '',
        applicantRace1: '7',
        applicantRace2: '',
        applicantRaceNativeText: '',
        applicantSex: '4',
      },
    },
  ],
  ['V656-1', { lar: { purchaserType: '7' } }],
  ['V656-2', { lar: { actionTaken: '2', purchaserType: '1' } }],
  ['V657-1', { lar: { rateSpread: 'abc' } }],
  ['V657-2', { lar: { actionTaken: '3', rateSpread: '1.25' } }],
  ['V658-1', { lar: { hoepaStatus: '4' } }],
  ['V658-2', { lar: { actionTaken: '2' } }],
  ['V659', { lar: { lienStatus: '3' } }],
  ['V660-1', { lar: { applicantCreditScore: '' } }],
  ['V660-2', { lar: { applicantCreditModel: '10' } }],
  ['V661', { lar: { applicantCreditScore: '8888' } }],
  ['V662-1', { lar: { applicantCreditModelText: 'FICO 8' } }],
  ['V662-2', { lar: { applicantCreditModel: '8' } }],
  ['V663', { lar: { actionTaken: '4' } }],
  ['V664', { lar: { actionTaken: '4' } }],
  ['V665-1', { lar: { coApplicantCreditScore: 'x' } }],
  ['V665-2', { lar: { coApplicantCreditModel: '16' } }],
  ['V666-1', { lar: { coApplicantCreditScore: '8888' } }],
  ['V666-2', { lar: { coApplicantCreditScore: '9999' } }],
  ['V667-1', { lar: { coApplicantCreditModel: '12' } }],
  ['V667-2', { lar: { coApplicantCreditModelText: '' } }],
  ['V669-1', { lar: { denialReason1: '' } }],
  ['V669-2', { lar: { actionTaken: '3', denialReason1: '3', denialReason2: '10' } }],
  ['V669-3', { lar: { actionTaken: '3', denialReason1: '3', denialReason2: '3' } }],
  ['V669-4', { lar: { denialReason2: '1' } }],
  ['V670-1', { lar: { actionTaken: '3' } }],
  ['V670-2', { lar: { denialReason1: '3' } }],
  ['V670-3', { lar: { denialReason1: '3' } }],
  ['V670-4', { lar: { actionTaken: '3' } }],
  ['V671-1', { lar: { actionTaken: '3', denialReason1: '9' } }],
  ['V671-2', { lar: { denialReasonText: 'Length of residence' } }],
  ['V672-1', { lar: { totalLoanCosts: '-1' } }],
  ['V672-4', { lar: { openEndLineOfCredit: '1', totalLoanCosts: '500' } }],
  ['V672-5', { lar: { businessOrCommercialPurpose: '1', totalLoanCosts: '500' } }],
  ['V672-6', { lar: { actionTaken: '2', totalLoanCosts: '500' } }],
  ['V673-1', { lar: { totalPointsAndFees: 'x' } }],
  ['V673-2', { lar: { actionTaken: '2', totalPointsAndFees: '10' } }],
  ['V674-1', { lar: { originationCharges: '' } }],
  ['V675-1', { lar: { discountPoints: '0' } }],
  ['V676-1', { lar: { lenderCredits: '-3' } }],
  ['V677-1', { lar: { interestRate: '' } }],
  ['V677-2', { lar: { actionTaken: '4' } }],
  ['V678-1', { lar: { prepaymentPenaltyTerm: '0' } }],
  ['V679-1', { lar: { debtToIncomeRatio: '' } }],
  ['V679-2', { lar: { actionTaken: '4', debtToIncomeRatio: '36' } }],
  ['V681-1', { lar: { combinedLoanToValueRatio: '0' } }],
  ['V681-2', { lar: { actionTaken: '5' } }],
  ['V682-1', { lar: { loanTerm: '0' } }],
  ['V683', { lar: { introductoryRatePeriod: '' } }],
  ['V684', { lar: { balloonPayment: '3' } }],
  ['V685', { lar: { interestOnlyPayments: '3' } }],
  ['V686', { lar: { negativeAmortization: '3' } }],
  ['V687', { lar: { otherNonAmortizingFeatures: '3' } }],
  ['V688-1', { lar: { propertyValue: '0' } }],
  ['V688-2', { lar: { actionTaken: '4' } }],
  ['V689-1', { lar: { manufacturedHomeSecuredPropertyType: '4' } }],
  ['V689-3', { lar: { manufacturedHomeSecuredPropertyType: '1' } }],
  ['V690-1', { lar: { manufacturedHomeLandPropertyInterest: '6' } }],
  ['V690-3', { lar: { manufacturedHomeLandPropertyInterest: '1' } }],
  ['V691', { lar: { totalUnits: '0' } }],
  ['V692-1', { lar: { multifamilyAffordableUnits: 'x' } }],
  ['V692-2', { lar: { multifamilyAffordableUnits: '1' } }],
  ['V693-1', { lar: { submissionOfApplication: '4' } }],
  ['V693-2', { lar: { actionTaken: '6', submissionOfApplication: '1' } }],
  ['V693-3', { lar: { submissionOfApplication: '3' } }],
  ['V694-1', { lar: { initiallyPayableToInstitution: '4' } }],
  ['V694-2', { lar: { actionTaken: '6' } }],
  ['V694-3', { lar: { initiallyPayableToInstitution: '3' } }],
  ['V695-1', { lar: { nmlsrId: 'abc' } }],
  ['V696-1', { lar: { aus1: '8' } }],
  ['V696-2', { lar: { ausResult1: '25' } }],
  ['V700-1', { lar: { ausResult1: '1' } }],
  ['V700-2', { lar: { aus1: '1' } }],
  ['V706', { lar: { reverseMortgage: '3' } }],
  ['V707', { lar: { openEndLineOfCredit: '3' } }],
  ['V708', { lar: { businessOrCommercialPurpose: '3' } }],
  ['V720-1', { lar: { applicantCreditScore: '250' } }],
  ['V720-2', { lar: { coApplicantCreditModel: '12', coApplicantCreditModelText: '', coApplicantCreditScore: '250' } }],
  ['V720-3', { lar: { applicantCreditModel: '15', applicantCreditScore: '290' } }],
  ['V720-4', { lar: { coApplicantCreditModel: '13', coApplicantCreditModelText: '', coApplicantCreditScore: '290' } }],
];

describe('the FFIEC edits', () => {
  it('pass a valid file', () => {
    expect(editHmdaFile(ts, [lar], { filingYear: 2026 })).toEqual([]);
  });

  it('cover every edit they run with a record that breaks it', () => {
    const covered = new Set([...breaks.map(([id]) => id), 'S302', 'S305', 'S306']);
    expect(hmdaEditIds.filter((id) => !covered.has(id))).toEqual([]);
  });

  it.each(breaks)('%s fails on a record that breaks it, naming the row and the field', (editId, change) => {
    const failures = editHmdaFile({ ...ts, ...change.ts }, [{ ...lar, ...change.lar }], { filingYear: 2026 });
    const failure = failures.find((f) => f.editId === editId);
    expect(failure, JSON.stringify(failures.map((f) => f.editId))).toBeDefined();
    expect(failure!.message.length).toBeGreaterThan(10);
    if (change.ts) {
      expect(failure).toMatchObject({ line: 1, applicationId: null, uli: null });
      expect(Object.values<string>(tsFieldNames)).toContain(failure!.field);
    } else {
      expect(failure).toMatchObject({ line: 2, applicationId: 10054, uli: change.lar?.uli ?? lar.uli });
      expect(Object.values<string>(larFieldNames)).toContain(failure!.field);
    }
    expect(failure!.editType).toBe(editId.startsWith('S') ? 'syntactical' : 'validity');
  });

  it('S302: the calendar year is the year filed for', () => {
    const failures = editHmdaFile({ ...ts, calendarYear: '2025' }, [lar], { filingYear: 2026 });
    expect(failures.find((f) => f.editId === 'S302')).toMatchObject({ line: 1, field: 'Calendar Year' });
  });

  it('S304: the total number of entries is the number of LAR rows', () => {
    const failures = editHmdaFile({ ...ts, totalEntries: '3' }, [lar], { filingYear: 2026 });
    expect(failures).toEqual([
      expect.objectContaining({ editId: 'S304', field: 'Total Number of Entries Contained in Submission' }),
    ]);
  });

  it('S305 and S306: a duplicate row, and two originations sharing a ULI', () => {
    const duplicate = editHmdaFile({ ...ts, totalEntries: '2' }, [lar, lar], { filingYear: 2026 });
    expect(duplicate.map((f) => [f.editId, f.line])).toEqual([
      ['S305', 3],
      ['S306', 3],
    ]);
    const sameUli = editHmdaFile({ ...ts, totalEntries: '2' }, [lar, { ...lar, loanAmount: '86000' }], {
      filingYear: 2026,
    });
    expect(sameUli.map((f) => [f.editId, f.line, f.field])).toEqual([['S306', 3, 'Universal Loan Identifier (ULI)']]);
  });

  it('S301: every row carries the transmittal sheet’s LEI (letter case aside)', () => {
    expect(editHmdaFile(ts, [{ ...lar, lei: lar.lei.toLowerCase() }], { filingYear: 2026 })).toEqual([]);
  });

  it('V619-2 reads the year filed for', () => {
    const failures = editHmdaFile({ ...ts, calendarYear: '2025' }, [lar], { filingYear: 2025 });
    expect(failures.map((f) => f.editId)).toEqual(['V619-2']);
  });
});
