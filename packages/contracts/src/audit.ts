import { z } from 'zod';
import { messages } from './messages.ts';
import { isDateInRange } from './primitives.ts';

/** A real calendar day (not 2026-13-45) within the documented range (DATE_MIN .. DATE_MAX, primitives.ts). */
const isoDay = z.iso.date('Use a date as YYYY-MM-DD.').refine(isDateInRange, messages.validation.dateOutOfRange);

/** The audit calls' query: a period of whole days (YYYY-MM-DD, in UTC, both included) and a page window. */
export const auditQuerySchema = z.object({
  fromDate: isoDay.optional(),
  toDate: isoDay.optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  take: z.coerce.number().int().min(1).max(500).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** One SSN lookup: who searched, when, and which applications it matched — never the SSN. */
export const ssnLookupEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  userName: z.string().nullable(),
  impersonating: z.boolean(),
  matchedApplicationIds: z.array(z.number().int()),
  total: z.number().int(),
});
export type SsnLookupEntry = z.infer<typeof ssnLookupEntrySchema>;
export const ssnLookupPageSchema = z.object({ data: z.array(ssnLookupEntrySchema), total: z.number().int() });
export type SsnLookupPage = z.infer<typeof ssnLookupPageSchema>;
