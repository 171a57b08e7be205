import { z } from 'zod';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.');

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
