import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.ts';
import { usefulLinks } from './schema/index.ts';
import { withTenant } from './tenancy.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let summit: number;
let harbor: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const rows = (await database.db.execute<{ id: number; name: string }>(sql`select id, name from lenders`)).rows;
  summit = rows.find((r) => r.name.startsWith('Summit'))!.id;
  harbor = rows.find((r) => r.name.startsWith('Harbor'))!.id;
});
afterAll(() => database.drop());

describe('row-level security', () => {
  it('shows no tenant rows to the application role when no lender is set', async () => {
    const count = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local role credence_app`);
      const result = await tx.execute<{ n: number }>(sql`select count(*)::int as n from useful_links`);
      return result.rows[0]!.n;
    });
    expect(count).toBe(0);
    // The rows are there: the owner sees them.
    const all = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from useful_links`);
    expect(all.rows[0]!.n).toBeGreaterThan(1);
  });

  it('protects every table that carries lender_id with row-level security and the tenant policy', async () => {
    const { rows } = await database.db.execute<{ table: string; rls: boolean; policy: boolean }>(sql`
      select c.relname as table, c.relrowsecurity as rls,
             exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polname = 'tenant_isolation') as policy
        from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attname = 'lender_id' and not a.attisdropped
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
       where c.relkind = 'r' order by 1`);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.filter((r) => !r.rls || !r.policy).map((r) => r.table)).toEqual([]);
    const unscoped = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local role credence_app`);
      const result = await tx.execute<{ n: number }>(
        sql`select (select count(*) from applications) + (select count(*) from applicants) as n`,
      );
      return Number(result.rows[0]!.n);
    });
    expect(unscoped).toBe(0);
  });

  it('limits every tenant table to the lender of the transaction', async () => {
    for (const table of ['useful_links', 'roles', 'role_rights', 'user_lenders', 'user_groups', 'user_group_members']) {
      const lenders = await withTenant(database.db, harbor, async (tx) =>
        (await tx.execute<{ lender_id: number }>(sql.raw(`select distinct lender_id from ${table}`))).rows.map(
          (r) => r.lender_id,
        ),
      );
      expect(lenders, table).toEqual([harbor]);
    }
  });

  it('cannot read another lender’s row even by its id', async () => {
    const [summitLink] = await database.db
      .select()
      .from(usefulLinks)
      .where(sql`lender_id = ${summit}`)
      .limit(1);
    const seen = await withTenant(database.db, harbor, (tx) =>
      tx
        .select()
        .from(usefulLinks)
        .where(sql`id = ${summitLink!.id}`),
    );
    expect(seen).toEqual([]);
  });

  it('refuses to write a row for another lender, and the transaction leaves nothing behind', async () => {
    const before = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from useful_links`);
    await expect(
      withTenant(database.db, harbor, async (tx) => {
        await tx.insert(usefulLinks).values({ lenderId: harbor, name: 'ok', link: 'a.example', sortOrder: 9 });
        await tx.insert(usefulLinks).values({ lenderId: summit, name: 'sneaky', link: 'b.example', sortOrder: 9 });
      }),
    ).rejects.toThrow();
    const after = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from useful_links`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it.each([
    ['credence_lender_applications', 'the applicant name filter', 'term_months = 1', '(term_months) values (1)'],
    ['credence_lender_applicants', 'the side-menu lookup', "last_name = 'x'", "(last_name) values ('x')"],
  ])('the view %s (%s) shows only the lender’s rows and cannot be written', async (view, _use, set, values) => {
    const name = sql.raw(view);
    const lendersSeen = (lender: number) =>
      withTenant(database.db, lender, async (tx) =>
        (await tx.execute<{ lender_id: number }>(sql`select distinct lender_id from ${name}`)).rows.map(
          (r) => r.lender_id,
        ),
      );
    expect(await lendersSeen(harbor)).toEqual([harbor]);
    expect(await lendersSeen(summit)).toEqual([summit]);
    const unscoped = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local role credence_app`);
      return (await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${name}`)).rows[0]!.n;
    });
    expect(unscoped).toBe(0);
    for (const write of [
      sql`update ${name} set ${sql.raw(set)}`,
      sql`delete from ${name}`,
      sql`insert into ${name} ${sql.raw(values)}`,
    ])
      await expect(withTenant(database.db, harbor, (tx) => tx.execute(write))).rejects.toMatchObject({
        cause: { code: '42501' }, // insufficient_privilege
      });
  });

  it('keeps sign-in bookkeeping out of the application role’s reach', async () => {
    await expect(
      withTenant(database.db, summit, (tx) => tx.execute(sql`select count(*) from sessions`)),
    ).rejects.toMatchObject({
      cause: { code: '42501' }, // insufficient_privilege
    });
  });

  it('does not leak the lender setting to the next transaction on the same connection', async () => {
    const client = await database.pool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('app.lender_id', $1, true), set_config('role', 'credence_app', true)`, [
        String(summit),
      ]);
      await client.query('commit');
      await client.query('begin');
      await client.query('set local role credence_app');
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from useful_links');
      await client.query('commit');
      expect(rows[0]!.n).toBe(0);
    } finally {
      client.release();
    }
  });
});
