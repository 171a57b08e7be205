import { decisionCodesResource, decisionCodeTexts, type DecisionCode } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDecisionCodes } from '../../db/seed/decision-codes.ts';
import { signIn, HARBOR, type ApiClient } from '../../test/api-client.ts';
import { describeResource } from '../../test/resource-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const code = (name: string, extra: Record<string, unknown> = {}) => ({
  codeType: 'declineReason',
  code: name,
  description: `Principal reason ${name}`,
  sortOrder: 500,
  ...extra,
});

describeResource(decisionCodesResource, {
  valid: (name) => code(name),
  invalid: [
    { input: code('  '), fields: ['code'] },
    { input: code('X'.repeat(21)), fields: ['code'] },
    { input: code('OK', { description: ' ' }), fields: ['description'] },
    { input: code('OK', { description: 'd'.repeat(201) }), fields: ['description'] },
    { input: code('OK', { codeType: 'approvalReason' }), fields: ['codeType'] },
    { input: code('OK', { sortOrder: -1 }), fields: ['sortOrder'] },
    { input: code('OK', { sortOrder: 1.5, code: 'A\u0000B' }), fields: ['sortOrder', 'code'] },
  ],
  change: (input) => ({ ...input, description: 'Limited credit experience', sortOrder: 5 }),
});

describe('decision codes by type', () => {
  let t: TestApp;
  let admin: ApiClient;
  let officer: ApiClient;
  let harbor: ApiClient;
  let processor: ApiClient;
  const created: DecisionCode[] = [];
  const add = async (body: Record<string, unknown>) => {
    const response = await admin.post('/api/decisionCodes', body);
    expect(response.statusCode, response.body).toBe(201);
    created.push(response.json<DecisionCode>());
    return response.json<DecisionCode>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin', 'Admin2026');
    officer = await signIn(t, 'officer', 'Officer2026');
    harbor = await signIn(t, 'harbor', 'Harbor2026');
    processor = await signIn(t, 'expiring', 'Expiring2026');
  });
  afterAll(() => t.close());

  it('a code is unique per lender and type in any case, not across types', async () => {
    await add(code('T-DUP', { description: 'Bankruptcy' }));
    const again = await admin.post('/api/decisionCodes', code('t-dup'));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual([{ field: 'code', message: decisionCodeTexts.codeTaken }]);
    const condition = await add(code('T-DUP', { codeType: 'approvalCondition', description: 'Proof of income' }));
    expect(condition).toMatchObject({ codeType: 'approvalCondition', code: 'T-DUP', enabled: true });
    // Moving the condition into the decline reasons would make two T-DUP decline reasons.
    const moved = await admin.put(`/api/decisionCodes/${condition.id}`, { ...code('T-DUP') });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toEqual([{ field: 'code', message: decisionCodeTexts.codeTaken }]);

    const unique = (query: string) => admin.get(`/api/decisionCodes/codeIsUnique?${query}`);
    expect((await unique('codeType=declineReason&code=t-DUP')).json()).toEqual({ isUnique: false });
    expect((await unique(`codeType=approvalCondition&code=t-dup&id=${condition.id}`)).json()).toEqual({
      isUnique: true,
    });
    expect((await unique('codeType=cancelReason&code=T-DUP')).json()).toEqual({ isUnique: true });
    expect((await unique('code=T-DUP')).statusCode).toBe(422);
    expect((await officer.get('/api/decisionCodes/codeIsUnique?codeType=cancelReason&code=X')).statusCode).toBe(403);
  });

  it("lists one type with the codeType filter, and never another lender's codes", async () => {
    await add(code('T-CANCEL', { codeType: 'cancelReason', description: 'Withdrawn by applicant' }));
    const page = await admin.get('/api/decisionCodes?codeType=cancelReason&pageSize=500');
    expect(page.statusCode, page.body).toBe(200);
    const rows = page.json<{ data: DecisionCode[] }>().data;
    expect(rows.every((r) => r.codeType === 'cancelReason')).toBe(true);
    expect(rows.map((r) => r.code)).toContain('T-CANCEL');
    expect((await admin.get('/api/decisionCodes?codeType=somethingElse')).statusCode).toBe(422);
    expect((await admin.get('/api/decisionCodes?sort=sortOrder&order=desc')).statusCode).toBe(200);
  });

  it("answers the lender's enabled codes of a type in sort order, to whoever decides loans", async () => {
    const late = await add(code('T-LATE', { codeType: 'counterReason', sortOrder: 9000 }));
    const early = await add(code('T-EARLY', { codeType: 'counterReason', sortOrder: 0 }));
    const off = await add(code('T-OFF', { codeType: 'counterReason', sortOrder: 1, enabled: false }));
    const ask = async (client: ApiClient, type = 'counterReason') => {
      const response = await client.get(`/api/decisionCodes/byType/${type}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<DecisionCode[]>();
    };
    const codes = await ask(officer);
    expect(codes.every((c) => c.codeType === 'counterReason' && c.enabled)).toBe(true);
    const ids = codes.map((c) => c.id);
    expect(ids).not.toContain(off.id);
    expect(ids.indexOf(early.id)).toBeLessThan(ids.indexOf(late.id));
    const orders = codes.map((c) => c.sortOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));

    // Disabling takes a code off the worksheet; enabling brings it back.
    expect((await admin.post(`/api/decisionCodes/${late.id}/disable`, {})).json().enabled).toBe(false);
    expect((await ask(officer)).map((c) => c.id)).not.toContain(late.id);
    await admin.post(`/api/decisionCodes/${off.id}/enable`, {});
    expect((await ask(officer)).map((c) => c.id)).toContain(off.id);

    // Harbor's officer sees none of Summit's codes, and Summit's code is a 404 to Harbor's administrator.
    const harborCodes = await ask(harbor);
    expect(harborCodes.some((c) => created.some((mine) => mine.id === c.id))).toBe(false);
    const otherAdmin = await signIn(t, 'admin', 'Admin2026');
    const me = (await otherAdmin.get('/api/user/me')).json<{ lenders: { id: number; name: string }[] }>();
    await otherAdmin.put('/api/user/lender', { lenderId: me.lenders.find((l) => l.name === HARBOR)!.id });
    expect((await otherAdmin.get(`/api/decisionCodes/${early.id}`)).statusCode).toBe(404);
    expect((await otherAdmin.post(`/api/decisionCodes/${early.id}/disable`, {})).statusCode).toBe(404);

    // Without canDecisionALoan: 403; an unknown type: 422.
    expect((await processor.get('/api/decisionCodes/byType/counterReason')).statusCode).toBe(403);
    expect((await officer.get('/api/decisionCodes/byType/nope')).statusCode).toBe(422);
    // The administration calls need canManageDecisionCodes.
    expect((await officer.get('/api/decisionCodes')).statusCode).toBe(403);
  });

  it('audits each write with the code as its label', async () => {
    const row = await add(code('T-AUDIT', { codeType: 'approvalCondition', description: 'Proof of insurance' }));
    const saved = await admin.put(`/api/decisionCodes/${row.id}`, {
      ...code('T-AUDIT', { codeType: 'approvalCondition', description: 'Proof of full coverage insurance' }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await admin.post(`/api/decisionCodes/${row.id}/disable`, {});
    const { rows } = await t.pool.query<{ action: string; details: { label: string; changes: object } }>(
      `select action, details from audit_events where area = 'decisionCodes' and record_id = $1 order by id`,
      [String(row.id)],
    );
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'disable']);
    expect(rows.every((r) => r.details.label === 'T-AUDIT')).toBe(true);
    expect(rows[1]!.details.changes).toEqual({
      description: { old: 'Proof of insurance', new: 'Proof of full coverage insurance' },
    });
  });

  it('the demo seed gives a lender every type, the decline reasons worded as Regulation B form C-1', async () => {
    const { rows: lender } = await t.pool.query<{ id: number }>(
      `insert into lenders (name, time_zone) values ('Seed Test Lender', 'America/Denver') returning id`,
    );
    await seedDecisionCodes(t.db, lender[0]!.id);
    const { rows } = await t.pool.query<{ code_type: string; n: number; descriptions: string[] }>(
      `select code_type, count(*)::int as n, array_agg(description order by sort_order) as descriptions
         from decision_codes where lender_id = $1 group by code_type order by code_type`,
      [lender[0]!.id],
    );
    expect(rows.map((r) => r.code_type)).toEqual([
      'approvalCondition',
      'cancelReason',
      'counterReason',
      'declineReason',
    ]);
    const decline = rows.find((r) => r.code_type === 'declineReason')!;
    expect(decline.n).toBe(23);
    expect(decline.descriptions).toEqual(
      expect.arrayContaining([
        'Credit application incomplete',
        'Excessive obligations in relation to income',
        'Delinquent past or present credit obligations with others',
        'Value or type of collateral not sufficient',
        'Bankruptcy',
      ]),
    );
    expect(rows.find((r) => r.code_type === 'cancelReason')!.descriptions).toContain('Withdrawn by applicant');
  });
});
