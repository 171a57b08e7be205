import {
  estimateLetterLength,
  fillLetterTemplate,
  letterTemplateInputSchema,
  letterTemplateLimits,
  lettersTexts,
  LetterTemplateLimitError,
  parseLetterTemplate,
} from '@credence/contracts';
import { describe, expect, it } from 'vitest';
import { defaultAdverseActionBody, defaultCreditScoreDisclosureBody, ecoaAgencies } from '../../db/seed/letters.ts';
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

/** `{{#name}}` sections nested `depth` deep around `inner`, one tag per line as an editor writes them. */
const nested = (name: string, depth: number, inner: string) => {
  let body = inner;
  for (let i = 0; i < depth; i++) body = `{{#${name}}}\n${body}\n{{/${name}}}`;
  return body;
};

/** The longest data a letter is filled with: 20 decline reasons of 200 characters, 5 key factors. */
const longest = {
  values: { score: '612', stateNotice: 'x'.repeat(330), 'applicant.fullName': 'Alexandria Montgomery-Worthington' },
  lists: {
    reasons: Array.from({ length: 20 }, (_, i) => `Reason ${i} `.padEnd(200, 'x')),
    keyFactors: ['Serious delinquency', 'Too many accounts with balances', 'Number of recent inquiries', 'd', 'e'],
  },
};

const bodyProblems = (body: string) =>
  letterTemplateInputSchema
    .safeParse({ name: 'A', letterType: 'adverseAction', body })
    .error?.issues.map((i) => ({ field: i.path.join('.'), message: i.message })) ?? [];

describe('letter template bounds (issue 30 items 3 and 12)', () => {
  const sixDeep = nested('keyFactors', 6, `- {{.}} ${'is why. '.repeat(20)}`);

  it('refuses on save a template whose sections nest deeper than 3, or that has more than 50 sections', () => {
    expect(bodyProblems(sixDeep)).toEqual([{ field: 'body', message: lettersTexts.tooDeep }]);
    expect(bodyProblems(nested('score', 4, 'x'))).toEqual([{ field: 'body', message: lettersTexts.tooDeep }]);
    expect(bodyProblems(nested('score', 3, '{{#keyFactors}}{{.}}{{/keyFactors}}'))).toEqual([
      { field: 'body', message: lettersTexts.tooDeep },
    ]);
    expect(bodyProblems(nested('score', 2, '{{^keyFactors}}none{{/keyFactors}}'))).toEqual([]);
    expect(bodyProblems('{{#score}}{{score}}{{/score}}\n'.repeat(50))).toEqual([]);
    expect(bodyProblems('{{#score}}{{score}}{{/score}}\n'.repeat(51))).toEqual([
      { field: 'body', message: lettersTexts.tooManySections },
    ]);
  });

  it("refuses on save a template that could print more than the output budget with the longest letter's data", () => {
    // 20 reasons × 20 reasons × 120 characters: 48 000 characters for a decline with 20 reasons.
    const wide = nested('reasons', 2, 'x'.repeat(120));
    expect(bodyProblems(wide)).toEqual([{ field: 'body', message: lettersTexts.mayPrintTooMuch }]);
    expect(bodyProblems(nested('reasons', 2, 'x'.repeat(80)))).toEqual([]);
  });

  it("saves, fills and estimates the demo's letters well within every bound", () => {
    const adverse = defaultAdverseActionBody(ecoaAgencies.ncua);
    expect(fillLetterTemplate(parseLetterTemplate(adverse).nodes, longest)).toContain('Reason 19');
    for (const body of [adverse, defaultCreditScoreDisclosureBody]) {
      expect(bodyProblems(body)).toEqual([]);
      const { nodes } = parseLetterTemplate(body);
      expect(estimateLetterLength(nodes)).toBeLessThan(letterTemplateLimits.maxOutputChars / 4);
      expect(fillLetterTemplate(nodes, longest).length).toBeLessThan(letterTemplateLimits.maxOutputChars / 4);
    }
  });

  it('refuses to fill a stored template nested too deep, before filling anything', () => {
    const { nodes } = parseLetterTemplate(sixDeep);
    expect(() => fillLetterTemplate(nodes, longest)).toThrow(new LetterTemplateLimitError(lettersTexts.tooDeep));
    // Even when its sections would be empty for this letter: whether a letter prints never depends on the data.
    expect(() => fillLetterTemplate(nodes, { values: {}, lists: {} })).toThrow(lettersTexts.tooDeep);
    // Nesting far beyond any stack is read in linear time and refused, not a RangeError.
    const abyss = parseLetterTemplate(`${'{{#score}}'.repeat(50_000)}x${'{{/score}}'.repeat(50_000)}`).nodes;
    expect(() => fillLetterTemplate(abyss, longest)).toThrow(lettersTexts.tooDeep);
  });

  it('stops filling at the output budget and at the step budget, while filling', () => {
    // Within the depth, 20 × 20 × 20 repetitions of 100 characters: 800 000 characters, stopped at 40 000.
    const wide = parseLetterTemplate(nested('reasons', 3, 'y'.repeat(100))).nodes;
    expect(() => fillLetterTemplate(wide, longest)).toThrow(new LetterTemplateLimitError(lettersTexts.printsTooMuch));
    // Sections that print nothing but repeat: 8 000 iterations per copy, 12 copies, stopped at the step budget.
    const busy = parseLetterTemplate(nested('reasons', 3, '{{lender.phone}}').repeat(12)).nodes;
    expect(() => fillLetterTemplate(busy, longest)).toThrow(new LetterTemplateLimitError(lettersTexts.tooMuchWork));
    expect(fillLetterTemplate(busy, { values: {}, lists: { reasons: ['a'] } }).trim()).toBe('');
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
