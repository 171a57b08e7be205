import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Personal data protection: values such as SSNs and identity document numbers are encrypted at rest with
 * AES-256-GCM (a random 96-bit IV per value and a 128-bit authentication tag), and hashed with HMAC-SHA256
 * for equality search. Both keys are derived (HKDF-SHA256) from the one configured 32-byte key, so the
 * search hash never uses the encryption key itself. Each ciphertext is bound to its purpose (additional
 * authenticated data), so a value cannot be moved to another column and still decrypt.
 *
 * Stored form: `v1.<iv>.<tag>.<ciphertext>`, base64url parts; the version allows a later key rotation.
 */
export type DataProtector = {
  encrypt: (plain: string, purpose: string) => string;
  decrypt: (stored: string, purpose: string) => string;
  /** Keyed hash (hex) of a normalised value, for equality search on an indexed column. */
  hash: (value: string, purpose: string) => string;
};

const VERSION = 'v1';

export const createDataProtector = (key: Buffer): DataProtector => {
  if (key.length !== 32) throw new Error('The data encryption key must be 32 bytes');
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), info, 32));
  const encryptionKey = derive('credence/personal-data/aes-256-gcm');
  const hashKey = derive('credence/personal-data/hmac-sha256');
  return {
    encrypt: (plain, purpose) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      cipher.setAAD(Buffer.from(purpose, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
    },
    decrypt: (stored, purpose) => {
      const [version, iv, tag, ciphertext] = stored.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('Unreadable protected value');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(purpose, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
    hash: (value, purpose) => createHmac('sha256', hashKey).update(`${purpose}\u0000${value}`).digest('hex'),
  };
};

/** Purposes: what each protected value is, bound into its ciphertext and hash. */
export const protectedPurposes = {
  ssn: 'applicant.ssn',
  govtIdNumber: 'applicant.govt_id.number',
  creditReportRaw: 'credit_report.raw',
  creditReportSubject: 'credit_report.subject',
  /** My Profile's secrets (modules/profile): never returned, only whether one is set. */
  corePassword: 'user.core_password',
  edocsPassword: 'user.edocs_password',
  vendorPassword: 'user_vendor.password',
  /** A lender's SMS provider auth token (modules/sms): the key of its inbound messages' signatures. */
  smsAuthToken: 'lender.sms_auth_token',
  /** A user's TOTP secret (issue 36, modules/auth/mfa-core.service.ts). */
  mfaTotpSecret: 'user.mfa_totp_secret',
} as const;
