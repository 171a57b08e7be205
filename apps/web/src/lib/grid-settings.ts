import { useMutation, useQuery } from '@tanstack/react-query';
import { gridSettingSchema } from '@credence/contracts';
import { apiClient } from './api-client.ts';

/**
 * A grid's settings saved per user (`/api/user/gridSettings/{gridName}`, spec 1 and 3: the queue grid, the
 * tradeline grid): an opaque serialized string the grid reads back; null when the user saved none.
 */
export const gridSettingKey = (name: string) => ['gridSettings', name] as const;

export const useGridSetting = (name: string) =>
  useQuery({
    queryKey: gridSettingKey(name),
    queryFn: () => apiClient.get(`/api/user/gridSettings/${name}`, { schema: gridSettingSchema }),
    staleTime: Infinity,
  });

export const useSaveGridSetting = (name: string) =>
  useMutation({
    mutationFn: (setting: string) =>
      apiClient.put(`/api/user/gridSettings/${name}`, { setting }, { schema: gridSettingSchema }),
  });
