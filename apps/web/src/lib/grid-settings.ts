import { useMutation, useQuery } from '@tanstack/react-query';
import { gridSettingEndpoints } from '@credence/contracts';
import { callEndpoint } from './endpoint-client.ts';

/**
 * A grid's settings saved per user (`/api/user/gridSettings/{gridName}`, spec 1 and 3: the queue grid, the
 * tradeline grid): an opaque serialized string the grid reads back; null when the user saved none.
 */
export const gridSettingKey = (name: string) => ['gridSettings', name] as const;

export const useGridSetting = (name: string) =>
  useQuery({
    queryKey: gridSettingKey(name),
    queryFn: () => callEndpoint(gridSettingEndpoints.get, { params: { gridName: name } }),
    staleTime: Infinity,
  });

export const useSaveGridSetting = (name: string) =>
  useMutation({
    mutationFn: (setting: string) =>
      callEndpoint(gridSettingEndpoints.save, { params: { gridName: name }, body: { setting } }),
  });
