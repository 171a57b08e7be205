import { messages, type KycResponse, type ScreeningResult, type ScreeningService } from '@credence/contracts';
import {
  aiScoringProviders,
  evaluateRisk,
  KYC_PROVIDER,
  riskEvaluationProviders,
  scoreApplication,
  ScreeningProviderError,
  vehicleHistory,
  vehicleHistoryProviders,
  verifyConsumers,
  type ScreeningSubject,
} from '../../../integrations/screening/index.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import type { ApplicationContext, HistoryWriter } from '../application-context.ts';
import { loadApplicants } from '../applicants/applicants.repository.ts';
import { applicantName } from '../applicants/applicants.service.ts';
import { findApplicationCredit } from '../credit/credit.repository.ts';
import type { TenantTx } from '../../../db/tenancy.ts';
import * as repo from './screening.repository.ts';

const serviceLabels: Record<ScreeningService, string> = {
  kyc: 'KYC Check',
  aiScoring: 'AI Scoring',
  riskEvaluation: 'Risk Evaluation',
  vehicleHistory: 'Vehicle History',
};

const toResult = (row: Awaited<ReturnType<typeof repo.newestResults>>[number]): ScreeningResult => ({
  id: row.id,
  service: row.service as ScreeningService,
  provider: row.provider,
  applicantId: row.applicant_id,
  outcome: row.outcome,
  result: row.result,
  createdAt: new Date(row.created_at).toISOString(),
  createdBy: row.created_by,
});

const subjectsOf = async (tx: TenantTx, applicationId: number): Promise<ScreeningSubject[]> =>
  (await loadApplicants(tx, applicationId))
    .filter((a) => !a.row.isBusiness)
    .map((a) => ({
      applicantId: a.row.id,
      name: applicantName(a.row),
      ssnLast4: a.row.ssnLast4,
      dateOfBirth: a.row.dob,
      state: a.addresses[0]?.state ?? null,
    }));

const checkProvider = (provider: string, known: readonly string[]) => {
  if (!known.includes(provider)) throw fieldError('provider', messages.credit.unknownProvider(known.join(', ')));
};

const providerFailed = (error: unknown, provider: string): never => {
  if (error instanceof ScreeningProviderError) {
    throw new AppError(502, 'THIRD_PARTY_ERROR', messages.credit.submitFailed(provider));
  }
  throw error;
};

/** Stores the answers with a history row, in the request's transaction; answers the stored results. */
const store = async (
  tx: TenantTx,
  auth: AuthContext,
  applicationId: number,
  history: HistoryWriter,
  service: ScreeningService,
  provider: string,
  answers: { applicantId: number | null; outcome: string; result: Record<string, unknown> }[],
) => {
  await repo.insertResults(
    tx,
    answers.map((a) => ({
      lenderId: auth.lenderId,
      applicationId,
      service,
      provider,
      createdByUserId: auth.userId,
      ...a,
    })),
  );
  await history({
    action: serviceLabels[service],
    description: `${serviceLabels[service]} (${provider}): ${answers.map((a) => a.outcome).join(', ')}`,
    entity: 'Screening',
    changes: [],
  });
  return (await repo.newestResults(tx, applicationId, service)).map(toResult);
};

export const listResults = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, async (tx) => (await repo.newestResults(tx, applicationId)).map(toResult));

export const secondaryScoringResult = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, async (tx) => {
    const [row] = await repo.newestResults(tx, applicationId, 'aiScoring');
    return row ? toResult(row) : null;
  });

/** `POST kyc/consumerverification`: every (person) applicant verified; the answers kept per applicant. */
export const verifyIdentity = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
): Promise<KycResponse> =>
  ctx.open(auth, applicationId, async (tx, history) => {
    const subjects = await subjectsOf(tx, applicationId);
    let answers;
    try {
      answers = verifyConsumers(subjects);
    } catch (error) {
      return providerFailed(error, KYC_PROVIDER);
    }
    await store(
      tx,
      auth,
      applicationId,
      history,
      'kyc',
      KYC_PROVIDER,
      answers.map((a) => ({ applicantId: a.applicantId, outcome: a.finalResult, result: a })),
    );
    return {
      kycResponses: answers.map((a) => ({
        ...a,
        applicantName: subjects.find((s) => s.applicantId === a.applicantId)!.name,
      })),
    };
  });

export const submitAiScoring = (ctx: ApplicationContext, auth: AuthContext, applicationId: number, provider: string) =>
  ctx.open(auth, applicationId, async (tx, history) => {
    checkProvider(provider, aiScoringProviders);
    const application = await findApplicationCredit(tx, applicationId);
    const answer = scoreApplication(provider, applicationId, application?.averageCreditScore ?? null);
    const [stored] = await store(tx, auth, applicationId, history, 'aiScoring', provider, [
      { applicantId: null, outcome: `${answer.score} (${answer.band})`, result: answer },
    ]);
    return stored!;
  });

export const evaluateApplicationRisk = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  provider: string,
) =>
  ctx.open(auth, applicationId, async (tx, history) => {
    checkProvider(provider, riskEvaluationProviders);
    const answer = evaluateRisk(provider, applicationId, await subjectsOf(tx, applicationId));
    const [stored] = await store(tx, auth, applicationId, history, 'riskEvaluation', provider, [
      { applicantId: null, outcome: answer.riskLevel, result: answer },
    ]);
    return stored!;
  });

export const checkVehicleHistory = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  provider: string,
) =>
  ctx.open(auth, applicationId, async (tx, history) => {
    checkProvider(provider, vehicleHistoryProviders);
    const vehicles = await repo.listVehicles(tx, applicationId);
    if (vehicles.length === 0) throw fieldError('provider', messages.credit.noVehicle);
    const reports = vehicles.map((v) => ({
      ...vehicleHistory(provider, v.vin!, v.year),
      make: v.make,
      model: v.model,
    }));
    const alert = reports.some((r) => r.titleBrands.length > 0 || r.odometerRollback || r.accidents > 0);
    const [stored] = await store(tx, auth, applicationId, history, 'vehicleHistory', provider, [
      { applicantId: null, outcome: alert ? 'alert' : 'clean', result: { vehicles: reports } },
    ]);
    return stored!;
  });
