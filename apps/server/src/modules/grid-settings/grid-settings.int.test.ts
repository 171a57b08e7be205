import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  admin = await signIn(t, 'admin', 'Admin2026');
});
afterAll(() => t.close());

describe('grid settings', () => {
  it('round-trips a setting per user', async () => {
    const url = '/api/user/gridSettings/creditQueue';
    expect((await officer.get(url)).json()).toEqual({ gridName: 'creditQueue', setting: null });
    const setting = JSON.stringify({ columnVisibility: { termMonths: true }, widths: { applicantName: 240 } });
    const saved = await officer.put(url, { setting });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ gridName: 'creditQueue', setting });
    expect((await officer.get(url)).json()).toEqual({ gridName: 'creditQueue', setting });
    const changed = await officer.put(url, { setting: '{}' });
    expect(changed.json().setting).toBe('{}');
    expect((await officer.get(url)).json().setting).toBe('{}');
    expect((await admin.get(url)).json().setting).toBeNull();
  });

  it('validates the grid name and the body', async () => {
    expect((await officer.get('/api/user/gridSettings/bad-name!')).statusCode).toBe(422);
    expect((await officer.put('/api/user/gridSettings/myQueue', { setting: 5 })).statusCode).toBe(422);
    expect((await officer.put('/api/user/gridSettings/myQueue', { setting: 'x'.repeat(20_001) })).statusCode).toBe(422);
  });
});
