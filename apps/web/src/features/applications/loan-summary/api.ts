import { useQuery } from '@tanstack/react-query';
import {
  loanSummaryEndpoints,
  type LoanSummaryApplication,
  type LoanSummaryExport,
  type LoanSummarySection,
  type SalesDisplayOption,
} from '@credence/contracts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { fetchLoanInfo, fetchLoanSummary, graphql } from '../../../lib/graphql.ts';
import { retrieving, silentLoad } from '../../../lib/retrieving.ts';
import { applicationKeys } from '../api.ts';

/*
 * The calls of the loan summary (spec 3 §2, §7): the GraphQL reads (GetLoanSummary for the closing summary page,
 * GetLoanInfo never cached, the lender's sales settings for the dialog's sections) and the REST calls (preview,
 * attach, the automatic exports of a funding).
 */

export const loanSummaryKeys = {
  summary: (id: number) => [...applicationKeys.application(id), 'loanSummary'] as const,
  settings: (id: number) => [...applicationKeys.application(id), 'loanSummarySettings'] as const,
  loanInfo: (id: number) => [...applicationKeys.application(id), 'loanInfo'] as const,
};

/** GetLoanSummary: the application graph the closing summary renders. */
export const useLoanSummary = (id: number) =>
  useQuery({
    queryKey: loanSummaryKeys.summary(id),
    queryFn: retrieving('loan summary', () => fetchLoanSummary(id)),
    staleTime: 0,
    meta: silentLoad,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

/** GetLoanInfo: the loan's headline figures, read afresh on every mount (no cache). */
export const useLoanInfo = (id: number) =>
  useQuery({
    queryKey: loanSummaryKeys.loanInfo(id),
    queryFn: retrieving('loan info', () => fetchLoanInfo(id)),
    staleTime: 0,
    gcTime: 0,
    meta: silentLoad,
  });

type SummarySettings = Pick<LoanSummaryApplication['lenderSettings'], 'salesWorksheetEnabled'> & {
  salesDisplayOption: SalesDisplayOption;
};

/** The part of GetLoanSummary the dialog needs: whether Sales is offered and where (a small query of its own). */
const GET_LOAN_SUMMARY_SETTINGS = /* GraphQL */ `
  query GetLoanSummarySettings($applicationId: Int!) {
    application(id: $applicationId) {
      id
      lenderSettings {
        salesWorksheetEnabled
        salesDisplayOption
      }
    }
  }
`;

export const useLoanSummarySettings = (id: number) =>
  useQuery({
    queryKey: loanSummaryKeys.settings(id),
    queryFn: retrieving('loan summary', async () => {
      const data = await graphql.request<{ application: { lenderSettings: SummarySettings } | null }>({
        query: GET_LOAN_SUMMARY_SETTINGS,
        operationName: 'GetLoanSummarySettings',
        variables: { applicationId: id },
      });
      if (!data.application) throw new ApiError(404, { code: 'NOT_FOUND' });
      return data.application.lenderSettings;
    }),
    staleTime: 60_000,
    meta: silentLoad,
  });

/** The PDF of the chosen sections (the server logs them to the history), as a Blob for an inline view. */
export const previewLoanSummary = async (id: number, sections: LoanSummarySection[]) => {
  const answer = await callEndpoint(loanSummaryEndpoints.preview, { params: { id }, body: { sections } });
  const bytes = Uint8Array.from(atob(answer.contentBase64), (c) => c.charCodeAt(0));
  return { fileName: answer.fileName, pages: answer.pages, blob: new Blob([bytes], { type: 'application/pdf' }) };
};

/** Builds the PDF of the chosen sections and attaches it to the application's files. */
export const attachLoanSummary = (id: number, sections: LoanSummarySection[]) =>
  callEndpoint(loanSummaryEndpoints.attach, { params: { id }, body: { sections } });

/** The automatic exports of the application's fundings, newest first. */
export const fetchLoanSummaryExports = (id: number) => callEndpoint(loanSummaryEndpoints.exports, { params: { id } });

/**
 * The export of the funding made at `fundedAt` (the funded loan's server time): the newest one created at or after
 * it (the job creates it after the funding commits); none yet while the job has not picked the event up.
 */
export const exportOfFunding = (
  exports: readonly LoanSummaryExport[],
  fundedAt: string | null,
): LoanSummaryExport | undefined => {
  const since = fundedAt ? Date.parse(fundedAt) - 1_000 : Number.NEGATIVE_INFINITY;
  return exports.find((e) => Date.parse(e.createdAt) >= since);
};
