import { z } from 'zod';
import { idParamsSchema } from '../applications/common.ts';
import { endpoint } from '../kit/endpoint.ts';
import { idValueSchema, textSchema } from '../primitives.ts';
import { statusMessageFields } from './application-status-messages.ts';

/**
 * Administration › Borrower Notifications (issue 38 item 4; spec 2 §7 `LenderBorrowerNotifications`): per lender,
 * which application events send the borrower (the primary applicant) an e-mail and/or a text message, each with a
 * template holding the application status messages' merge fields (`{ApplicantFirstName}`, …). "Settings and types:
 * fields not shown" (spec 2 §3) — the types and the shape are ours.
 */
export const borrowerNotificationTypeKeys = [
  'applicationReceived',
  'decisionPending',
  'approved',
  'counterOffered',
  'declined',
  'fundingRequirementRequested',
  'funded',
] as const;
export type BorrowerNotificationType = (typeof borrowerNotificationTypeKeys)[number];
export const borrowerNotificationTypeSchema = z.enum(borrowerNotificationTypeKeys);

/** The types as the screen lists them, with when each is sent. */
export const borrowerNotificationTypes: { type: BorrowerNotificationType; name: string; description: string }[] = [
  {
    type: 'applicationReceived',
    name: 'Application Received',
    description: 'When an application is created (entered by staff or received from a dealer or the consumer web).',
  },
  {
    type: 'decisionPending',
    name: 'Decision Pending',
    description: 'When a decision of Pending is made: the lender needs more before deciding.',
  },
  { type: 'approved', name: 'Approved', description: 'When the application is approved.' },
  { type: 'counterOffered', name: 'Counter Offered', description: 'When a counter offer is made.' },
  { type: 'declined', name: 'Declined', description: 'When the application is declined.' },
  {
    type: 'fundingRequirementRequested',
    name: 'Funding Requirement Requested',
    description: 'When a required funding requirement is added to the application by hand.',
  },
  { type: 'funded', name: 'Funded', description: 'When the loan is funded.' },
];

export const borrowerNotificationChannels = ['email', 'sms'] as const;
export type BorrowerNotificationChannel = (typeof borrowerNotificationChannels)[number];

export const borrowerNotificationTexts = {
  title: 'Borrower Notifications',
  saved: 'Saved',
  saveFailed: 'Borrower Notifications Save Failed',
  subjectRequired: 'An e-mail needs a subject.',
  emailBodyRequired: 'An e-mail needs a message.',
  smsBodyRequired: 'A text message needs a message.',
  duplicateType: 'Each notification type may be given once.',
  /** The log's reasons for a message not sent. */
  noEmail: 'No e-mail address on the primary applicant',
  noMobile: 'No mobile phone number on the primary applicant',
  noApplicant: 'No primary applicant',
  smsOff: 'SMS is not enabled for the lender',
} as const;

const MERGE_FIELD_NAMES = new Set<string>(statusMessageFields.map((f) => f.name));
/** `{Name}`s of a text that are not merge fields. */
export const unknownBorrowerMergeFields = (text: string) =>
  [...text.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!).filter((name) => !MERGE_FIELD_NAMES.has(name));

const template = (max: number, multiline: boolean) =>
  textSchema({ multiline })
    .trim()
    .max(max)
    .superRefine((text, ctx) => {
      const unknown = unknownBorrowerMergeFields(text);
      if (unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: `Unknown field: {${unknown[0]!}}. Choose a field from the list.` });
      }
    });

/** A text message: one segment set of the sandbox provider (1,600 characters, as the inbound side). */
export const BORROWER_SMS_MAX = 1600;

/** One notification type's setting. A channel that is on needs its texts. */
export const borrowerNotificationSettingSchema = z
  .object({
    type: borrowerNotificationTypeSchema,
    emailEnabled: z.boolean(),
    smsEnabled: z.boolean(),
    subject: template(200, false),
    emailBody: template(4000, true),
    smsBody: template(BORROWER_SMS_MAX, true),
  })
  .superRefine((s, ctx) => {
    if (s.emailEnabled && s.subject === '')
      ctx.addIssue({ code: 'custom', path: ['subject'], message: borrowerNotificationTexts.subjectRequired });
    if (s.emailEnabled && s.emailBody === '')
      ctx.addIssue({ code: 'custom', path: ['emailBody'], message: borrowerNotificationTexts.emailBodyRequired });
    if (s.smsEnabled && s.smsBody === '')
      ctx.addIssue({ code: 'custom', path: ['smsBody'], message: borrowerNotificationTexts.smsBodyRequired });
  });
export type BorrowerNotificationSetting = z.output<typeof borrowerNotificationSettingSchema>;

/** The body of POST LenderBorrowerNotifications and the answer of GET: every type, in the types' order. */
export const borrowerNotificationSettingsSchema = z.object({
  notifications: z
    .array(borrowerNotificationSettingSchema)
    .max(borrowerNotificationTypeKeys.length)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((s, i) => {
        if (seen.has(s.type))
          ctx.addIssue({ code: 'custom', path: [i, 'type'], message: borrowerNotificationTexts.duplicateType });
        seen.add(s.type);
      });
    }),
});
export type BorrowerNotificationSettings = z.output<typeof borrowerNotificationSettingsSchema>;
export type BorrowerNotificationSettingsInput = z.input<typeof borrowerNotificationSettingsSchema>;

export const borrowerNotificationPreviewBodySchema = z.object({
  applicationId: idValueSchema,
  subject: template(200, false),
  emailBody: template(4000, true),
  smsBody: template(BORROWER_SMS_MAX, true),
});
export const borrowerNotificationPreviewSchema = z.object({
  applicationId: z.number().int(),
  subject: z.string(),
  emailBody: z.string(),
  smsBody: z.string(),
  /** Where it would go, masked (null: no address: it would be skipped). */
  emailTo: z.string().nullable(),
  smsTo: z.string().nullable(),
  /** The lender's SMS is off: no text would be sent. */
  smsOff: z.boolean(),
});
export type BorrowerNotificationPreview = z.infer<typeof borrowerNotificationPreviewSchema>;

/** One line of an application's log: what was sent (or skipped), when, how, to a masked address. */
export const borrowerNotificationLogEntrySchema = z.object({
  id: z.number().int(),
  type: borrowerNotificationTypeSchema,
  typeName: z.string(),
  channel: z.enum(borrowerNotificationChannels),
  /** queued (in the outbox), sent (delivered), failed (given up), skipped (no address). */
  status: z.enum(['queued', 'sent', 'failed', 'skipped']),
  to: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type BorrowerNotificationLogEntry = z.infer<typeof borrowerNotificationLogEntrySchema>;

const RIGHT = { right: 'canManageBorrowerNotifications' } as const;
const tag = 'borrowerNotifications';

/** The calls of spec 2 §7 "Borrower notifications", plus the preview and an application's log. */
export const borrowerNotificationEndpoints = {
  types: endpoint({
    method: 'GET',
    path: '/api/LenderBorrowerNotifications/borrowerNotificationTypes',
    access: RIGHT,
    tag,
    summary: 'The application events that may notify the borrower, and the merge fields their templates may hold',
    response: z.object({
      types: z.array(z.object({ type: borrowerNotificationTypeSchema, name: z.string(), description: z.string() })),
      fields: z.array(z.object({ name: z.string(), label: z.string() })),
    }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/LenderBorrowerNotifications',
    access: RIGHT,
    tag,
    summary: "The lender's borrower notification settings: every type, off with empty texts when never saved",
    response: borrowerNotificationSettingsSchema,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/LenderBorrowerNotifications',
    access: RIGHT,
    tag,
    summary: "Save the lender's borrower notification settings (the types given; others unchanged), audited",
    body: borrowerNotificationSettingsSchema,
    response: borrowerNotificationSettingsSchema,
  }),
  preview: endpoint({
    method: 'POST',
    path: '/api/LenderBorrowerNotifications/preview',
    access: RIGHT,
    tag,
    summary: 'The texts as typed, merged with one application of the lender; the addresses masked',
    body: borrowerNotificationPreviewBodySchema,
    response: borrowerNotificationPreviewSchema,
  }),
  log: endpoint({
    method: 'GET',
    path: '/api/applications/:id/borrowerNotifications',
    access: 'signedIn',
    tag,
    summary: "The notifications sent (or skipped) to an application's borrower, newest first",
    params: idParamsSchema,
    response: z.array(borrowerNotificationLogEntrySchema),
  }),
};
