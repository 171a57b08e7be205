import { dealersResource, messages, type Dealer } from '@credence/contracts';
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
