import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messages,
  widgetEndpoints,
  widgetMessages,
  widgetOptions,
  type AddonPreferences,
  type Widget,
  type WidgetName,
  type WidgetSettings,
} from '@credence/contracts';
import { isFieldValidationError } from '../../components/form/server-errors.ts';
import { isSessionError } from '../../lib/api-client.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { retrieving, silentLoad } from '../../lib/retrieving.ts';
import { toasts } from '../../lib/toast.tsx';

/**
 * The dashboard's calls (spec 1 §2 Home, §4 Widgets, §8): the widgets with their snapshots, saving and removing one,
 * and the Add On Sales preferences. A failure shows 'An error occurred retrieving Widgets (or Add On Sales) from
 * the api.' — except a 422 naming fields, which the period controls or the settings dialog show on their fields.
 */
export const widgetsQueryKey = ['user', 'widgets'] as const;
export const addonPreferencesQueryKey = ['user', 'addonSalesPreferences'] as const;

/** While a snapshot is being computed (the job takes about a second), the list is read again this often. */
export const REFRESH_POLL_MS = 2_000;

type Retrieved = 'Widgets' | 'Add On Sales';

const failedToast = (what: Retrieved) => (error: unknown) => {
  if (isSessionError(error) || isFieldValidationError(error)) return;
  toasts.error(messages.errors.title, widgetMessages.retrieveFailed(what), { toastId: `retrieve-${what}` });
};

const order = (name: WidgetName) => widgetOptions.findIndex((o) => o.name === name);
const byOption = (widgets: Widget[]) => [...widgets].sort((a, b) => order(a.name) - order(b.name));

/** My widgets in the order of the 'Add Widget' options; read again every 2 s while one is refreshing. */
export const useWidgets = () =>
  useQuery<Widget[]>({
    queryKey: widgetsQueryKey,
    queryFn: retrieving('Widgets', async () => byOption(await callEndpoint(widgetEndpoints.list, {}))),
    meta: silentLoad,
    // Read on every entry to the dashboard (spec 1 §4), not kept from a visit a moment ago.
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((w) => w.refreshing) ? REFRESH_POLL_MS : false),
  });

/** Adds a widget or changes its period; the answer (refreshing) takes its place in the list. */
export const useSaveWidget = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, settings }: { name: WidgetName; settings: WidgetSettings }) =>
      callEndpoint(widgetEndpoints.save, { params: { name }, body: settings }),
    meta: silentLoad,
    onError: failedToast('Widgets'),
    onSuccess: (saved) =>
      queryClient.setQueryData<Widget[]>(widgetsQueryKey, (old = []) =>
        byOption([...old.filter((w) => w.name !== saved.name), saved]),
      ),
  });
};

export const useRemoveWidget = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: WidgetName) => callEndpoint(widgetEndpoints.remove, { params: { name } }),
    meta: silentLoad,
    onError: failedToast('Widgets'),
    onSuccess: (_none, name) =>
      queryClient.setQueryData<Widget[]>(widgetsQueryKey, (old = []) => old.filter((w) => w.name !== name)),
  });
};

export const useAddonPreferences = () =>
  useQuery({
    queryKey: addonPreferencesQueryKey,
    queryFn: retrieving('Add On Sales', () => callEndpoint(widgetEndpoints.getAddonPreferences, {})),
    meta: silentLoad,
  });

/** Saves the tracked add-ons; the server also saves the widget and asks for its snapshot, so the list is read again. */
export const useSaveAddonPreferences = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (additionIds: number[]) =>
      callEndpoint(widgetEndpoints.saveAddonPreferences, { body: { additionIds } }),
    meta: silentLoad,
    onError: failedToast('Add On Sales'),
    onSuccess: (preferences: AddonPreferences) => {
      queryClient.setQueryData(addonPreferencesQueryKey, preferences);
      void queryClient.invalidateQueries({ queryKey: widgetsQueryKey });
    },
  });
};
