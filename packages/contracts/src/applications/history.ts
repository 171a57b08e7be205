import { z } from 'zod';
import { userRefSchema } from './common.ts';

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
