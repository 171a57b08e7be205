import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { lenders } from './lenders.ts';

export const usefulLinks = pgTable(
  'useful_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    name: text('name').notNull(),
    link: text('link').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [index('useful_links_lender_idx').on(t.lenderId, t.sortOrder)],
);
