import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { createDataProtector, protectedPurposes } from '../../platform/crypto.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { DbExecutor } from '../client.ts';
import { lenders, mfaFactors, mfaRecoveryCodes, roleRights, roles, userLenders, users } from '../schema/index.ts';
import { demoRoleDefinitions } from './demo-roles.ts';
import { HARBOR, SUMMIT } from './lender-names.ts';

/**
 * Multi-factor authentication's demo (issue 36, README "Multi-factor authentication"): the two demo lenders keep
 * password-only sign-in ('off': the README's demo sign-ins work unchanged; the administration home says so), and a
 * third lender requires a second factor of its privileged users: `mfa-admin` (an authenticator with the fixed secret
 * below, and ten printed recovery codes; also an Administrator at Summit, to reveal an SSN behind the step-up) and
 * `mfa-officer`, who has no factor yet and sets one up at the first sign-in.
 */
export const MFA_LENDER = 'Beacon Community Bank';
export const MFA_DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const MFA_DEMO_RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `demo1-${String(i + 1).padStart(5, '0')}`);
export const mfaDemoUsers = {
  admin: { username: 'mfa-admin', password: 'MfaAdmin2026' },
  officer: { username: 'mfa-officer', password: 'MfaOfficer2026' },
} as const;

export const seedMfaDemo = async (tx: DbExecutor, dataEncryptionKey: Buffer) => {
  await tx
    .update(lenders)
    .set({ mfaRequirement: 'off' })
    .where(inArray(lenders.name, [SUMMIT, HARBOR]));
  const [lender] = await tx
    .insert(lenders)
    .values({ name: MFA_LENDER, timeZone: 'America/Chicago', mfaRequirement: 'privileged' })
    .returning({ id: lenders.id });
  const lenderId = lender!.id;
  const roleIds: Record<string, number> = {};
  for (const [name, rights] of Object.entries(demoRoleDefinitions)) {
    const [role] = await tx.insert(roles).values({ lenderId, name }).returning({ id: roles.id });
    roleIds[name] = role!.id;
    await tx.insert(roleRights).values(rights.map((right) => ({ roleId: role!.id, lenderId, right })));
  }
  const [summitAdminRole] = await tx
    .execute<{ id: number }>(
      sql`
    select r.id from roles r join lenders l on l.id = r.lender_id where l.name = ${SUMMIT} and r.name = 'Administrator'`,
    )
    .then((r) => r.rows);
  const people = [
    {
      ...mfaDemoUsers.admin,
      name: 'Morgan',
      fullName: 'Morgan Hale',
      email: 'morgan.hale@beaconbank.example',
      jobTitle: 'Security Administrator',
      role: 'Administrator',
    },
    {
      ...mfaDemoUsers.officer,
      name: 'Mia',
      fullName: 'Mia Torres',
      email: 'mia.torres@beaconbank.example',
      jobTitle: 'Loan Officer',
      role: 'Loan Officer',
    },
  ];
  const protector = createDataProtector(dataEncryptionKey);
  for (const person of people) {
    const [user] = await tx
      .insert(users)
      .values({
        username: person.username,
        name: person.name,
        fullName: person.fullName,
        email: person.email,
        jobTitle: person.jobTitle,
        passwordHash: await hashPassword(person.password),
        passwordExpiresAt: new Date(Date.now() + 90 * 86_400_000),
        homeLenderId: lenderId,
      })
      .returning({ id: users.id });
    const userId = user!.id;
    await tx.insert(userLenders).values({ userId, lenderId, roleId: roleIds[person.role]! });
    if (person.username !== mfaDemoUsers.admin.username) continue;
    if (summitAdminRole) {
      const [summit] = await tx
        .execute<{ id: number }>(sql`select id from lenders where name = ${SUMMIT}`)
        .then((r) => r.rows);
      await tx.insert(userLenders).values({ userId, lenderId: summit!.id, roleId: summitAdminRole.id });
    }
    await tx.insert(mfaFactors).values({
      userId,
      kind: 'totp',
      name: 'Demo authenticator',
      secretEncrypted: protector.encrypt(MFA_DEMO_TOTP_SECRET, protectedPurposes.mfaTotpSecret),
      confirmedAt: new Date(),
    });
    await tx.insert(mfaRecoveryCodes).values(
      MFA_DEMO_RECOVERY_CODES.map((code) => ({
        userId,
        codeHash: createHash('sha256').update(code.replace(/-/g, '')).digest('hex'),
      })),
    );
  }
};
