import { queryOptions, useQuery } from '@tanstack/react-query';
import { userEndpoints, type CurrentUser } from '@credence/contracts';
import { callEndpoint } from './endpoint-client.ts';
import { setDisplayTimeZone } from './format.ts';
import { isSignedIn, useSession } from './session-store.ts';

export const currentUserQueryKey = ['user', 'me'] as const;

export const fetchCurrentUser = async (): Promise<CurrentUser> => {
  const user = await callEndpoint(userEndpoints.me, {});
  setDisplayTimeZone(user.currentLender.timeZone);
  return user;
};

export const currentUserQuery = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: fetchCurrentUser,
  staleTime: 60_000,
});

/** The signed-in user (identity, lenders, rights); only fetched while a session exists. */
export const useCurrentUser = () => {
  const session = useSession();
  return useQuery({ ...currentUserQuery, enabled: isSignedIn(session) });
};

export const hasRight = (user: CurrentUser | undefined, right: string): boolean =>
  user?.rights.includes(right) ?? false;
