import { and, asc, eq, inArray, isNotNull, lt, or, isNull, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import {
  lenders,
  loanAdditions,
  userAddonPreferences,
  userWidgets,
  widgetRefreshRequests,
} from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';
import type { WidgetPeriod } from './widget-periods.ts';

export type WidgetRow = typeof userWidgets.$inferSelect;

export const listWidgets = (tx: TenantTx, userId: number) =>
  tx
    .select()
    .from(userWidgets)
    .where(eq(userWidgets.userId, userId))
    .orderBy(asc(userWidgets.createdAt), asc(userWidgets.id));

export const findWidget = async (tx: TenantTx, userId: number, name: string) => {
  const [row] = await tx
    .select()
    .from(userWidgets)
    .where(and(eq(userWidgets.userId, userId), eq(userWidgets.name, name)));
  return row;
};

/** Adds or updates the widget and asks for a new snapshot (the job computes it). */
export const saveWidget = async (
  tx: TenantTx,
  row: { lenderId: number; userId: number; name: string; settings: Record<string, unknown> },
) => {
  const requested = sql`clock_timestamp()`;
  const [saved] = await tx
    .insert(userWidgets)
    .values({ ...row, snapshotRequestedAt: requested })
    .onConflictDoUpdate({
      target: [userWidgets.lenderId, userWidgets.userId, userWidgets.name],
      set: { settings: row.settings, snapshotRequestedAt: requested, updatedAt: sql`now()` },
    })
    .returning();
  return saved!;
};

export const deleteWidget = (tx: TenantTx, userId: number, name: string) =>
  tx.delete(userWidgets).where(and(eq(userWidgets.userId, userId), eq(userWidgets.name, name)));

export const findAddonPreferences = async (tx: TenantTx, userId: number) => {
  const [row] = await tx.select().from(userAddonPreferences).where(eq(userAddonPreferences.userId, userId));
  return row?.additionIds ?? [];
};

export const saveAddonPreferences = (tx: TenantTx, lenderId: number, userId: number, additionIds: number[]) =>
  tx
    .insert(userAddonPreferences)
    .values({ lenderId, userId, additionIds })
    .onConflictDoUpdate({
      target: [userAddonPreferences.lenderId, userAddonPreferences.userId],
      set: { additionIds, updatedAt: sql`now()` },
    });

/** The lender's add-ons catalogue (every one, disabled included: old sales stay trackable). */
export const listAdditions = (tx: TenantTx) =>
  tx
    .select({ id: loanAdditions.id, name: loanAdditions.name, enabled: loanAdditions.enabled })
    .from(loanAdditions)
    .orderBy(asc(loanAdditions.sortOrder), asc(loanAdditions.name));

/** In a funding's or a reversal's transaction: the lender's loans changed (see `widgetRefreshRequests`). */
export const requestWidgetRefresh = (tx: DbExecutor, lenderId: number) =>
  tx.insert(widgetRefreshRequests).values({ lenderId });

/* --------------------------------------------------------------------------------- the job (as the owner) */

/** Whether the job has work: a refresh request, a widget waiting for a snapshot, or one older than `maxAgeMs`. */
export const snapshotsDue = async (db: Db, maxAgeMs: number) => {
  const result = await db.execute(sql`
    select exists (select 1 from widget_refresh_requests)
        or exists (select 1 from user_widgets where snapshot_requested_at is not null)
        or exists (select 1 from user_widgets
                   where snapshot_as_of is null or snapshot_as_of < now() - make_interval(secs => ${maxAgeMs / 1000}))
       as due`);
  return (result.rows[0] as { due: boolean }).due;
};

/** Takes the refresh requests and asks for new snapshots of those lenders' funding and add-on widgets. */
export const takeRefreshRequests = async (db: Db, names: readonly string[]) => {
  await db.transaction(async (tx) => {
    const taken = await tx.delete(widgetRefreshRequests).returning({ lenderId: widgetRefreshRequests.lenderId });
    const lenderIds = [...new Set(taken.map((t) => t.lenderId))];
    if (lenderIds.length === 0) return;
    await tx
      .update(userWidgets)
      .set({ snapshotRequestedAt: sql`clock_timestamp()` })
      .where(and(inArray(userWidgets.lenderId, lenderIds), inArray(userWidgets.name, [...names])));
  });
};

/** Up to `limit` widgets that need a snapshot: asked for, never made, or older than `maxAgeMs`. */
export const dueWidgets = (db: Db, maxAgeMs: number, limit: number) =>
  db
    .select({
      id: userWidgets.id,
      lenderId: userWidgets.lenderId,
      userId: userWidgets.userId,
      name: userWidgets.name,
      settings: userWidgets.settings,
      /** As text, to the microsecond (a JS Date would drop them and the request would never clear). */
      seenRequestedAt: sql<string | null>`${userWidgets.snapshotRequestedAt}::text`,
    })
    .from(userWidgets)
    .where(
      or(
        isNotNull(userWidgets.snapshotRequestedAt),
        isNull(userWidgets.snapshotAsOf),
        lt(userWidgets.snapshotAsOf, sql`now() - make_interval(secs => ${maxAgeMs / 1000})`),
      ),
    )
    .orderBy(asc(userWidgets.lenderId), asc(userWidgets.id))
    .limit(limit);

/** Today's date in the lender's time zone, and the zone. */
export const lenderToday = async (tx: TenantTx, lenderId: number) => {
  const [row] = await tx
    .select({
      timeZone: lenders.timeZone,
      today: sql<string>`to_char((now() at time zone ${lenders.timeZone})::date, 'YYYY-MM-DD')`,
    })
    .from(lenders)
    .where(eq(lenders.id, lenderId));
  return row!;
};

type Line = { id: number; name: string; count: number; sum: string };

const periodBounds = (period: WidgetPeriod, timeZone: string) => ({
  from: sql`((${period.start}::date)::timestamp at time zone ${timeZone})`,
  to: sql`(((${period.end}::date) + 1)::timestamp at time zone ${timeZone})`,
});

/** The loans funded in the period (and not reversed since), per loan product: count and amount. */
export const fundedByProduct = async (tx: TenantTx, period: WidgetPeriod, timeZone: string): Promise<Line[]> => {
  const { from, to } = periodBounds(period, timeZone);
  const result = await tx.execute(sql`
    select p.id, p.name, count(*)::int as count, sum(l.amount)::numeric(16, 2)::text as sum
      from loans l
      join applications a on a.id = l.application_id
      join loan_products p on p.id = a.loan_product_id
     where l.is_funded and l.funded_at >= ${from} and l.funded_at < ${to}
     group by p.id, p.name
     order by p.name, p.id`);
  return result.rows as Line[];
};

/** The add-ons sold with the loans funded in the period, per add-on: how many, for how much. */
export const addonsSold = async (tx: TenantTx, period: WidgetPeriod, timeZone: string): Promise<Line[]> => {
  const { from, to } = periodBounds(period, timeZone);
  const result = await tx.execute(sql`
    select s.id, coalesce(c.name, s.name) as name, s.count, s.sum
      from (select (x->>'id')::int as id, min(x->>'name') as name, count(*)::int as count,
                   sum((x->>'amount')::numeric)::numeric(16, 2)::text as sum
              from loans l
             cross join lateral jsonb_array_elements(l.additions) x
             where l.is_funded and l.funded_at >= ${from} and l.funded_at < ${to}
               and coalesce((x->>'selected')::boolean, true)
             group by 1) s
      left join loan_additions c on c.id = s.id
     order by 2, 1`);
  return result.rows as Line[];
};

/** Stores a widget's snapshot; the request is cleared only if none came after `seenRequestedAt`. */
export const storeSnapshot = (
  tx: TenantTx,
  widget: { id: number; seenRequestedAt: string | null },
  snapshot: Record<string, unknown>,
  period: WidgetPeriod,
) =>
  tx
    .update(userWidgets)
    .set({
      latestSnapshot: snapshot,
      snapshotAsOf: sql`now()`,
      periodStart: period.start,
      periodEnd: period.end,
      snapshotRequestedAt: widget.seenRequestedAt
        ? sql`case when ${userWidgets.snapshotRequestedAt} <= ${widget.seenRequestedAt}::timestamptz then null else ${userWidgets.snapshotRequestedAt} end`
        : userWidgets.snapshotRequestedAt,
    })
    .where(eq(userWidgets.id, widget.id));

/** The tracked add-on ids of these users. */
export const preferencesOf = async (tx: TenantTx, userIds: number[]) =>
  new Map(
    (
      await tx
        .select({ userId: userAddonPreferences.userId, additionIds: userAddonPreferences.additionIds })
        .from(userAddonPreferences)
        .where(inArray(userAddonPreferences.userId, userIds))
    ).map((r) => [r.userId, r.additionIds]),
  );
