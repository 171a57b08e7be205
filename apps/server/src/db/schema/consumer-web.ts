import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FieldConfigEntry } from '@credence/contracts';
import { timestamptz } from './columns.ts';
import { lenders } from './lenders.ts';

/**
 * Administration › Consumer Web: one row per lender — the member-facing site's logo (its bytes base64-encoded, as
 * spec 2 §3 says it is stored; the type read from the bytes), colours, texts, and the field configuration.
 */
export const consumerWebSettings = pgTable('consumer_web_settings', {
  lenderId: integer('lender_id')
    .primaryKey()
    .references(() => lenders.id),
  logo: text('logo'),
  logoContentType: text('logo_content_type'),
  primaryColor: text('primary_color').notNull(),
  accentColor: text('accent_color').notNull(),
  backgroundColor: text('background_color').notNull(),
  siteTitle: text('site_title').notNull(),
  welcomeText: text('welcome_text'),
  disclosureText: text('disclosure_text'),
  submittedText: text('submitted_text'),
  footerText: text('footer_text'),
  fieldConfig: jsonb('field_config').$type<FieldConfigEntry[]>().notNull().default([]),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** Administration › Consumer Web messages: what the member reads at a moment of the application (`event`). */
export const consumerWebMessages = pgTable(
  'consumer_web_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    name: text('name').notNull(),
    event: text('event').notNull(),
    heading: text('heading').notNull(),
    body: text('body').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('consumer_web_messages_lender_name_key').on(t.lenderId, sql`lower(${t.name})`)],
);
