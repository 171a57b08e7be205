import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { loanProductSchema } from '@credence/contracts';
import { apiClient } from './api-client.ts';
import { retrieving, silentLoad } from './retrieving.ts';

/** The lender's enabled loan products (new applications, cross-sell settings). */
export const loanProductsQuery = queryOptions({
  queryKey: ['loanProducts'],
  queryFn: retrieving('loan products', () =>
    apiClient.get('/api/loanProducts', { schema: z.array(loanProductSchema) }),
  ),
  staleTime: 5 * 60_000,
  meta: silentLoad,
});
export const useLoanProducts = () => useQuery(loanProductsQuery);
