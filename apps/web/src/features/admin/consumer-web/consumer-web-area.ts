import {
  adminMessages,
  consumerWebMessageEvents,
  consumerWebMessageFields,
  consumerWebMessagesResource,
  type ConsumerWebMessage,
} from '@credence/contracts';
import { pageArea, resourceArea } from '../kit/areas.ts';

const texts = adminMessages.consumerWeb;
const eventLabel = (event: string) => consumerWebMessageEvents.find((e) => e.value === event)?.label ?? event;

/** Administration › Consumer Web (/admin/consumerWeb): the member-facing site's settings and field configuration. */
export const consumerWebArea = pageArea({
  key: 'consumerWeb',
  title: 'Consumer Web',
  right: 'canManageConsumerWeb',
  page: async () => (await import('./consumer-web-page.tsx')).ConsumerWebPage,
  // Spec 2 §6: without the right, the settings call's 403 shows 'Permission Denied. …' and goes home.
  ownForbidden: true,
});

/**
 * Consumer web messages (/admin/consumerWeb/messages, spec 2 §2: where saving or cancelling a message returns). 'Saved Successfully'; a 403 shows the spec's text and goes
 * home; any other failure 'Unknown Error. Contact your System Adminstrator.' (spelled as the spec has them). The
 * editor is a dialog over the list, so saving or cancelling leaves the user on the list's address (the kit's
 * `editRoute` would leave /edit/{id} in the address after a save: the form's unsaved-changes guard blocks the way back).
 */
export const consumerWebMessagesArea = resourceArea({
  key: 'consumerWeb/messages',
  resource: consumerWebMessagesResource,
  columns: [
    { field: 'name', header: 'Name', flex: 1 },
    { field: 'event', header: 'Shown', flex: 0.8, text: (m: ConsumerWebMessage) => eventLabel(m.event) },
    { field: 'heading', header: 'Heading', flex: 2 },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 100, span: 4, autoFocus: true },
    {
      name: 'event',
      label: 'Shown',
      kind: 'select',
      required: true,
      options: consumerWebMessageEvents.map((e) => ({ value: e.value, label: e.label })),
      span: 2,
    },
    { name: 'heading', label: 'Heading', kind: 'text', required: true, maxLength: 200, span: 6 },
    {
      name: 'body',
      label: 'Message',
      kind: 'multiline',
      required: true,
      maxLength: 4000,
      span: 6,
      helperText: `Fields: ${consumerWebMessageFields.map((f) => `{${f.name}}`).join(' ')}`,
    },
    { name: 'enabled', label: 'Enabled', kind: 'checkbox', span: 6 },
  ],
  texts: {
    created: texts.saved,
    updated: texts.saved,
    enabled: texts.enabled,
    disabled: texts.disabled,
    enableFailed: texts.unknownError,
    disableFailed: texts.unknownError,
    saveFailed: texts.unknownError,
    loadFailed: texts.unknownError,
    forbidden: texts.forbidden,
  },
});
