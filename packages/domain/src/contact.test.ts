import { describe, expect, it } from 'vitest';
import { maskPhone, normalizeEmail, normalizePhone } from './contact.ts';

describe('contact details', () => {
  it.each([
    ['3035550142', '(303) 555-0142'],
    ['303-555-0142', '(303) 555-0142'],
    ['13035550142', '(303) 555-0142'],
    ['555-0142', '555-0142'],
  ])('masks %s as %s', (phone, shown) => expect(maskPhone(phone)).toBe(shown));

  it('compares e-mails trimmed and lower-cased, phones by their digits', () => {
    expect(normalizeEmail('  Dana.Kowalski@Example.COM ')).toBe('dana.kowalski@example.com');
    expect(normalizePhone('(303) 555-0142')).toBe('3035550142');
  });
});
