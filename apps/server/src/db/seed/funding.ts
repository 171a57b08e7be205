import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { createDataProtector, protectedPurposes } from '../../platform/crypto.ts';
import type { DbExecutor } from '../client.ts';
import { applicantAddresses, applicants, lenders, loanProducts } from '../schema/index.ts';
import { seedCoreSandbox, type CoreSandboxSeedMember } from './core-sandbox.ts';
import { seedFundingAdmin } from './funding-admin.ts';
import { seedFundingRequirementFiles } from './funding-requirements.ts';
import { seedLenderCalendar } from './lender-calendar.ts';
import { seedLoans } from './loans.ts';
import { HARBOR, SUMMIT } from './lender-names.ts';
import { seedReserves } from './reserves.ts';

/** The calendar years the demo lenders' holidays are seeded for. */
const calendarYears = [2025, 2026, 2027, 2028];

/**
 * The funding set-up (issue 14), before the demo decisions (an approval carries the product's funding
 * requirements): each lender's core — Summit books to a SymXchange core (the loan id hints show), Harbor to
 * Fiserv (share account numbers can be generated) — the right of rescission on home equity products, the
 * funding administration (disbursal methods, disbursements, core code mappings, funding requirements), reserves
 * and the lender calendar.
 */
export const seedFundingSetup = async (tx: DbExecutor) => {
  await tx.update(lenders).set({ coreService: 'SymXchange' }).where(eq(lenders.name, SUMMIT));
  await tx.update(lenders).set({ coreService: 'Fiserv' }).where(eq(lenders.name, HARBOR));
  await tx
    .update(loanProducts)
    .set({ rescissionDateType: 'threeBusinessDays' })
    .where(eq(loanProducts.controlType, 'HEL'));
  for (const lender of await tx.select({ id: lenders.id }).from(lenders).orderBy(asc(lenders.id))) {
    await seedFundingAdmin(tx, lender.id);
    await seedReserves(tx, lender.id);
    await seedLenderCalendar(tx, lender.id, calendarYears);
  }
};

/**
 * The funding demo after the decisions: the sandbox cores' members (every demo applicant with a member number),
 * documents on the stipulations, and the demo loans (drafts, and funded ones booked into the sandbox core).
 */
export const seedFundingDemo = async (tx: DbExecutor, dataEncryptionKey: Buffer) => {
  const protector = createDataProtector(dataEncryptionKey);
  for (const lender of await tx.select({ id: lenders.id }).from(lenders).orderBy(asc(lenders.id))) {
    const rows = await tx
      .select({
        id: applicants.id,
        memberNumber: applicants.memberNumber,
        firstName: applicants.firstName,
        lastName: applicants.lastName,
        ssnEncrypted: applicants.ssnEncrypted,
      })
      .from(applicants)
      .where(and(eq(applicants.lenderId, lender.id), isNotNull(applicants.memberNumber)))
      .orderBy(asc(applicants.id));
    const addresses = await tx
      .select({
        applicantId: applicantAddresses.applicantId,
        addressLine1: applicantAddresses.addressLine1,
        city: applicantAddresses.city,
        state: applicantAddresses.state,
        zip: applicantAddresses.zip,
      })
      .from(applicantAddresses)
      .where(eq(applicantAddresses.lenderId, lender.id))
      .orderBy(asc(applicantAddresses.id));
    const addressOf = new Map<number, CoreSandboxSeedMember['address']>();
    for (const a of addresses) if (!addressOf.has(a.applicantId)) addressOf.set(a.applicantId, a);
    const members: CoreSandboxSeedMember[] = rows.flatMap((r) =>
      r.memberNumber && r.ssnEncrypted && r.firstName && r.lastName
        ? [
            {
              memberNumber: r.memberNumber,
              firstName: r.firstName,
              lastName: r.lastName,
              ssn: protector.decrypt(r.ssnEncrypted, protectedPurposes.ssn),
              address: addressOf.get(r.id) ?? null,
            },
          ]
        : [],
    );
    await seedCoreSandbox(tx, lender.id, members);
    await seedFundingRequirementFiles(tx, lender.id);
    // The sandbox core writes its ledger in the seed's own transaction: the members above are visible to it.
    await seedLoans(tx, tx, lender.id, { dataEncryptionKey });
    // Then the loans of the applications generated as funded (approved by the decisions seed): the reports' history.
    await seedLoans(tx, tx, lender.id, { dataEncryptionKey, history: true });
  }
};
