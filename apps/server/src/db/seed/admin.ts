import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';
import { applicationStatusMessages, branches, lenders } from '../schema/index.ts';
import { HARBOR, SUMMIT } from './lender-names.ts';

/** Demo configuration of the administration areas built on the resource kit: branches and status messages. */
const demoBranches: Record<string, Omit<typeof branches.$inferInsert, 'lenderId'>[]> = {
  [SUMMIT]: [
    {
      name: 'Denver Main',
      branchNumber: '001',
      addressLine1: '1600 Broadway',
      city: 'Denver',
      state: 'CO',
      zip: '80202',
      phoneNumber: '3035550100',
    },
    {
      name: 'Lakewood',
      branchNumber: '004',
      addressLine1: '7400 W Colfax Ave',
      city: 'Lakewood',
      state: 'CO',
      zip: '80214',
      phoneNumber: '3035550142',
    },
    {
      name: 'Boulder',
      branchNumber: '007',
      addressLine1: '1800 Pearl St',
      city: 'Boulder',
      state: 'CO',
      zip: '80302',
      phoneNumber: '3035550177',
    },
    {
      name: 'Aurora (closed)',
      branchNumber: '009',
      addressLine1: '14200 E Alameda Ave',
      city: 'Aurora',
      state: 'CO',
      zip: '80012',
      enabled: false,
    },
  ],
  [HARBOR]: [
    {
      name: 'Harbor Main',
      branchNumber: 'H01',
      addressLine1: '200 Harbor Dr',
      city: 'San Diego',
      state: 'CA',
      zip: '92101',
      phoneNumber: '6195550100',
    },
  ],
};

const demoMessages: Record<string, Omit<typeof applicationStatusMessages.$inferInsert, 'lenderId'>[]> = {
  [SUMMIT]: [
    {
      name: 'Approved',
      status: 'approved',
      subject: 'Your application {ApplicationId} is approved',
      body: 'Hello {ApplicantFirstName}, good news: your {LoanProductName} for {RequestedAmount} is approved. {LoanOfficerName} will contact you to close.',
    },
    {
      name: 'Counteroffer',
      status: 'counteroffer',
      subject: 'An offer for application {ApplicationId}',
      body: 'Hello {ApplicantFirstName}, we could not approve the loan as requested, but we have an offer for you. Please call {LoanOfficerName}.',
    },
    {
      name: 'Declined',
      status: 'declined',
      subject: 'About your application {ApplicationId}',
      body: 'Hello {ApplicantFirstName}, we are unable to approve your application at this time. A letter with the reasons follows by mail.',
    },
    {
      name: 'Funded (old wording)',
      status: 'funded',
      subject: 'Loan {ApplicationId} funded',
      body: 'Your loan has been funded.',
      enabled: false,
    },
  ],
  [HARBOR]: [
    {
      name: 'Approved',
      status: 'approved',
      subject: 'Approved: {ApplicationId}',
      body: '{DealerName}: application {ApplicationId} for {ApplicantLastName} is approved.',
    },
  ],
};

export const seedAdminDemo = async (tx: DbExecutor) => {
  for (const lenderName of [SUMMIT, HARBOR]) {
    const [lender] = await tx.select({ id: lenders.id }).from(lenders).where(eq(lenders.name, lenderName));
    const lenderId = lender!.id;
    await tx.insert(branches).values((demoBranches[lenderName] ?? []).map((b) => ({ ...b, lenderId })));
    await tx
      .insert(applicationStatusMessages)
      .values((demoMessages[lenderName] ?? []).map((m) => ({ ...m, lenderId })));
  }
  // Administration › Users: the demo people's branches (username -> lender -> branch).
  for (const [username, lenderName, branchName] of demoUserBranches) {
    await tx.execute(sql`
      update user_lenders ul set branch_id = b.id
        from users u, lenders l, branches b
       where u.username = ${username} and l.name = ${lenderName} and b.lender_id = l.id and b.name = ${branchName}
         and ul.user_id = u.id and ul.lender_id = l.id`);
  }
};

const demoUserBranches: [string, string, string][] = [
  ['admin', SUMMIT, 'Denver Main'],
  ['admin', HARBOR, 'Harbor Main'],
  ['officer', SUMMIT, 'Lakewood'],
  ['expiring', SUMMIT, 'Boulder'],
  ['expired', SUMMIT, 'Denver Main'],
  ['harbor', HARBOR, 'Harbor Main'],
];
