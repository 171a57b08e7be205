import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: ApiClient;
let officer: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', 'Admin2026');
  officer = await signIn(t, 'officer', 'Officer2026');
});
afterAll(() => t.close());

const auditRows = async () =>
  (
    await t.pool.query<{ action: string; details: { changes: { links: { old: unknown; new: unknown } } } }>(
      `select action, details from audit_events where area = 'usefulLinks' order by id`,
    )
  ).rows;

describe('useful links (spec 2 §7)', () => {
  it('replaces the list in order, audits old → new in the same transaction, and every user reads it', async () => {
    const before = (await officer.get('/api/UsefulLinks')).json();
    const links = [
      { name: 'Rate Sheet', link: 'https://intranet.summitfcu.example/rates' },
      { name: 'NADA Guides', link: 'jdpower.com/values' },
    ];
    const saved = await admin.put('/api/UsefulLinks', links);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(links);
    expect((await officer.get('/api/UsefulLinks')).json()).toEqual(links);
    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details.changes.links).toEqual({ old: before, new: links });
    // The same list again changes nothing and writes no audit row.
    await admin.put('/api/UsefulLinks', links);
    expect(await auditRows()).toHaveLength(1);
  });

  it('refuses a bad list whole (422, nothing changed, no audit) and a user without the right (403)', async () => {
    const current = (await admin.get('/api/UsefulLinks')).json();
    const bad = await admin.put('/api/UsefulLinks', [
      { name: 'Fine', link: 'https://example.com' },
      { name: 'Evil', link: 'javascript:alert(1)' },
    ]);
    expect(bad.statusCode).toBe(422);
    // The scheme is read by the URL standard: 'javascript:1;…' is a scheme, never a host and port (issue 30).
    for (const link of ['javascript:1;alert(1)', 'data:1,<script>alert(1)</script>', 'file:1//etc/passwd']) {
      expect((await admin.put('/api/UsefulLinks', [{ name: 'Evil', link }])).statusCode).toBe(422);
    }
    expect((await admin.get('/api/UsefulLinks')).json()).toEqual(current);
    expect(await auditRows()).toHaveLength(1);
    expect((await officer.put('/api/UsefulLinks', current)).statusCode).toBe(403);
  });
});
