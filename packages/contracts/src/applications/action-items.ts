import { z } from 'zod';
import { endpoint } from '../kit/endpoint.ts';
import { messages } from '../messages.ts';
import { textSchema } from '../primitives.ts';
import { flag, idParamsSchema, MAX_ID, optionalDate, userRefSchema } from './common.ts';

/** Spec 3 §3: action item type Followup = 1 (the only type). */
export const actionItemTypes = { Followup: 1 } as const;
export const MAX_FOLLOW_UP_DESCRIPTION = 500;

/**
 * One row of the Follow Up dialog. A row without id is new. New items default to not completed, alert date
 * today (UTC), type Followup and no daily delivery. The completion date is decided by the server: the stored
 * one when the item was already completed, now when it becomes completed, otherwise null.
 */
export const actionItemInputSchema = z.object({
  id: z
    .number()
    .int()
    .positive()
    .max(MAX_ID)
    .nullish()
    .transform((v) => v ?? null),
  description: textSchema({ multiline: true, error: messages.followUp.descriptionRequired })
    .trim()
    .min(1, messages.followUp.descriptionRequired)
    .max(MAX_FOLLOW_UP_DESCRIPTION, messages.followUp.descriptionTooLong),
  alertDate: optionalDate,
  completed: flag,
  isDailyDelivery: flag,
  actionItemType: z.literal(actionItemTypes.Followup).default(actionItemTypes.Followup),
});

/** Save: the whole list replaces the application's items (a row left out is deleted). */
export const actionItemsSaveSchema = z.object({ items: z.array(actionItemInputSchema).max(100) });
export type ActionItemsSave = z.input<typeof actionItemsSaveSchema>;

export const actionItemSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  /** Due By: a date, YYYY-MM-DD. */
  alertDate: z.string(),
  completionDate: z.string().nullable(),
  completed: z.boolean(),
  createdByDate: z.string(),
  createdBy: userRefSchema.nullable(),
  actionItemType: z.number().int(),
  isDailyDelivery: z.boolean(),
  /** Not completed and due today or earlier (UTC): what the Follow-up Due notification will pick up. */
  isDue: z.boolean(),
});
export type ActionItem = z.infer<typeof actionItemSchema>;

export const actionItemEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/applications/:id/actionItems',
    access: 'signedIn',
    tag: 'applications',
    summary: 'Follow-up action items (Completed, Description, Due By, Delivery), in order',
    params: idParamsSchema,
    response: z.array(actionItemSchema),
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/applications/:id/actionItems',
    access: 'signedIn',
    tag: 'applications',
    summary:
      'Replace the follow-up items {items: [{id?, description, alertDate?, completed, isDailyDelivery, actionItemType: 1}]}; rows left out are deleted; completion date kept, now when completed, else null; no lock needed. Schedules the Follow-up Due notification of each open item on its alert date (daily ones every day), a new alert date afresh; completing or deleting an item cancels it',
    params: idParamsSchema,
    body: actionItemsSaveSchema,
    response: z.array(actionItemSchema),
  }),
};
