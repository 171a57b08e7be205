import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commentInputSchema } from './applications/comments.ts';
import { applicantInputSchema } from './applications/applicants.ts';
import { loginRequestSchema } from './auth.ts';
import { messages } from './messages.ts';
import { notificationsQuerySchema } from './notifications.ts';
import {
  DATE_MAX,
  DATE_MIN,
  dateSchema,
  dateTimeSchema,
  idValueSchema,
  isSafeText,
  MAX_ID,
  textSchema,
} from './primitives.ts';
import { applicationSearchRequestSchema } from './queues.ts';
import { searchFilterInputSchema } from './search-filters.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe('textSchema (issue 10, item 7)', () => {
  it.each([
    ['plain text', 'Dana Kowalski', true],
    ['accents and emoji (a surrogate pair)', 'Zoë 🚗 Ünal', true],
    ['a tab', 'a\tb', true],
    ['NUL', 'a\u0000b', false],
    ['another C0 control', 'a\u0007b', false],
    ['DEL', 'a\u007fb', false],
    ['a line feed in single-line text', 'a\nb', false],
    ['a lone high surrogate', 'a\ud800b', false],
    ['a lone high surrogate at the end', 'a\ud83d', false],
    ['a lone low surrogate', '\udc00', false],
    ['reversed surrogates', '\ude97\ud83d', false],
  ])('%s: %s', (_name, value, ok) => {
    const result = textSchema().safeParse(value);
    expect(result.success).toBe(ok);
    if (!ok) expect(messagesOf(result)).toEqual([messages.validation.invalidText]);
  });

  it('multi-line text allows LF, CR and tab but still refuses NUL and lone surrogates', () => {
    expect(textSchema({ multiline: true }).safeParse('line 1\r\nline 2\tend').success).toBe(true);
    expect(textSchema({ multiline: true }).safeParse('a\u0000').success).toBe(false);
    expect(textSchema({ multiline: true }).safeParse('a\u000b').success).toBe(false);
    expect(textSchema({ multiline: true }).safeParse('\udbff').success).toBe(false);
  });

  it('keeps the chained limits and messages: trim, min, max', () => {
    const schema = textSchema({ error: 'Required' }).trim().min(1, 'Required').max(5, 'Too long');
    expect(schema.parse('  abc  ')).toBe('abc');
    expect(messagesOf(schema.safeParse('   '))).toEqual(['Required']);
    expect(messagesOf(schema.safeParse('abcdef'))).toEqual(['Too long']);
    expect(messagesOf(schema.safeParse(undefined))).toEqual(['Required']);
  });

  it('property: a string is accepted exactly when it is well formed and free of refused controls', () => {
    const schema = textSchema();
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (value) => {
        // Well formed: every high surrogate is followed by a low one, and every low one follows a high one.
        let wellFormed = true;
        for (let i = 0; i < value.length; i++) {
          const unit = value.charCodeAt(i);
          const next = value.charCodeAt(i + 1);
          if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
          else if (unit >= 0xd800 && unit <= 0xdfff) wellFormed = false;
        }
        // eslint-disable-next-line no-control-regex -- the oracle of the property
        const controls = /[\u0000-\u0008\u000a-\u001f\u007f]/.test(value);
        const expected = wellFormed && !controls;
        return isSafeText(value) === expected && schema.safeParse(value).success === expected;
      }),
      { numRuns: 200 },
    );
  });
});

describe('the text primitive is used by the request schemas that once answered 500', () => {
  it('refuses NUL and lone surrogates in a login, a comment, a search filter name and a queue filter', () => {
    expect(loginRequestSchema.safeParse({ username: 'ad\u0000min', password: 'x' }).success).toBe(false);
    expect(loginRequestSchema.safeParse({ username: 'admin', password: '\ud800' }).success).toBe(false);
    expect(commentInputSchema.safeParse({ type: 'JOURNAL', message: 'hi\u0000' }).success).toBe(false);
    expect(commentInputSchema.safeParse({ type: 'JOURNAL', message: 'line 1\nline 2' }).success).toBe(true);
    const filter = JSON.stringify({ filter: null });
    expect(searchFilterInputSchema.safeParse({ name: 'x\u0000', type: 'filter', filter }).success).toBe(false);
    expect(applicationSearchRequestSchema.safeParse({ text: '\u0000' }).success).toBe(false);
    const nulValue = { filter: { filters: [{ field: 'memberNumber', operator: 'equals', value: '1\u0000' }] } };
    expect(applicationSearchRequestSchema.safeParse(nulValue).success).toBe(false);
    const nulName = { filter: { filters: [{ field: 'member\u0000Number', operator: 'equals', value: '1' }] } };
    expect(applicationSearchRequestSchema.safeParse(nulName).success).toBe(false);
  });

  it('refuses a user group mention id beyond a PostgreSQL integer with the catalogue message', () => {
    const result = commentInputSchema.safeParse({ type: 'JOURNAL', message: 'see @usergroup:4294967296[Team]' });
    expect(messagesOf(result)).toEqual([messages.comments.mentionedGroupNotFound(4294967296)]);
    expect(commentInputSchema.safeParse({ type: 'JOURNAL', message: 'see @usergroup:12[Team]' }).success).toBe(true);
  });

  it('applicant text fields refuse NUL through optionalText', () => {
    const applicant = { applicantRole: 'PRIMARY', firstName: 'Dana\u0000', lastName: 'K' };
    expect(applicantInputSchema.safeParse(applicant).success).toBe(false);
    expect(applicantInputSchema.safeParse({ ...applicant, firstName: 'Dana' }).success).toBe(true);
  });
});

describe('idValueSchema', () => {
  it.each([
    [1, true],
    [MAX_ID, true],
    [0, false],
    [-1, false],
    [MAX_ID + 1, false],
    [2 ** 53, false],
    [1.5, false],
  ])('%s is %s', (value, ok) => expect(idValueSchema.safeParse(value).success).toBe(ok));
});

describe(`the date range: ${DATE_MIN} to ${DATE_MAX}`, () => {
  it.each([
    ['1900-01-01', true],
    ['2199-12-31', true],
    ['2024-02-29', true],
    ['1899-12-31', false],
    ['2200-01-01', false],
    ['0000-01-01', false],
    ['9999-12-31', false],
    ['2023-02-29', false],
    ['+275760-09-13', false],
  ])('date %s is %s', (value, ok) => expect(dateSchema.safeParse(value).success).toBe(ok));

  it.each([
    ['2026-11-23T10:00:00Z', true],
    ['1900-01-01T00:00:00Z', true],
    ['1900-01-01T00:00:00+01:00', false],
    ['2199-12-31T23:59:59.999Z', true],
    ['2200-01-01T00:00:00Z', false],
    ['0000-01-01T00:00:00Z', false],
    ['+275760-09-13T00:00:00Z', false],
  ])('date-time %s is %s', (value, ok) => expect(dateTimeSchema.safeParse(value).success).toBe(ok));

  it('out of range is a clear message; notifications and queue filters use the range', () => {
    expect(messagesOf(dateSchema.safeParse('0000-01-01'))).toEqual([messages.validation.dateOutOfRange]);
    expect(notificationsQuerySchema.safeParse({ toDateTime: '0000-01-01T00:00:00Z' }).success).toBe(false);
    const at = (value: string) => ({
      filter: { filters: [{ field: 'createdUtcTime', operator: 'after', value }] },
    });
    expect(applicationSearchRequestSchema.safeParse(at('2026-01-01T00:00:00Z')).success).toBe(true);
    expect(applicationSearchRequestSchema.safeParse(at('+275760-09-13T00:00:00.000Z')).success).toBe(false);
    expect(applicationSearchRequestSchema.safeParse(at('0000-01-01')).success).toBe(false);
  });
});
