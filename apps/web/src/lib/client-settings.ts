import { useQuery } from '@tanstack/react-query';
import { clientSettingsSchema, type ClientSettings } from '@credence/contracts';
import { apiClient } from './api-client.ts';

/** Spec 1 §9 defaults, used until (or if) the server's public settings arrive. */
export const defaultClientSettings: ClientSettings = {
  idleSeconds: 1500,
  idleTimeoutSeconds: 300,
  recentApplicationsThrottleMs: 5000,
};

export const useClientSettings = (): { settings: ClientSettings; isLoading: boolean } => {
  const query = useQuery({
    queryKey: ['settings'],
    queryFn: () => apiClient.get('/api/settings', { schema: clientSettingsSchema, auth: false }),
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { silentError: true },
  });
  return { settings: query.data ?? defaultClientSettings, isLoading: query.isPending };
};
