import { messages, type KycResponse, type ScreeningResult } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAutoApplication, productId, signIn, SUMMIT, type ApiClient } from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;
let harbor: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
});
afterAll(() => t.close());

/** A New Auto application (VIN 1HGCM82633A004352) whose applicants' SSNs end in the given digits. */
const create = async (primaryLast4 = '6789', coLast4 = '4321') => {
  const body = newAutoApplication(await productId(t, SUMMIT, 'New Auto'));
  const [primary, co] = body.applicants;
  const response = await officer.post('/api/applications', {
    ...body,
    applicants: [
      { ...primary, socialSecurityNumber: `123-45-${primaryLast4}` },
      { ...co, dob: '1987-09-30', socialSecurityNumber: `987-65-${coLast4}` },
    ],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
};

const results = async (id: number) =>
  (await officer.get(`/api/applications/${id}/screeningResults`)).json<ScreeningResult[]>();

describe('screening services (spec 3 §7, issue 11 item 4)', () => {
  it('KYC verifies every applicant: pass, review and fail, each stored with its details', async () => {
    const id = await create('6789', '0002');
    const kyc = await officer.post('/api/kyc/consumerverification', { applicationId: id });
    expect(kyc.statusCode, kyc.body).toBe(200);
    const answer = kyc.json<KycResponse>();
    expect(answer.kycResponses.map((r) => [r.applicantName, r.finalResult])).toEqual([
      ['Dana Kowalski', 'pass'],
      ['Sam Kowalski', 'review'],
    ]);
    expect(answer.kycResponses[1]!.riskScreeningResponseDetails[0]!.message).toBe(
      'The SSN was not found with the name given.',
    );
    const stored = await results(id);
    expect(
      stored
        .filter((r) => r.service === 'kyc')
        .map((r) => r.outcome)
        .sort(),
    ).toEqual(['pass', 'review']);
    const ofac = await create('0004');
    const failed = await officer.post('/api/kyc/consumerverification', { applicationId: ofac });
    expect(failed.json<KycResponse>().kycResponses[0]!.finalResult).toBe('fail');
    expect((await officer.get(`/api/applications/${id}/history`)).body).toContain('KYC Check (Sandbox KYC)');
  });

  it('a provider failure answers 502 with the spec text and stores nothing', async () => {
    const id = await create('0013');
    const failed = await officer.post('/api/kyc/consumerverification', { applicationId: id });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({
      code: 'THIRD_PARTY_ERROR',
      message: messages.credit.submitFailed('Sandbox KYC'),
    });
    expect(await results(id)).toEqual([]);
  });

  it('AI scoring, risk evaluation and vehicle history store their newest result', async () => {
    const id = await create();
    const scored = await officer.post(`/api/Applications/${id}/SubmitToAiScoringService?provider=Zest`, {});
    expect(scored.statusCode, scored.body).toBe(200);
    expect(scored.json<ScreeningResult>()).toMatchObject({ service: 'aiScoring', provider: 'Zest' });
    const again = await officer.post(`/api/Applications/${id}/SubmitToAiScoringService?provider=Zest`, {});
    expect(again.json<ScreeningResult>().outcome).toBe(scored.json<ScreeningResult>().outcome);
    const secondary = await officer.get(`/api/Applications/${id}/SecondaryScoringResult`);
    expect(secondary.json<ScreeningResult>().id).toBe(again.json<ScreeningResult>().id);
    const risk = await officer.post(`/api/RiskEvaluation?appId=${id}&provider=Socure`, {});
    expect(risk.statusCode, risk.body).toBe(200);
    expect(['low', 'medium', 'high']).toContain(risk.json<ScreeningResult>().outcome);
    const vehicle = await officer.post(`/api/Applications/${id}/vehicleHistory`, { provider: 'Carfax' });
    expect(vehicle.statusCode, vehicle.body).toBe(200);
    expect(vehicle.json<ScreeningResult>().result).toMatchObject({ vehicles: [{ vin: '1HGCM82633A004352' }] });
    expect((await results(id)).map((r) => r.service).sort()).toEqual(['aiScoring', 'riskEvaluation', 'vehicleHistory']);
  });

  it('refuses an unknown provider (422) and answers 404 for another lender', async () => {
    const id = await create();
    const unknown = await officer.post(`/api/Applications/${id}/SubmitToAiScoringService?provider=Oracle`, {});
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0].field).toBe('provider');
    expect((await harbor.post('/api/kyc/consumerverification', { applicationId: id })).statusCode).toBe(404);
    expect((await harbor.get(`/api/applications/${id}/screeningResults`)).statusCode).toBe(404);
    expect((await harbor.post(`/api/RiskEvaluation?appId=${id}&provider=Socure`, {})).statusCode).toBe(404);
  });
});
