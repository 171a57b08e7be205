import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { coreSandboxAccounts, coreSandboxCounters, coreSandboxMembers } from '../../db/schema/index.ts';

/**
 * The sandbox cores' ledger in the `core_sandbox` schema, one per lender: members, loan and share accounts, id
 * counters. Reached over the owner's connection (never a tenant transaction): it stands for an external
 * system, so what it writes survives the caller's rollback.
 */

export type LedgerMember = typeof coreSandboxMembers.$inferSelect;
export type LedgerAccount = typeof coreSandboxAccounts.$inferSelect;
export type LedgerAccountInsert = typeof coreSandboxAccounts.$inferInsert;

/** The sandbox's lookup key for an SSN: SHA-256 of the nine digits, hex. */
export const sandboxSsnHash = (ssn: string) => createHash('sha256').update(ssn.replace(/\D/g, '')).digest('hex');

/** The lookup key of a member's tax id: its SSN's, or for a business its EIN's (never equal to an SSN's). */
export const sandboxTaxIdHash = (taxId: { kind: 'ssn' | 'ein'; digits: string }) =>
  taxId.kind === 'ssn'
    ? sandboxSsnHash(taxId.digits)
    : createHash('sha256').update(`EIN ${taxId.digits}`).digest('hex');

export const findMember = async (db: DbExecutor, lenderId: number, memberNumber: string) =>
  (
    await db
      .select()
      .from(coreSandboxMembers)
      .where(and(eq(coreSandboxMembers.lenderId, lenderId), eq(coreSandboxMembers.memberNumber, memberNumber)))
  )[0] ?? null;

export const findMembersBySsn = (db: DbExecutor, lenderId: number, ssn: string) =>
  findMembersByTaxId(db, lenderId, { kind: 'ssn', digits: ssn });

export const findMembersByTaxId = (db: DbExecutor, lenderId: number, taxId: { kind: 'ssn' | 'ein'; digits: string }) =>
  db
    .select()
    .from(coreSandboxMembers)
    .where(and(eq(coreSandboxMembers.lenderId, lenderId), eq(coreSandboxMembers.ssnHash, sandboxTaxIdHash(taxId))))
    .orderBy(asc(coreSandboxMembers.memberNumber));

/** Inserts a member unless the number is taken; answers whether it was inserted. */
export const insertMember = async (db: DbExecutor, member: typeof coreSandboxMembers.$inferInsert) =>
  (await db.insert(coreSandboxMembers).values(member).onConflictDoNothing().returning()).length > 0;

/** The counter's current value (0 when never taken): a preview does not advance it. */
export const peekCounter = async (db: DbExecutor, lenderId: number, name: string) =>
  (
    await db
      .select({ value: coreSandboxCounters.value })
      .from(coreSandboxCounters)
      .where(and(eq(coreSandboxCounters.lenderId, lenderId), eq(coreSandboxCounters.name, name)))
  )[0]?.value ?? 0;

/**
 * Takes the next value of a counter in one statement (the row's update lock serialises concurrent callers:
 * each gets its own value).
 */
export const takeCounter = async (db: DbExecutor, lenderId: number, name: string) => {
  const [row] = await db
    .insert(coreSandboxCounters)
    .values({ lenderId, name, value: 1 })
    .onConflictDoUpdate({
      target: [coreSandboxCounters.lenderId, coreSandboxCounters.name],
      set: { value: sql`${coreSandboxCounters.value} + 1` },
    })
    .returning({ value: coreSandboxCounters.value });
  return row!.value;
};

export const findAccountByReference = async (db: DbExecutor, lenderId: number, reference: string) =>
  (
    await db
      .select()
      .from(coreSandboxAccounts)
      .where(and(eq(coreSandboxAccounts.lenderId, lenderId), eq(coreSandboxAccounts.reference, reference)))
  )[0] ?? null;

/**
 * Inserts an account unless its id or its reference is taken (both unique per lender); answers the inserted
 * row, or null.
 */
export const insertAccount = async (db: DbExecutor, account: LedgerAccountInsert) =>
  (await db.insert(coreSandboxAccounts).values(account).onConflictDoNothing().returning())[0] ?? null;

export const accountExists = async (db: DbExecutor, lenderId: number, accountId: string) =>
  (
    await db
      .select({ accountId: coreSandboxAccounts.accountId })
      .from(coreSandboxAccounts)
      .where(and(eq(coreSandboxAccounts.lenderId, lenderId), eq(coreSandboxAccounts.accountId, accountId)))
  ).length > 0;

/** Marks the booking under `reference` reversed, if it is still booked; answers the row, or null. */
export const reverseAccount = async (db: DbExecutor, lenderId: number, reference: string) =>
  (
    await db
      .update(coreSandboxAccounts)
      .set({ status: 'reversed', reversedAt: new Date() })
      .where(
        and(
          eq(coreSandboxAccounts.lenderId, lenderId),
          eq(coreSandboxAccounts.reference, reference),
          eq(coreSandboxAccounts.status, 'booked'),
        ),
      )
      .returning()
  )[0] ?? null;

/** The member's open accounts of one kind, oldest first. */
export const listOpenAccounts = (db: DbExecutor, lenderId: number, memberNumber: string, kind: 'loan' | 'share') =>
  db
    .select()
    .from(coreSandboxAccounts)
    .where(
      and(
        eq(coreSandboxAccounts.lenderId, lenderId),
        eq(coreSandboxAccounts.memberNumber, memberNumber),
        eq(coreSandboxAccounts.kind, kind),
        eq(coreSandboxAccounts.status, 'booked'),
      ),
    )
    .orderBy(asc(coreSandboxAccounts.createdAt), asc(coreSandboxAccounts.accountId));
