import { z } from 'zod';
import { optionalText, requiredText } from '../applications/common.ts';
import { endpoint } from '../kit/endpoint.ts';
import { booleanQuery } from '../kit/list.ts';
import { defineResource } from '../kit/resource.ts';
import { adminMessages } from '../admin-messages.ts';
import { textSchema } from '../primitives.ts';

/**
 * Administration › Consumer Web (spec 2 §3, §7): the lender's member-facing application site — its settings (logo,
 * colours, texts), which application fields a member sees and must fill (`fieldConfig`), and the messages shown to
 * the member at the moments of an application. The spec shows only the logo ("stored base64-encoded when saved,
 * decoded when read"), `fieldConfig`, and a message's id, state and fields list; the rest is designed here.
 */

const access = { right: 'canManageConsumerWeb' } as const;
const tag = 'consumerWeb';

// ---------------------------------------------------------------------------------------------------------------
// Settings

/** The largest logo accepted, in bytes (decoded): a header logo is a few KB; 256 KB leaves room for a photo-logo. */
export const CONSUMER_WEB_LOGO_MAX_BYTES = 256 * 1024;
export const consumerWebLogoTypes = ['image/png', 'image/jpeg'] as const;
export type ConsumerWebLogoType = (typeof consumerWebLogoTypes)[number];

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The decoded length of well-formed base64. */
const decodedLength = (base64: string) =>
  (base64.length / 4) * 3 - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);

/** The first bytes of base64 text, decoded (atob: Node 16+ and every browser). */
const leadingBytes = (base64: string, count: number): number[] => {
  const head = atob(base64.slice(0, Math.ceil(count / 3) * 4));
  return [...head.slice(0, count)].map((c) => c.charCodeAt(0));
};

const startsWith = (bytes: number[], magic: number[]) => magic.every((b, i) => bytes[i] === b);
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/**
 * The image type of a logo, read from its bytes (magic numbers), never from a name or a declared type: PNG or
 * JPEG. Anything else — SVG included, which can carry scripts, event handlers and external references — is null.
 */
export const consumerWebLogoType = (base64: string): ConsumerWebLogoType | null => {
  if (!BASE64.test(base64) || base64.length < 8) return null;
  const bytes = leadingBytes(base64, 8);
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  return null;
};

/** Does this base64 text look like SVG or other XML/HTML (so the refusal can say why)? */
const looksLikeMarkup = (base64: string) => {
  if (!BASE64.test(base64) || base64.length < 4) return false;
  const head = String.fromCharCode(...leadingBytes(base64, Math.min(48, decodedLength(base64))))
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, '')
    .trimStart();
  return head.startsWith('<');
};

/** The logo as sent: its bytes in base64 (the web encodes the file), checked by type and size. */
export const consumerWebLogoSchema = z.string().superRefine((value, ctx) => {
  const texts = adminMessages.consumerWeb;
  if (!BASE64.test(value)) {
    ctx.addIssue({ code: 'custom', message: texts.logoNotBase64 });
  } else if (decodedLength(value) > CONSUMER_WEB_LOGO_MAX_BYTES) {
    ctx.addIssue({ code: 'custom', message: texts.logoTooLarge });
  } else if (looksLikeMarkup(value)) {
    ctx.addIssue({ code: 'custom', message: texts.logoSvg });
  } else if (consumerWebLogoType(value) === null) {
    ctx.addIssue({ code: 'custom', message: texts.logoType });
  }
});

/** A colour as #RRGGBB (stored upper-case). */
export const hexColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, adminMessages.consumerWeb.colour)
  .transform((v) => v.toUpperCase());

const multiline = (max: number) =>
  textSchema({ multiline: true })
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === undefined || v === '' ? null : v));

export const consumerWebSettingsInputSchema = z.object({
  /** The logo's bytes, base64; null: no logo. */
  logo: consumerWebLogoSchema.nullish().transform((v) => v ?? null),
  primaryColor: hexColorSchema,
  accentColor: hexColorSchema,
  backgroundColor: hexColorSchema,
  /** The site's heading (the browser tab and the top of every page). */
  siteTitle: requiredText(100),
  /** The start page's greeting. */
  welcomeText: multiline(2000),
  /** The disclosure the member accepts before submitting. */
  disclosureText: multiline(4000),
  /** Shown once the application is submitted. */
  submittedText: multiline(2000),
  /** The footer line (contact, NMLS id). */
  footerText: optionalText(200),
});
export type ConsumerWebSettingsInput = z.input<typeof consumerWebSettingsInputSchema>;

export const consumerWebSettingsSchema = z.object({
  logo: z.string().nullable(),
  /** Read from the stored bytes: what the web decodes the logo as. */
  logoContentType: z.enum(consumerWebLogoTypes).nullable(),
  primaryColor: z.string(),
  accentColor: z.string(),
  backgroundColor: z.string(),
  siteTitle: z.string(),
  welcomeText: z.string().nullable(),
  disclosureText: z.string().nullable(),
  submittedText: z.string().nullable(),
  footerText: z.string().nullable(),
});
export type ConsumerWebSettings = z.infer<typeof consumerWebSettingsSchema>;

/** The settings of a lender that has saved none yet. */
export const defaultConsumerWebSettings: ConsumerWebSettings = {
  logo: null,
  logoContentType: null,
  primaryColor: '#1F4E79',
  accentColor: '#F2A900',
  backgroundColor: '#FFFFFF',
  siteTitle: 'Apply for a loan',
  welcomeText: null,
  disclosureText: null,
  submittedText: null,
  footerText: null,
};

// ---------------------------------------------------------------------------------------------------------------
// Field configuration

/**
 * The application fields the consumer web may ask a member for, by section. `locked`: always shown and required
 * (an application cannot be taken without them). Never a field the back office fills (decision, pricing).
 */
export const consumerWebFields = [
  { field: 'firstName', label: 'First name', section: 'Applicant', locked: true },
  { field: 'middleName', label: 'Middle name', section: 'Applicant', locked: false },
  { field: 'lastName', label: 'Last name', section: 'Applicant', locked: true },
  { field: 'suffix', label: 'Suffix', section: 'Applicant', locked: false },
  { field: 'dateOfBirth', label: 'Date of birth', section: 'Applicant', locked: true },
  { field: 'ssn', label: 'Social Security number', section: 'Applicant', locked: true },
  { field: 'email', label: 'E-mail', section: 'Contact', locked: true },
  { field: 'mobilePhone', label: 'Mobile phone', section: 'Contact', locked: false },
  { field: 'homePhone', label: 'Home phone', section: 'Contact', locked: false },
  { field: 'address', label: 'Home address', section: 'Contact', locked: true },
  { field: 'timeAtAddress', label: 'Time at address', section: 'Contact', locked: false },
  { field: 'housingStatus', label: 'Own or rent', section: 'Housing', locked: false },
  { field: 'housingPayment', label: 'Monthly housing payment', section: 'Housing', locked: false },
  { field: 'employer', label: 'Employer', section: 'Employment', locked: false },
  { field: 'jobTitle', label: 'Job title', section: 'Employment', locked: false },
  { field: 'timeAtEmployer', label: 'Time at employer', section: 'Employment', locked: false },
  { field: 'monthlyIncome', label: 'Monthly income', section: 'Employment', locked: false },
  { field: 'otherIncome', label: 'Other income', section: 'Employment', locked: false },
  { field: 'requestedAmount', label: 'Amount requested', section: 'Loan', locked: false },
  { field: 'requestedTerm', label: 'Term requested', section: 'Loan', locked: false },
  { field: 'vehicle', label: 'Vehicle (year, make, model)', section: 'Loan', locked: false },
  { field: 'vin', label: 'VIN', section: 'Loan', locked: false },
  { field: 'coApplicant', label: 'Co-applicant', section: 'Loan', locked: false },
] as const;
export type ConsumerWebField = (typeof consumerWebFields)[number]['field'];
const fieldNames = consumerWebFields.map((f) => f.field) as [ConsumerWebField, ...ConsumerWebField[]];
const lockedFields = new Set<string>(consumerWebFields.filter((f) => f.locked).map((f) => f.field));

export const fieldConfigEntrySchema = z.object({
  field: z.enum(fieldNames, { error: adminMessages.consumerWeb.unknownField }),
  visible: z.boolean(),
  required: z.boolean(),
});
export type FieldConfigEntry = z.infer<typeof fieldConfigEntrySchema>;

/** The body of POST ConsumerWeb/fieldConfig: a field left out keeps its default (shown, not required). */
export const consumerWebFieldConfigInputSchema = z.object({
  fieldConfig: z
    .array(fieldConfigEntrySchema)
    .max(consumerWebFields.length)
    .superRefine((entries, ctx) => {
      const seen = new Set<string>();
      entries.forEach((entry, i) => {
        if (seen.has(entry.field)) {
          ctx.addIssue({ code: 'custom', path: [i, 'field'], message: adminMessages.consumerWeb.fieldTwice });
        }
        seen.add(entry.field);
        if (lockedFields.has(entry.field) && !(entry.visible && entry.required)) {
          ctx.addIssue({ code: 'custom', path: [i, 'required'], message: adminMessages.consumerWeb.fieldLocked });
        } else if (entry.required && !entry.visible) {
          ctx.addIssue({ code: 'custom', path: [i, 'required'], message: adminMessages.consumerWeb.requiredHidden });
        }
      });
    }),
});
export type ConsumerWebFieldConfigInput = z.input<typeof consumerWebFieldConfigInputSchema>;

/** The answer: every field of the catalogue, in its order. */
export const consumerWebFieldConfigSchema = z.object({ fieldConfig: z.array(fieldConfigEntrySchema) });
export type ConsumerWebFieldConfig = z.infer<typeof consumerWebFieldConfigSchema>;

/** Every field in catalogue order, the stored choices over the defaults (locked: shown and required). */
export const completeFieldConfig = (stored: readonly FieldConfigEntry[]): FieldConfigEntry[] =>
  consumerWebFields.map(({ field, locked }) => {
    if (locked) return { field, visible: true, required: true };
    const entry = stored.find((e) => e.field === field);
    return entry
      ? { field, visible: entry.visible, required: entry.required }
      : { field, visible: true, required: false };
  });

export const consumerWebEndpoints = {
  settings: endpoint({
    method: 'GET',
    path: '/api/ConsumerWeb',
    access,
    tag,
    summary: "The lender's consumer web settings (the logo as base64, its type read from its bytes)",
    response: consumerWebSettingsSchema,
  }),
  saveSettings: endpoint({
    method: 'POST',
    path: '/api/ConsumerWeb',
    access,
    tag,
    summary: 'Save the consumer web settings (logo PNG or JPEG up to 256 KB, base64; colours #RRGGBB; audited)',
    body: consumerWebSettingsInputSchema,
    response: consumerWebSettingsSchema,
  }),
  fieldConfig: endpoint({
    method: 'GET',
    path: '/api/ConsumerWeb/fieldConfig',
    access,
    tag,
    summary: 'Which application fields the member sees and must fill',
    response: consumerWebFieldConfigSchema,
  }),
  saveFieldConfig: endpoint({
    method: 'POST',
    path: '/api/ConsumerWeb/fieldConfig',
    access,
    tag,
    summary: 'Save the field configuration (required implies shown; locked fields stay shown and required; audited)',
    body: consumerWebFieldConfigInputSchema,
    response: consumerWebFieldConfigSchema,
  }),
};

// ---------------------------------------------------------------------------------------------------------------
// Messages

/** The moments of a member's application a message is shown at. */
export const consumerWebMessageEvents = [
  { value: 'welcome', label: 'Start page' },
  { value: 'submitted', label: 'Application submitted' },
  { value: 'pending', label: 'Under review' },
  { value: 'approved', label: 'Approved' },
  { value: 'declined', label: 'Declined' },
  { value: 'moreInformation', label: 'More information needed' },
] as const;
const eventValues = consumerWebMessageEvents.map((e) => e.value) as [string, ...string[]];

/** The merge fields a consumer web message may hold, as `{Name}` (what the member already knows; never an SSN). */
export const consumerWebMessageFields = [
  { name: 'FirstName', label: 'First Name' },
  { name: 'LastName', label: 'Last Name' },
  { name: 'ApplicationId', label: 'Application Id' },
  { name: 'LoanProductName', label: 'Loan Product' },
  { name: 'RequestedAmount', label: 'Requested Amount' },
  { name: 'LenderName', label: 'Lender Name' },
  { name: 'BranchPhone', label: 'Branch Phone' },
] as const;
const mergeNames = new Set<string>(consumerWebMessageFields.map((f) => f.name));

const withMergeFields = <S extends z.ZodType<string | null>>(schema: S) =>
  schema.superRefine((text, ctx) => {
    const unknown = [...(text ?? '').matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!).filter((n) => !mergeNames.has(n));
    if (unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: `Unknown field: {${unknown[0]!}}. Choose a field from the list.` });
    }
  });

export const consumerWebMessageInputSchema = z.object({
  name: requiredText(100),
  event: z.enum(eventValues, { error: 'Choose when the message is shown.' }),
  heading: withMergeFields(requiredText(200)),
  body: withMergeFields(
    textSchema({ multiline: true }).trim().min(1, 'Required').max(4000) as z.ZodType<string, string>,
  ),
  enabled: z
    .boolean()
    .optional()
    .transform((v) => v ?? true),
});
export type ConsumerWebMessageInput = z.input<typeof consumerWebMessageInputSchema>;

export const consumerWebMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  event: z.string(),
  heading: z.string(),
  body: z.string(),
  enabled: z.boolean(),
});
export type ConsumerWebMessage = z.infer<typeof consumerWebMessageSchema>;

/**
 * Consumer web messages (spec 2 §7: list, get by id, create, update, enable, disable, fields list; paths not shown —
 * ours sit under ConsumerWeb/messages). Create carries no id; update names it in the path.
 */
export const consumerWebMessagesResource = defineResource({
  name: 'consumerWebMessages',
  title: 'Consumer Web Messages',
  singular: 'Message',
  path: '/api/ConsumerWeb/messages',
  right: 'canManageConsumerWeb',
  row: consumerWebMessageSchema,
  input: consumerWebMessageInputSchema,
  verbs: ['list', 'get', 'create', 'update', 'enable', 'disable'],
  unique: { field: 'name', message: adminMessages.consumerWeb.nameTaken },
  labelField: 'name',
  list: {
    sort: ['name', 'event', 'heading', 'enabled'],
    text: ['name', 'heading', 'body'],
    filters: { enabled: booleanQuery },
  },
});

/** GET ConsumerWeb/messages/fields: the merge fields a message may use. */
export const consumerWebMessageFieldsEndpoint = endpoint({
  method: 'GET',
  path: '/api/ConsumerWeb/messages/fields',
  access,
  tag,
  summary: 'The merge fields a consumer web message may hold',
  response: z.array(z.object({ name: z.string(), label: z.string() })),
});
