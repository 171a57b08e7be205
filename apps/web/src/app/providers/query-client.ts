import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, isSessionError } from '../../lib/api-client.ts';
import { showApiErrorToast } from '../../lib/toast.tsx';

const silent = (meta: Record<string, unknown> | undefined): boolean => meta?.['silentError'] === true;

/**
 * One QueryClient for the app. A failed call shows the global error toast (spec 1 §8) unless its
 * query or mutation says `meta: { silentError: true }` (it shows the error itself) or the failure is
 * a session end, which the shell answers by navigating to sign-in.
 */
export const createAppQueryClient = (): QueryClient =>
  new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (silent(query.meta) || isSessionError(error)) return;
        showApiErrorToast(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (silent(mutation.meta) || isSessionError(error)) return;
        showApiErrorToast(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Client errors will not change on retry; one retry for network hiccups and 5xx.
        retry: (failureCount, error) =>
          failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
