import {
  applicationStates,
  branchesResource,
  dealersResource,
  messages,
  statusMessageFields,
  statusMessagesResource,
  userGroupsResource,
  usersResource,
  usStates,
  type Branch,
  type Dealer,
  type StatusMessage,
} from '@credence/contracts';
import { formatPhone } from '../../components/form/phone.ts';
import { resourceArea, type AdminAreaEntry } from './kit/types.ts';

const address = (d: {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}) =>
  [
    [d.addressLine1, d.addressLine2].filter(Boolean).join(', '),
    [d.city, [d.state, d.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  ]
    .filter(Boolean)
    .join(', ');

const stateOptions = usStates.map((s) => ({ value: s, label: s }));
const stateLabel = (state: string | null) => (state ? state.charAt(0).toUpperCase() + state.slice(1) : 'Any status');
const stateOptions2 = applicationStates.map((s) => ({ value: s, label: stateLabel(s) }));

/**
 * The administration areas built so far (issue 9): each feeds the router (/admin/<key>), the generic list and form
 * page, and its tests. The side menu lists the areas the user's rights open (server, contracts `adminAreas`).
 * An area adds only what is its own: columns, form fields, the spec's texts, or a page of its own.
 */
export const adminRegistry: AdminAreaEntry[] = [
  resourceArea({
    key: 'dealers',
    resource: dealersResource,
    columns: [
      { field: 'name', header: 'Name', flex: 1.2 },
      { field: 'addressLine1', header: 'Address', flex: 2, sortable: false, text: address },
      { field: 'phoneNumber', header: 'Phone', text: (d: Dealer) => formatPhone(d.phoneNumber) },
      { field: 'faxNumber', header: 'Fax', text: (d: Dealer) => formatPhone(d.faxNumber) },
      { field: 'mainContactName', header: 'Main Contact', flex: 1.2 },
      { field: 'mainContactEmail', header: 'Main Contact Email', flex: 1.4, sortable: false },
    ],
    fields: [],
    texts: {
      created: messages.dealers.created,
      updated: messages.dealers.updated,
      loadFailed: messages.dealers.retrieveFailed,
    },
    editor: async () => (await import('./dealers/dealer-editor.tsx')).DealerEditor,
  }),
  resourceArea({
    key: 'branches',
    resource: branchesResource,
    columns: [
      { field: 'name', header: 'Name', flex: 1.2 },
      { field: 'code', header: 'Branch Number', flex: 0.7 },
      { field: 'addressLine1', header: 'Address', flex: 2, sortable: false, text: address },
      { field: 'phoneNumber', header: 'Phone', sortable: false, text: (b: Branch) => formatPhone(b.phoneNumber) },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 100, span: 4, autoFocus: true },
      { name: 'code', label: 'Branch Number', kind: 'text', maxLength: 20, span: 2 },
      { name: 'addressLine1', label: 'Address Line 1', kind: 'text', maxLength: 100, span: 4 },
      { name: 'addressLine2', label: 'Address Line 2', kind: 'text', maxLength: 100, span: 2 },
      { name: 'city', label: 'City', kind: 'text', maxLength: 50, span: 3 },
      { name: 'state', label: 'State', kind: 'select', options: stateOptions, emptyLabel: 'None', span: 1 },
      { name: 'zip', label: 'ZIP', kind: 'text', maxLength: 10, span: 2 },
      { name: 'phoneNumber', label: 'Phone', kind: 'phone', span: 3 },
      { name: 'enabled', label: 'Enabled', kind: 'checkbox', span: 6 },
    ],
    texts: {
      saveFailed: messages.branches.saveFailed,
      enableFailed: messages.branches.enableFailed,
      disableFailed: messages.branches.enableFailed,
    },
  }),
  resourceArea({
    key: 'messages',
    resource: statusMessagesResource,
    columns: [
      { field: 'name', header: 'Name', flex: 1 },
      { field: 'status', header: 'Status', flex: 0.7, text: (m: StatusMessage) => stateLabel(m.status) },
      { field: 'subject', header: 'Subject', flex: 2 },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 100, span: 4, autoFocus: true },
      { name: 'status', label: 'Status', kind: 'select', options: stateOptions2, emptyLabel: 'Any status', span: 2 },
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
      enabled: messages.statusMessages.enabled,
      disabled: messages.statusMessages.disabled,
      enableFailed: messages.statusMessages.enableFailed,
      disableFailed: messages.statusMessages.disableFailed,
      saveFailed: messages.statusMessages.unknownError,
      loadFailed: messages.statusMessages.unknownError,
      forbidden: messages.statusMessages.forbidden,
    },
  }),
  resourceArea({
    key: 'users',
    resource: usersResource,
    columns: [
      { field: 'username', header: 'Username' },
      { field: 'fullName', header: 'Full Name', flex: 1.3 },
      { field: 'email', header: 'Email', flex: 1.6 },
      { field: 'jobTitle', header: 'Job Title', flex: 1.2 },
      { field: 'branchName', header: 'Branch' },
      { field: 'roleName', header: 'Role' },
    ],
    fields: [],
    editor: async () => (await import('./users/user-editor.tsx')).UserEditor,
  }),
  resourceArea({
    key: 'userGroups',
    resource: userGroupsResource,
    columns: [
      { field: 'name', header: 'Name', flex: 2 },
      { field: 'memberCount', header: 'Members' },
    ],
    fields: [],
    editor: async () => (await import('./user-groups/user-group-editor.tsx')).UserGroupEditor,
  }),
  {
    key: 'audit',
    title: 'Audit History',
    right: 'canViewAuditHistory',
    kind: 'page',
    page: async () => (await import('./audit/audit-page.tsx')).AuditPage,
  },
];

export const findAdminArea = (key: string) =>
  adminRegistry.find((area) => area.key.toLowerCase() === key.toLowerCase());
