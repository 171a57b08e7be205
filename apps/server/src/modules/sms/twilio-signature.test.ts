import { describe, expect, it } from 'vitest';
import { isValidTwilioSignature, parseFormFields, twilioSignature } from './twilio-signature.ts';

// Twilio's documented example (the twilio-node validateRequest test vector).
const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const fields = {
  CallSid: 'CA1234567890ABCDE',
  Caller: '+12349013030',
  Digits: '1234',
  From: '+12349013030',
  To: '+18005551212',
};

describe('Twilio request signature', () => {
  it("matches Twilio's documented example", () => {
    expect(twilioSignature('12345', url, fields)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    expect(isValidTwilioSignature('12345', '0/KCTR6DLpKmkAf8muzZqo1nDgQ=', url, fields)).toBe(true);
  });

  it('refuses a missing signature, another token, another URL and a changed field', () => {
    const good = twilioSignature('12345', url, fields);
    expect(isValidTwilioSignature('12345', undefined, url, fields)).toBe(false);
    expect(isValidTwilioSignature('12345', '', url, fields)).toBe(false);
    expect(isValidTwilioSignature('54321', good, url, fields)).toBe(false);
    expect(isValidTwilioSignature('12345', good, `${url}&x=1`, fields)).toBe(false);
    expect(isValidTwilioSignature('12345', good, url, { ...fields, Digits: '1235' })).toBe(false);
    expect(isValidTwilioSignature('12345', good.slice(1), url, fields)).toBe(false);
  });

  it('reads a form body as its fields, repeated ones kept', () => {
    expect(parseFormFields('Body=Hi+there%21&From=%2B13035550123&X=1&X=2')).toEqual({
      Body: 'Hi there!',
      From: '+13035550123',
      X: ['1', '2'],
    });
  });
});
