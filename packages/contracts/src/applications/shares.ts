import { z } from 'zod';
import { endpoint } from '../kit/endpoint.ts';
import { messages } from '../messages.ts';
import { MAX_ID, pathIdSchema, userRefSchema } from './common.ts';

const optionalId = z
  .number()
  .int()
  .positive()
  .max(MAX_ID)
  .nullish()
  .transform((v) => v ?? null);

/** The application id of the share calls: anything but a positive whole number is "Invalid application ID". */
export const shareParamsSchema = z.object({
  id: pathIdSchema(messages.shares.invalidApplicationId),
});

/** Share entry (spec 3 §3): a user or a user group of the same lender, exactly one of them. */
export const shareEntryInputSchema = z
  .object({ id: optionalId, userId: optionalId, userGroupId: optionalId })
  .refine((s) => (s.userId === null) !== (s.userGroupId === null), {
    path: ['userId'],
    message: messages.shares.oneTarget,
  });

/** Save: the whole list replaces the application's shares. */
export const sharesSaveSchema = z.object({ shares: z.array(shareEntryInputSchema).max(200) });
export type SharesSave = z.input<typeof sharesSaveSchema>;

export const shareEntrySchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  userGroupId: z.number().int().nullable(),
});
export type ShareEntry = z.infer<typeof shareEntrySchema>;

/** What the multi-select offers: the lender's enabled users and enabled user groups. */
export const shareTargetsSchema = z.object({
  users: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
  userGroups: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ShareTargets = z.infer<typeof shareTargetsSchema>;

/** An application in the caller's Shared With Me list: shared with them or with an enabled group of theirs. */
export const sharedWithMeEntrySchema = z.object({
  applicationId: z.number().int(),
  state: z.string(),
  loanProductName: z.string(),
  primaryApplicantName: z.string().nullable(),
  sharedUtcTime: z.string(),
  sharedBy: userRefSchema.nullable(),
  userGroup: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type SharedWithMeEntry = z.infer<typeof sharedWithMeEntrySchema>;

export const shareEndpoints = {
  sharedWithMe: endpoint({
    method: 'GET',
    path: '/api/applications/sharedWithMe',
    access: 'signedIn',
    tag: 'applications',
    summary: "Shared With Me: the applications shared with the caller or one of the caller's enabled groups",
    response: z.array(sharedWithMeEntrySchema),
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/applications/:id/shares',
    access: 'signedIn',
    tag: 'applications',
    summary:
      'Shares of the application: [{id, userId, userGroupId}] (an id that is not a number: "Invalid application ID")',
    params: shareParamsSchema,
    response: z.array(shareEntrySchema),
  }),
  targets: endpoint({
    method: 'GET',
    path: '/api/applications/:id/shareTargets',
    access: 'signedIn',
    tag: 'applications',
    summary:
      "The Share dialog's choices: the lender's enabled users {id, name, email} and enabled user groups {id, name}",
    params: shareParamsSchema,
    response: shareTargetsSchema,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/applications/:id/shares',
    access: 'signedIn',
    tag: 'applications',
    summary:
      "Replace the shares {shares: [{id?, userId, userGroupId}]} (exactly one of userId and userGroupId, of the lender's users or enabled groups, else 422); no lock needed",
    params: shareParamsSchema,
    body: sharesSaveSchema,
    response: z.array(shareEntrySchema),
  }),
};
