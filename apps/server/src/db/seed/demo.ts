import { eq, notInArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { seedApplicationDemo } from './applications.ts';
import { seedAdminDemo } from './admin.ts';
import { demoRoleDefinitions } from './demo-roles.ts';
import { HARBOR, SUMMIT } from './lender-names.ts';
import { seedCreditDemo } from './credit.ts';
import { seedDecisionCodes } from './decision-codes.ts';
import { seedLoanAdditions } from './loan-additions.ts';
import { seedAddOnVendors } from './add-on-vendors.ts';
import { seedDecisionDemo } from './decisions.ts';
import { seedFundingDemo, seedFundingSetup } from './funding.ts';
import { seedHmdaDemo } from './hmda.ts';
import { seedLetterTemplates } from './letters.ts';
import { seedPolicyDemo } from './policy.ts';
import { seedAuditDemo } from './audit.ts';
import { seedProfileDemo } from './profile.ts';
import { seedReportDemo } from './reports.ts';
import { seedWidgetDemo } from './widgets.ts';
import { seedFileExportDemo } from './file-exports.ts';
import { seedWebhookDemo } from './webhooks.ts';
import { seedBorrowerNotificationDemo } from './borrower-notifications.ts';
import { seedMfaDemo } from './mfa.ts';
import { seedSearchFilterDemo } from './search-filters.ts';
import { seedSmsDemo } from './sms.ts';
import { seedLenderProtectionDemo } from './lender-protection.ts';
import { seedDocumentStorageDemo } from './document-storage.ts';
import { seedWorksheetDialogDemo } from './worksheet-dialogs.ts';
import { seedDictionaryDemo } from './dictionary-fields.ts';
import { seedConsumerWebDemo } from './consumer-web.ts';
import type { Db, DbExecutor } from '../client.ts';
import {
  lenders,
  notifications,
  roleRights,
  roles,
  userGroupMembers,
  userGroups,
  userLenders,
  users,
  usefulLinks,
} from '../schema/index.ts';

const DAY_MS = 86_400_000;
export { HARBOR, SUMMIT };

type DemoUser = {
  username: string;
  password: string;
  name: string;
  fullName: string;
  email: string;
  jobTitle: string;
  home: string;
  /** lender name -> role name */
  memberships: Record<string, string>;
  groups: string[];
  expiresInDays: number;
};

/** The demo people, documented in the README. */
export const demoUsers: DemoUser[] = [
  {
    username: 'admin',
    password: 'Admin2026',
    name: 'Avery',
    fullName: 'Avery Morgan',
    email: 'avery.morgan@summitfcu.example',
    jobTitle: 'System Administrator',
    home: SUMMIT,
    memberships: { [SUMMIT]: 'Administrator', [HARBOR]: 'Administrator' },
    groups: ['Underwriters', 'Funding Team', 'Dealer Desk'],
    expiresInDays: 90,
  },
  {
    username: 'officer',
    password: 'Officer2026',
    name: 'Olivia',
    fullName: 'Olivia Chen',
    email: 'olivia.chen@summitfcu.example',
    jobTitle: 'Senior Loan Officer',
    home: SUMMIT,
    memberships: { [SUMMIT]: 'Loan Officer' },
    groups: ['Underwriters'],
    expiresInDays: 90,
  },
  {
    username: 'expiring',
    password: 'Expiring2026',
    name: 'Ethan',
    fullName: 'Ethan Brooks',
    email: 'ethan.brooks@summitfcu.example',
    jobTitle: 'Loan Processor',
    home: SUMMIT,
    memberships: { [SUMMIT]: 'Processor' },
    groups: ['Funding Team'],
    expiresInDays: 5,
  },
  {
    username: 'expired',
    password: 'Expired2026',
    name: 'Erin',
    fullName: 'Erin Walsh',
    email: 'erin.walsh@summitfcu.example',
    jobTitle: 'Loan Processor',
    home: SUMMIT,
    memberships: { [SUMMIT]: 'Processor' },
    groups: [],
    expiresInDays: -1,
  },
  {
    username: 'harbor',
    password: 'Harbor2026',
    name: 'Hector',
    fullName: 'Hector Ruiz',
    email: 'hector.ruiz@harborauto.example',
    jobTitle: 'Dealer Desk Underwriter',
    home: HARBOR,
    memberships: { [HARBOR]: 'Loan Officer' },
    groups: ['Dealer Desk'],
    expiresInDays: 90,
  },
];

const groupsByLender: Record<string, { name: string; enabled: boolean }[]> = {
  [SUMMIT]: [
    { name: 'Underwriters', enabled: true },
    { name: 'Funding Team', enabled: true },
    { name: 'Branch Managers', enabled: false },
  ],
  [HARBOR]: [{ name: 'Dealer Desk', enabled: true }],
};

const linksByLender: Record<string, { name: string; link: string }[]> = {
  [SUMMIT]: [
    { name: 'NCUA', link: 'www.ncua.gov' },
    { name: 'Kelley Blue Book', link: 'https://www.kbb.com' },
    { name: 'Federal Reserve Consumer Credit Release', link: 'https://www.federalreserve.gov/releases/g19/current/' },
  ],
  [HARBOR]: [{ name: 'J.D. Power Vehicle Values', link: 'www.jdpower.com/cars' }],
};

/**
 * Creates the demo lenders, roles, groups, users and links once, then the application demo (products,
 * dealers, applications); a database that has lenders is left alone.
 */
export const seedDemo = async (db: Db, config: Pick<Config, 'passwordLifetimeDays' | 'dataEncryptionKey'>) => {
  const existing = await db.execute<{ n: number }>(sql`select count(*)::int as n from lenders`);
  if ((existing.rows[0]?.n ?? 0) > 0) return false;
  const hashes = await Promise.all(demoUsers.map((u) => hashPassword(u.password)));
  await db.transaction(async (tx) => {
    await seedInto(tx, hashes, config.passwordLifetimeDays);
    await seedAdminDemo(tx);
    await seedApplicationDemo(tx, config.dataEncryptionKey);
    await seedWorksheetDialogDemo(tx);
    await seedDictionaryDemo(tx);
    await seedConsumerWebDemo(tx);
    await seedCreditDemo(tx, config.dataEncryptionKey);
    await seedPolicyDemo(tx);
    for (const lender of await tx.select({ id: lenders.id }).from(lenders)) {
      await seedDecisionCodes(tx, lender.id);
      await seedLetterTemplates(tx, lender.id);
      await seedLoanAdditions(tx, lender.id);
      await seedAddOnVendors(tx, lender.id);
    }
    await seedFundingSetup(tx);
    await seedDecisionDemo(tx);
    await seedFundingDemo(tx, config.dataEncryptionKey);
    await seedReportDemo(tx);
    await seedHmdaDemo(tx);
    await seedSearchFilterDemo(tx);
    await seedAuditDemo(tx);
    await seedProfileDemo(tx, config.dataEncryptionKey);
    await seedWidgetDemo(tx);
    await seedSmsDemo(tx, config.dataEncryptionKey);
    await seedLenderProtectionDemo(tx, config.dataEncryptionKey);
    await seedDocumentStorageDemo(tx, config.dataEncryptionKey);
    await seedWebhookDemo(tx, config.dataEncryptionKey);
    await seedBorrowerNotificationDemo(tx);
    // After the applications and loans: its exports read them.
    await seedFileExportDemo(tx);
    // Last of the lenders: the third (MFA) lender is seen by none of the seeds above.
    await seedMfaDemo(tx, config.dataEncryptionKey);
    // The demo's decisions and fundings go through the services, which notify as they would for people
    // (modules/notifications/notify.service.ts). Harbor's officer keeps them, so the demo's bell has something to
    // show; every other bell starts empty (the browser tests count what they cause).
    await tx
      .delete(notifications)
      .where(
        notInArray(notifications.userId, tx.select({ id: users.id }).from(users).where(eq(users.username, 'harbor'))),
      );
  });
  return true;
};

const seedInto = async (tx: DbExecutor, hashes: string[], _lifetimeDays: number) => {
  const lenderIds = new Map<string, number>();
  const timeZones: Record<string, string> = { [SUMMIT]: 'America/Denver', [HARBOR]: 'America/Los_Angeles' };
  for (const name of [SUMMIT, HARBOR]) {
    // Summit exports the loan summary on funding: its seeded fundings' `loan.funded` events attach the PDF when the
    // job runner first drains the outbox (the API at start, or `npm run worker`).
    const [row] = await tx
      .insert(lenders)
      .values({ name, timeZone: timeZones[name], exportLoanSummaryOnFunding: name === SUMMIT })
      .returning({ id: lenders.id });
    lenderIds.set(name, row!.id);
  }
  const roleIds = new Map<string, number>();
  const groupIds = new Map<string, number>();
  for (const [lenderName, lenderId] of lenderIds) {
    for (const [roleName, rights] of Object.entries(demoRoleDefinitions)) {
      const [role] = await tx.insert(roles).values({ lenderId, name: roleName }).returning({ id: roles.id });
      roleIds.set(`${lenderName}/${roleName}`, role!.id);
      await tx.insert(roleRights).values(rights.map((right) => ({ roleId: role!.id, lenderId, right })));
    }
    for (const group of groupsByLender[lenderName] ?? []) {
      const [row] = await tx
        .insert(userGroups)
        .values({ lenderId, ...group })
        .returning({ id: userGroups.id });
      groupIds.set(group.name, row!.id);
    }
    const links = linksByLender[lenderName] ?? [];
    await tx.insert(usefulLinks).values(links.map((l, i) => ({ lenderId, ...l, sortOrder: i })));
  }
  for (const [index, person] of demoUsers.entries()) {
    const [user] = await tx
      .insert(users)
      .values({
        username: person.username,
        name: person.name,
        fullName: person.fullName,
        email: person.email,
        jobTitle: person.jobTitle,
        passwordHash: hashes[index]!,
        passwordExpiresAt: new Date(Date.now() + person.expiresInDays * DAY_MS),
        homeLenderId: lenderIds.get(person.home)!,
      })
      .returning({ id: users.id });
    for (const [lenderName, roleName] of Object.entries(person.memberships)) {
      await tx.insert(userLenders).values({
        userId: user!.id,
        lenderId: lenderIds.get(lenderName)!,
        roleId: roleIds.get(`${lenderName}/${roleName}`)!,
      });
    }
    for (const groupName of person.groups) {
      const lenderName = Object.entries(groupsByLender).find(([, gs]) => gs.some((g) => g.name === groupName))![0];
      await tx.insert(userGroupMembers).values({
        userGroupId: groupIds.get(groupName)!,
        userId: user!.id,
        lenderId: lenderIds.get(lenderName)!,
      });
    }
  }
};
