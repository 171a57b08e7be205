import {
  webhookEventLabels,
  webhookEventTypes,
  webhookMessages,
  webhooksResource,
  type Webhook,
  type WebhookEventType,
} from '@credence/contracts';
import { resourceArea } from '../kit/areas.ts';
import { webhookFields } from './webhook-fields.ts';

const eventText = (w: Webhook) =>
  w.events.length === webhookEventTypes.length
    ? 'All events'
    : w.events.map((e) => webhookEventLabels[e as WebhookEventType] ?? e).join(', ');

/**
 * Administration › Webhooks (issue 38 item 3; spec 2 §7 GET|POST webhooks, §8 'Webhooks Data Save Failed'): the
 * lender's endpoints in the kit's grid; an endpoint opens on a page of its own (/admin/webhooks/edit/<id>) with its
 * settings, its signing secret (rotate) and its delivery log (inspect, replay one, replay a period). Saving goes
 * home, as spec 2 §2 says of webhooks; a new endpoint first shows its secret, once.
 */
export const webhooksArea = resourceArea({
  key: 'webhooks',
  resource: webhooksResource,
  editRoute: true,
  columns: [
    { field: 'url', header: 'URL', flex: 2 },
    { field: 'description', header: 'Description', flex: 1.4 },
    { field: 'events', header: 'Events', flex: 2, sortable: false, text: eventText },
    {
      field: 'failingSince',
      header: 'Deliveries',
      sortable: false,
      text: (w: Webhook) =>
        w.disabledReason === 'failing' ? 'Disabled: failing 5 days' : w.failingSince ? 'Failing' : 'Healthy',
    },
  ],
  fields: webhookFields,
  texts: { saveFailed: webhookMessages.saveFailed, createFailed: webhookMessages.saveFailed },
  editor: () => import('./webhook-editor.tsx').then((m) => m.WebhookEditor),
});
