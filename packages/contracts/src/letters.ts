import { z } from 'zod';
import { requiredText } from './applications/common.ts';
import { decisionTexts } from './applications/decisions.ts';
import { usStateSchema } from './applications/enums.ts';
import { endpoint } from './kit/endpoint.ts';
import { defineResource } from './kit/resource.ts';
import { messages } from './messages.ts';
import { textSchema } from './primitives.ts';

/**
 * The Letters area (spec 1 route `letters`, spec 3 §6–§8, issue 13 item 6): the lender's letter templates — the
 * Regulation B adverse action notice (model form C-1) and the FCRA §609(g) / §615(a) credit score disclosure —
 * with merge fields, one enabled per letter type; the server fills them and prints them as PDFs.
 *
 * The template language is deliberately tiny (no code runs): plain text, where
 * - `{{field}}` is a value from the list below (empty when unknown for this letter);
 * - `{{#field}}…{{/field}}` repeats its content for each item of a list field (`{{.}}` is the item), or shows it
 *   once when a value field is not empty; `{{^field}}…{{/field}}` shows its content when the field is empty;
 * - a line starting with `# ` is a heading, `## ` a subheading, `- ` a bullet; a blank line ends a paragraph;
 *   `**text**` is bold.
 * A field that is not in the list is refused on save (422 naming it).
 */

export const letterTypes = ['adverseAction', 'creditScoreDisclosure'] as const;
export const letterTypeSchema = z.enum(letterTypes);
export type LetterType = z.infer<typeof letterTypeSchema>;
export const letterTypeLabels: Record<LetterType, string> = {
  adverseAction: 'Adverse Action Notice',
  creditScoreDisclosure: 'Credit Score Disclosure',
};

export type LetterMergeField = { name: string; description: string; kind: 'value' | 'list' };

/** Every merge field a template may use; what each is filled with when a letter is printed. */
export const letterMergeFields: readonly LetterMergeField[] = [
  { name: 'date', kind: 'value', description: "Today's date (MM/dd/yyyy, the lender's time zone)" },
  { name: 'lender.name', kind: 'value', description: 'The lender (creditor) name' },
  { name: 'lender.address', kind: 'value', description: "The lender's address (its main branch), on two lines" },
  { name: 'lender.phone', kind: 'value', description: "The lender's phone number (its main branch)" },
  { name: 'applicant.fullName', kind: 'value', description: "The applicant's full name (or the company name)" },
  { name: 'applicant.firstName', kind: 'value', description: "The applicant's first name" },
  { name: 'applicant.address', kind: 'value', description: "The applicant's current address, on two lines" },
  { name: 'letterState', kind: 'value', description: 'The state the letter is written for (two letters)' },
  {
    name: 'stateNotice',
    kind: 'value',
    description: "The state's own notice for the letter state, where it has one (CA, OH); empty otherwise",
  },
  { name: 'application.id', kind: 'value', description: 'The application number' },
  { name: 'application.loanProduct', kind: 'value', description: 'The loan product applied for' },
  { name: 'decision.date', kind: 'value', description: 'The date of the decision (MM/dd/yyyy)' },
  {
    name: 'reasons',
    kind: 'list',
    description: "The principal reasons for the decline (the applicant's decline reasons); {{.}} is one reason",
  },
  { name: 'bureau.name', kind: 'value', description: 'The consumer reporting agency whose report was used' },
  { name: 'bureau.address', kind: 'value', description: "The consumer reporting agency's mailing address" },
  { name: 'bureau.phone', kind: 'value', description: "The consumer reporting agency's toll-free phone number" },
  { name: 'bureau.website', kind: 'value', description: "The consumer reporting agency's web site" },
  { name: 'score', kind: 'value', description: 'The credit score used (the default score model); empty if none' },
  { name: 'score.model', kind: 'value', description: 'The scoring model, e.g. FICO 8' },
  { name: 'score.rangeMin', kind: 'value', description: 'The lowest score the model gives' },
  { name: 'score.rangeMax', kind: 'value', description: 'The highest score the model gives' },
  { name: 'score.date', kind: 'value', description: 'The date the score was created (the report pull, MM/dd/yyyy)' },
  {
    name: 'keyFactors',
    kind: 'list',
    description: 'The key factors that adversely affected the score: up to 4 (5 when inquiries is one)',
  },
] as const;

const fieldsByName = new Map(letterMergeFields.map((f) => [f.name, f]));

/** One piece of a parsed template. */
export type LetterTemplateNode =
  | { kind: 'text'; text: string }
  | { kind: 'field'; name: string }
  | { kind: 'item' }
  | { kind: 'section'; name: string; inverted: boolean; children: LetterTemplateNode[] };

export type LetterTemplateParse = { nodes: LetterTemplateNode[]; problems: string[] };

const TAG = /\{\{\s*([#^/]?)\s*([A-Za-z.][\w.]*)?\s*\}\}/y;

/**
 * Parses a template into text, fields and sections, and lists what is wrong with it (an unknown field, a list
 * used as a value, a section left open or closed twice, a `{{` that is not a field). Pure: the server, the
 * contracts' validation and the editor's hints all read this one parser.
 */
export const parseLetterTemplate = (body: string): LetterTemplateParse => {
  const problems: string[] = [];
  const root: LetterTemplateNode[] = [];
  const stack: { name: string; children: LetterTemplateNode[]; list: boolean }[] = [];
  let current = root;
  let text = '';
  const flush = () => {
    if (text) current.push({ kind: 'text', text });
    text = '';
  };
  const problem = (message: string) => {
    if (!problems.includes(message)) problems.push(message);
  };
  let i = 0;
  while (i < body.length) {
    const open = body.indexOf('{{', i);
    if (open < 0) {
      text += body.slice(i);
      break;
    }
    text += body.slice(i, open);
    TAG.lastIndex = open;
    const match = TAG.exec(body);
    if (!match) {
      const end = body.indexOf('}}', open);
      const shown = body.slice(open, end < 0 ? Math.min(body.length, open + 30) : end + 2);
      problem(`Not a merge field: ${shown}. Write fields as {{name}}.`);
      text += '{{';
      i = open + 2;
      continue;
    }
    i = open + match[0].length;
    const sigil = match[1] ?? '';
    const name = match[2] ?? '';
    if (name === '' || name === '.') {
      if (sigil === '' && name === '.' && stack.some((s) => s.list)) {
        flush();
        current.push({ kind: 'item' });
      } else if (name === '.') problem('{{.}} is an item of a list: use it inside {{#reasons}} or {{#keyFactors}}.');
      else problem(`Not a merge field: ${match[0]}. Write fields as {{name}}.`);
      continue;
    }
    const field = fieldsByName.get(name);
    if (!field) {
      problem(`Unknown field: {{${name}}}. Choose a field from the list.`);
      continue;
    }
    if (sigil !== '') {
      // A section tag alone on its line takes the line with it (no blank line where a list or a condition was).
      const lineStart = body.lastIndexOf('\n', open - 1) + 1;
      const lineEnd = body.indexOf('\n', i);
      const rest = body.slice(i, lineEnd < 0 ? body.length : lineEnd);
      const before = body.slice(lineStart, open);
      if (/^[ \t]*$/.test(before) && /^[ \t\r]*$/.test(rest) && text.endsWith(before)) {
        text = text.slice(0, text.length - before.length);
        i = lineEnd < 0 ? body.length : lineEnd + 1;
      }
    }
    flush();
    if (sigil === '#' || sigil === '^') {
      const section: LetterTemplateNode = { kind: 'section', name, inverted: sigil === '^', children: [] };
      current.push(section);
      stack.push({ name, children: section.children, list: field.kind === 'list' && sigil === '#' });
      current = section.children;
    } else if (sigil === '/') {
      const top = stack.at(-1);
      if (!top || top.name !== name) {
        problem(`{{/${name}}} closes a section that is not open.`);
        continue;
      }
      stack.pop();
      current = stack.at(-1)?.children ?? root;
    } else if (field.kind === 'list') {
      problem(`{{${name}}} is a list: repeat it with {{#${name}}}…{{.}}…{{/${name}}}.`);
    } else {
      current.push({ kind: 'field', name });
    }
  }
  flush();
  for (const open of stack) problem(`{{#${open.name}}} is not closed: end it with {{/${open.name}}}.`);
  return { nodes: root, problems };
};

/** The values a letter is filled with: text per value field, items per list field. */
export type LetterMergeData = { values: Record<string, string>; lists: Record<string, string[]> };

/** Fills a parsed template (values are plain text; nothing in them is read as a field). */
export const fillLetterTemplate = (nodes: LetterTemplateNode[], data: LetterMergeData, item?: string): string =>
  nodes
    .map((node) => {
      switch (node.kind) {
        case 'text':
          return node.text;
        case 'field':
          return data.values[node.name] ?? '';
        case 'item':
          return item ?? '';
        case 'section': {
          const list = fieldsByName.get(node.name)?.kind === 'list';
          const items = list ? (data.lists[node.name] ?? []) : [];
          const present = list ? items.length > 0 : (data.values[node.name] ?? '').trim() !== '';
          if (node.inverted) return present ? '' : fillLetterTemplate(node.children, data, item);
          if (!present) return '';
          return list
            ? items.map((x) => fillLetterTemplate(node.children, data, x)).join('')
            : fillLetterTemplate(node.children, data, item);
        }
      }
    })
    .join('');

const templateBody = textSchema({ multiline: true })
  .trim()
  .min(1, messages.validation.required)
  .max(20_000)
  .superRefine((body, ctx) => {
    for (const message of parseLetterTemplate(body).problems) ctx.addIssue({ code: 'custom', message });
  });

export const letterTemplateInputSchema = z.object({
  name: requiredText(100),
  letterType: letterTypeSchema,
  body: templateBody,
  /** Enabling a template disables the other enabled one of its type (one in use per type). */
  enabled: z
    .boolean()
    .optional()
    .transform((v) => v ?? false),
});
export type LetterTemplateInput = z.input<typeof letterTemplateInputSchema>;

export const letterTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  letterType: letterTypeSchema,
  body: z.string(),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type LetterTemplate = z.infer<typeof letterTemplateSchema>;

export const lettersTexts = {
  title: 'Letters',
  /** Spec 3 §8, on a 404 of either letter. */
  notEnabled: decisionTexts.letterMissing,
  /** Spec 3 §5: the adverse action letter asked without a decline id. */
  declineIdMissing: decisionTexts.declineIdNotSupplied,
  nameTaken: 'A letter template with this name already exists.',
  saved: 'Saved Successfully',
  enabled: 'Letter template enabled.',
  disabled: 'Letter template disabled.',
  deleted: 'Letter template deleted.',
  /** The history row of a printed letter. */
  historyAction: 'Letter generated',
  noCreditReport: 'This applicant has no credit report to disclose.',
  enableConflict: 'Another letter template of this type was enabled at the same time. Please try again.',
} as const;

/** The letter templates (/letters): any signed-in user reads them (the worksheets know which letters exist). */
export const lettersResource = defineResource({
  name: 'letters',
  title: 'Letters',
  singular: 'Letter template',
  path: '/api/letters',
  right: 'canManageLetters',
  readAccess: 'signedIn',
  row: letterTemplateSchema,
  input: letterTemplateInputSchema,
  verbs: ['list', 'get', 'create', 'update', 'delete', 'enable', 'disable', 'isUnique'],
  unique: { field: 'name', message: lettersTexts.nameTaken },
  labelField: 'name',
  list: {
    sort: ['letterType', 'name', 'enabled', 'updatedAt'],
    text: ['name', 'body'],
    filters: { letterType: letterTypeSchema.optional() },
  },
});

/** GET /api/letters/fields: the merge fields and what each prints. */
export const letterFieldsEndpoint = endpoint({
  method: 'GET',
  path: '/api/letters/fields',
  access: 'signedIn',
  tag: 'letters',
  summary: 'The merge fields a letter template may use',
  response: z.array(z.object({ name: z.string(), description: z.string(), kind: z.enum(['value', 'list']) })),
});

export const letterPreviewRequestSchema = z.object({
  letterType: letterTypeSchema,
  body: templateBody,
});
export type LetterPreviewRequest = z.infer<typeof letterPreviewRequestSchema>;

/**
 * POST /api/letters/preview: a template (saved or not) filled with sample data, as a PDF. Answered as base64 in
 * JSON so the editor sends the unsaved text in a body and reads the answer through the typed client.
 */
export const letterPreviewEndpoint = endpoint({
  method: 'POST',
  path: '/api/letters/preview',
  access: { right: 'canManageLetters' },
  tag: 'letters',
  summary: 'A letter template filled with sample data, as a PDF (base64)',
  body: letterPreviewRequestSchema,
  response: z.object({ fileName: z.string(), contentBase64: z.string() }),
});

const optionalId = z.coerce.number().int().min(1).max(2_147_483_647).optional();

/** GET applications/adverse (spec 3 §7): the decline (receipt row), the applicant and the letter's state. */
export const adverseLetterQuerySchema = z.object({
  declineId: optionalId,
  applicantId: optionalId,
  letterState: usStateSchema.optional(),
});
export type AdverseLetterQuery = z.infer<typeof adverseLetterQuerySchema>;

/** GET applications/{id}/facta (spec 3 §7): the applicant (the primary one by default) and the letter's state. */
export const factaLetterQuerySchema = z.object({
  applicantId: optionalId,
  letterState: usStateSchema.optional(),
});
export type FactaLetterQuery = z.infer<typeof factaLetterQuerySchema>;

export const ADVERSE_LETTER_PATH = '/api/applications/adverse';
export const FACTA_LETTER_ROUTE = '/api/applications/:id/facta';
export const factaLetterPath = (applicationId: number) => `/api/applications/${applicationId}/facta`;

const queryString = (query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** The adverse action letter's URL (no personal data in it: ids and a state only). */
export const adverseLetterUrl = (query: AdverseLetterQuery) => `${ADVERSE_LETTER_PATH}${queryString(query)}`;
export const factaLetterUrl = (applicationId: number, query: FactaLetterQuery) =>
  `${factaLetterPath(applicationId)}${queryString(query)}`;
