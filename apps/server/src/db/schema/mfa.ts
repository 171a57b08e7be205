import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Multi-factor authentication (issue 36): a user's second factors. A TOTP factor (RFC 6238) keeps its secret
 * encrypted (platform/crypto.ts, purpose `user.mfa_totp_secret`); it counts once confirmed with a code. The last
 * time step a code was accepted for is kept, so a code is never accepted twice.
 */
export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('totp'),
    name: text('name').notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_factors_user_idx').on(t.userId), check('mfa_factors_kind_check', sql`${t.kind} in ('totp')`)],
);

/** One-time recovery codes: only their SHA-256 (the codes carry 50 random bits each); a used code is spent. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mfa_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * A sign-in waiting for its second factor: the password was right, no session exists yet. The signed challenge
 * token names this row; it works once (used_at) and for at most five minutes.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_challenges_user_idx').on(t.userId), index('mfa_challenges_expires_idx').on(t.expiresAt)],
);

/** Each verified second factor (sign-in, enrolment, step-up): what an audited action names as its authentication. */
export const mfaEvents = pgTable(
  'mfa_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    factorId: integer('factor_id').references(() => mfaFactors.id, { onDelete: 'set null' }),
    method: text('method').notNull(),
    purpose: text('purpose').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mfa_events_user_idx').on(t.userId, t.createdAt),
    check('mfa_events_method_check', sql`${t.method} in ('totp', 'recovery')`),
    check('mfa_events_purpose_check', sql`${t.purpose} in ('signIn', 'enrolment', 'stepUp')`),
  ],
);
