import { createHash } from 'node:crypto';
import { screeningProviders } from '@credence/contracts';

/**
 * The screening services of spec 3 §7 (Decisions), each an adapter with a deterministic sandbox (issue 11, item 4):
 * KYC consumer verification, AI (secondary) scoring, risk evaluation and vehicle history. A provider answers in
 * its own shape; the sandbox answers as the named vendor would, from the data it is given, the same way every
 * time. The cases a tester needs are in README.md beside this file. A provider that fails throws
 * `ScreeningProviderError` (the API answers 502 and stores nothing).
 */

export class ScreeningProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(message);
    this.name = 'ScreeningProviderError';
  }
}

/** What a screening provider is told about an applicant (never the full SSN beyond the KYC call itself). */
export type ScreeningSubject = {
  applicantId: number;
  name: string;
  ssnLast4: string | null;
  dateOfBirth: string | null;
  state: string | null;
};

/** A number 0 … n-1 drawn from the text, the same every time. */
const draw = (text: string, n: number) => createHash('sha256').update(text).digest().readUInt32BE(0) % n;

// --- KYC ------------------------------------------------------------------------------------------------------

export type KycAnswer = {
  applicantId: number;
  finalResult: 'pass' | 'review' | 'fail';
  riskScreeningResponseDetails: { code: string; message: string }[];
};

export const KYC_PROVIDER = 'Sandbox KYC';

/** The sandbox's cases by the SSN's last four digits (README.md): they line up with the bureau sandbox's. */
export const verifyConsumers = (subjects: ScreeningSubject[]): KycAnswer[] => {
  if (subjects.some((s) => s.ssnLast4 === '0013')) {
    throw new ScreeningProviderError(KYC_PROVIDER, 'The identity verification service is unavailable.');
  }
  return subjects.map((s) => {
    const details: KycAnswer['riskScreeningResponseDetails'] = [];
    if (!s.ssnLast4) details.push({ code: 'R101', message: 'No Social Security Number was provided.' });
    if (s.ssnLast4 === '0004')
      details.push({ code: 'W901', message: 'Name is a possible match on the OFAC SDN list.' });
    if (s.ssnLast4 === '0002') details.push({ code: 'R203', message: 'The SSN was not found with the name given.' });
    if (s.ssnLast4 === '0006')
      details.push({ code: 'R310', message: 'The phone number is not associated with the applicant.' });
    if (s.ssnLast4 === '0014') details.push({ code: 'R412', message: 'The address is a commercial mail drop.' });
    if (!s.dateOfBirth) details.push({ code: 'R102', message: 'No date of birth was provided.' });
    const finalResult = details.some((d) => d.code.startsWith('W')) ? 'fail' : details.length > 0 ? 'review' : 'pass';
    if (finalResult === 'pass')
      details.push({ code: 'P000', message: 'Identity verified: name, SSN, date of birth and address match.' });
    return { applicantId: s.applicantId, finalResult, riskScreeningResponseDetails: details };
  });
};

// --- AI (secondary) scoring -----------------------------------------------------------------------------------

export const aiScoringProviders = screeningProviders.aiScoring;

export type AiScoringAnswer = { score: number; band: 'A' | 'B' | 'C' | 'D' | 'E'; reasons: string[] };

const scoringReasons = [
  'Length of credit history',
  'Revolving utilization',
  'Recent inquiries',
  'Payment history on installment loans',
  'Debt relative to income',
  'Stability of residence',
];

/** A score 300–850 leaning on the bureau score when there is one; the same for the same application. */
export const scoreApplication = (
  provider: string,
  applicationId: number,
  averageCreditScore: number | null,
): AiScoringAnswer => {
  if (!(aiScoringProviders as readonly string[]).includes(provider)) throw new Error('Unknown provider');
  const base = averageCreditScore ?? 620;
  const score = Math.max(300, Math.min(850, base - 25 + draw(`${provider}:${applicationId}`, 51)));
  const band = score >= 760 ? 'A' : score >= 700 ? 'B' : score >= 640 ? 'C' : score >= 580 ? 'D' : 'E';
  const first = draw(`${provider}:${applicationId}:r`, scoringReasons.length);
  return { score, band, reasons: [0, 1, 2].map((i) => scoringReasons[(first + i) % scoringReasons.length]!) };
};

// --- Risk evaluation ------------------------------------------------------------------------------------------

export const riskEvaluationProviders = screeningProviders.riskEvaluation;

export type RiskAnswer = { riskLevel: 'low' | 'medium' | 'high'; reasons: string[] };

/** Fraud risk: high with an OFAC or fraud case among the applicants, otherwise drawn from the application. */
export const evaluateRisk = (provider: string, applicationId: number, subjects: ScreeningSubject[]): RiskAnswer => {
  if (!(riskEvaluationProviders as readonly string[]).includes(provider)) throw new Error('Unknown provider');
  if (subjects.some((s) => s.ssnLast4 === '0004' || s.ssnLast4 === '0006')) {
    return { riskLevel: 'high', reasons: ['Identity elements linked to a fraud alert or a watchlist match'] };
  }
  const level = (['low', 'low', 'low', 'medium'] as const)[draw(`${provider}:${applicationId}`, 4)]!;
  return {
    riskLevel: level,
    reasons:
      level === 'low'
        ? ['Identity elements consistent across sources']
        : ['Recent address change', 'Email address first seen recently'],
  };
};

// --- Vehicle history ------------------------------------------------------------------------------------------

export const vehicleHistoryProviders = screeningProviders.vehicleHistory;

export type VehicleHistoryAnswer = {
  vin: string;
  owners: number;
  accidents: number;
  titleBrands: string[];
  odometerRollback: boolean;
  lastReportedMileage: number;
};

/** A VIN ending in 0 carries a salvage brand, in 1 a flood brand, in 2 an odometer rollback (README.md). */
export const vehicleHistory = (provider: string, vin: string, year: number | null): VehicleHistoryAnswer => {
  if (!(vehicleHistoryProviders as readonly string[]).includes(provider)) throw new Error('Unknown provider');
  const last = vin.slice(-1);
  const age = Math.max(0, new Date().getUTCFullYear() - (year ?? new Date().getUTCFullYear()));
  return {
    vin,
    owners: 1 + draw(`${vin}:owners`, Math.min(4, age + 1)),
    accidents: draw(`${vin}:accidents`, 3) === 0 ? 1 : 0,
    titleBrands: last === '0' ? ['Salvage'] : last === '1' ? ['Flood'] : [],
    odometerRollback: last === '2',
    lastReportedMileage: age * 11_000 + draw(`${vin}:miles`, 9_000),
  };
};
