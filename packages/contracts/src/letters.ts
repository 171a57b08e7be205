import { z } from 'zod';
import { idParamsSchema, requiredText } from './applications/common.ts';
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

/**
 * The bounds of a template (issue 30, items 3 and 12: a body with `{{#keyFactors}}` nested six deep rendered for
 * ~46 s and held every other request). Measured on the demo's letters (db/seed/letters.ts): the adverse action
 * notice nests 2 deep (`{{#score}}` › `{{#keyFactors}}`) with 3 sections, the score disclosure 1 deep with 2;
 * filled with the longest data a letter can get (20 decline reasons of 200 characters, 5 key factors, long names
 * and addresses) the notice prints 7 278 characters in 149 merge steps (`estimateLetterLength` says 8 908), the
 * disclosure 1 947 in 62, and either PDF takes ~100 ms. So:
 * - on save (and preview): sections nest at most 3 deep, at most 50 sections, and the template filled with that
 *   longest data (`estimateLetterLength`) stays within the output budget;
 * - on every render (a template stored before these bounds may hold anything): the same depth, then a budget
 *   checked while the template is filled — 40 000 characters of output (5× the longest real letter, 2× the
 *   20 000 characters a template may hold; pdfmake lays 40 000 characters out in ~0.6 s here, where the six-deep
 *   template filled ~7.9 million) and 100 000 merge steps (a node filled or a list item repeated; ~670× the real
 *   letter, a few milliseconds; above what any template within the save bounds can take) — so a
 *   hostile template stops at once with a 422 instead of running for seconds.
 */
export const letterTemplateLimits = {
  maxDepth: 3,
  maxSections: 50,
  maxOutputChars: 40_000,
  maxSteps: 100_000,
} as const;

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
  /** Issue 30 item 3: the template's bounds (on save and on every render). */
  tooDeep: `Sections are nested too deeply: put at most ${letterTemplateLimits.maxDepth} sections ({{#…}} or {{^…}}) inside one another.`,
  tooManySections: `A template may have at most ${letterTemplateLimits.maxSections} sections ({{#…}} or {{^…}}).`,
  mayPrintTooMuch: `This template could print more than ${letterTemplateLimits.maxOutputChars.toLocaleString('en-US')} characters (filled with 20 reasons and 5 key factors): shorten the text inside its repeated sections.`,
  printsTooMuch: `This letter is too long to print: its template fills more than ${letterTemplateLimits.maxOutputChars.toLocaleString('en-US')} characters. Shorten the template or the text inside its repeated sections.`,
  tooMuchWork: 'This letter template repeats its sections too many times to print. Simplify its repeated sections.',
} as const;

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
  let sections = 0;
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
      // Looked for near the `{{` only: a body of many unclosed `{{` is read in linear time.
      const end = body.slice(open, open + 80).indexOf('}}');
      const shown = body.slice(open, end < 0 ? Math.min(body.length, open + 30) : open + end + 2);
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
      // Only the blanks around the tag are read (never the whole line), so many tags on one line stay linear.
      let start = open;
      while (start > 0 && (body[start - 1] === ' ' || body[start - 1] === '\t')) start--;
      let end = i;
      while (end < body.length && (body[end] === ' ' || body[end] === '\t' || body[end] === '\r')) end++;
      const before = body.slice(start, open);
      if ((start === 0 || body[start - 1] === '\n') && (end === body.length || body[end] === '\n')) {
        if (text.endsWith(before)) {
          text = text.slice(0, text.length - before.length);
          i = end === body.length ? body.length : end + 1;
        }
      }
    }
    flush();
    if (sigil === '#' || sigil === '^') {
      if (stack.length >= letterTemplateLimits.maxDepth) problem(lettersTexts.tooDeep);
      if (++sections > letterTemplateLimits.maxSections) problem(lettersTexts.tooManySections);
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

/** How deep a template's sections nest (walked without recursion: a stored template may nest very deep). */
export const letterTemplateDepth = (nodes: LetterTemplateNode[]): number => {
  let deepest = 0;
  const pending: { nodes: LetterTemplateNode[]; depth: number }[] = [{ nodes, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    deepest = Math.max(deepest, next.depth);
    for (const node of next.nodes) {
      if (node.kind === 'section') pending.push({ nodes: node.children, depth: next.depth + 1 });
    }
  }
  return deepest;
};

/** A template's bound broken while it is filled (too deep, too long, too much repetition): its text says which. */
export class LetterTemplateLimitError extends Error {
  override readonly name = 'LetterTemplateLimitError';
}

/**
 * The longest data a letter is filled with, for `estimateLetterLength`: the most decline reasons a decision keeps
 * (20, of at most 200 characters), the key factors a score disclosure lists (5, a bureau's factor text is under
 * 100 characters), and each value field's longest text (the state notice is the longest, ~330 characters; an
 * address is two lines; any other field 100).
 */
const longestList: Record<string, { items: number; chars: number }> = {
  reasons: { items: 20, chars: 200 },
  keyFactors: { items: 5, chars: 100 },
};
const longestValue: Record<string, number> = {
  date: 10,
  'decision.date': 10,
  'score.date': 10,
  letterState: 2,
  'application.id': 10,
  score: 4,
  'score.rangeMin': 4,
  'score.rangeMax': 4,
  'lender.phone': 20,
  'bureau.phone': 20,
  'lender.address': 250,
  'applicant.address': 250,
  'bureau.address': 250,
  stateNotice: 400,
};

/**
 * The characters a template prints at most when filled with the longest data a letter gets (the sum of its text,
 * each field's longest value, a list section's content times its most items). Refused on save above the output
 * budget, so a template that saves prints for every applicant.
 */
export const estimateLetterLength = (nodes: LetterTemplateNode[]): number => {
  const length = (list: LetterTemplateNode[], itemChars: number): number => {
    let total = 0;
    for (const node of list) {
      if (node.kind === 'text') total += node.text.length;
      else if (node.kind === 'field') total += longestValue[node.name] ?? 100;
      else if (node.kind === 'item') total += itemChars;
      else {
        const repeated = node.inverted ? undefined : longestList[node.name];
        total += repeated ? repeated.items * length(node.children, repeated.chars) : length(node.children, itemChars);
      }
    }
    return total;
  };
  // Deeper than the limit is refused anyway (and the product of its lists is not worth computing).
  return letterTemplateDepth(nodes) > letterTemplateLimits.maxDepth ? Infinity : length(nodes, 0);
};

/**
 * Fills a parsed template (values are plain text; nothing in them is read as a field), within the bounds of
 * `letterTemplateLimits`: a template nested deeper than the limit is refused before anything is filled, and the
 * output and the merge steps are counted while filling, so a hostile template stops at the first step over the
 * budget. Throws `LetterTemplateLimitError` with the text of the bound it broke.
 */
export const fillLetterTemplate = (
  nodes: LetterTemplateNode[],
  data: LetterMergeData,
  limits: { maxDepth: number; maxOutputChars: number; maxSteps: number } = letterTemplateLimits,
): string => {
  if (letterTemplateDepth(nodes) > limits.maxDepth) throw new LetterTemplateLimitError(lettersTexts.tooDeep);
  const out: string[] = [];
  let length = 0;
  let steps = 0;
  const step = () => {
    if (++steps > limits.maxSteps) throw new LetterTemplateLimitError(lettersTexts.tooMuchWork);
  };
  const emit = (text: string) => {
    length += text.length;
    if (length > limits.maxOutputChars) throw new LetterTemplateLimitError(lettersTexts.printsTooMuch);
    out.push(text);
  };
  const fill = (list: LetterTemplateNode[], item: string | undefined) => {
    for (const node of list) {
      step();
      switch (node.kind) {
        case 'text':
          emit(node.text);
          break;
        case 'field':
          emit(data.values[node.name] ?? '');
          break;
        case 'item':
          emit(item ?? '');
          break;
        case 'section': {
          const isList = fieldsByName.get(node.name)?.kind === 'list';
          const items = isList ? (data.lists[node.name] ?? []) : [];
          const present = isList ? items.length > 0 : (data.values[node.name] ?? '').trim() !== '';
          if (node.inverted) {
            if (!present) fill(node.children, item);
          } else if (isList) {
            for (const x of items) {
              step();
              fill(node.children, x);
            }
          } else if (present) fill(node.children, item);
          break;
        }
      }
    }
  };
  fill(nodes, undefined);
  return out.join('');
};

const templateBody = textSchema({ multiline: true })
  .trim()
  .min(1, messages.validation.required)
  .max(20_000)
  .superRefine((body, ctx) => {
    const parsed = parseLetterTemplate(body);
    for (const message of parsed.problems) ctx.addIssue({ code: 'custom', message });
    if (parsed.problems.length === 0 && estimateLetterLength(parsed.nodes) > letterTemplateLimits.maxOutputChars) {
      ctx.addIssue({ code: 'custom', message: lettersTexts.mayPrintTooMuch });
    }
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

/**
 * The two letters of the decision worksheet (spec 3 §7), PDFs (application/pdf) built by the server and kept among
 * the application's files; no personal data in their URLs (ids and a state only).
 */
export const letterPrintEndpoints = {
  adverse: endpoint({
    method: 'GET',
    path: '/api/applications/adverse',
    access: { right: 'canDecisionALoan' },
    tag: 'letters',
    summary:
      "The adverse action notice (Regulation B model form C-1) of a decline's applicant, as a PDF; attached to the application's files",
    query: adverseLetterQuerySchema,
    response: z.string(),
  }),
  facta: endpoint({
    method: 'GET',
    path: '/api/applications/:id/facta',
    access: { right: 'canDecisionALoan' },
    tag: 'letters',
    summary:
      "The credit score disclosure (FCRA §609(g)) of an applicant, as a PDF; attached to the application's files",
    params: idParamsSchema,
    query: factaLetterQuerySchema,
    response: z.string(),
  }),
};
