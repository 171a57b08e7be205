import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', 'Admin2026');
});
afterAll(() => t.close());

describe('paths as the spec writes them', () => {
  it('answers the trailing-slash forms (crosssell/, worksheetChangeRule/, reserves/) like the plain ones', async () => {
    for (const path of ['/api/crosssell', '/api/worksheetChangeRule', '/api/reserves']) {
      const [plain, slashed] = await Promise.all([admin.get(path), admin.get(`${path}/`)]);
      expect(plain.statusCode, `${path}: ${plain.body}`).toBe(200);
      expect(slashed.statusCode, `${path}/`).toBe(200);
      expect(slashed.json()).toEqual(plain.json());
    }
  });

  it('still guards a trailing-slash form: no session, no answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/crosssell/' });
    expect(response.statusCode).toBe(401);
  });
});
