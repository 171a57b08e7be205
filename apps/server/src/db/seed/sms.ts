import { eq } from 'drizzle-orm';
import { createDataProtector, protectedPurposes } from '../../platform/crypto.ts';
import type { DbExecutor } from '../client.ts';
import { lenders } from '../schema/index.ts';
import { SUMMIT } from './lender-names.ts';

/**
 * Summit's SMS number at the sandbox SMS provider (555-01xx: a number reserved for fiction) and the provider
 * account's auth token that signs its inbound messages (the demo's; a real one is the lender's secret). Harbor has
 * SMS off.
 */
export const DEMO_SMS_NUMBER = '+13035550100';
export const DEMO_SMS_AUTH_TOKEN = 'summit-sandbox-sms-auth-token';

/** Summit's SMS setting on (issue 31, SmsReceived 600; modules/sms), its auth token encrypted as every secret. */
export const seedSmsDemo = async (tx: DbExecutor, dataEncryptionKey: Buffer) => {
  const protector = createDataProtector(dataEncryptionKey);
  await tx
    .update(lenders)
    .set({
      smsEnabled: true,
      smsPhoneNumber: DEMO_SMS_NUMBER,
      smsAuthToken: protector.encrypt(DEMO_SMS_AUTH_TOKEN, protectedPurposes.smsAuthToken),
    })
    .where(eq(lenders.name, SUMMIT));
};
