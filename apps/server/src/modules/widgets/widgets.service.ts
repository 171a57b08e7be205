import {
  defaultWidgetSettings,
  pipelineQueues,
  applicationStateTexts,
  TURN_TIMES_OVERALL,
  widgetMessages,
  widgetNames,
  widgetSettingsSchema,
  type AddonPreferences,
  type AddonSnapshot,
  type FundingSnapshot,
  type PipelineRow,
  type PipelineSnapshot,
  type TurnTimeLine,
  type TurnTimesSnapshot,
  type Widget,
  type WidgetLine,
  type WidgetName,
  type WidgetSettings,
} from '@credence/contracts';
import { formatMoney, money, todayIso } from '@credence/domain';
import type { Db } from '../../db/client.ts';
import { withTenant, type TenantTx } from '../../db/tenancy.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { hubRooms, signalHub } from '../../platform/hub-signal.ts';
import { lenderTimeZone } from '../../platform/lender-time.ts';
import { wakeJobQueue, type JobQueue } from '../../platform/jobs.ts';
import { widgetPeriod, type WidgetPeriod } from './widget-periods.ts';
import * as repo from './widgets.repository.ts';

/** The pg-boss queue the snapshots are computed on (platform/jobs.ts works it). */
export const SNAPSHOT_QUEUE = 'widget-snapshots';
/** A snapshot older than this is computed again (a new month, a decision moving the pipeline): the schedule. */
export const SNAPSHOT_MAX_AGE_MS = 5 * 60_000;
/** Widgets read and computed per pass of the job. */
const SNAPSHOT_BATCH = 500;
/** The widgets whose numbers a funding or a reversal changes: all of them. */
const LOAN_WIDGETS: readonly WidgetName[] = widgetNames;

/* --------------------------------------------------------------------------------------------- the API */

/** A stored settings value as the current schema reads it (a row written by an older release: the defaults). */
const settingsOf = (row: { settings: Record<string, unknown> }): WidgetSettings => {
  const parsed = widgetSettingsSchema.safeParse(row.settings);
  return parsed.success ? parsed.data : defaultWidgetSettings;
};

const toWidget = (row: repo.WidgetRow): Widget =>
  ({
    id: row.id,
    name: row.name as WidgetName,
    settings: settingsOf(row),
    latestSnapshot: row.latestSnapshot ?? null,
    snapshotAsOfUtcTime: row.snapshotAsOf?.toISOString() ?? null,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    refreshing: row.snapshotRequestedAt !== null,
  }) as Widget;

export const listWidgets = (db: Db, auth: AuthContext) =>
  withTenant(db, auth.lenderId, async (tx) => (await repo.listWidgets(tx, auth.userId)).map(toWidget));

export const getWidget = (db: Db, auth: AuthContext, name: WidgetName) =>
  withTenant(db, auth.lenderId, async (tx) => {
    const row = await repo.findWidget(tx, auth.userId, name);
    if (!row) throw notFound();
    return toWidget(row);
  });

/** Adds the widget or changes its period; the job makes its snapshot at once (the answer says refreshing). */
export const saveWidget = async (db: Db, auth: AuthContext, name: WidgetName, settings: WidgetSettings) => {
  const row = await withTenant(db, auth.lenderId, (tx) =>
    repo.saveWidget(tx, { lenderId: auth.lenderId, userId: auth.userId, name, settings }),
  );
  wakeJobQueue(SNAPSHOT_QUEUE);
  return toWidget(row);
};

export const removeWidget = (db: Db, auth: AuthContext, name: WidgetName) =>
  withTenant(db, auth.lenderId, async (tx) => {
    await repo.deleteWidget(tx, auth.userId, name);
  });

const preferencesOf = async (tx: TenantTx, userId: number): Promise<AddonPreferences> => ({
  additionIds: await repo.findAddonPreferences(tx, userId),
  additions: await repo.listAdditions(tx),
});

export const getAddonPreferences = (db: Db, auth: AuthContext) =>
  withTenant(db, auth.lenderId, (tx) => preferencesOf(tx, auth.userId));

/**
 * Chooses the add-ons to track (each one of the lender's catalogue) and saves the Add On Sales widget with them
 * (spec 1 §4: "Saving add-on preferences also saves the widget"), keeping its period or adding it with the
 * defaults; its snapshot is asked for.
 */
export const saveAddonPreferences = async (db: Db, auth: AuthContext, body: { additionIds: number[] }) => {
  const saved = await withTenant(db, auth.lenderId, async (tx) => {
    const catalogue = new Set((await repo.listAdditions(tx)).map((a) => a.id));
    if (body.additionIds.some((id) => !catalogue.has(id))) throw fieldError('additionIds', widgetMessages.unknownAddon);
    const additionIds = [...new Set(body.additionIds)];
    await repo.saveAddonPreferences(tx, auth.lenderId, auth.userId, additionIds);
    const widget = await repo.findWidget(tx, auth.userId, 'addonSales');
    await repo.saveWidget(tx, {
      lenderId: auth.lenderId,
      userId: auth.userId,
      name: 'addonSales',
      settings: widget ? settingsOf(widget) : defaultWidgetSettings,
    });
    return preferencesOf(tx, auth.userId);
  });
  wakeJobQueue(SNAPSHOT_QUEUE);
  return saved;
};

/* --------------------------------------------------------------------------------------------- the job */

const total = (lines: WidgetLine[]) => formatMoney(lines.reduce((sum, l) => sum.plus(l.sum), money(0)));
const lineOf = (l: { name: string; count: number; sum: string }): WidgetLine => ({
  name: l.name,
  count: l.count,
  sum: formatMoney(l.sum),
});

export const fundingSnapshotOf = (lines: { name: string; count: number; sum: string }[]): FundingSnapshot => {
  const loanProducts = lines.map(lineOf);
  return { sum: total(loanProducts), loanProducts };
};

export const addonSnapshotOf = (
  lines: { id: number; name: string; count: number; sum: string }[],
  tracked: readonly number[],
): AddonSnapshot => {
  const addonSales = lines.filter((l) => tracked.includes(l.id)).map(lineOf);
  return { total: addonSales.reduce((n, l) => n + l.count, 0), sum: total(addonSales), addonSales };
};

type DueWidget = Awaited<ReturnType<typeof repo.dueWidgets>>[number];
type LenderContext = {
  db: Db;
  lenderId: number;
  tx: TenantTx;
  timeZone: string;
  today: string;
  tracked: Map<number, number[]>;
};
type Line = { id: number; name: string; count: number; sum: string };

const hours = (value: string | null) => (value === null ? null : Number(value));
/** funded / approved in percent: decimal, two places half-up (as money is rounded). */
export const percentOf = (part: number, whole: number) =>
  whole === 0 ? null : formatMoney(money(part).times(100).div(whole));

export const pipelineSnapshotOf = (rows: Awaited<ReturnType<typeof repo.pipelineCounts>>): PipelineSnapshot => {
  const states = Object.keys(applicationStateTexts);
  const lines = rows
    .map((r) => {
      const counts = [r.today, r.days1to3, r.days4to7, r.older];
      const queue = `${r.queue}Queue` as PipelineRow['queue'];
      return { queue, state: r.state, counts, total: counts.reduce((a, b) => a + b, 0) };
    })
    .sort(
      (a, b) =>
        pipelineQueues.indexOf(a.queue) - pipelineQueues.indexOf(b.queue) ||
        states.indexOf(a.state) - states.indexOf(b.state),
    );
  return { total: lines.reduce((n, l) => n + l.total, 0), rows: lines };
};

type TurnTimeInputs = Awaited<ReturnType<typeof turnTimeInputs>>;
/** The three reads of Turn Times at once, each in a read transaction of its own (one connection runs one query). */
const turnTimeInputs = (c: LenderContext, period: WidgetPeriod) => {
  const read = <T>(query: (tx: TenantTx, period: WidgetPeriod, timeZone: string) => Promise<T>) =>
    withTenant(c.db, c.lenderId, (tx) => query(tx, period, c.timeZone));
  return Promise.all([read(repo.decisionTurnTimes), read(repo.fundingTurnTimes), read(repo.pullThrough)]);
};

export const turnTimesSnapshotOf = ([decisions, fundings, approvals]: TurnTimeInputs): TurnTimesSnapshot => {
  const lineOf = (productId: number | null, name: string): TurnTimeLine => {
    const d = decisions.find((r) => r.productId === productId);
    const f = fundings.find((r) => r.productId === productId);
    const a = approvals.find((r) => r.productId === productId);
    return {
      name,
      decided: d?.n ?? 0,
      decisionMedianHours: hours(d?.median ?? null),
      decisionP90Hours: hours(d?.p90 ?? null),
      funded: f?.n ?? 0,
      fundingMedianHours: hours(f?.median ?? null),
      fundingP90Hours: hours(f?.p90 ?? null),
      approved: a?.approved ?? 0,
      approvedFunded: a?.funded ?? 0,
      pullThrough: percentOf(a?.funded ?? 0, a?.approved ?? 0),
    };
  };
  const products = new Map<number, string>();
  for (const r of [...decisions, ...fundings, ...approvals])
    if (r.productId !== null) products.set(r.productId, r.name!);
  const loanProducts = [...products].sort(([, a], [, b]) => a.localeCompare(b)).map(([id, name]) => lineOf(id, name));
  return { overall: lineOf(null, TURN_TIMES_OVERALL), loanProducts };
};

/** Per widget kind: what the job reads for a period (once per lender and period), and the user's snapshot of it. */
const kinds: Record<
  WidgetName,
  {
    read: (c: LenderContext, period: WidgetPeriod) => Promise<unknown>;
    snapshot: (data: never, widget: DueWidget, c: LenderContext) => unknown;
    nowOnly?: boolean;
  }
> = {
  fundingTable: {
    read: (c, period) => repo.fundedByProduct(c.tx, period, c.timeZone),
    snapshot: (lines: Line[]) => fundingSnapshotOf(lines),
  },
  addonSales: {
    read: (c, period) => repo.addonsSold(c.tx, period, c.timeZone),
    snapshot: (lines: Line[], widget, c) => addonSnapshotOf(lines, c.tracked.get(widget.userId) ?? []),
  },
  pipeline: {
    read: (c) => repo.pipelineCounts(c.tx, c.today, c.timeZone),
    snapshot: pipelineSnapshotOf,
    nowOnly: true,
  },
  turnTimes: { read: turnTimeInputs, snapshot: turnTimesSnapshotOf },
};

/**
 * One lender's due widgets in one transaction: each distinct (kind, period) read once — a hundred users watching
 * "This Month" cost one query — and every widget's snapshot stored with the transaction's time.
 */
const computeLender = (db: Db, lenderId: number, widgets: DueWidget[]) =>
  withTenant(db, lenderId, async (tx) => {
    const timeZone = await lenderTimeZone(db, lenderId);
    const today = todayIso(timeZone);
    const addonUsers = widgets.filter((w) => w.name === 'addonSales').map((w) => w.userId);
    const tracked = addonUsers.length > 0 ? await repo.preferencesOf(tx, addonUsers) : new Map<number, number[]>();
    const c: LenderContext = { db, lenderId, tx, timeZone, today, tracked };
    const reads = new Map<string, Promise<unknown>>();
    for (const widget of widgets) {
      const kind = kinds[widget.name as WidgetName];
      const period = kind.nowOnly ? { start: today, end: today } : widgetPeriod(settingsOf(widget), today);
      const key = `${widget.name} ${period.start} ${period.end}`;
      if (!reads.has(key)) reads.set(key, kind.read(c, period));
      const snapshot = kind.snapshot((await reads.get(key)) as never, widget, c) as Record<string, unknown>;
      await repo.storeSnapshot(tx, widget, snapshot, period);
      await signalHub(tx, {
        room: hubRooms.user(lenderId, widget.userId),
        event: 'widgets',
        data: { name: widget.name },
      });
    }
  });

/** The job: takes the refresh requests, then computes due snapshots in batches until none is left. */
export const computeDueSnapshots = async (db: Db, maxAgeMs = SNAPSHOT_MAX_AGE_MS) => {
  await repo.takeRefreshRequests(db, LOAN_WIDGETS);
  let computed = 0;
  // Bounded: a widget asked for again while it was computed is due again, and a stream of such asks must end.
  for (let pass = 0; pass < 20; pass++) {
    const due = await repo.dueWidgets(db, maxAgeMs, SNAPSHOT_BATCH);
    if (due.length === 0) break;
    for (const lenderId of new Set(due.map((w) => w.lenderId)))
      await computeLender(
        db,
        lenderId,
        due.filter((w) => w.lenderId === lenderId),
      );
    computed += due.length;
  }
  return computed;
};

export const snapshotQueue: JobQueue = {
  name: SNAPSHOT_QUEUE,
  due: (db) => repo.snapshotsDue(db, SNAPSHOT_MAX_AGE_MS),
  work: async (db, log) => {
    const computed = await computeDueSnapshots(db);
    if (computed > 0) log.info({ computed }, 'widget snapshots computed');
  },
};

/** In a funding's or a reversal's transaction: the lender's funding and add-on widgets need new numbers. */
export const requestWidgetRefresh = repo.requestWidgetRefresh;
