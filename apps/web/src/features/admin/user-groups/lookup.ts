import { queryOptions } from '@tanstack/react-query';
import { userGroupsEndpoints } from '@credence/contracts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** The lender's user groups by id and name: the choices of the editors that name groups, and the lists' names. */
export const userGroupsLookupQuery = queryOptions({
  queryKey: ['userGroups', 'lookup'],
  queryFn: ({ signal }) => callEndpoint(userGroupsEndpoints.lookup, {}, { signal }),
});
