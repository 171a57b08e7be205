import { queryOptions, useQuery } from '@tanstack/react-query';
import { loanProductEndpoints } from '@credence/contracts';
import { callEndpoint } from './endpoint-client.ts';
import { retrieving, silentLoad } from './retrieving.ts';

/** The lender's enabled loan products (new applications, cross-sell settings). */
export const loanProductsQuery = queryOptions({
  queryKey: ['loanProducts'],
  queryFn: retrieving('loan products', () => callEndpoint(loanProductEndpoints.list, {})),
  staleTime: 5 * 60_000,
  meta: silentLoad,
});
export const useLoanProducts = () => useQuery(loanProductsQuery);
