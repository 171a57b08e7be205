import { addDays } from '@credence/domain';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { ApiClient } from './api-client.ts';

/**
 * The reports' integration tests (modules/reports): their shared filters as the API takes them, the same filters as
 * direct SQL over `applications a`, random filter combinations, and a count of the runs that selected something.
 */
export type ReportFilters = {
  from: string;
  to: string;
  productId?: number | undefined;
  branchId?: number | undefined;
  dealerId?: number | undefined;
  channel?: 'direct' | 'indirect' | undefined;
  officerId?: number | undefined;
};
export type ReportFilterOptions = { products: number[]; branches: number[]; dealers: number[]; officers: number[] };

/** The shared filters as SQL over `applications a` ($1 lender, $2 zone, $3 from, $4 to, then the optional ones). */
export const reportFilterSql = (f: ReportFilters, dateColumn: string, lender: { lenderId: number; zone: string }) => ({
  where: `a.lender_id = $1 and (${dateColumn} at time zone $2)::date between $3::date and $4::date
      and ($5::int is null or a.loan_product_id = $5) and ($6::int is null or a.dealer_id = $6)
      and ($7::text is null or a.direct = ($7 = 'direct')) and ($8::int is null or a.created_by_user_id = $8)
      and ($9::int is null or a.created_by_user_id in
            (select user_id from user_lenders where lender_id = a.lender_id and branch_id = $9))`,
  values: [
    lender.lenderId,
    lender.zone,
    f.from,
    f.to,
    f.productId ?? null,
    f.dealerId ?? null,
    f.channel ?? null,
    f.officerId ?? null,
    f.branchId ?? null,
  ],
});

/** The lender's products, branches, dealers and users: what a random filter picks from. */
export const reportFilterOptions = async (
  q: <T extends Record<string, unknown>>(text: string, values?: unknown[]) => Promise<T[]>,
  lenderId: number,
): Promise<ReportFilterOptions> => {
  const ids = async (table: string) =>
    (await q<{ id: number }>(`select id from ${table} where lender_id = $1 order by id`, [lenderId])).map((r) => r.id);
  return {
    products: await ids('loan_products'),
    branches: await ids('branches'),
    dealers: await ids('dealers'),
    officers: (await q<{ id: number }>('select user_id as id from user_lenders where lender_id = $1', [lenderId])).map(
      (r) => r.id,
    ),
  };
};

/** A filter value, absent three times in four (so that most combinations still select something). */
const sometimes = <T>(values: readonly T[]) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: fc.constantFrom(...values), weight: 1 });

/** Random filters over the demo's period (its applications are from the last four months). */
export const randomReportFilters = (options: ReportFilterOptions, today: string) =>
  fc
    .record({
      back: fc.integer({ min: 0, max: 150 }),
      length: fc.integer({ min: 0, max: 200 }),
      productId: sometimes(options.products),
      branchId: sometimes(options.branches),
      dealerId: sometimes(options.dealers),
      channel: sometimes(['direct', 'indirect'] as const),
      officerId: sometimes(options.officers),
    })
    .map(({ back, length, ...rest }): ReportFilters => {
      const from = addDays(today, -back);
      return { ...rest, from, to: addDays(from, length) };
    });

/** The whole demo, unfiltered: always one of the runs. */
export const wholeDemoPeriod = (today: string): [ReportFilters] => [{ from: addDays(today, -170), to: today }];

/**
 * Counts the runs that selected something: a property over empty sets only would prove nothing. The unfiltered
 * example always does; some random runs must too.
 */
export const selecting = () => {
  let runs = 0;
  return {
    seen: (n: number) => {
      if (n > 0) runs += 1;
    },
    check: (least: number) => expect(runs, 'runs that selected rows').toBeGreaterThanOrEqual(least),
  };
};

export const queryString = (query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return params.toString();
};

/** GET `path` with the query (absent values left out) as `client`: must answer 200; answers the body. */
export const getJson = async <T>(
  client: ApiClient,
  path: string,
  query: Record<string, string | number | undefined> = {},
) => {
  const response = await client.get(`${path}?${queryString(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

/** An instant's date in a time zone, YYYY-MM-DD. */
export const localDate = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
