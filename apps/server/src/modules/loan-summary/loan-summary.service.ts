import { createHash } from 'node:crypto';
import {
  uploadTypes,
  loanSummarySectionLabels,
  loanSummaryTexts,
  type LoanSummaryApplication,
  type LoanSummaryExport,
  type LoanSummarySection,
} from '@credence/contracts';
import { buildSummaryDocument } from '@credence/domain';
import type { FastifyInstance } from 'fastify';
import type { TenantTx } from '../../db/tenancy.ts';
import type { AuthContext } from '../../platform/auth.ts';
import type { FileStore } from '../../platform/file-store.ts';
import { admitPrint } from '../../platform/pdf.ts';
import type { ApplicationContext, HistoryWriter } from '../applications/application-context.ts';
import * as files from '../applications/files/files.repository.ts';
import { readLoanSummary } from './graphql/loan-summary.graphql.service.ts';
import { renderSummaryPdf } from './loan-summary-pdf.ts';
import * as repo from './loan-summary.repository.ts';

/** The application's document as the summary reads it (the loan form dictionary evaluates its paths on it). */
export { readLoanSummary };

/**
 * The loan summary's REST calls (issue 15 item 4, contracts `loanSummaryEndpoints`): preview and attach build the
 * PDF of the chosen sections from the same GraphQL read the closing summary page makes (`readLoanSummary`, with
 * the caller's rights and tenant, so another lender's application is a 404), laid out by `buildSummaryDocument`
 * and rendered by `renderSummaryPdf`; the export on funding (loan-summary-export.ts) attaches the same PDF.
 */
export type LoanSummaryDeps = ApplicationContext & { app: FastifyInstance; fileStore: FileStore };

/** The upload type the PDF is filed under ('Loan Summary', contracts enums). */
export const LOAN_SUMMARY_UPLOAD_TYPE = uploadTypes.find((t) => t.name === 'Loan Summary')!.id;

export type SummaryPdf = { pdf: Buffer; pages: number; fileName: string; sections: readonly LoanSummarySection[] };

/**
 * The PDF of the chosen sections (or of those `sections` picks from the application read) as `auth` may read
 * the application (404 when not visible). `owner`: the user whose share of printing is charged (platform/pdf.ts),
 * admitted before the summary is read so that a refused print costs nothing; none for a job's print.
 */
export const buildLoanSummaryPdf = async (
  deps: Pick<LoanSummaryDeps, 'app' | 'db'>,
  auth: AuthContext,
  applicationId: number,
  sections: readonly LoanSummarySection[] | ((application: LoanSummaryApplication) => readonly LoanSummarySection[]),
  { owner, render = renderSummaryPdf }: { owner?: number; render?: typeof renderSummaryPdf } = {},
): Promise<SummaryPdf> => {
  if (owner !== undefined) await admitPrint(owner);
  const application = await readLoanSummary(deps.app, auth, applicationId);
  const chosen = typeof sections === 'function' ? sections(application) : sections;
  const document = buildSummaryDocument(application, chosen, {
    title: loanSummaryTexts.dialogTitle,
    timeZone: application.lenderSettings.timeZone,
  });
  const { pdf, pages } = await render(document, owner);
  return { pdf, pages, fileName: document.fileName, sections: chosen };
};

/** 'Channel And Product, Request, …': the chosen sections as the dialog labels them. */
export const sectionList = (sections: readonly LoanSummarySection[]) =>
  sections.map((s) => loanSummarySectionLabels[s]).join(', ');

/**
 * Files the PDF among the application's files (upload type 'Loan Summary') in the caller's transaction, with its
 * history row; answers the application file id.
 */
export const storeSummaryPdf = async (
  tx: TenantTx,
  fileStore: FileStore,
  input: {
    lenderId: number;
    applicationId: number;
    userId: number | null;
    summary: SummaryPdf;
    history: HistoryWriter;
    description: string;
  },
): Promise<number> => {
  const { pdf, fileName } = input.summary;
  const fileId = await fileStore.put(tx, input.lenderId, {
    size: pdf.length,
    sha256: createHash('sha256').update(pdf).digest('hex'),
    chunks: async function* () {
      yield pdf;
    },
  });
  const appFileId = await files.insertFile(tx, {
    lenderId: input.lenderId,
    applicationId: input.applicationId,
    fileId,
    name: loanSummaryTexts.dialogTitle,
    fileName,
    contentType: 'application/pdf',
    size: pdf.length,
    uploadTypeId: LOAN_SUMMARY_UPLOAD_TYPE,
    uploadedByUserId: input.userId,
  });
  await input.history({
    action: loanSummaryTexts.attached,
    description: input.description,
    entity: 'File',
    changes: [
      { entity: 'File', entityId: appFileId, property: 'name', oldValue: null, newValue: loanSummaryTexts.dialogTitle },
      { entity: 'File', entityId: appFileId, property: 'fileName', oldValue: null, newValue: fileName },
    ],
  });
  return appFileId;
};

/** The history row of a print: the chosen sections (spec 3 §2 'the chosen sections logged to the history'). */
const printedEntry = (sections: readonly LoanSummarySection[], pages: number) => ({
  action: loanSummaryTexts.historyAction,
  description: `Sections: ${sectionList(sections)} (${pages} ${pages === 1 ? 'page' : 'pages'})`,
  entity: 'Application',
  changes: [],
});

/** `POST …/loanSummary/preview`: the PDF (base64), its file name and pages; the print logged to the history. */
export const previewLoanSummary = async (
  deps: LoanSummaryDeps,
  auth: AuthContext,
  applicationId: number,
  sections: readonly LoanSummarySection[],
) => {
  const summary = await buildLoanSummaryPdf(deps, auth, applicationId, sections, { owner: auth.userId });
  await deps.open(auth, applicationId, (_tx, history) => history(printedEntry(sections, summary.pages)));
  return { fileName: summary.fileName, contentBase64: summary.pdf.toString('base64'), pages: summary.pages };
};

/** `POST …/loanSummary/files`: the PDF filed among the application's files, the print and the file in the history. */
export const attachLoanSummary = async (
  deps: LoanSummaryDeps,
  auth: AuthContext,
  applicationId: number,
  sections: readonly LoanSummarySection[],
) => {
  const summary = await buildLoanSummaryPdf(deps, auth, applicationId, sections, { owner: auth.userId });
  const appFileId = await deps.open(auth, applicationId, async (tx, history) => {
    await history(printedEntry(sections, summary.pages));
    return storeSummaryPdf(tx, deps.fileStore, {
      lenderId: auth.lenderId,
      applicationId,
      userId: auth.userId,
      summary,
      history,
      description: `${loanSummaryTexts.dialogTitle} attached: ${sectionList(sections)}`,
    });
  });
  return { appFileId, fileName: summary.fileName };
};

/** `GET …/loanSummary/exports`: the automatic exports on funding, newest first (404 for an unknown application). */
export const listLoanSummaryExports = (
  deps: LoanSummaryDeps,
  auth: AuthContext,
  applicationId: number,
): Promise<LoanSummaryExport[]> =>
  deps.open(auth, applicationId, async (tx) =>
    (await repo.listExports(tx, applicationId)).map(({ export: e, fileName }) => ({
      id: e.id,
      fundingSequence: e.fundingSequence,
      status: e.status as LoanSummaryExport['status'],
      attempts: e.attempts,
      appFileId: e.appFileId,
      fileName: e.appFileId === null ? null : (fileName ?? null),
      createdAt: e.createdAt.toISOString(),
      finishedAt: e.finishedAt?.toISOString() ?? null,
    })),
  );
