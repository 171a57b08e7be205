import type { Writable } from 'node:stream';
import type {
  FileExportColumn,
  FileExportFilterSet,
  FileExportFormat,
  FileExportProblem,
  ParsedFileExportFilters,
} from '@credence/contracts';
import type { TenantTx } from '../../db/tenancy.ts';

/** What a kind knows of the export it runs: whose, for which lender, in which zone, how many rows per read. */
export type ExportContext = {
  exportId: number;
  lenderId: number;
  /** Who asked (null when that user was deleted since): a queue such as My Queue is theirs. */
  userId: number | null;
  /** The lender's time zone: dates and times in the file are the lender's. */
  timeZone: string;
  /** Rows per read of the kind's cursor (memory holds one batch). */
  batchSize: number;
};

/**
 * Writes one export's file. `open` is called once with the stream of the file and the rows counted; `add` with each
 * batch of records, in order (it waits for the stream to take them); `close` ends the file (a trailer, the XLSX
 * archive). The runner hashes and stores what it wrote; a cancelled or failed export's file is thrown away.
 */
export type ExportWriter<R> = {
  extension: string;
  contentType: string;
  open: (
    out: Writable,
    total: number,
  ) => Promise<{ add: (records: readonly R[]) => Promise<void>; close: () => Promise<void> }>;
};

/** A field error of the filters (422). */
export type ExportFilterError = { field: string; message: string };

/**
 * One kind of export (issue 33, item 9): a small registry entry, so a new file plugs in without touching the runner,
 * the API or the page.
 *
 * - `kind`, `label`, `description`: its name and how the page shows it; `formats` the formats it writes;
 *   `filterSet` which filters the page asks for (contracts `fileExportFilterSets`); `columns` the columns a person
 *   picks from (empty for a kind that writes its own lines).
 * - `validate(filters)`: field errors of the filters for this kind (422 before anything is queued).
 * - `count(tx, filters, ctx)`: the rows it will write (the progress's total).
 * - `rows(tx, filters, ctx)`: its records, in batches, read in the export's tenant transaction (one snapshot) —
 *   typically a server-side cursor, `ctx.batchSize` rows per FETCH (see `cursorBatches`).
 * - `writer(format, filters, ctx)`: the file for a format — `tabularWriter` (CSV, XLSX of columns) or
 *   `textLinesWriter` (a header, one line per record, a trailer: a pipe-delimited file).
 * - `problems(tx, filters, ctx)` (optional): records to fix before any file is written (the HMDA edits); a non-empty
 *   answer fails the export with that list, shown to the user instead of a file.
 * - `fileName(filters, ctx, extension)` (optional): the download's name (default `{kind}-{export id}.{extension}`).
 * - `prefill(filters)` (optional): what of the lender's most recent export of this kind the page fills in again
 *   (the HMDA filer's identity: typed once a year); null for nothing.
 *
 * A kind that reads its records once (the HMDA register, the core batch) may keep them per run keyed by `ctx` (one
 * object for the run's `problems`, `count`, `rows`, `writer` and `fileName`), so the file is the one checked.
 */
export type ExportKind<R> = {
  kind: string;
  label: string;
  description: string;
  formats: readonly FileExportFormat[];
  filterSet: FileExportFilterSet;
  columns: readonly FileExportColumn[];
  validate?: (filters: ParsedFileExportFilters) => ExportFilterError[];
  count: (tx: TenantTx, filters: ParsedFileExportFilters, ctx: ExportContext) => Promise<number>;
  rows: (tx: TenantTx, filters: ParsedFileExportFilters, ctx: ExportContext) => AsyncIterable<readonly R[]>;
  writer: (format: FileExportFormat, filters: ParsedFileExportFilters, ctx: ExportContext) => ExportWriter<R>;
  problems?: (tx: TenantTx, filters: ParsedFileExportFilters, ctx: ExportContext) => Promise<FileExportProblem[]>;
  fileName?: (filters: ParsedFileExportFilters, ctx: ExportContext, extension: string) => string;
  prefill?: (filters: ParsedFileExportFilters) => Record<string, unknown> | null;
};

/** A registered kind: its record type is its own business (the runner only passes batches from rows to writer). */
export type AnyExportKind = ExportKind<unknown>;

/** Declares a kind (typed by its record); `registerExportKind` adds it to the registry. */
export const defineExportKind = <R>(kind: ExportKind<R>): AnyExportKind => kind as unknown as AnyExportKind;

const registry = new Map<string, AnyExportKind>();

/** Adds a kind (the module registers its own at start; HMDA and the core batch add theirs the same way). */
export const registerExportKind = (kind: AnyExportKind) => {
  registry.set(kind.kind, kind);
};
export const findExportKind = (kind: string) => registry.get(kind);
export const exportKinds = () => [...registry.values()];
