import { z } from 'zod';
import { endpoint } from '../kit/endpoint.ts';
import { idParamsSchema, userRefSchema } from './common.ts';

/** One changed property of one entity: old → new, as text (SSNs and ID numbers masked). */
export const historyChangeSchema = z.object({
  entity: z.string(),
  entityId: z.number().int().nullable(),
  property: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
});
export type HistoryChange = z.infer<typeof historyChangeSchema>;

/** Application History (spec 3 §2): Date & Time, User, Action, Description, with entity-property rows. */
export const historyEntrySchema = z.object({
  id: z.number().int(),
  dateTimeUtc: z.string(),
  user: userRefSchema.nullable(),
  action: z.string(),
  description: z.string(),
  entity: z.string().nullable(),
  changes: z.array(historyChangeSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const applicationHistoryEndpoint = endpoint({
  method: 'GET',
  path: '/api/applications/:id/history',
  access: 'signedIn',
  tag: 'applications',
  summary: 'Application history, newest first: date-time, user, action, description, changed properties',
  params: idParamsSchema,
  response: z.array(historyEntrySchema),
});
