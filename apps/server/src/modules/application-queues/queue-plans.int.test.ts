import {
  applicationSearchRequestSchema,
  queueColumns,
  queueGridNames,
  type QueueFilterItem,
} from '@credence/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenancy.ts';
import { createDataProtector } from '../../platform/crypto.ts';
import { SUMMIT } from '../../test/api-client.ts';
import { TEST_DATA_ENCRYPTION_KEY } from '../../test/template.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildSearch, pageWithCount } from './application-queues.service.ts';
import { seedQueueApplications } from './queue-bulk-seed.ts';
import { cappedCountQuery, pageAndCountQuery, pageQuery } from './queue-sql.ts';

/**
 * Every queue × sort × filter the grid can send is planned on ~100 000 applications: neither the page nor
 * the capped count may read applications or applicants sequentially (a Seq Scan grows with the whole table,
 * both lenders included; an index walk grows with the page).
 */
let t: TestApp;
let lenderId = 0;
/** Every lender: the lookups are planned for the first and the last (whose rows come last in every id order). */
let lenderIds: number[] = [];
let userId = 0;
let productId = 0;
let dealerId = 0;
let memberNumber = '';
let midId = 0;

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };
const seqScans = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && ['applications', 'applicants'].includes(node['Relation Name'] ?? '')
    ? [node['Relation Name']!]
    : []),
  ...(node.Plans ?? []).flatMap(seqScans),
];

beforeAll(async () => {
  t = await createTestApp();
  const key = Buffer.from(TEST_DATA_ENCRYPTION_KEY, 'base64');
  const lenders = (
    await t.pool.query<{ id: number; name: string }>(
      // The lenders with loan products (the MFA demo's lender has none: it shows the sign-in only).
      'select id, name from lenders l where exists (select 1 from loan_products p where p.lender_id = l.id) order by id',
    )
  ).rows;
  for (const lender of lenders)
    await seedQueueApplications(t.pool, {
      lenderId: lender.id,
      count: Math.round(100_000 / lenders.length),
      dataEncryptionKey: key,
    });
  lenderId = lenders.find((l) => l.name === SUMMIT)!.id;
  lenderIds = lenders.map((l) => l.id);
  userId = (await t.pool.query<{ id: number }>("select id from users where username = 'officer'")).rows[0]!.id;
  // Some applications are shared with the officer, directly and through a group.
  await t.pool.query(
    `insert into application_shares (lender_id, application_id, user_id)
     select lender_id, id, $2 from applications where lender_id = $1 and id % 97 = 0`,
    [lenderId, userId],
  );
  const one = async <T>(text: string, params: unknown[]) => (await t.pool.query(text, params)).rows[0] as T;
  productId = (
    await one<{ id: number }>('select id from loan_products where lender_id = $1 order by id limit 1', [lenderId])
  ).id;
  dealerId = (await one<{ id: number }>('select id from dealers where lender_id = $1 order by id limit 1', [lenderId]))
    .id;
  memberNumber = (
    await one<{ m: string }>(
      'select primary_member_number as m from applications where lender_id = $1 and primary_member_number is not null order by id desc limit 1',
      [lenderId],
    )
  ).m;
  midId = (
    await one<{ id: number }>(
      'select percentile_disc(0.5) within group (order by id) as id from applications where lender_id = $1',
      [lenderId],
    )
  ).id;
  await t.pool.query('analyze');
}, 180_000);
afterAll(() => t.close());

describe('queue query plans on 100 000 applications', () => {
  it('never scans applications or applicants sequentially', async () => {
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString();
    const filters: Record<string, QueueFilterItem> = {
      applicationId: { field: 'applicationId', operator: '>=', value: midId },
      applicantName: { field: 'applicantName', operator: 'contains', value: 'garcia' },
      memberNumber: { field: 'memberNumber', operator: 'equals', value: memberNumber },
      loanProduct: { field: 'loanProduct', operator: 'is', value: productId },
      state: { field: 'state', operator: 'is', value: 'approved' },
      requestedAmount: { field: 'requestedAmount', operator: '>=', value: '20000' },
      amount: { field: 'amount', operator: '>=', value: '20000' },
      termMonths: { field: 'termMonths', operator: '=', value: 60 },
      averageCreditScore: { field: 'averageCreditScore', operator: '>=', value: 700 },
      dealer: { field: 'dealer', operator: 'is', value: dealerId },
      direct: { field: 'direct', operator: 'is', value: true },
      source: { field: 'source', operator: 'is', value: 'DEALER' },
      createdUtcTime: { field: 'createdUtcTime', operator: 'onOrAfter', value: monthAgo },
      updatedUtcTime: { field: 'updatedUtcTime', operator: 'before', value: yearAgo },
    };
    // Every filterable column has a realistic case here.
    expect(Object.keys(filters).sort()).toEqual(
      queueColumns
        .filter((c) => c.filterable)
        .map((c) => c.field)
        .sort(),
    );
    const sorts = [
      null,
      ...queueColumns
        .filter((c) => c.sortable)
        .flatMap((c) => [[{ field: c.field, dir: 'asc' as const }], [{ field: c.field, dir: 'desc' as const }]]),
    ];
    const variants: { label: string; filter?: QueueFilterItem; text?: string }[] = [
      { label: 'no filter' },
      ...Object.entries(filters).map(([field, filter]) => ({ label: field, filter })),
      { label: 'text: last name', text: 'Garcia' },
      { label: 'text: member number', text: memberNumber },
      { label: 'text: application id', text: String(midId) },
    ];
    const protector = createDataProtector(Buffer.from(TEST_DATA_ENCRYPTION_KEY, 'base64'));
    const failures: string[] = [];
    let planned = 0;
    await withTenant(t.db, lenderId, async (tx) => {
      for (const grid of queueGridNames)
        for (const sort of sorts)
          for (const variant of variants) {
            const request = applicationSearchRequestSchema.parse({
              page: 3,
              pageSize: 25,
              sort,
              text: variant.text,
              filter: variant.filter ? { filters: [variant.filter] } : null,
            });
            const built = buildSearch({ protector }, grid, { lenderId, userId }, request);
            // As the service runs it: the planner settings of the request (bitmap scans only for a name filter).
            await tx.execute(built.plannerSettings);
            // Name filters and text lookups are paged and counted in one statement (as the service runs it).
            const queries = built.countWithPage
              ? ([['page and count', pageAndCountQuery(built, 25, 50)]] as const)
              : ([
                  ['page', pageQuery(built, 25, 50)],
                  ['count', cappedCountQuery(built, 10_000)],
                ] as const);
            for (const [kind, query] of queries) {
              const result = await tx.execute<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
                sql`explain (format json) ${query}`,
              );
              planned++;
              const scans = seqScans(result.rows[0]!['QUERY PLAN'][0]!.Plan);
              if (scans.length > 0)
                failures.push(
                  `${grid} ${JSON.stringify(sort)} ${variant.label} ${kind}: Seq Scan on ${scans.join(', ')}`,
                );
            }
          }
    });
    const oneStatement = variants.filter((v) => v.filter?.field === 'applicantName' || v.text).length;
    expect(planned).toBe(queueGridNames.length * sorts.length * (variants.length * 2 - oneStatement));
    expect(failures).toEqual([]);
  }, 120_000);

  it('finds applicant name matches through the per-lender trigram index, as the app reads them under the policy', async () => {
    const protector = createDataProtector(Buffer.from(TEST_DATA_ENCRYPTION_KEY, 'base64'));
    const request = applicationSearchRequestSchema.parse({
      sort: [{ field: 'applicantName', dir: 'asc' }],
      filter: { filters: [{ field: 'applicantName', operator: 'contains', value: 'garc' }] },
    });
    const built = buildSearch({ protector }, 'allApplicationsQueue', { lenderId, userId }, request);
    expect(built.countWithPage).toBe(true);
    const plan = await withTenant(t.db, lenderId, async (tx) => {
      await tx.execute(built.plannerSettings);
      const result = await tx.execute<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        sql`explain (format json) ${pageAndCountQuery(built, 25, 0)}`,
      );
      return result.rows[0]!['QUERY PLAN'][0]!.Plan;
    });
    // The name condition is an index condition of the trigram index (not a filter over every row of the lender).
    const text = JSON.stringify(plan);
    expect(text).toMatch(/"Index Name":"applications_lender_applicant_name_trgm_idx"[^}]*"Index Cond":"[^"]*~~\*/);
    expect(seqScans(plan)).toEqual([]);
  });

  it.each([
    ['first', 0],
    ['last', -1],
  ])(
    'a side-menu lookup of the %s lender reads a few rows whatever the name: a common last name, a rare one, an unknown one',
    async (_which, index) => {
      const lender = lenderIds.at(index)!;
      const protector = createDataProtector(Buffer.from(TEST_DATA_ENCRYPTION_KEY, 'base64'));
      const lastNames = (
        await t.pool.query<{ n: string; c: number }>(
          `select last_name as n, count(*)::int as c from applicants where lender_id = $1 and last_name is not null
          group by 1 order by 2 desc, 1`,
          [lender],
        )
      ).rows;
      const common = lastNames[0]!;
      const rare = lastNames[lastNames.length - 1]!;
      expect(common.c).toBeGreaterThan(1000);
      type AnalyzedNode = PlanNode & {
        'Actual Rows': number;
        'Actual Loops': number;
        'Rows Removed by Filter'?: number;
        'Rows Removed by Index Recheck'?: number;
      };
      // Rows a scan read: those it returned and those its filter removed (both per loop), over all loops.
      const rowsRead = (node: AnalyzedNode): number =>
        (['Index Scan', 'Index Only Scan', 'Bitmap Heap Scan', 'Seq Scan'].includes(node['Node Type'])
          ? (node['Actual Rows'] +
              (node['Rows Removed by Filter'] ?? 0) +
              (node['Rows Removed by Index Recheck'] ?? 0)) *
            node['Actual Loops']
          : 0) + ((node.Plans ?? []) as AnalyzedNode[]).reduce((sum, child) => sum + rowsRead(child), 0);
      for (const text of [common.n, rare.n, 'Zzyzx']) {
        const request = applicationSearchRequestSchema.parse({ text, pageSize: 1 });
        const built = buildSearch({ protector }, 'allApplicationsQueue', { lenderId: lender, userId }, request);
        // As the service runs a lookup: the page (the newest match) and a count of three, each stopping early.
        expect(pageWithCount(built, 1)).toBe(false);
        const read = await withTenant(t.db, lender, async (tx) => {
          await tx.execute(built.plannerSettings);
          let sum = 0;
          for (const query of [pageQuery(built, 1, 0), cappedCountQuery(built, 2)]) {
            const result = await tx.execute<{ 'QUERY PLAN': { Plan: AnalyzedNode }[] }>(
              sql`explain (analyze, format json) ${query}`,
            );
            sum += rowsRead(result.rows[0]!['QUERY PLAN'][0]!.Plan);
          }
          return sum;
        });
        // The common name's 1 000+ matches are never all read: the walk stops at the first ones.
        expect(read, `${text}: rows read`).toBeLessThan(1000);
      }
    },
  );
});
