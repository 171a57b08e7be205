import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { loanAdditions, userAddonPreferences, userWidgets, widgetRefreshRequests } from '../../db/schema/index.ts';
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

/** The open applications per work queue and state, by whole days since creation in the lender's zone. */
export const pipelineCounts = async (tx: TenantTx, today: string, timeZone: string) => {
  const result = await tx.execute(sql`
    select queue, state,
           count(*) filter (where age = 0)::int as today,
           count(*) filter (where age between 1 and 3)::int as days1to3,
           count(*) filter (where age between 4 and 7)::int as days4to7,
           count(*) filter (where age > 7)::int as older
      from (select a.queue, a.state, ${today}::date - (a.created_at at time zone ${timeZone})::date as age
              from applications a where a.queue is not null) x
     group by queue, state`);
  return result.rows as {
    queue: string;
    state: string;
    today: number;
    days1to3: number;
    days4to7: number;
    older: number;
  }[];
};

export type TurnTimeRow = {
  productId: number | null;
  name: string | null;
  n: number;
  median: string | null;
  p90: string | null;
};

const hoursQuery = (source: SQL) => sql`
  select p.id as "productId", p.name, count(*)::int as n,
         round(percentile_cont(0.5) within group (order by h)::numeric, 1)::text as median,
         round(percentile_cont(0.9) within group (order by h)::numeric, 1)::text as p90
    from (${source}) s join loan_products p on p.id = s.product_id
   group by grouping sets ((p.id, p.name), ())`;

/** First decisions of an application (a later one is a re-decision). Also read by the Decisions report. */
export const firstDecisions = sql`
  select d.application_id, d.created_at, d.decision_type from application_decisions d
   where d.entry_kind = 'decision'
     and d.version = (select min(e.version) from application_decisions e where e.application_id = d.application_id
                       and e.entry_kind = 'decision')`;

/** Hours from submission to the first decision, for first decisions made in the period; per product and all. */
export const decisionTurnTimes = async (tx: TenantTx, period: WidgetPeriod, timeZone: string) => {
  const { from, to } = periodBounds(period, timeZone);
  const result = await tx.execute(
    hoursQuery(sql`
      select a.loan_product_id as product_id, extract(epoch from f.created_at - a.created_at) / 3600 as h
        from (${firstDecisions}) f join applications a on a.id = f.application_id
       where f.created_at >= ${from} and f.created_at < ${to}`),
  );
  return result.rows as TurnTimeRow[];
};

/** Hours from the approval a loan funds to its funding, for loans funded in the period; per product and all. */
export const fundingTurnTimes = async (tx: TenantTx, period: WidgetPeriod, timeZone: string) => {
  const { from, to } = periodBounds(period, timeZone);
  const result = await tx.execute(
    hoursQuery(sql`
      select a.loan_product_id as product_id, extract(epoch from l.funded_at - d.created_at) / 3600 as h
        from loans l join applications a on a.id = l.application_id
        join application_decisions d on d.id = l.decision_id
       where l.is_funded and l.funded_at >= ${from} and l.funded_at < ${to}`),
  );
  return result.rows as TurnTimeRow[];
};

/** The first approval (or counter-offer) of each application (pull-through's base). Also read by the Decisions report. */
export const firstApprovals = sql`
  select d.application_id, d.created_at from application_decisions d
   where d.entry_kind = 'decision' and d.decision_type in ('approve', 'counteroffer')
     and d.version = (select min(e.version) from application_decisions e where e.application_id = d.application_id
                       and e.entry_kind = 'decision' and e.decision_type in ('approve', 'counteroffer'))`;

/** Applications first approved (or counter-offered) in the period, and how many of them are funded now. */
export const pullThrough = async (tx: TenantTx, period: WidgetPeriod, timeZone: string) => {
  const { from, to } = periodBounds(period, timeZone);
  const result = await tx.execute(sql`
    select p.id as "productId", p.name, count(*)::int as approved,
           count(*) filter (where l.is_funded)::int as funded
      from (${firstApprovals}) d
      join applications a on a.id = d.application_id
      join loan_products p on p.id = a.loan_product_id
      left join loans l on l.application_id = a.id
     where d.created_at >= ${from} and d.created_at < ${to}
     group by grouping sets ((p.id, p.name), ())`);
  return result.rows as { productId: number | null; name: string | null; approved: number; funded: number }[];
};
