import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { applicationChildColumns, belongsToApplication } from './applications.ts';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * Follow-up action items of an application (spec 3 §3 "Action item"): due by `alert_date`; the completion
 * date is set when completed and kept while it stays completed. Open items that are due feed the Follow-up
 * Due notification (type 400, modules/applications/action-items/follow-up-alerts.ts): `next_alert_on` is the
 * lender's date on which the next one is due (null: none, e.g. completed or already told), `last_alerted_on` the
 * date of the last one sent — the marker that keeps a retry or a second worker from telling it twice.
 */
export const actionItems = pgTable(
  'action_items',
  {
    ...applicationChildColumns(),
    description: text('description').notNull(),
    alertDate: date('alert_date').notNull(),
    completed: boolean('completed').notNull().default(false),
    completionDate: timestamptz('completion_date'),
    actionItemType: integer('action_item_type').notNull().default(1),
    isDailyDelivery: boolean('is_daily_delivery').notNull().default(false),
    sortOrder: integer('sort_order').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    nextAlertOn: date('next_alert_on'),
    lastAlertedOn: date('last_alerted_on'),
  },
  (t) => [
    belongsToApplication('action_items', t),
    index('action_items_application_idx').on(t.applicationId, t.sortOrder),
    index('action_items_due_idx')
      .on(t.lenderId, t.alertDate)
      .where(sql`not ${t.completed}`),
    index('action_items_next_alert_idx')
      .on(t.nextAlertOn)
      .where(sql`${t.nextAlertOn} is not null`),
    check('action_items_type_check', sql`${t.actionItemType} = 1`),
    check('action_items_description_check', sql`char_length(${t.description}) between 1 and 500`),
    check('action_items_completion_check', sql`(${t.completionDate} is not null) = ${t.completed}`),
  ],
);
