import { useQuery } from '@tanstack/react-query';
import { clientSettingsEndpoint, type ClientSettings } from '@credence/contracts';
import { callEndpoint } from './endpoint-client.ts';

/** Spec 1 §9 defaults, used until (or if) the server's public settings arrive. */
export const defaultClientSettings: ClientSettings = {
  idleSeconds: 1500,
  idleTimeoutSeconds: 300,
  recentApplicationsThrottleMs: 5000,
};

export const useClientSettings = (): { settings: ClientSettings; isLoading: boolean } => {
  const query = useQuery({
    queryKey: ['settings'],
    queryFn: () => callEndpoint(clientSettingsEndpoint, {}, { auth: false }),
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { silentError: true },
  });
  return { settings: query.data ?? defaultClientSettings, isLoading: query.isPending };
};
