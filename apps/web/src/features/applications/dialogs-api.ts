import { useQuery } from '@tanstack/react-query';
import {
  actionItemEndpoints,
  applicationAlertsEndpoint,
  applicationPromotionsSchema,
  customFieldEndpoints,
  dealerPacketEndpoints,
  hmdaEndpoints,
  shareEndpoints,
  type ActionItemsSave,
  type ApplicationPatch,
  type CustomFieldsSave,
  type DealerPacketSave,
  type HmdaSave,
  type SharesSave,
} from '@credence/contracts';
import { apiClient } from '../../lib/api-client.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { retrieving, silentLoad } from '../../lib/retrieving.ts';
import { applicationKeys } from './api.ts';

/*
 * The calls of the worksheet dialogs (spec 3 §2, §3): HMDA, follow-up items, dealer packet, shares, alerts,
 * custom fields and promotions of one application, and the Shared With Me list. Keys live under the
 * application's key, so a save that invalidates the application reads them again.
 */

export const dialogKeys = {
  hmda: (id: number) => [...applicationKeys.application(id), 'hmda'] as const,
  actionItems: (id: number) => [...applicationKeys.application(id), 'actionItems'] as const,
  packet: (id: number) => [...applicationKeys.application(id), 'packet'] as const,
  shares: (id: number) => [...applicationKeys.application(id), 'shares'] as const,
  shareTargets: (id: number) => [...applicationKeys.application(id), 'shareTargets'] as const,
  alerts: (id: number) => [...applicationKeys.application(id), 'alerts'] as const,
  customFields: (id: number) => [...applicationKeys.application(id), 'customFields'] as const,
  promotions: (id: number) => [...applicationKeys.application(id), 'promotions'] as const,
};

const silent = silentLoad;

const useLoad = <T>(key: readonly unknown[], thing: string, load: () => Promise<T>, enabled = true) =>
  useQuery({ queryKey: key, queryFn: retrieving(thing, load), staleTime: 0, enabled, meta: silent });

// HMDA

export const useHmda = (id: number) =>
  useLoad(dialogKeys.hmda(id), 'HMDA data', () => callEndpoint(hmdaEndpoints.get, { params: { id } }));
export const saveHmda = (id: number, body: HmdaSave) => callEndpoint(hmdaEndpoints.save, { params: { id }, body });

// Follow-up action items

export const useActionItems = (id: number) =>
  useLoad(dialogKeys.actionItems(id), 'follow up items', () =>
    callEndpoint(actionItemEndpoints.get, { params: { id } }),
  );
export const saveActionItems = (id: number, body: ActionItemsSave) =>
  callEndpoint(actionItemEndpoints.save, { params: { id }, body });

// Dealer packet

export const useDealerPacket = (id: number) =>
  useLoad(dialogKeys.packet(id), 'dealer packet', () => callEndpoint(dealerPacketEndpoints.get, { params: { id } }));
export const saveDealerPacket = (id: number, body: DealerPacketSave) =>
  callEndpoint(dealerPacketEndpoints.save, { params: { id }, body });

// Shares

export const useShares = (id: number) =>
  useLoad(dialogKeys.shares(id), 'shares', () => callEndpoint(shareEndpoints.list, { params: { id } }));
export const useShareTargets = (id: number) =>
  useLoad(dialogKeys.shareTargets(id), 'users and user groups', () =>
    callEndpoint(shareEndpoints.targets, { params: { id } }),
  );
export const saveShares = (id: number, body: SharesSave) => callEndpoint(shareEndpoints.save, { params: { id }, body });

// Alerts

export const useApplicationAlerts = (id: number) =>
  useLoad(dialogKeys.alerts(id), 'application alerts', () =>
    callEndpoint(applicationAlertsEndpoint, { params: { id } }),
  );

// Custom fields

export const useCustomFields = (id: number) =>
  useLoad(dialogKeys.customFields(id), 'custom fields', () =>
    callEndpoint(customFieldEndpoints.get, { params: { id } }),
  );
export const saveCustomFields = (id: number, body: CustomFieldsSave) =>
  callEndpoint(customFieldEndpoints.save, { params: { id }, body });

// Promotions

export const usePromotions = (id: number) =>
  useLoad(dialogKeys.promotions(id), 'promotions', () =>
    apiClient.get(`/api/applications/${id}/promotions`, { schema: applicationPromotionsSchema }),
  );
/** PATCH application: a JSON patch replacing /promotionIds (spec 3 §7). */
export const savePromotions = (id: number, promotionIds: number[], confirmFunded: boolean | undefined) =>
  apiClient.patch(
    `/api/application/${id}`,
    [{ op: 'replace', path: '/promotionIds', value: promotionIds }] satisfies ApplicationPatch,
    { schema: applicationPromotionsSchema, query: { confirmFunded: confirmFunded ? 'true' : undefined } },
  );
