import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgSchema, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * The sandbox cores' own ledger (issue 14, integrations/cores): a small simulated core per lender — its members,
 * its loan and share accounts and its id counters — so a booked loan can be looked at and a booking can be
 * reconciled. It stands for an external system: it lives in its own schema, is reached only by the sandbox
 * adapters over the owner's connection (never inside a tenant transaction, so a booking survives the caller's
 * rollback as a real core's would), and the application role (credence_app) has no grant on it.
 */
export const coreSandbox = pgSchema('core_sandbox');

export const coreSandboxMembers = coreSandbox.table(
  'members',
  {
    lenderId: integer('lender_id').notNull(),
    memberNumber: text('member_number').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** SHA-256 of the nine SSN digits (the sandbox's lookup key; a real core holds the SSN itself). */
    ssnHash: text('ssn_hash'),
    role: text('role').notNull().default('Primary'),
    /** { addressLine1, city, state, zip } */
    address: jsonb('address').$type<Record<string, unknown>>(),
    /** 'open' or 'closed' (a closed member cannot be booked to). */
    status: text('status').notNull().default('open'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lenderId, t.memberNumber] }), index('members_ssn_idx').on(t.lenderId, t.ssnHash)],
);

export const coreSandboxAccounts = coreSandbox.table(
  'accounts',
  {
    lenderId: integer('lender_id').notNull(),
    /** The core's loan id or share account number. */
    accountId: text('account_id').notNull(),
    /** 'loan' or 'share'. */
    kind: text('kind').notNull(),
    memberNumber: text('member_number').notNull(),
    /** The caller's booking reference (idempotency): one booking per reference. Null for seeded accounts. */
    reference: text('reference'),
    description: text('description'),
    balance: numeric('balance', { precision: 14, scale: 2 }).notNull().default('0'),
    monthlyPayment: numeric('monthly_payment', { precision: 14, scale: 2 }),
    interestRate: numeric('interest_rate', { precision: 7, scale: 4 }),
    /** The booking as the core received it. */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    /** 'booked' (open) or 'reversed'. */
    status: text('status').notNull().default('booked'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    reversedAt: timestamptz('reversed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.lenderId, t.accountId] }),
    uniqueIndex('accounts_reference_key')
      .on(t.lenderId, t.reference)
      .where(sql`${t.reference} is not null`),
    index('accounts_member_idx').on(t.lenderId, t.memberNumber),
  ],
);

/** The core's id sequences per lender ('loanId', 'shareAccount', 'member'). */
export const coreSandboxCounters = coreSandbox.table(
  'counters',
  {
    lenderId: integer('lender_id').notNull(),
    name: text('name').notNull(),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.lenderId, t.name] })],
);
