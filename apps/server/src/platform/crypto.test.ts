import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDataProtector } from './crypto.ts';

const key = randomBytes(32);
const protector = createDataProtector(key);

describe('data protector', () => {
  it('round-trips a value and never shows it in the stored form', () => {
    const stored = protector.encrypt('123456789', 'applicant.ssn');
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain('123456789');
    expect(protector.decrypt(stored, 'applicant.ssn')).toBe('123456789');
  });

  it('uses a fresh IV: the same value encrypts differently each time', () => {
    expect(protector.encrypt('123456789', 'x')).not.toBe(protector.encrypt('123456789', 'x'));
  });

  it('detects tampering and a value moved to another purpose', () => {
    const stored = protector.encrypt('123456789', 'applicant.ssn');
    const parts = stored.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    const tampered = [parts[0], parts[1], parts[2], body.toString('base64url')].join('.');
    expect(() => protector.decrypt(tampered, 'applicant.ssn')).toThrow();
    expect(() => protector.decrypt(stored, 'applicant.govt_id.number')).toThrow();
  });

  it('cannot be read with another key', () => {
    const stored = protector.encrypt('123456789', 'applicant.ssn');
    expect(() => createDataProtector(randomBytes(32)).decrypt(stored, 'applicant.ssn')).toThrow();
  });

  it('hashes equal values equally, per key and purpose', () => {
    const h = protector.hash('123456789', 'applicant.ssn');
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(protector.hash('123456789', 'applicant.ssn')).toBe(h);
    expect(protector.hash('123456780', 'applicant.ssn')).not.toBe(h);
    expect(protector.hash('123456789', 'other')).not.toBe(h);
    expect(createDataProtector(randomBytes(32)).hash('123456789', 'applicant.ssn')).not.toBe(h);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => createDataProtector(randomBytes(16))).toThrow();
  });
});
