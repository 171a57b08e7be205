import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { lenders } from './lenders.ts';
import { mfaEvents } from './mfa.ts';
import { users } from './users.ts';

/** One row per sign-in. The access token names it; revoking or idling it out ends the token at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currentLenderId: integer('current_lender_id')
      .notNull()
      .references(() => lenders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** Issue 36: when a second factor was last verified in this session (sign-in or step-up), and that event. */
    mfaVerifiedAt: timestamp('mfa_verified_at', { withTimezone: true }),
    mfaEventId: integer('mfa_event_id').references(() => mfaEvents.id, { onDelete: 'set null' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Sign-in attempts, for rate limiting by username and by address within a sliding window. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    usernameKey: text('username_key').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_username_idx').on(t.usernameKey, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * A download token opens one file of one application (or one export's file) once, within seconds of being issued, for the session that
 * asked for it: a file opened in a new window cannot send the Authorization header, and the session token must
 * never sit in a URL. Only its SHA-256 is stored.
 */
export const fileDownloadTokens = pgTable(
  'file_download_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** An application's file (application and file), or an export's file (`exportId`, issue 33): one of the two. */
    applicationId: integer('application_id'),
    fileId: integer('file_id'),
    includeDeleted: boolean('include_deleted').notNull().default(false),
    exportId: integer('export_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('file_download_tokens_expires_idx').on(t.expiresAt),
    check(
      'file_download_tokens_grant_check',
      sql`(${t.exportId} is null and ${t.applicationId} is not null and ${t.fileId} is not null) or (${t.exportId} is not null and ${t.applicationId} is null and ${t.fileId} is null)`,
    ),
  ],
);
