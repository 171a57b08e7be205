import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The set-password call of an e-mailed link: the single-use token is its proof (issue 9).
const PUBLIC_API = [
  'POST /api/login',
  'GET /api/settings',
  'POST /api/users/setPassword',
  // The SMS provider's webhook: signed by the lender's auth token instead (modules/sms).
  'POST /api/integrations/sms/inbound',
  // The sign-in's second factor (issue 36): no session exists yet; each needs the password step's signed challenge.
  'POST /api/login/mfa/verify',
  'POST /api/login/mfa/enrolment',
  'POST /api/login/mfa/enrolment/confirm',
];

const rawRequest = (port: number, text: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });

describe('the guard goes by the matched route, not the spelling of the URL (issue 10, item 5)', () => {
  it('refuses encoded and absolute-form spellings of a guarded path', async () => {
    for (const url of ['/%61pi/menu', '/%61%70%69/menu', '/api/%6denu', '//api/menu']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([401, 404], url).toContain(response.statusCode);
      expect(response.body, url).not.toContain('menuName');
    }
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    for (const target of [`http://127.0.0.1:${port}/api/menu`, `http://127.0.0.1:${port}/%61pi/menu`]) {
      const answer = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(answer.split('\r\n')[0], target).toMatch(/ 40[14] /);
      expect(answer, target).not.toContain('menuName');
    }
  });

  it('authenticates before the body is validated: a bad body without a token is 401, not 422', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/UsefulLinks', payload: [{ nope: true }] });
    expect(response.statusCode).toBe(401);
  });
});

describe('an empty JSON body is no body (issue 10, item 10)', () => {
  it('logout with Content-Type: application/json and no body ends the session', async () => {
    const { access_token: token } = await t.login('officer', 'Officer2026');
    const headers = { ...t.bearer(token), 'content-type': 'application/json' };
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers, payload: '' });
    expect(out.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: t.bearer(token) })).statusCode).toBe(401);
  });

  it('keep-alive likewise; a malformed JSON body is still a 400', async () => {
    const { access_token: token } = await t.login('officer', 'Officer2026');
    const headers = { ...t.bearer(token), 'content-type': 'application/json' };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/session/keepalive', headers, payload: '' })).statusCode,
    ).toBe(204);
    const admin = (await t.login('admin', 'Admin2026')).access_token;
    const adminJson = { ...t.bearer(admin), 'content-type': 'application/json' };
    const malformed = await t.app.inject({
      method: 'PUT',
      url: '/api/UsefulLinks',
      headers: adminJson,
      payload: '{"a":',
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('path ids are digits only (issue 10, item 14)', () => {
  it('opens 10001 only by "10001", never by 0x2711, " 10001", "10001.0" or 1e4', async () => {
    const { access_token: token } = await t.login('admin', 'Admin2026');
    const get = (id: string) =>
      t.app.inject({ method: 'GET', url: `/api/applications/${id}`, headers: t.bearer(token) });
    expect((await get('10001')).statusCode).toBe(200);
    for (const id of [
      '0x2711',
      '%2010001',
      '10001.0',
      '1e4',
      '010001',
      '-10001',
      '2147483648',
      '99999999999999999999',
    ]) {
      const response = await get(id);
      expect(response.statusCode, id).toBe(422);
      expect(response.json().errors[0].field, id).toBe('id');
    }
  });
});

describe('security headers (issue 10, item 9)', () => {
  it('API answers carry no-store, a strict CSP, a Permissions-Policy; no HSTS over plain HTTP', async () => {
    const { access_token: token } = await t.login('officer', 'Officer2026');
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: t.bearer(token) });
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.headers['content-security-policy']).toContain("script-src 'self'");
    expect(me.headers['content-security-policy']).not.toContain('unsafe-eval');
    expect(me.headers['permissions-policy']).toContain('camera=()');
    expect(me.headers['strict-transport-security']).toBeUndefined();
    const refused = await t.app.inject({ method: 'GET', url: '/api/user/me' });
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('HSTS when the request came over TLS through a trusted proxy', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const response = await proxied.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await proxied.close();
    }
  });
});

describe('route guard', () => {
  it('knows its public routes: only sign-in, client settings, setting a password from a link, the SMS webhook, health and the docs', () => {
    const publicRoutes = t.routes
      .filter((r) => r.public && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !r.includes('/api/docs'));
    expect(publicRoutes.sort()).toEqual([...PUBLIC_API, 'GET /healthz', 'GET /readyz'].sort());
  });

  it('rejects every other /api route without a token with 401', async () => {
    const guarded = t.routes.filter((r) => r.url.startsWith('/api') && !r.public && r.method !== 'HEAD');
    expect(guarded.length).toBeGreaterThan(8);
    for (const route of guarded) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const response = await t.app.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('enforces the named right: a loan officer cannot change the useful links, an administrator can', async () => {
    const officer = (await t.login('officer', 'Officer2026')).access_token;
    const admin = (await t.login('admin', 'Admin2026')).access_token;
    const links = [{ name: 'Credit Union Times', link: 'cutimes.com' }];
    const denied = await t.app.inject({
      method: 'PUT',
      url: '/api/UsefulLinks',
      headers: t.bearer(officer),
      payload: links,
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('FORBIDDEN');
    const allowed = await t.app.inject({
      method: 'PUT',
      url: '/api/UsefulLinks',
      headers: t.bearer(admin),
      payload: links,
    });
    expect(allowed.statusCode).toBe(200);
    const seen = await t.app.inject({ method: 'GET', url: '/api/UsefulLinks', headers: t.bearer(officer) });
    expect(seen.json()).toEqual(links);
  });

  it('accepts only http(s) useful links: javascript:, data: and other schemes are 422 (issue 10, item 8)', async () => {
    const admin = (await t.login('admin', 'Admin2026')).access_token;
    const put = (link: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/UsefulLinks',
        headers: t.bearer(admin),
        payload: [{ name: 'x', link }],
      });
    for (const link of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<b>x</b>',
      'file:///etc/passwd',
      'vbscript:x',
      // Issue 30: by the URL standard 'scheme:digit' is a scheme, never a host and port.
      'javascript:1;alert(1)',
      'data:1,<b>x</b>',
      'file:1//etc/passwd',
      'intranet:8080/rates',
    ]) {
      const refused = await put(link);
      expect(refused.statusCode, link).toBe(422);
      expect(refused.json().errors).toEqual([
        { field: '0.link', message: 'A useful link must be a web address (http or https).' },
      ]);
    }
    for (const link of ['https://www.ncua.gov', 'http://intranet/rates', 'cutimes.com', 'http://intranet:8080/rates']) {
      expect((await put(link)).statusCode, link).toBe(200);
    }
  });

  it('validates bodies: a bad useful link list is 422 and changes nothing', async () => {
    const admin = (await t.login('admin', 'Admin2026')).access_token;
    const before = (await t.app.inject({ method: 'GET', url: '/api/UsefulLinks', headers: t.bearer(admin) })).json();
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/UsefulLinks',
      headers: t.bearer(admin),
      payload: [
        { name: 'ok', link: 'ok.example' },
        { name: '', link: 'x' },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toContainEqual({ field: '1.name', message: expect.any(String) });
    const after = (await t.app.inject({ method: 'GET', url: '/api/UsefulLinks', headers: t.bearer(admin) })).json();
    expect(after).toEqual(before);
  });

  it('builds the menu by role: administration only for those with admin rights', async () => {
    const officer = (await t.login('officer', 'Officer2026')).access_token;
    const admin = (await t.login('admin', 'Admin2026')).access_token;
    const officerMenu = (await t.app.inject({ method: 'GET', url: '/api/menu', headers: t.bearer(officer) })).json();
    const adminMenu = (await t.app.inject({ method: 'GET', url: '/api/menu', headers: t.bearer(admin) })).json();
    const names = (m: { main: { menuName: string }[] }) => m.main.map((i) => i.menuName);
    expect(names(officerMenu)).toEqual(
      expect.arrayContaining([
        'My Queue',
        'Shared With Me',
        'Credit',
        'Pending Decision',
        'Decision',
        'Requirements',
        'Funding',
        'My Filters',
        'Shared Filters',
      ]),
    );
    expect(names(officerMenu)).not.toContain('Administration');
    expect(officerMenu.administration).toEqual([]);
    expect(names(adminMenu)).toContain('Administration');
    expect(adminMenu.administration.map((i: { url: string }) => i.url)).toContain('/admin/users');
  });
});

describe('lender switch (impersonation)', () => {
  it('lets a user of two lenders work in the other one and back', async () => {
    const admin = (await t.login('admin', 'Admin2026')).access_token;
    const me = (await t.app.inject({ method: 'GET', url: '/api/user/me', headers: t.bearer(admin) })).json();
    expect(me.lenders.map((l: { name: string }) => l.name)).toEqual([
      'Harbor Auto Finance',
      'Summit Federal Credit Union',
    ]);
    const harbor = me.lenders.find((l: { name: string }) => l.name === 'Harbor Auto Finance');

    const switched = await t.app.inject({
      method: 'PUT',
      url: '/api/user/lender',
      headers: t.bearer(admin),
      payload: { lenderId: harbor.id },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ impersonating: true, currentLender: { name: 'Harbor Auto Finance' } });
    const links = (await t.app.inject({ method: 'GET', url: '/api/UsefulLinks', headers: t.bearer(admin) })).json();
    expect(links).toEqual([{ name: 'J.D. Power Vehicle Values', link: 'www.jdpower.com/cars' }]);

    const back = await t.app.inject({
      method: 'PUT',
      url: '/api/user/lender',
      headers: t.bearer(admin),
      payload: { lenderId: me.homeLender.id },
    });
    expect(back.json()).toMatchObject({ impersonating: false, currentLender: { name: 'Summit Federal Credit Union' } });
  });

  it('refuses a lender the user does not belong to', async () => {
    const officer = (await t.login('officer', 'Officer2026')).access_token;
    const harborUser = (await t.login('harbor', 'Harbor2026')).access_token;
    const harborId = (await t.app.inject({ method: 'GET', url: '/api/user/me', headers: t.bearer(harborUser) })).json()
      .homeLender.id;
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/user/lender',
      headers: t.bearer(officer),
      payload: { lenderId: harborId },
    });
    expect(response.statusCode).toBe(403);
    const links = (await t.app.inject({ method: 'GET', url: '/api/UsefulLinks', headers: t.bearer(officer) })).json();
    expect(links.map((l: { name: string }) => l.name)).not.toContain('J.D. Power Vehicle Values');
  });
});

describe('database down', () => {
  it('answers 503 quickly instead of hanging, and readyz says so', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: 'postgres://nobody:x@127.0.0.1:1/none',
      JWT_SECRET: 'x'.repeat(40),
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      WEB_DIST: '/nonexistent',
    });
    const database = connectDatabase(config.databaseUrl!);
    const { app } = await buildApp({ db: database.db, config }, { logger: false });
    const started = Date.now();
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin', password: 'Admin2026' },
    });
    expect(login.statusCode).toBe(503);
    expect(login.json().code).toBe('DB_UNAVAILABLE');
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    await app.close();
    await database.close();
  });
});
