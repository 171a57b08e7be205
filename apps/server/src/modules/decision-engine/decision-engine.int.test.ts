import { adminMessages, defaultDecisionEngineConfig, type DecisionEngineSettings } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARBOR, signIn, type ApiClient } from '../../test/api-client.ts';
import { withTenant } from '../../db/tenancy.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { retractionPolicy } from './decision-engine.service.ts';

const PATH = '/api/decisionEngine/config';

let t: TestApp;
let admin: ApiClient;
let officer: ApiClient;
let inHarbor: ApiClient;

const idOf = async (sql: string, params: unknown[] = []) =>
  (await t.pool.query<{ id: number }>(sql, params)).rows[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', 'Admin2026');
  officer = await signIn(t, 'officer', 'Officer2026');
  // The administrator of both lenders, working in Harbor.
  inHarbor = await signIn(t, 'admin', 'Admin2026');
  const me = (await inHarbor.get('/api/user/me')).json<{ lenders: { id: number; name: string }[] }>();
  await inHarbor.put('/api/user/lender', { lenderId: me.lenders.find((l) => l.name === HARBOR)!.id });
});
afterAll(() => t.close());

describe('decision-engine settings (spec 2 §7 decision engine config get, save; issue 12)', () => {
  it('answers the defaults until saved, saves every setting, audits the change and keeps it per lender', async () => {
    const first = await admin.get(PATH);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ...defaultDecisionEngineConfig, version: null, updatedAt: null, updatedBy: null });

    const tierSetId = await idOf(
      `select o.id from policy_objects o join lenders l on l.id = o.lender_id
        where o.kind = 'creditTierSet' and l.name = 'Summit Federal Credit Union' order by o.id limit 1`,
    );
    const groupId = await idOf(
      `select g.id from user_groups g join lenders l on l.id = g.lender_id
        where g.name = 'Underwriters' and l.name = 'Summit Federal Credit Union'`,
    );
    const settings = {
      autoDecisionEnabled: true,
      approveAction: 'Apply',
      declineAction: 'Suggest',
      defaultCreditTierSetId: tierSetId,
      scoreModel: 'FICO Auto 8',
      scoreSelection: 'Lowest',
      rerunOnApplicationChange: false,
      decisionRetractionRuleSetId: null,
      manualReviewUserGroupId: groupId,
    };
    const saved = await admin.put(PATH, settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...settings, version: 1, updatedBy: 'Avery Morgan' });
    expect((await admin.get(PATH)).json<DecisionEngineSettings>()).toMatchObject({ ...settings, version: 1 });

    const again = await admin.put(PATH, { ...settings, declineAction: 'Apply' });
    expect(again.json()).toMatchObject({ declineAction: 'Apply', version: 2 });
    const audit = await t.pool.query(
      `select action, details from audit_events where area = 'decisionEngine' order by id desc limit 2`,
    );
    expect(audit.rows[0].action).toBe('update');
    expect(audit.rows[0].details.changes).toEqual({ declineAction: { old: 'Suggest', new: 'Apply' } });
    expect(audit.rows[1].action).toBe('create');

    // Harbor keeps its own settings: the defaults, untouched by Summit's.
    expect((await inHarbor.get(PATH)).json()).toMatchObject({ ...defaultDecisionEngineConfig, version: null });
  });

  it('refuses another lender’s objects, a score model other than the tier set’s and bad values with 422', async () => {
    const harborGroup = await idOf(
      `select g.id from user_groups g join lenders l on l.id = g.lender_id where l.name = $1 order by g.id limit 1`,
      [HARBOR],
    );
    const tierSetId = await idOf(
      `select o.id from policy_objects o join lenders l on l.id = o.lender_id
        where o.kind = 'creditTierSet' and l.name = 'Summit Federal Credit Union' order by o.id limit 1`,
    );
    const refused = await admin.put(PATH, {
      ...defaultDecisionEngineConfig,
      manualReviewUserGroupId: harborGroup,
      defaultCreditTierSetId: tierSetId,
      scoreModel: 'FICO 9',
      decisionRetractionRuleSetId: 2147483000,
    });
    expect(refused.statusCode, refused.body).toBe(422);
    const errors = refused.json<{ errors: { field: string; message: string }[] }>().errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'manualReviewUserGroupId', message: adminMessages.decisionEngine.userGroupUnknown },
        { field: 'decisionRetractionRuleSetId', message: adminMessages.decisionEngine.ruleSetUnknown },
        {
          field: 'scoreModel',
          message: expect.stringMatching(
            /tiers FICO Auto 8 or VantageScore 4.0 scores; choose FICO Auto 8 or VantageScore 4.0/,
          ) as unknown as string,
        },
      ]),
    );
    const bad = await admin.put(PATH, { ...defaultDecisionEngineConfig, approveAction: 'Maybe' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: { field: string }[] }>().errors.map((e) => e.field)).toEqual(['approveAction']);
  });

  it('is open to the decision-engine right only', async () => {
    expect((await officer.get(PATH)).statusCode).toBe(403);
    expect((await officer.put(PATH, defaultDecisionEngineConfig)).statusCode).toBe(403);
  });
});

describe('the retraction policy the settings choose', () => {
  it('reads the chosen published rule set’s fields, else every enabled one’s; re-runs only when deciding automatically', async () => {
    const summit = await idOf(`select id from lenders where name = 'Summit Federal Credit Union'`);
    const policy = () => withTenant(t.db, summit, retractionPolicy);
    const created = await admin.post('/api/worksheetChangeRule', {
      name: 'Amount only',
      config: { id: 'new', name: 'Amount only', fields: ['requestedAmount'] },
      publish: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;

    const all = await policy();
    expect(all.ruleSetIds).toContain(id);
    expect(all.ruleSetIds.length).toBeGreaterThan(1);
    expect(all.fields).toContain('requestedAmount');

    const current = (await admin.get(PATH)).json<DecisionEngineSettings>();
    const { version: _v, updatedAt: _u, updatedBy: _b, ...config } = current;
    const saved = await admin.put(PATH, {
      ...config,
      autoDecisionEnabled: true,
      rerunOnApplicationChange: true,
      decisionRetractionRuleSetId: id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await policy()).toEqual({ ruleSetIds: [id], fields: ['requestedAmount'], rerun: true });

    // Disabled, the chosen set no longer applies: the enabled ones do.
    expect((await admin.post(`/api/worksheetChangeRule/${id}/disable`)).statusCode).toBe(200);
    const fallback = await policy();
    expect(fallback.ruleSetIds).not.toContain(id);
    expect(fallback.fields.length).toBeGreaterThan(1);
  });
});
