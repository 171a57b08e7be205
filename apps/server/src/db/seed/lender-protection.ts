import { eq } from 'drizzle-orm';
import { createDataProtector } from '../../platform/crypto.ts';
import type { DbExecutor } from '../client.ts';
import { lenderProtectionCredentials, lenders } from '../schema/index.ts';
import { SUMMIT } from './lender-names.ts';

/** The purpose of a credential's encrypted password (modules/lender-protection: LENDER_PROTECTION_PASSWORD_PURPOSE). */
const PASSWORD_PURPOSE = 'lender_protection.password';

/** The demo's Lend Pro login at the sandbox insurer (the sandbox accepts it; README of integrations/lender-protection). */
export const DEMO_LEND_PRO = { userName: 'summit-lendpro', password: 'LendPro-Sandbox-2026', programCode: 'LP-AUTO' };

/**
 * Administration › Lender Protection (issue 35): Summit insures its vehicle loans with the sandbox Lend Pro (every
 * vehicle product); Harbor has no credentials, so its decision worksheet offers no insurance.
 */
export const seedLenderProtectionDemo = async (tx: DbExecutor, dataEncryptionKey: Buffer) => {
  const protector = createDataProtector(dataEncryptionKey);
  const [summit] = await tx.select({ id: lenders.id }).from(lenders).where(eq(lenders.name, SUMMIT));
  if (!summit) return;
  await tx.insert(lenderProtectionCredentials).values({
    lenderId: summit.id,
    provider: 'Lend Pro',
    userName: DEMO_LEND_PRO.userName,
    passwordEncrypted: protector.encrypt(DEMO_LEND_PRO.password, PASSWORD_PURPOSE),
    programCode: DEMO_LEND_PRO.programCode,
  });
};
