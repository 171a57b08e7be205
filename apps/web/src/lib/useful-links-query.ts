import { queryOptions } from '@tanstack/react-query';
import { usefulLinksEndpoints } from '@credence/contracts';
import { callEndpoint } from './endpoint-client.ts';

/** The lender's useful links: the side menu shows them, Administration › Useful Links edits them. */
export const usefulLinksQuery = queryOptions({
  queryKey: ['usefulLinks'] as const,
  queryFn: ({ signal }) => callEndpoint(usefulLinksEndpoints.list, {}, { signal }),
  staleTime: 5 * 60_000,
});
