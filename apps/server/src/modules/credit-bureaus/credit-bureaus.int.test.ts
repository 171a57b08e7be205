import { adminMessages, type CreditBureauSettings } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: ApiClient;
let officer: ApiClient;
let harbor: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', 'Admin2026');
  officer = await signIn(t, 'officer', 'Officer2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
});
afterAll(() => t.close());

describe('Administration › Credit Bureaus (issue 11, item 6)', () => {
  it('reads the seeded bureaus and saves a change whole, audited, for this lender only', async () => {
    const before = (await admin.get('/api/creditBureaus')).json<CreditBureauSettings>();
    expect(before.bureaus.map((b) => [b.creditBureau, b.enabled, b.defaultScoreModel])).toEqual([
      ['Equifax', true, 'FICO Auto 8'],
      ['Experian', true, 'FICO Auto 8'],
      ['TransUnion', true, 'FICO Auto 8'],
    ]);
    const next: CreditBureauSettings = {
      requireCommentOnAlerts: false,
      internalCrossSellEnabled: true,
      bureaus: before.bureaus.map((b) =>
        b.creditBureau === 'Experian'
          ? { ...b, enabled: false }
          : b.creditBureau === 'Equifax'
            ? { ...b, scoreModels: ['FICO 8', 'VantageScore 4.0'], defaultScoreModel: 'VantageScore 4.0' }
            : b,
      ),
    };
    const saved = await admin.put('/api/creditBureaus', next);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(next);
    const audit = await t.pool.query<{ details: { changes: Record<string, unknown> } }>(
      `select details from audit_events where area = 'creditBureaus' order by id desc limit 1`,
    );
    expect(Object.keys(audit.rows[0]!.details.changes).sort()).toEqual(['bureaus', 'requireCommentOnAlerts']);
    // The worksheet offers only the enabled bureaus; another lender's settings are untouched.
    const id = (
      await t.pool.query<{ id: number }>(
        `select a.id from applications a join lenders l on l.id = a.lender_id where l.name like 'Summit%' limit 1`,
      )
    ).rows[0]!.id;
    const credit = (await officer.get(`/api/applicationcreditreport/${id}`)).json<{
      bureaus: { creditBureau: string }[];
      requireCommentOnAlerts: boolean;
    }>();
    expect(credit.bureaus.map((b) => b.creditBureau)).toEqual(['Equifax', 'TransUnion']);
    expect(credit.requireCommentOnAlerts).toBe(false);
    const theirs = await t.pool.query(
      `select b.enabled from lender_credit_bureaus b join lenders l on l.id = b.lender_id where l.name like 'Harbor%' and b.bureau = 'Experian'`,
    );
    expect(theirs.rows[0]).toEqual({ enabled: true });
  });

  it('refuses a default model outside the chosen ones (422 on the field) and a user without the right (403)', async () => {
    const current = (await admin.get('/api/creditBureaus')).json<CreditBureauSettings>();
    const bad = await admin.put('/api/creditBureaus', {
      ...current,
      bureaus: current.bureaus.map((b, i) =>
        i === 2 ? { ...b, scoreModels: ['FICO 9'], defaultScoreModel: 'FICO Auto 8' } : b,
      ),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([
      { field: 'bureaus.2.defaultScoreModel', message: adminMessages.creditBureaus.defaultInModels },
    ]);
    expect((await officer.get('/api/creditBureaus')).statusCode).toBe(403);
    expect((await harbor.put('/api/creditBureaus', current)).statusCode).toBe(403);
  });
});
