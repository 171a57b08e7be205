import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpointPath, reportOptionsEndpoint, type ReportChart, type ReportDeclaration } from '@credence/contracts';
import { fetchBlob } from '../../lib/api-client.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { saveBlob } from '../../lib/save-blob.ts';

/** A report's answer as every report page reads it (the rows' fields are the declaration's columns). */
export type ReportRow = Record<string, unknown>;
export type ReportAnswer = {
  period: { from: string; to: string; today: string };
  rows: ReportRow[];
  total: number;
  totals: Record<string, unknown>;
  chart: ReportChart;
};

/** The query of a report call: the URL's filters, sort and page, as text (the server's schema reads them). */
export type ReportQueryText = Record<string, string | undefined>;

/** `GET /api/reports/{report}`: one page, the totals and the chart; the previous answer stays while the next loads. */
export const useReportPage = (report: ReportDeclaration, query: ReportQueryText) =>
  useQuery({
    queryKey: ['reports', report.key, query],
    queryFn: ({ signal }) =>
      callEndpoint(report.endpoints.get, { query } as never, { signal }) as Promise<ReportAnswer>,
    placeholderData: keepPreviousData,
  });

/** `GET /api/reports/options`: the lender's products, branches, dealers and officers for the filters. */
export const useReportOptions = () =>
  useQuery({
    queryKey: ['reports', 'options'],
    queryFn: ({ signal }) => callEndpoint(reportOptionsEndpoint, {}, { signal }),
    staleTime: 60_000,
  });

/**
 * `GET /api/reports/{report}/csv` with the page's filters and sort, saved as a file (the bearer token cannot ride a
 * plain link). The file name is the server's (`{report}-{from}_to_{to}.csv`).
 */
export const downloadReportCsv = async (report: ReportDeclaration, query: ReportQueryText, fileName: string) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value && key !== 'page' && key !== 'take') params.set(key, value);
  const blob = await fetchBlob(`${endpointPath(report.endpoints.csv)}?${params.toString()}`, 'text/csv');
  saveBlob(blob, fileName);
};
