import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnyResource, Endpoint, Page, RowOf } from '@credence/contracts';
import { callEndpoint } from './endpoint-client.ts';

/** The query keys of a resource: every list and record of it is read again after a write. */
export const resourceKeys = (resource: AnyResource) => ({
  all: ['resource', resource.name] as const,
  list: (query: Record<string, unknown>) => ['resource', resource.name, 'list', query] as const,
});

const declared = (resource: AnyResource, verb: keyof AnyResource['endpoints']): Endpoint => {
  const found = resource.endpoints[verb];
  if (!found) throw new Error(`${resource.name} declares no ${verb}`);
  return found;
};

/** Calls one verb of a resource (the endpoint the server registered from the same declaration). */
export const callVerb = <T>(
  resource: AnyResource,
  verb: keyof AnyResource['endpoints'],
  args: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown },
) => callEndpoint(declared(resource, verb), args as never) as Promise<T>;

/** One page of a resource under the list contract. */
export const useResourcePage = <R extends AnyResource>(resource: R, query: Record<string, unknown>, enabled = true) =>
  useQuery({
    enabled,
    queryKey: resourceKeys(resource).list(query),
    queryFn: ({ signal }) =>
      callEndpoint(declared(resource, 'list'), { query } as never, { signal }) as Promise<Page<RowOf<R>>>,
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });

/** Create (id null) or update. */
export const useSaveResource = <R extends AnyResource>(resource: R) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: unknown }) =>
      id === null
        ? callVerb<RowOf<R>>(resource, 'create', { body: input })
        : callVerb<RowOf<R>>(resource, 'update', { params: { id }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys(resource).all }),
    meta: { silentError: true },
  });
};

/** Enable, disable or delete a record. */
export const useResourceAction = <R extends AnyResource>(resource: R) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ verb, id }: { verb: 'enable' | 'disable' | 'delete'; id: number }) =>
      callVerb<unknown>(resource, verb, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys(resource).all }),
    meta: { silentError: true },
  });
};
