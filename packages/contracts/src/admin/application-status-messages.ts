import { z } from 'zod';
import { applicationStateSchema } from '../applications/enums.ts';
import { requiredText } from '../applications/common.ts';
import { endpoint } from '../kit/endpoint.ts';
import { booleanQuery } from '../kit/list.ts';
import { defineResource } from '../kit/resource.ts';
import { adminMessages } from '../admin-messages.ts';

/**
 * The merge fields a status message may hold, as `{Name}` (spec 2 §3: "a fields list is loaded"; the list is ours:
 * what a member or dealer needs to know about their application, never an SSN or a date of birth).
 */
export const statusMessageFields = [
  { name: 'ApplicationId', label: 'Application Id' },
  { name: 'ApplicantFirstName', label: 'Applicant First Name' },
  { name: 'ApplicantLastName', label: 'Applicant Last Name' },
  { name: 'LoanProductName', label: 'Loan Product' },
  { name: 'RequestedAmount', label: 'Requested Amount' },
  { name: 'Status', label: 'Status' },
  { name: 'LenderName', label: 'Lender Name' },
  { name: 'LoanOfficerName', label: 'Loan Officer' },
  { name: 'DealerName', label: 'Dealer' },
] as const;
const fieldNames = new Set<string>(statusMessageFields.map((f) => f.name));

/** Every `{…}` in a text names a known field. */
const unknownMergeFields = (text: string) =>
  [...text.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!).filter((name) => !fieldNames.has(name));

const templateText = (max: number) =>
  requiredText(max).superRefine((text, ctx) => {
    const unknown = unknownMergeFields(text);
    if (unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: `Unknown field: {${unknown[0]!}}. Choose a field from the list.` });
    }
  });

export const statusMessageInputSchema = z.object({
  name: requiredText(100),
  /** The application status the message is sent for; null: any status change. */
  status: applicationStateSchema.nullish().transform((v) => v ?? null),
  subject: templateText(200),
  body: templateText(4000),
  enabled: z
    .boolean()
    .optional()
    .transform((v) => v ?? true),
});
export type StatusMessageInput = z.input<typeof statusMessageInputSchema>;

export const statusMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  enabled: z.boolean(),
});
export type StatusMessage = z.infer<typeof statusMessageSchema>;

/** Administration › Application Status Messages (/admin/messages), the calls of spec 2 §7. */
export const statusMessagesResource = defineResource({
  name: 'applicationStatusMessages',
  title: 'Application Status Messages',
  singular: 'Message',
  path: '/api/ApplicationStatusMessages',
  right: 'canManageStatusMessages',
  row: statusMessageSchema,
  input: statusMessageInputSchema,
  verbs: ['list', 'get', 'create', 'update', 'enable', 'disable', 'isUnique'],
  unique: { field: 'name', message: adminMessages.statusMessages.nameTaken },
  labelField: 'name',
  toggleMethod: 'PUT',
  list: {
    sort: ['name', 'status', 'subject', 'enabled'],
    text: ['name', 'subject', 'body'],
    filters: { enabled: booleanQuery },
  },
});

/** GET ApplicationStatusMessages/fields: the merge fields a message may use. */
export const statusMessageFieldsEndpoint = endpoint({
  method: 'GET',
  path: '/api/ApplicationStatusMessages/fields',
  access: { right: 'canManageStatusMessages' },
  tag: 'applicationStatusMessages',
  summary: 'The merge fields an application status message may hold',
  response: z.array(z.object({ name: z.string(), label: z.string() })),
});
