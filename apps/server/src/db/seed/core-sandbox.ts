import { coreServices, type CoreService } from '@credence/contracts';
import { eq, sql } from 'drizzle-orm';
import { sandboxProfiles } from '../../integrations/cores/sandbox-profiles.ts';
import { sandboxSsnHash } from '../../integrations/cores/sandbox-ledger.ts';
import type { DbExecutor } from '../client.ts';
import { coreSandboxAccounts, coreSandboxCounters, coreSandboxMembers, lenders } from '../schema/index.ts';

/** The seed's own counter of members given accounts (their account ids are numbered from it). */
const SEED_COUNTER = 'seededMembers';

export type CoreSandboxSeedMember = {
  memberNumber: string;
  firstName: string;
  lastName: string;
  /** Nine digits (dashes allowed). */
  ssn: string;
  address: { addressLine1: string; city: string; state: string; zip: string } | null;
};

const descriptions = ['Share Savings', 'Visa Platinum', 'Used Auto Loan', 'Signature Loan'] as const;

/** A small deterministic number from the member number (the balances vary from member to member). */
const spread = (memberNumber: string, modulo: number) =>
  [...memberNumber].reduce((sum, ch, i) => (sum * 31 + ch.charCodeAt(0) + i) % 100_003, 7) % modulo;

/**
 * The sandbox core's members of one lender (issue 14): each demo applicant with a member number becomes a member
 * of the lender's core (found by number or by SSN), with a share account and an existing loan, and every third
 * one a second loan — so the Loan Id dialog's autocomplete, the membership summary and `applications/debt`
 * have something to show. Account ids follow the lender's core formats in the seed's own range
 * (sandbox-profiles.ts). Idempotent: an existing member is left as it is, with its accounts.
 */
export const seedCoreSandbox = async (db: DbExecutor, lenderId: number, members: CoreSandboxSeedMember[]) => {
  const [lender] = await db.select({ coreService: lenders.coreService }).from(lenders).where(eq(lenders.id, lenderId));
  const coreService: CoreService = (coreServices as readonly string[]).includes(lender?.coreService ?? '')
    ? (lender!.coreService as CoreService)
    : 'SymXchange';
  const profile = sandboxProfiles[coreService];
  const unique = [...new Map(members.map((m) => [m.memberNumber, m])).values()];
  if (unique.length === 0) return;
  const memberRows = unique.map((m) => ({
    lenderId,
    memberNumber: m.memberNumber,
    firstName: m.firstName,
    lastName: m.lastName,
    ssnHash: sandboxSsnHash(m.ssn),
    role: 'Primary',
    address: m.address
      ? { addressLine1: m.address.addressLine1, city: m.address.city, state: m.address.state, zip: m.address.zip }
      : null,
    status: 'open',
  }));
  const inserted = new Set<string>();
  for (let start = 0; start < memberRows.length; start += 500) {
    const rows = await db
      .insert(coreSandboxMembers)
      .values(memberRows.slice(start, start + 500))
      .onConflictDoNothing()
      .returning({ memberNumber: coreSandboxMembers.memberNumber });
    for (const row of rows) inserted.add(row.memberNumber);
  }
  // Only a member new to the core gets accounts (a second run adds none); their numbers come from the seed's own
  // counter, so a later call (another list of members) never reuses an account id.
  const fresh = unique.filter((m) => inserted.has(m.memberNumber));
  if (fresh.length === 0) return;
  const [block] = await db
    .insert(coreSandboxCounters)
    .values({ lenderId, name: SEED_COUNTER, value: fresh.length })
    .onConflictDoUpdate({
      target: [coreSandboxCounters.lenderId, coreSandboxCounters.name],
      set: { value: sql`${coreSandboxCounters.value} + ${fresh.length}` },
    })
    .returning({ value: coreSandboxCounters.value });
  const first = block!.value - fresh.length;
  const accounts = fresh.flatMap((m, index) => {
    const i = first + index + 1;
    const balance = `${1000 + spread(m.memberNumber, 18_000)}.${String(spread(m.memberNumber, 100)).padStart(2, '0')}`;
    const rows: (typeof coreSandboxAccounts.$inferInsert)[] = [
      {
        lenderId,
        accountId: profile.seededShareAccountNumber(i),
        kind: 'share',
        memberNumber: m.memberNumber,
        description: descriptions[0],
        balance: `${250 + spread(m.memberNumber, 5000)}.00`,
      },
      {
        lenderId,
        accountId: profile.seededLoanId(2 * i - 1),
        kind: 'loan',
        memberNumber: m.memberNumber,
        description: descriptions[2],
        balance,
        monthlyPayment: `${120 + spread(m.memberNumber, 380)}.00`,
        interestRate: `${(4 + spread(m.memberNumber, 8)).toString()}.4900`,
      },
    ];
    if (i % 3 === 0) {
      rows.push({
        lenderId,
        accountId: profile.seededLoanId(2 * i),
        kind: 'loan',
        memberNumber: m.memberNumber,
        description: descriptions[1],
        balance: `${spread(m.memberNumber, 4000)}.00`,
        monthlyPayment: '35.00',
        interestRate: '17.9900',
      });
    }
    return rows;
  });
  for (let start = 0; start < accounts.length; start += 500) {
    await db
      .insert(coreSandboxAccounts)
      .values(accounts.slice(start, start + 500))
      .onConflictDoNothing();
  }
};
