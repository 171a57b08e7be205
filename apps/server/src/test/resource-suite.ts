import { endpointPath, type AnyResource } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from './api-client.ts';
import { createTestApp, type TestApp } from './test-app.ts';

type Json = Record<string, unknown>;

export type ResourceCases = {
  /** A valid input; `name` makes it unique (the suite passes different ones). */
  valid: (name: string) => Json;
  /** Inputs refused with a 422 on exactly these fields (a function when they need what `prepare` looked up). */
  invalid: { input: Json; fields: string[] }[] | (() => { input: Json; fields: string[] }[]);
  /** A change to a valid input (the suite checks the audit names exactly the fields that differ). */
  change: (input: Json) => Json;
  /** A user of the home lender without the area's right (default: the officer). */
  without?: { username: string; password: string };
  /** Extra env for the test app. */
  env?: Record<string, string>;
  /** Looks up what `valid` needs (the lender's ids) before the suite creates its records. */
  prepare?: (t: TestApp) => Promise<void>;
};

/**
 * The generic integration suite of a declared resource (issue 9, item 5): every verb it declares, against the
 * real database, as an administrator of Summit, another lender's administrator, and a user without the right.
 */
export const describeResource = (resource: AnyResource, cases: ResourceCases) =>
  describe(`resource ${resource.name} (generic suite)`, () => {
    let t: TestApp;
    let admin: ApiClient;
    let other: ApiClient; // the same administrator, working in Harbor
    let without: ApiClient;
    const e = resource.endpoints;
    const has = (verb: keyof typeof e) => e[verb] !== undefined;
    /** A verb the resource does not declare has no test (rather than a skipped one). */
    const itIf = (declared: boolean, name: string, test: () => Promise<void>) => {
      if (declared) it(name, test);
    };
    const path = (verb: keyof typeof e, params?: Json) => endpointPath(e[verb]!, params);
    const uniqueField = resource.unique?.field ?? 'name';
    const prefix = `Kit${resource.name.slice(0, 8)}`;
    const created: Json[] = [];
    const audit = async (recordId: unknown) =>
      (
        await t.pool.query<{ action: string; details: { label?: string; changes?: Record<string, unknown> } }>(
          `select action, details from audit_events where area = $1 and record_id = $2 order by id`,
          [resource.name, String(recordId)],
        )
      ).rows;
    const create = async (client: ApiClient, input: Json) => client.post(path('create'), input);

    beforeAll(async () => {
      t = await createTestApp(cases.env);
      await cases.prepare?.(t);
      admin = await signIn(t, 'admin', 'Admin2026');
      other = await signIn(t, 'admin', 'Admin2026');
      const me = (await other.get('/api/user/me')).json<{ lenders: { id: number; name: string }[] }>();
      await other.put('/api/user/lender', { lenderId: me.lenders.find((l) => l.name.startsWith('Harbor'))!.id });
      const w = cases.without ?? { username: 'officer', password: 'Officer2026' };
      without = await signIn(t, w.username, w.password);
      if (has('create')) {
        for (const suffix of ['Charlie', 'Alpha', 'Bravo']) {
          const response = await create(admin, cases.valid(`${prefix} ${suffix}`));
          expect(response.statusCode, response.body).toBe(201);
          created.push(response.json());
        }
      }
    });
    afterAll(() => t.close());

    itIf(has('create'), 'creates, answers the row, and writes one audit row in the same transaction', async () => {
      const row = created[0]!;
      expect(row.id).toEqual(expect.any(Number));
      expect(row[uniqueField]).toBe(`${prefix} Charlie`);
      const rows = await audit(row.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.action).toBe('create');
      expect(rows[0]!.details.label).toBe(String(row[resource.labelField]));
      expect(rows[0]!.details.changes![uniqueField]).toEqual({ old: null, new: `${prefix} Charlie` });
    });

    itIf(has('list'), 'lists a page: quick search, sort both ways, page window and total', async () => {
      const page = await admin.get(`${path('list')}?text=${encodeURIComponent(prefix)}&sort=${uniqueField}&pageSize=2`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().total).toBe(3);
      expect(page.json().data.map((r: Json) => r[uniqueField])).toEqual([`${prefix} Alpha`, `${prefix} Bravo`]);
      const second = await admin.get(
        `${path('list')}?text=${encodeURIComponent(prefix)}&sort=${uniqueField}&pageSize=2&page=2`,
      );
      expect(second.json().data.map((r: Json) => r[uniqueField])).toEqual([`${prefix} Charlie`]);
      const down = await admin.get(
        `${path('list')}?text=${encodeURIComponent(prefix.toLowerCase())}&sort=${uniqueField}&order=desc`,
      );
      expect(down.json().data.map((r: Json) => r[uniqueField])).toEqual([
        `${prefix} Charlie`,
        `${prefix} Bravo`,
        `${prefix} Alpha`,
      ]);
      expect((await admin.get(`${path('list')}?sort=notAField`)).statusCode).toBe(422);
      expect((await admin.get(`${path('list')}?pageSize=100000`)).statusCode).toBe(422);
      // Another lender sees none of them.
      expect((await other.get(`${path('list')}?text=${encodeURIComponent(prefix)}`)).json().total).toBe(0);
    });

    itIf(has('get'), 'gets one; another lender’s id is a 404', async () => {
      const row = created[1]!;
      const one = await admin.get(path('get', { id: row.id }));
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(row);
      expect((await other.get(path('get', { id: row.id }))).statusCode).toBe(404);
      expect((await admin.get(path('get', { id: 2_000_000_000 }))).statusCode).toBe(404);
      expect((await admin.get(path('get', { id: 'x' }))).statusCode).toBe(422);
    });

    itIf(has('create'), 'refuses invalid input with a 422 on each field, writing nothing', async () => {
      for (const { input, fields } of typeof cases.invalid === 'function' ? cases.invalid() : cases.invalid) {
        const response = await create(admin, input);
        expect(response.statusCode, response.body).toBe(422);
        expect(
          response
            .json()
            .errors.map((x: { field: string }) => x.field)
            .sort(),
        ).toEqual([...fields].sort());
      }
    });

    itIf(
      has('isUnique') && resource.unique !== undefined,
      'isUnique answers for a taken value (any case), and not for the record itself',
      async () => {
        const row = created[0]!;
        const taken = String(row[uniqueField]).toUpperCase();
        const ask = (query: string) => admin.get(`${path('isUnique')}?${query}`);
        expect((await ask(`${uniqueField}=${encodeURIComponent(taken)}`)).json()).toEqual({ isUnique: false });
        expect((await ask(`${uniqueField}=${encodeURIComponent(taken)}&id=${String(row.id)}`)).json()).toEqual({
          isUnique: true,
        });
        expect((await ask(`${uniqueField}=${encodeURIComponent(`${prefix} Zulu`)}`)).json()).toEqual({
          isUnique: true,
        });
        // The other lender may use the same value.
        expect((await other.get(`${path('isUnique')}?${uniqueField}=${encodeURIComponent(taken)}`)).json()).toEqual({
          isUnique: true,
        });
      },
    );

    itIf(
      has('create') && resource.unique !== undefined,
      'a taken value is the unique 422, also when two saves race',
      async () => {
        const again = await create(admin, cases.valid(`${prefix} alpha`));
        expect(again.statusCode).toBe(422);
        expect(again.json().errors).toEqual([{ field: uniqueField, message: resource.unique!.message }]);
        const racing = await Promise.all([1, 2, 3].map(() => create(admin, cases.valid(`${prefix} Race`))));
        expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
      },
    );

    itIf(
      has('update'),
      'updates and audits exactly the changed fields; a refused update leaves no audit row',
      async () => {
        const row = created[2]!;
        const input = cases.change(cases.valid(String(row[uniqueField])));
        const updated = await admin.put(path('update', { id: row.id }), input);
        expect(updated.statusCode, updated.body).toBe(200);
        const rows = await audit(row.id);
        expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
        const changed = Object.keys(rows[1]!.details.changes!).sort();
        const expected = Object.keys(updated.json())
          .filter((k) => JSON.stringify(updated.json()[k]) !== JSON.stringify(row[k]))
          .sort();
        expect(changed).toEqual(expected);
        expect(changed.length).toBeGreaterThan(0);
        if (resource.unique) {
          const clash = await admin.put(path('update', { id: row.id }), cases.valid(String(created[0]![uniqueField])));
          expect(clash.statusCode).toBe(422);
          expect(await audit(row.id)).toHaveLength(2);
        }
        expect((await other.put(path('update', { id: row.id }), input)).statusCode).toBe(404);
      },
    );

    itIf(has('enable') && has('disable'), 'disables and enables, each audited; filters by enabled', async () => {
      const row = created[1]!;
      const off = await admin[e.disable!.method === 'PUT' ? 'put' : 'post'](path('disable', { id: row.id }), {});
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().enabled).toBe(false);
      if (has('list') && 'enabled' in resource.list.filters) {
        const disabled = await admin.get(`${path('list')}?text=${encodeURIComponent(prefix)}&enabled=false`);
        expect(disabled.json().data.map((r: Json) => r.id)).toEqual([row.id]);
      }
      const on = await admin[e.enable!.method === 'PUT' ? 'put' : 'post'](path('enable', { id: row.id }), {});
      expect(on.json().enabled).toBe(true);
      expect((await audit(row.id)).map((r) => r.action).slice(-2)).toEqual(['disable', 'enable']);
      const otherToggle = e.disable!.method === 'PUT' ? other.put : other.post;
      expect((await otherToggle(path('disable', { id: row.id }), {})).statusCode).toBe(404);
    });

    itIf(has('delete'), 'deletes, audited with the old values', async () => {
      const response = await create(admin, cases.valid(`${prefix} Gone`));
      const id = response.json().id;
      expect((await other.delete(path('delete', { id }))).statusCode).toBe(404);
      expect((await admin.delete(path('delete', { id }))).statusCode).toBe(200);
      expect((await admin.get(path('get', { id }))).statusCode).toBe(404);
      const rows = await audit(id);
      expect(rows.map((r) => r.action)).toEqual(['create', 'delete']);
      expect(rows[1]!.details.changes![uniqueField]).toEqual({ old: `${prefix} Gone`, new: null });
    });

    it('refuses every write (and a guarded read) to a user without the right with a 403', async () => {
      const id = created[0]?.id ?? 1;
      const guardedRead = (resource.readAccess ?? { right: resource.right }) !== 'signedIn';
      if (has('list') && guardedRead) expect((await without.get(path('list'))).statusCode).toBe(403);
      if (has('create')) expect((await create(without, cases.valid(`${prefix} Nope`))).statusCode).toBe(403);
      if (has('update'))
        expect((await without.put(path('update', { id }), cases.valid(`${prefix} Nope`))).statusCode).toBe(403);
      if (has('delete')) expect((await without.delete(path('delete', { id }))).statusCode).toBe(403);
      if (has('disable')) {
        const method = e.disable!.method === 'PUT' ? 'put' : 'post';
        expect((await without[method](path('disable', { id }), {})).statusCode).toBe(403);
      }
    });
  });
