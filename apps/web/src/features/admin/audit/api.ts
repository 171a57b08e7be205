import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ssnLookupPageSchema } from '@credence/contracts';
import { apiClient } from '../../../lib/api-client.ts';

export type SsnLookupFilter = { fromDate: string; toDate: string; page: number; pageSize: number };

/** GET /api/audit/ssnLookups: the lender's SSN lookups of a period, newest first. */
export const useSsnLookups = ({ fromDate, toDate, page, pageSize }: SsnLookupFilter) =>
  useQuery({
    queryKey: ['audit', 'ssnLookups', fromDate, toDate, page, pageSize],
    queryFn: () => {
      const query = new URLSearchParams({ skip: String(page * pageSize), take: String(pageSize) });
      if (fromDate) query.set('fromDate', fromDate);
      if (toDate) query.set('toDate', toDate);
      return apiClient.get(`/api/audit/ssnLookups?${query.toString()}`, { schema: ssnLookupPageSchema });
    },
    placeholderData: keepPreviousData,
  });
