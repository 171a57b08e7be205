import { fillLetterTemplate, letterTemplateInputSchema, parseLetterTemplate } from '@credence/contracts';
import { describe, expect, it } from 'vitest';
import { keyFactorsOf } from './letter-facts.ts';
import { letterContent } from './letter-pdf.ts';

const fill = (body: string, values: Record<string, string> = {}, lists: Record<string, string[]> = {}) => {
  const parsed = parseLetterTemplate(body);
  expect(parsed.problems).toEqual([]);
  return fillLetterTemplate(parsed.nodes, { values, lists });
};

describe('letter templates: the tiny merge language (contracts parseLetterTemplate / fillLetterTemplate)', () => {
  it('fills value fields, and leaves the values as typed (a value is never read as a field)', () => {
    expect(
      fill('Dear {{ applicant.fullName }}, on {{date}}', { 'applicant.fullName': '{{date}} Lee', date: '11/25/2026' }),
    ).toBe('Dear {{date}} Lee, on 11/25/2026');
  });

  it('repeats a list section per item, and a standalone section line leaves no blank line', () => {
    const body = 'Reasons:\n{{#reasons}}\n- {{.}}\n{{/reasons}}\nEnd';
    expect(fill(body, {}, { reasons: ['Income', 'Delinquency'] })).toBe('Reasons:\n- Income\n- Delinquency\nEnd');
    expect(fill(body, {}, { reasons: [] })).toBe('Reasons:\nEnd');
  });

  it('shows a value section when the value is there, and an inverted one when it is not', () => {
    const body = '{{#score}}Score {{score}}{{/score}}{{^score}}No score{{/score}}';
    expect(fill(body, { score: '612' })).toBe('Score 612');
    expect(fill(body, { score: '' })).toBe('No score');
  });

  it('names what is wrong: an unknown field, a list as a value, an open or stray section, a malformed tag', () => {
    expect(parseLetterTemplate('Hi {{applicant.ssn}}').problems).toEqual([
      'Unknown field: {{applicant.ssn}}. Choose a field from the list.',
    ]);
    expect(parseLetterTemplate('{{reasons}}').problems[0]).toContain('is a list');
    expect(parseLetterTemplate('{{#reasons}}{{.}}').problems).toEqual([
      '{{#reasons}} is not closed: end it with {{/reasons}}.',
    ]);
    expect(parseLetterTemplate('{{/score}}').problems[0]).toContain('not open');
    expect(parseLetterTemplate('{{.}}').problems[0]).toContain('inside');
    expect(parseLetterTemplate('{{ bad-field }}').problems[0]).toContain('Not a merge field');
    expect(parseLetterTemplate('{{constructor}} {{__proto__}}').problems).toHaveLength(2);
  });

  it('validates a template on save: 20 000 characters at most, line breaks allowed, the field problems on body', () => {
    const ok = letterTemplateInputSchema.safeParse({ name: 'A', letterType: 'adverseAction', body: 'Hi\n{{date}}' });
    expect(ok.success && ok.data.enabled).toBe(false);
    const long = letterTemplateInputSchema.safeParse({
      name: 'A',
      letterType: 'adverseAction',
      body: 'x'.repeat(20_001),
    });
    expect(long.success).toBe(false);
    const unknown = letterTemplateInputSchema.safeParse({ name: 'A', letterType: 'adverseAction', body: '{{x}}' });
    expect(unknown.error?.issues.map((i) => i.path.join('.'))).toEqual(['body']);
  });
});

describe('letter PDF content', () => {
  it('reads headings, bullets, paragraphs (lines kept) and bold', () => {
    const content = letterContent('# Title\n\nLine one\nLine two\n\n## Reasons\n- A\n- **B**\n\nplain **bold** end');
    expect(content).toEqual([
      expect.objectContaining({ text: 'Title', bold: true }),
      expect.objectContaining({ stack: [{ text: 'Line one' }, { text: 'Line two' }] }),
      expect.objectContaining({ text: 'Reasons' }),
      expect.objectContaining({ ul: [{ text: 'A' }, { text: [{ text: 'B', bold: true }] }] }),
      expect.objectContaining({
        stack: [
          {
            text: [
              { text: 'plain ', bold: false },
              { text: 'bold', bold: true },
              { text: ' end', bold: false },
            ],
          },
        ],
      }),
    ]);
  });

  it('lists four key factors, and a fifth only when inquiries is a key factor beyond them', () => {
    expect(keyFactorsOf(['a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'b', 'c', 'd']);
    expect(keyFactorsOf(['a', 'b', 'c', 'd', 'Too many inquiries'])).toEqual([
      'a',
      'b',
      'c',
      'd',
      'Too many inquiries',
    ]);
    expect(keyFactorsOf(['Inquiries', 'b', 'c', 'd', 'Number of inquiries'])).toEqual(['Inquiries', 'b', 'c', 'd']);
  });
});
