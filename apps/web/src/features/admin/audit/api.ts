import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditEndpoints } from '@credence/contracts';
import { callEndpoint, fetchEndpointBlob } from '../../../lib/endpoint-client.ts';
import { displayTimeZone } from '../../../lib/format.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

export type SsnLookupFilter = { fromDate: string; toDate: string; page: number; pageSize: number };

/** GET /api/audit/ssnLookups: the lender's SSN lookups of a period, newest first. */
export const useSsnLookups = ({ fromDate, toDate, page, pageSize }: SsnLookupFilter) =>
  useQuery({
    queryKey: ['audit', 'ssnLookups', fromDate, toDate, page, pageSize],
    queryFn: () =>
      callEndpoint(auditEndpoints.ssnLookups, {
        query: {
          skip: page * pageSize,
          take: pageSize,
          fromDate: fromDate || undefined,
          toDate: toDate || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });

/** The audit history filters (the URL keeps them): days as YYYY-MM-DD, the user's id, the area's name. */
export type AuditHistoryFilter = { fromDate: string; toDate: string; userId: string; area: string };

const filterQuery = ({ fromDate, toDate, userId, area }: AuditHistoryFilter) => ({
  fromDate: fromDate || undefined,
  toDate: toDate || undefined,
  userId: userId || undefined,
  area: area || undefined,
  timeZone: displayTimeZone(),
});

/** GET /api/audit/admin: one page of the audit, newest first, each entry with its changed properties. */
export const useAuditEntries = (filter: AuditHistoryFilter, page: number, pageSize: number) =>
  useQuery({
    queryKey: ['audit', 'admin', filter, page, pageSize],
    queryFn: ({ signal }) =>
      callEndpoint(
        auditEndpoints.list,
        { query: { ...filterQuery(filter), skip: page * pageSize, take: pageSize } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/** GET /api/audit/admin/filters: the users and areas of the lender's audit. */
export const useAuditFilters = () =>
  useQuery({
    queryKey: ['audit', 'admin', 'filters'],
    queryFn: () => callEndpoint(auditEndpoints.filters, {}),
    staleTime: 60_000,
  });

/** GET /api/audit/admin/record: a record's values as of the end of a day, replayed by the server. */
export const useAuditAsOf = (area: string, recordId: string, asOf: string) =>
  useQuery({
    queryKey: ['audit', 'admin', 'record', area, recordId, asOf],
    queryFn: () =>
      callEndpoint(auditEndpoints.record, { query: { area, recordId, asOf, timeZone: displayTimeZone() } }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(asOf) && asOf >= '1900-01-01',
    placeholderData: keepPreviousData,
  });

/** GET /api/audit/admin/export with the filters, saved as a file (the bearer token cannot ride a plain link). */
export const downloadAuditCsv = async (filter: AuditHistoryFilter) => {
  const blob = await fetchEndpointBlob(auditEndpoints.export, { query: filterQuery(filter) }, 'text/csv');
  const period = [filter.fromDate, filter.toDate].filter(Boolean).join('_to_');
  saveBlob(blob, `audit-history${period ? `-${period}` : ''}.csv`);
};
