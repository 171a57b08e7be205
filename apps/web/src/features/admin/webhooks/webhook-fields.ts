import { webhookEventLabels, webhookEventTypes } from '@credence/contracts';
import type { FieldDecl } from '../../../components/form/form-fields.tsx';

/** The form of an endpoint (the grid's Add and the endpoint's page). */
export const webhookFields: readonly FieldDecl[] = [
  {
    name: 'url',
    label: 'Endpoint URL (https)',
    kind: 'text',
    required: true,
    maxLength: 2000,
    span: 6,
    autoFocus: true,
  },
  { name: 'description', label: 'Description', kind: 'text', maxLength: 200, span: 6 },
  {
    name: 'events',
    label: 'Events',
    kind: 'multiSelect',
    required: true,
    span: 6,
    options: webhookEventTypes.map((value) => ({ value, label: webhookEventLabels[value] })),
  },
  { name: 'enabled', label: 'Enabled (events are sent)', kind: 'checkbox', span: 6 },
];
