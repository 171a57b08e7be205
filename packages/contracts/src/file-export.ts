import { z } from 'zod';
import { idParamsSchema, phoneDigitsSchema, zipSchema } from './applications/common.ts';
import { usStateSchema } from './applications/enums.ts';
import { fileDownloadTokenSchema } from './applications/files.ts';
import { endpoint } from './kit/endpoint.ts';
import { pageSchema } from './kit/list.ts';
import { dateSchema, textSchema } from './primitives.ts';
import { queueColumns, savedQueueCriteriaSchema } from './queues.ts';

/**
 * The File Export area (issue 33, items 8–10; spec 1 lists /fileExport with its contents 'not shown'). What a credit
 * union's operations staff expect, designed here:
 *
 * - One right, `canExportFiles`: the menu entry, the route and every call need it. The demo gives it to the
 *   Administrator and Lender Administrator roles (migration 0040 grants it to every role that may manage the
 *   lender's users): an export carries the whole lender's applications and loans out of the system.
 * - An export is a **job**: asked for (kind, format, filters, columns), queued, run by the job runner (pg-boss) in
 *   the background, its progress (rows done of the total counted when it started) kept on the row at least every
 *   second and told to the page through the real-time hub (the page polls while the hub is away). It can be
 *   cancelled while queued or running: a running one stops within a second and leaves no file.
 * - The **history** is the lender's, not only mine: operations staff share the files they send (who asked, when,
 *   for what, how many rows, in which state). A done export's file is kept `FILE_EXPORT_KEEP_DAYS` days, then a
 *   job deletes it (the row stays, its file gone: the history says "Expired").
 * - A **download** is one request with a single-use token (`POST …/downloadToken`, then `GET …/download?dt=`), as
 *   an application's files: the session token never sits in a URL and the link works in a plain anchor.
 * - **Kinds** are a registry on the server (apps/server/src/modules/file-export/export-kinds.ts): each says its
 *   formats and which filters it reads (`filterSet`); the page shows what `GET /api/fileExports/kinds` lists.
 *   - `applications`: the queue grid's rows (any of its columns; default the grid's default set), from one of the
 *     built-in queues, with the queue's column filters and sort, created in a period (the lender's dates);
 *   - `loans`: the funded loans (funded in a period), the same application columns and the loan's own (loan
 *     number, funded date and amount, note rate, term, payment, first payment date, core loan id).
 *   - `hmdaLar`: the HMDA Loan/Application Register of a calendar year (the FFIEC's pipe-delimited file, `txt`).
 *     The FFIEC's syntactical and validity edits run before any file is written; failures fail the export with
 *     their list (application / ULI, the FIG's field name, the edit id, what is wrong) instead of a file.
 *     **The filer's identity** (LEI, tax id, federal agency, the HMDA contact's name, phone, e-mail and office
 *     address — the transmittal sheet's fields) is not held by Credence (the lenders table has none): it is a
 *     filter of this kind (`hmdaFiler`), asked on the page when the HMDA LAR is chosen, each given field checked
 *     here (LEI 20 letters/digits, tax id 99-9999999, e-mail, 10-digit phone, state code, ZIP) and a missing
 *     one left to the edits (V600, V601, V603–V605, V607 name it). The history keeps the filters, so the page
 *     pre-fills them from the lender's most recent HMDA export (`prefill` of the kinds): staff type them once a
 *     year. Their long-term home would be the lender's settings.
 *   - `coreBatch`: the funded-loans batch file for the core of one of the lender's days (JSON Lines, `jsonl`:
 *     a header, one line per loan with the funding dry run's payload, a trailer with the count and exact sum);
 *     a loan whose core code mapping was removed after funding fails the export with its list (the core would
 *     refuse a null code).
 * - **Formats**: CSV (UTF-8 with a byte order mark so Excel reads the encoding, every cell quoted, formula cells
 *   neutralised with a leading apostrophe) and XLSX (one sheet, a bold frozen header row; numbers and money as
 *   numbers, dates as dates, text as text — never a formula). Personal data (SSN) is never a column; a search text
 *   (name, SSN lookup) is not an export filter, as the filters are kept in the history.
 */
export const FILE_EXPORT_RIGHT = 'canExportFiles' as const;
const access = { right: FILE_EXPORT_RIGHT } as const;
const tag = 'fileExport';

/** How long a done export's file is kept before the retention job deletes it. */
export const FILE_EXPORT_KEEP_DAYS = 30;
/** The longest period an export reads (about ten years). */
export const FILE_EXPORT_MAX_DAYS = 3660;

export const fileExportFormats = ['csv', 'xlsx', 'txt', 'jsonl'] as const;
export type FileExportFormat = (typeof fileExportFormats)[number];
export const fileExportFormatLabels: Record<FileExportFormat, string> = {
  csv: 'CSV',
  xlsx: 'Excel (XLSX)',
  txt: 'Text (TXT)',
  jsonl: 'JSON Lines (JSONL)',
};

export const fileExportStates = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type FileExportState = (typeof fileExportStates)[number];
export const fileExportStateLabels: Record<FileExportState, string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/**
 * Which filters a kind reads: `queue` (a built-in queue, its column filters and sort, a period), `year` (a
 * calendar year), `day` (one date).
 */
export const fileExportFilterSets = ['queue', 'year', 'day'] as const;
export type FileExportFilterSet = (typeof fileExportFilterSets)[number];

export const fileExportMessages = {
  title: 'File Export',
  intro: 'Exports run in the background; files are kept 30 days. Dates are in the lender’s time zone.',
  newExport: 'New export',
  start: 'Start export',
  cancel: 'Cancel',
  download: 'Download',
  history: 'History',
  running: 'Current exports',
  noHistory: 'No export yet.',
  expired: 'Expired',
  unknownKind: 'This kind of export is not available.',
  formatNotOffered: 'This kind of export is not available in that format.',
  unknownColumn: (field: string) => `The column ${field} cannot be exported.`,
  noColumns: 'Choose at least one column.',
  textNotAllowed: 'A search text cannot be an export filter; use the column filters.',
  fromAfterTo: 'The start date must be on or before the end date.',
  periodTooLong: `The period may be at most ${FILE_EXPORT_MAX_DAYS} days.`,
  notCancellable: 'Only a queued or running export can be cancelled.',
  notDownloadable: 'This export has no file to download (not done, or expired).',
  failed: 'The export failed. Please try again.',
  invalidRecords: 'The file was not written: some records need to be fixed first.',
  yearRequired: 'Enter the calendar year.',
  dayRequired: 'Enter the day.',
  invalidLei: 'An LEI is 20 letters (A–Z) or digits.',
  invalidTaxId: 'Enter the tax id as 99-9999999.',
  started: 'Export started.',
  cancelled: 'Export cancelled.',
} as const;

/** One column an export can write (the queue grid's, and a kind's own). */
export const fileExportColumnSchema = z.object({
  field: z.string(),
  header: z.string(),
  /** Chosen when the dialog opens (the grid's default set). */
  default: z.boolean(),
});
export type FileExportColumn = z.infer<typeof fileExportColumnSchema>;

/** The application columns every tabular kind offers: the queue grid's, in the grid's order. */
export const fileExportQueueColumns: FileExportColumn[] = queueColumns.map((c) => ({
  field: c.field,
  header: c.headerName,
  default: !c.hiddenByDefault,
}));

/** The loans kind's own columns, after the application's. */
export const fileExportLoanColumns: FileExportColumn[] = [
  { field: 'loanNumber', header: 'Loan Number', default: true },
  { field: 'fundedDate', header: 'Funded', default: true },
  { field: 'fundedAmount', header: 'Amount Funded', default: true },
  { field: 'noteRate', header: 'Note Rate', default: true },
  { field: 'loanTermMonths', header: 'Loan Term', default: true },
  { field: 'loanPayment', header: 'Loan Payment', default: true },
  { field: 'firstPaymentDate', header: 'First Payment', default: false },
  { field: 'coreLoanId', header: 'Core Loan Id', default: false },
];

export const fileExportKindSchema = z.object({
  kind: z.string(),
  label: z.string(),
  description: z.string(),
  formats: z.array(z.enum(fileExportFormats)),
  filterSet: z.enum(fileExportFilterSets),
  /** Empty for a kind that writes its own lines. */
  columns: z.array(fileExportColumnSchema),
  /** Filters the page fills in from the lender's most recent export of this kind (the HMDA filer), if any. */
  prefill: z.record(z.string(), z.unknown()).nullable(),
});
export type FileExportKind = z.infer<typeof fileExportKindSchema>;
export const fileExportKindsSchema = z.object({ kinds: z.array(fileExportKindSchema) });

/** The HMDA Loan/Application Register's kind (its filters carry the filer: `hmdaFiler`). */
export const HMDA_LAR_KIND = 'hmdaLar' as const;

/** The FIG's federal agency codes of the transmittal sheet (a credit union: NCUA). */
export const hmdaFederalAgencies = [
  { code: '1', label: 'OCC' },
  { code: '2', label: 'Federal Reserve (FRS)' },
  { code: '3', label: 'FDIC' },
  { code: '5', label: 'NCUA' },
  { code: '7', label: 'HUD' },
  { code: '9', label: 'CFPB' },
] as const;

/** A field a person may leave empty: an empty or blank text is a missing field (the HMDA edits name it). */
const mayBeBlank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());
const digitsOf = (v: string) => v.replace(/\D/g, '');

/**
 * The HMDA filer's identity, as the transmittal sheet needs it (see the doc comment above): each field optional,
 * checked when given, and written as the FIG spells it (phone 999-999-9999, ZIP 12345 or 12345-6789).
 */
export const hmdaFilerSchema = z.object({
  lei: mayBeBlank(
    z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9]{20}$/, fileExportMessages.invalidLei)),
  ),
  taxId: mayBeBlank(
    z
      .string()
      .trim()
      .regex(/^\d{2}-\d{7}$/, fileExportMessages.invalidTaxId),
  ),
  federalAgency: mayBeBlank(z.enum(hmdaFederalAgencies.map((a) => a.code) as ['1', '2', '3', '5', '7', '9'])),
  contactName: mayBeBlank(textSchema().trim().max(100)),
  contactPhone: mayBeBlank(
    z
      .string()
      .transform(digitsOf)
      .pipe(phoneDigitsSchema)
      .transform((d) => `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`),
  ),
  contactEmail: mayBeBlank(z.email().max(254)),
  contactStreet: mayBeBlank(textSchema().trim().max(100)),
  contactCity: mayBeBlank(textSchema().trim().max(50)),
  contactState: mayBeBlank(usStateSchema),
  contactZip: mayBeBlank(
    z
      .string()
      .transform(digitsOf)
      .pipe(zipSchema)
      .transform((d) => (d.length === 9 ? `${d.slice(0, 5)}-${d.slice(5)}` : d)),
  ),
});
export type HmdaFilerFilters = z.output<typeof hmdaFilerSchema>;

/**
 * The filters of an export as asked and as kept in the history. `criteria`: the queue's (a built-in queue, its
 * column filters and sort; no search text); `columns`: the columns of a tabular kind; `from`/`to`: the period (created, or funded for loans);
 * `year`: a calendar year; `day`: one date; `hmdaFiler`: the HMDA filer's identity. A kind reads the ones of its `filterSet` and refuses the others' absence
 * as it needs.
 */
export const fileExportFiltersSchema = z
  .object({
    criteria: savedQueueCriteriaSchema.optional(),
    /** The columns, in any order (the file has the kind's order); without them, the kind's default set. */
    columns: z.array(z.string().max(64)).max(100).optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
    year: z.number().int().min(2000).max(2100).optional(),
    day: dateSchema.optional(),
    /** The HMDA LAR's filer (its transmittal sheet). */
    hmdaFiler: hmdaFilerSchema.optional(),
  })
  .superRefine((f, ctx) => {
    if (f.criteria?.text)
      ctx.addIssue({ code: 'custom', path: ['criteria', 'text'], message: fileExportMessages.textNotAllowed });
    if (f.from && f.to) {
      if (f.from > f.to) ctx.addIssue({ code: 'custom', path: ['to'], message: fileExportMessages.fromAfterTo });
      else if ((Date.parse(f.to) - Date.parse(f.from)) / 86_400_000 > FILE_EXPORT_MAX_DAYS)
        ctx.addIssue({ code: 'custom', path: ['to'], message: fileExportMessages.periodTooLong });
    }
  });
export type FileExportFilters = z.input<typeof fileExportFiltersSchema>;
export type ParsedFileExportFilters = z.output<typeof fileExportFiltersSchema>;

export const fileExportRequestSchema = z.object({
  kind: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/, fileExportMessages.unknownKind),
  format: z.enum(fileExportFormats),
  filters: fileExportFiltersSchema.default({}),
});
export type FileExportRequest = z.input<typeof fileExportRequestSchema>;

/** A record a kind's checks found to fix (the HMDA edits): which record, which field, what is wrong. */
export const fileExportProblemSchema = z.object({
  record: z.string(),
  field: z.string(),
  edit: z.string().nullable(),
  message: z.string(),
});
export type FileExportProblem = z.infer<typeof fileExportProblemSchema>;

export const fileExportSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  kindLabel: z.string(),
  format: z.enum(fileExportFormats),
  state: z.enum(fileExportStates),
  filters: z.record(z.string(), z.unknown()),
  /** The filters as a person reads them ("All Applications · Status is Approved · 01/01/2026 – 03/31/2026"). */
  filterSummary: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Rows written so far and the total counted when the export started (null before). */
  rowsDone: z.number().int(),
  rowsTotal: z.number().int().nullable(),
  /** The rows in the file (done only). */
  rowCount: z.number().int().nullable(),
  fileName: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  /** Whether the file is there to download (done and not yet expired). */
  downloadable: z.boolean(),
  error: z.string().nullable(),
  problems: z.array(fileExportProblemSchema),
});
export type FileExport = z.infer<typeof fileExportSchema>;

export const fileExportListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const fileExportDownloadQuerySchema = z.object({ dt: z.string().max(200).optional() });

export const fileExportEndpoints = {
  kinds: endpoint({
    method: 'GET',
    path: '/api/fileExports/kinds',
    access,
    tag,
    summary: 'The kinds of export, their formats, filters and columns',
    response: fileExportKindsSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/fileExports',
    access,
    tag,
    summary: "The lender's exports, newest first (the history, with the running ones)",
    query: fileExportListQuerySchema,
    response: pageSchema(fileExportSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/fileExports/:id',
    access,
    tag,
    summary: 'One export: its state and progress',
    params: idParamsSchema,
    response: fileExportSchema,
  }),
  start: endpoint({
    method: 'POST',
    path: '/api/fileExports',
    access,
    tag,
    summary: 'Queue an export (kind, format, filters); the job runner writes its file',
    body: fileExportRequestSchema,
    response: fileExportSchema,
    status: 201,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/fileExports/:id/cancel',
    access,
    tag,
    summary: 'Cancel a queued or running export (a running one stops within a second and leaves no file)',
    params: idParamsSchema,
    response: fileExportSchema,
  }),
  downloadToken: endpoint({
    method: 'POST',
    path: '/api/fileExports/:id/downloadToken',
    access,
    tag,
    summary: "A single-use token (valid 60 s) that downloads the export's file once: …/download?dt=",
    params: idParamsSchema,
    response: fileDownloadTokenSchema,
  }),
  /** Registered with the download-token guard (not through registerEndpoint): the file, not JSON. */
  download: endpoint({
    method: 'GET',
    path: '/api/fileExports/:id/download',
    access,
    tag,
    summary: "The export's file (?dt= a download token, or the Authorization header)",
    params: idParamsSchema,
    query: fileExportDownloadQuerySchema,
    response: z.unknown(),
  }),
};
