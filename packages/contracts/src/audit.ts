import { z } from 'zod';
import { messages } from './messages.ts';
import { isDateInRange } from './primitives.ts';
import { endpoint } from './kit/endpoint.ts';
import { adminAreas } from './rights.ts';

/** A real calendar day (not 2026-13-45) within the documented range (DATE_MIN .. DATE_MAX, primitives.ts). */
const isoDay = z.iso.date('Use a date as YYYY-MM-DD.').refine(isDateInRange, messages.validation.dateOutOfRange);

/** The audit calls' query: a period of whole days (YYYY-MM-DD, the lender's days, both included) and a page window. */
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

/* ------------------------------------------------------------------------------------------------------------
 * The audit history of configuration writes (issue 9, item 7): GET /api/audit/admin and its companions.
 * A row of audit_events written by the resource kit has area = the resource name, record_id = the record's id,
 * action = create | update | delete | enable | disable (other actions, e.g. ssnLookup, passwordResetEmail, are
 * listed without changes) and details = { label, changes: { <field>: { old, new } } }.
 * ---------------------------------------------------------------------------------------------------------- */

/** The actions that change a record's values; the as-of replay reads only these. */
export const auditValueActions = ['create', 'update', 'delete', 'enable', 'disable'] as const;
export type AuditValueAction = (typeof auditValueActions)[number];
export const isAuditValueAction = (action: string): action is AuditValueAction =>
  (auditValueActions as readonly string[]).includes(action);

/**
 * An IANA time zone ('America/Denver', 'UTC'): the zone in which the day filters, the as-of day and the CSV's
 * times are read. The lenders table has no time zone yet; the web app sends the browser's, the default is UTC.
 */
const TIME_ZONE = /^(?:UTC|[A-Za-z]+(?:[/_+-][A-Za-z0-9]+){0,4})$/;
const isKnownTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};
export const timeZoneSchema = z
  .string()
  .max(64)
  .regex(TIME_ZONE, 'Use a time zone such as America/Denver.')
  .refine(isKnownTimeZone, 'Use a time zone such as America/Denver.');

/** The filters shared by the page, the export and the as-of call. */
const auditAreaSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'Use an area name.');

/** GET /api/audit/admin: the period (YYYY-MM-DD, both days included), the page window, a user and an area. */
export const auditAdminQuerySchema = auditQuerySchema.extend({
  userId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  area: auditAreaSchema.optional(),
  /** The zone days are read in; the lender's time zone when not given. */
  timeZone: timeZoneSchema.optional(),
});
export type AuditAdminQuery = z.infer<typeof auditAdminQuerySchema>;
/** GET /api/audit/admin/export: the same filters without the page window (at most AUDIT_EXPORT_LIMIT entries). */
export const auditExportQuerySchema = auditAdminQuerySchema.omit({ skip: true, take: true });
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;
export const AUDIT_EXPORT_LIMIT = 50_000;

export const auditEntryParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** One changed property: its old and new values as stored (JSON: text, number, boolean, list, object or null). */
export const auditChangeSchema = z.object({
  property: z.string(),
  old: z.unknown(),
  new: z.unknown(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

/** One audit row with its changed properties. */
export const auditAdminEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601, UTC. */
  occurredAt: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  /** The actor was working in a lender other than their home lender. */
  impersonating: z.boolean(),
  area: z.string(),
  /** 'Branches' for 'branches'. */
  areaTitle: z.string(),
  recordId: z.string().nullable(),
  action: z.string(),
  /** The record's name when the row was written. */
  label: z.string().nullable(),
  changes: z.array(auditChangeSchema),
});
export type AuditAdminEntry = z.infer<typeof auditAdminEntrySchema>;
export const auditAdminPageSchema = z.object({ data: z.array(auditAdminEntrySchema), total: z.number().int() });
export type AuditAdminPage = z.infer<typeof auditAdminPageSchema>;

/** GET /api/audit/admin/filters: the users and areas present in the lender's audit, for the filter lists. */
export const auditFiltersSchema = z.object({
  users: z.array(z.object({ id: z.number().int(), name: z.string() })),
  areas: z.array(z.object({ area: z.string(), title: z.string() })),
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

/** GET /api/audit/admin/record?area&recordId&asOf[&timeZone]: a record's values at the end of a day. */
export const auditAsOfQuerySchema = z.object({
  area: auditAreaSchema,
  recordId: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'Use a record id.'),
  asOf: isoDay,
  /** The zone days are read in; the lender's time zone when not given. */
  timeZone: timeZoneSchema.optional(),
});
export type AuditAsOfQuery = z.infer<typeof auditAsOfQuerySchema>;

/**
 * The replay's answer. state: 'present' (created, or known from later rows, and not deleted by then),
 * 'deleted' (values are those it had when deleted), 'notCreated' (its first audit row is after that day).
 * complete: the replay started from the record's create row; otherwise the record predates its audit and only
 * the fields changed since are known.
 */
export const auditAsOfSchema = z.object({
  area: z.string(),
  areaTitle: z.string(),
  recordId: z.string(),
  asOf: z.string(),
  timeZone: z.string(),
  label: z.string().nullable(),
  state: z.enum(['present', 'deleted', 'notCreated']),
  complete: z.boolean(),
  values: z.array(z.object({ property: z.string(), value: z.unknown() })),
  /** The rows replayed, oldest first. */
  entries: z.array(auditAdminEntrySchema),
});
export type AuditAsOf = z.infer<typeof auditAsOfSchema>;

/** Titles of the audit's areas (resource names); an administration area's own title otherwise. */
const AREA_TITLES: Record<string, string> = {
  applications: 'Applications',
  dealers: 'Dealers',
  branches: 'Branches',
  users: 'Users',
  userGroups: 'User Groups',
  applicationStatusMessages: 'Application Status Messages',
  usefulLinks: 'Useful Links',
  creditBureaus: 'Credit Bureaus',
  crossSells: 'Cross Sell Settings',
  matrices: 'Matrices',
  creditTierSets: 'Credit Tier Sets',
  loanTermSets: 'Loan Term Sets',
  loanPolicyWorkflows: 'Loan Policy Workflows',
  autoApprovalWorkflows: 'Auto-Approval Workflows',
  decisionRetractionRuleSets: 'Decision Retraction Rule Sets',
  searchFilters: 'Search Filters',
};
const ACTION_TITLES: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  enable: 'Enabled',
  disable: 'Disabled',
  publish: 'Published',
  ssnLookup: 'SSN Lookup',
  passwordResetEmail: 'Password Reset Email',
  enrollmentEmail: 'Enrollment Email',
};
/** 'userGroups' -> 'User Groups'. */
const humanize = (name: string) =>
  name
    .replace(/[_.-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(^|\s)\S/g, (letter) => letter.toUpperCase());
export const auditAreaTitle = (area: string): string =>
  AREA_TITLES[area] ?? adminAreas.find((candidate) => candidate.key === area)?.title ?? humanize(area);
export const auditActionTitle = (action: string): string => ACTION_TITLES[action] ?? humanize(action);

/** A stored value as text: '' for null, text as it is, other JSON as JSON. */
export const auditValueText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return JSON.stringify(value);
};

/* ------------------------------------------------------------------------------------------- the endpoints */

const auditAccess = { right: 'canViewAuditHistory' } as const;

/**
 * The audit's calls (issue 9 item 7, issue 10; spec 2 §7 "GET audit/admin with query fromDate, toDate, skip, take;
 * GET audit/admin/{id}"). Every call needs canViewAuditHistory and reads only the caller's lender (another lender's
 * entry is a 404). Days are YYYY-MM-DD, read in `timeZone` (by default the lender's time zone).
 */
export const auditEndpoints = {
  ssnLookups: endpoint({
    method: 'GET',
    path: '/api/audit/ssnLookups',
    access: auditAccess,
    tag: 'admin',
    summary: "The lender's SSN lookups (who, when, which applications matched; never the SSN), newest first",
    query: auditQuerySchema,
    response: ssnLookupPageSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/audit/admin',
    access: auditAccess,
    tag: 'admin',
    summary:
      "One page of the lender's audit, newest first, each entry with its changed properties (old → new); filters: period, user, area",
    query: auditAdminQuerySchema,
    response: auditAdminPageSchema,
  }),
  filters: endpoint({
    method: 'GET',
    path: '/api/audit/admin/filters',
    access: auditAccess,
    tag: 'admin',
    summary: "The users and areas present in the lender's audit (the page's filter lists)",
    response: auditFiltersSchema,
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/audit/admin/export',
    access: auditAccess,
    tag: 'admin',
    summary:
      'The filtered audit as CSV (text/csv), newest first, one line per changed property, times as MM/dd/yyyy hh:mm AM in timeZone (by default the lender’s); at most 50 000 entries',
    query: auditExportQuerySchema,
    response: z.string(),
  }),
  record: endpoint({
    method: 'GET',
    path: '/api/audit/admin/record',
    access: auditAccess,
    tag: 'admin',
    summary:
      "A record's values as of the end of a day (asOf, YYYY-MM-DD in timeZone), replayed from its audit rows (create → updates → delete), with the rows used",
    query: auditAsOfQuerySchema,
    response: auditAsOfSchema,
  }),
  entry: endpoint({
    method: 'GET',
    path: '/api/audit/admin/:id',
    access: auditAccess,
    tag: 'admin',
    summary: 'One audit entry with its changed properties',
    params: auditEntryParamsSchema,
    response: auditAdminEntrySchema,
  }),
};
