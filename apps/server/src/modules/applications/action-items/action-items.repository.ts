import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { actionItems, users } from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

export const listActionItems = (tx: TenantTx, applicationId: number) =>
  tx
    .select({
      item: actionItems,
      createdByName: users.fullName,
      isDue: sql<boolean>`(not ${actionItems.completed} and ${actionItems.alertDate} <= (now() at time zone 'utc')::date)`,
    })
    .from(actionItems)
    .leftJoin(users, eq(users.id, actionItems.createdByUserId))
    .where(eq(actionItems.applicationId, applicationId))
    .orderBy(asc(actionItems.sortOrder), asc(actionItems.id));

export type ActionItemValues = {
  description: string;
  alertDate: string;
  completed: boolean;
  isDailyDelivery: boolean;
  actionItemType: number;
  sortOrder: number;
};

/** Deletes the application's items that are not kept. */
export const deleteActionItemsExcept = (tx: TenantTx, applicationId: number, keptIds: number[]) =>
  tx
    .delete(actionItems)
    .where(
      and(
        eq(actionItems.applicationId, applicationId),
        keptIds.length > 0 ? notInArray(actionItems.id, keptIds) : undefined,
      ),
    );

/** Completion date: kept when it stays completed, now when it becomes completed, null otherwise. */
const completionDate = (completed: boolean) =>
  completed ? sql`coalesce(${actionItems.completionDate}, now())` : sql`null`;

/**
 * The Follow-up Due schedule of a saved item (follow-up-alerts.ts): a new alert date starts it afresh (nothing
 * told yet); an open item is next told on its alert date, a daily one also every day after the last one told, a
 * one-time one only if it was not told yet; a completed item is not told. In an UPDATE the columns read on the
 * right are the row's values before it, so `last` is what was told of this alert date.
 */
const alertSchedule = (values: ActionItemValues) => {
  const alertDate = sql`${values.alertDate}::date`;
  const last = sql`(case when ${actionItems.alertDate} = ${alertDate} then ${actionItems.lastAlertedOn} end)`;
  const next = values.completed
    ? sql`null::date`
    : values.isDailyDelivery
      ? sql`greatest(${alertDate}, coalesce(${last} + 1, ${alertDate}))`
      : sql`(case when ${last} is null then ${alertDate} end)`;
  return { lastAlertedOn: last, nextAlertOn: next };
};

export const updateActionItem = (tx: TenantTx, id: number, values: ActionItemValues) =>
  tx
    .update(actionItems)
    .set({ ...values, completionDate: completionDate(values.completed), ...alertSchedule(values) })
    .where(eq(actionItems.id, id));

export const insertActionItems = (
  tx: TenantTx,
  keys: { lenderId: number; applicationId: number; userId: number },
  rows: ActionItemValues[],
) =>
  rows.length === 0
    ? Promise.resolve()
    : tx.insert(actionItems).values(
        rows.map((r) => ({
          ...r,
          lenderId: keys.lenderId,
          applicationId: keys.applicationId,
          createdByUserId: keys.userId,
          completionDate: r.completed ? sql`now()` : null,
          nextAlertOn: r.completed ? null : r.alertDate,
        })),
      );

export const countActionItems = (tx: TenantTx, ids: number[]) =>
  ids.length === 0 ? Promise.resolve(0) : tx.$count(actionItems, inArray(actionItems.id, ids));
