import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../client.ts';
import {
  applicantAddresses,
  applicantAssets,
  applicantEmails,
  applicantEmployments,
  applicantFinances,
  applicantGovtIds,
  applicantPhoneNumbers,
  applicants,
  applicationFrontEndFees,
  applicationHistory,
  applicationInsurance,
  applications,
  collateralAccessories,
  collateralGrantors,
  collateralLiens,
  collaterals,
  comments,
  dealerPurchases,
  internalRefinances,
  liens,
  sellers,
  tradeIns,
} from '../schema/index.ts';
import type { ApplicationPlan } from './application-generator.ts';

/**
 * Inserts many rows with one statement per column set: `insert into t (a, b) select * from unnest($1::a_type[],
 * $2::b_type[])`, one array parameter per column, so a batch of thousands of rows costs a handful of
 * parameters and no query building per value. Rows that leave a column out (to take its default) are
 * inserted in their own group.
 */
const bulkInsert = async <T extends PgTable>(
  tx: DbExecutor,
  table: T,
  rows: T['$inferInsert'][],
  options: { overridingSystemValue?: boolean } = {},
) => {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows as Record<string, unknown>[]) {
    const signature = Object.keys(columns)
      .filter((key) => row[key] !== undefined)
      .join(',');
    const group = groups.get(signature);
    if (group) group.push(row);
    else groups.set(signature, [row]);
  }
  for (const [signature, group] of groups) {
    const keys = signature.split(',');
    const names = keys.map((key) => `"${columns[key]!.name}"`).join(', ');
    const arrays = keys.map((key) => {
      const column = columns[key]!;
      const type = column.getSQLType();
      const values = group.map((row) => {
        const value = row[key] ?? null;
        return value !== null && type === 'jsonb' ? JSON.stringify(value) : value;
      });
      return sql`${sql.param(values)}::${sql.raw(type)}[]`;
    });
    await tx.execute(
      sql`insert into ${table} (${sql.raw(names)}) ${sql.raw(options.overridingSystemValue ? 'overriding system value ' : '')}select * from unnest(${sql.join(arrays, sql`, `)})`,
    );
  }
};

/** Takes `count` ids from a table's identity sequence, so parents and children can be written in bulk. */
const reserveIds = async (tx: DbExecutor, table: string, count: number): Promise<number[]> => {
  if (count === 0) return [];
  const result = await tx.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count})`,
  );
  return result.rows.map((r) => r.id);
};

/**
 * Writes many planned applications in bulk: a few statements per table for the whole batch,
 * parents' ids taken from their sequences up front. Runs as the owner (the seed), inside the caller's
 * transaction. Answers the application ids in plan order.
 */
export const writeApplicationPlans = async (tx: DbExecutor, plans: ApplicationPlan[]): Promise<number[]> => {
  const appIds = await reserveIds(tx, 'applications', plans.length);
  await bulkInsert(
    tx,
    applications,
    plans.map((p, i) => ({ ...p.values, id: appIds[i]! })),
    { overridingSystemValue: true },
  );
  const lenderOf = (i: number) => plans[i]!.values.lenderId;
  const perApp = <T extends object>(pick: (p: ApplicationPlan) => T[]) =>
    plans.flatMap((p, i) => pick(p).map((row) => ({ ...row, lenderId: lenderOf(i), applicationId: appIds[i]! })));

  await bulkInsert(
    tx,
    applicationFrontEndFees,
    perApp((p) => p.fees.map((f, sortOrder) => ({ ...f, sortOrder }))),
  );
  await bulkInsert(
    tx,
    applicationInsurance,
    perApp((p) => (p.insurance ? [p.insurance] : [])),
  );
  await bulkInsert(
    tx,
    tradeIns,
    perApp((p) => p.transaction.tradeIns.map((t, sortOrder) => ({ ...t, sortOrder }))),
  );
  await bulkInsert(
    tx,
    sellers,
    perApp((p) => p.transaction.sellers.map((x, sortOrder) => ({ ...x, sortOrder }))),
  );
  await bulkInsert(
    tx,
    dealerPurchases,
    perApp((p) => (p.transaction.dealerPurchase ? [p.transaction.dealerPurchase] : [])),
  );
  await bulkInsert(
    tx,
    liens,
    perApp((p) => (p.transaction.lien ? [p.transaction.lien] : [])),
  );
  await bulkInsert(
    tx,
    internalRefinances,
    perApp((p) => (p.transaction.internalRefinance ? [p.transaction.internalRefinance] : [])),
  );
  await bulkInsert(
    tx,
    comments,
    perApp((p) => p.comments),
  );
  await bulkInsert(
    tx,
    applicationHistory,
    perApp((p) => p.history),
  );

  // Applicants and their lists.
  const applicantPlans = plans.flatMap((p, i) => p.applicants.map((a) => ({ a, app: i })));
  const applicantIds = await reserveIds(tx, 'applicants', applicantPlans.length);
  await bulkInsert(
    tx,
    applicants,
    applicantPlans.map(({ a, app }, k) => ({
      ...a.values,
      id: applicantIds[k]!,
      lenderId: lenderOf(app),
      applicationId: appIds[app]!,
    })),
    { overridingSystemValue: true },
  );
  const perApplicant = <T extends object>(pick: (a: (typeof applicantPlans)[number]['a']) => T[]) =>
    applicantPlans.flatMap(({ a, app }, k) =>
      pick(a).map((row, sortOrder) => ({ ...row, sortOrder, lenderId: lenderOf(app), applicantId: applicantIds[k]! })),
    );
  await bulkInsert(
    tx,
    applicantAddresses,
    perApplicant((a) => a.children.addresses),
  );
  await bulkInsert(
    tx,
    applicantPhoneNumbers,
    perApplicant((a) => a.children.phoneNumbers),
  );
  await bulkInsert(
    tx,
    applicantEmails,
    perApplicant((a) => a.children.emails),
  );
  await bulkInsert(
    tx,
    applicantEmployments,
    perApplicant((a) => a.children.employments),
  );
  await bulkInsert(
    tx,
    applicantGovtIds,
    perApplicant((a) => a.children.govtIssuedIds),
  );
  await bulkInsert(
    tx,
    applicantFinances,
    perApplicant((a) => a.children.finances),
  );
  await bulkInsert(
    tx,
    applicantAssets,
    perApplicant((a) => a.children.assets),
  );

  // Collaterals and their lists.
  const collateralPlans = plans.flatMap((p, i) => p.collaterals.map((c) => ({ c, app: i })));
  const collateralIds = await reserveIds(tx, 'collaterals', collateralPlans.length);
  await bulkInsert(
    tx,
    collaterals,
    collateralPlans.map(({ c, app }, k) => ({
      ...c.values,
      id: collateralIds[k]!,
      lenderId: lenderOf(app),
      applicationId: appIds[app]!,
    })),
    { overridingSystemValue: true },
  );
  const perCollateral = <T extends object>(pick: (c: (typeof collateralPlans)[number]['c']) => T[]) =>
    collateralPlans.flatMap(({ c, app }, k) =>
      pick(c).map((row, sortOrder) => ({
        ...row,
        sortOrder,
        lenderId: lenderOf(app),
        collateralId: collateralIds[k]!,
      })),
    );
  await bulkInsert(
    tx,
    collateralLiens,
    perCollateral((c) => c.children.liens),
  );
  await bulkInsert(
    tx,
    collateralGrantors,
    perCollateral((c) => c.children.grantors),
  );
  await bulkInsert(
    tx,
    collateralAccessories,
    perCollateral((c) => c.children.accessories),
  );
  return appIds;
};
