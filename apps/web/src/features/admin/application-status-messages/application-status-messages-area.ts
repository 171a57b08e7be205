import {
  applicationStates,
  adminMessages,
  statusMessageFields,
  statusMessagesResource,
  type StatusMessage,
} from '@credence/contracts';
import { resourceArea } from '../kit/areas.ts';

const stateLabel = (state: string | null) => (state ? state.charAt(0).toUpperCase() + state.slice(1) : 'Any status');

/** Administration › Application Status Messages (/admin/messages; spec 2 §6–§8 texts, 403 → home). */
export const statusMessagesArea = resourceArea({
  key: 'messages',
  resource: statusMessagesResource,
  columns: [
    { field: 'name', header: 'Name', flex: 1 },
    { field: 'status', header: 'Application Status', flex: 0.8, text: (m: StatusMessage) => stateLabel(m.status) },
    { field: 'subject', header: 'Subject', flex: 2 },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 100, span: 4, autoFocus: true },
    {
      name: 'status',
      label: 'Application Status',
      kind: 'select',
      options: applicationStates.map((s) => ({ value: s, label: stateLabel(s) })),
      emptyLabel: 'Any status',
      span: 2,
    },
    { name: 'subject', label: 'Subject', kind: 'text', required: true, maxLength: 200, span: 6 },
    {
      name: 'body',
      label: 'Message',
      kind: 'multiline',
      required: true,
      maxLength: 4000,
      span: 6,
      helperText: `Fields: ${statusMessageFields.map((f) => `{${f.name}}`).join(' ')}`,
    },
    { name: 'enabled', label: 'Enabled', kind: 'checkbox', span: 6 },
  ],
  texts: {
    enabled: adminMessages.statusMessages.enabled,
    disabled: adminMessages.statusMessages.disabled,
    enableFailed: adminMessages.statusMessages.enableFailed,
    disableFailed: adminMessages.statusMessages.disableFailed,
    saveFailed: adminMessages.statusMessages.unknownError,
    loadFailed: adminMessages.statusMessages.unknownError,
    forbidden: adminMessages.statusMessages.forbidden,
  },
});
