import {
  fileExportMessages,
  HMDA_LAR_KIND,
  type FileExportProblem,
  type ParsedFileExportFilters,
} from '@credence/contracts';
import type { TenantTx } from '../../../db/tenancy.ts';
import { defineExportKind, type ExportContext } from '../export-kinds.ts';
import { textLinesWriter } from '../export-writers.ts';
import { formatLar, formatTransmittalSheet, HMDA_LINE_END, type HmdaEditFailure, type HmdaLar } from './hmda-lar.ts';
import { buildHmdaExport, type HmdaExport, type HmdaFiler } from './hmda-lar.loader.ts';

/** The export's filer filters as the loader takes them (contracts `hmdaFilerSchema`). */
export const hmdaFilerOf = (filters: ParsedFileExportFilters): HmdaFiler => {
  const f = filters.hmdaFiler ?? {};
  return {
    lei: f.lei,
    taxId: f.taxId,
    federalAgency: f.federalAgency,
    contact: {
      name: f.contactName,
      phone: f.contactPhone,
      email: f.contactEmail,
      street: f.contactStreet,
      city: f.contactCity,
      state: f.contactState,
      zip: f.contactZip,
    },
  };
};

/**
 * The register of one run, built once (by the edits, before anything is written) and kept for the run's count, rows
 * and file: the file written is exactly the one the edits passed.
 */
const built = new WeakMap<ExportContext, HmdaExport>();
const registerOf = async (tx: TenantTx, filters: ParsedFileExportFilters, ctx: ExportContext) => {
  const known = built.get(ctx);
  if (known) return known;
  const register = await buildHmdaExport(tx, ctx.lenderId, filters.year!, { filer: hmdaFilerOf(filters) });
  built.set(ctx, register);
  return register;
};

/** A failed edit as the page lists it: the row (application and ULI, or the transmittal sheet) and the FIG's field. */
export const hmdaProblemOf = (f: HmdaEditFailure): FileExportProblem => ({
  record:
    f.applicationId === null
      ? f.line === 1
        ? 'Transmittal sheet'
        : `Line ${f.line}`
      : `Application ${f.applicationId}${f.uli ? ` · ULI ${f.uli}` : ''}`,
  field: f.field,
  edit: f.editId,
  message: f.message,
});

/**
 * 3. The HMDA Loan/Application Register of a calendar year (hmda-lar.loader.ts: which applications, each field's
 * source; hmda-lar.ts: the FIG's file and edits). The filer's identity comes from the filters (`hmdaFiler`). The
 * edits run first; any failure fails the export with its list and no file is written.
 */
export const hmdaExportKind = defineExportKind<HmdaLar>({
  kind: HMDA_LAR_KIND,
  label: 'HMDA LAR',
  description:
    'The HMDA Loan/Application Register of the home-equity applications acted on in a calendar year, in the FFIEC’s pipe-delimited format; the FFIEC’s syntactical and validity edits run first and list every record to fix.',
  formats: ['txt'],
  filterSet: 'year',
  columns: [],
  validate: (filters) =>
    filters.year === undefined ? [{ field: 'filters.year', message: fileExportMessages.yearRequired }] : [],
  problems: async (tx, filters, ctx) => (await registerOf(tx, filters, ctx)).failures.map(hmdaProblemOf),
  count: async (tx, filters, ctx) => (await registerOf(tx, filters, ctx)).lars.length,
  rows: async function* (tx, filters, ctx) {
    const { lars } = await registerOf(tx, filters, ctx);
    for (let i = 0; i < lars.length; i += ctx.batchSize) yield lars.slice(i, i + ctx.batchSize);
  },
  writer: (_format, _filters, ctx) =>
    textLinesWriter<HmdaLar>({
      extension: 'txt',
      eol: HMDA_LINE_END,
      header: () => [formatTransmittalSheet(built.get(ctx)!.ts)],
      line: formatLar,
    }),
  prefill: (filters) => (filters.hmdaFiler ? { hmdaFiler: filters.hmdaFiler } : null),
  fileName: (filters, ctx, extension) => `hmda-lar-${filters.year}-${ctx.exportId}.${extension}`,
});
