import { createHmac, timingSafeEqual } from 'node:crypto';

/** Form fields as posted: a field sent more than once keeps every value. */
export type FormFields = Record<string, string | string[]>;

/**
 * Twilio's request signature (X-Twilio-Signature): HMAC-SHA1, keyed by the account's auth token, of the full URL
 * the provider called (scheme, host, path and query) followed by every POST field, sorted by name, as its name and
 * value concatenated (a repeated field's values sorted too), base64-encoded.
 */
export const twilioSignature = (authToken: string, url: string, fields: FormFields): string => {
  let data = url;
  for (const name of Object.keys(fields).sort()) {
    const value = fields[name]!;
    for (const v of Array.isArray(value) ? [...value].sort() : [value]) data += name + v;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
};

/** Whether `signature` is the request's: compared in constant time; a missing one never is. */
export const isValidTwilioSignature = (
  authToken: string,
  signature: string | undefined,
  url: string,
  fields: FormFields,
): boolean => {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, fields));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** An application/x-www-form-urlencoded body as fields (UTF-8; '+' is a space). */
export const parseFormFields = (body: string): FormFields => {
  const fields: FormFields = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const seen = fields[name];
    fields[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return fields;
};
