import { dealersResource, adminMessages, type Dealer } from '@credence/contracts';
import { formatPhone } from '../../../components/form/phone.ts';
import { addressText, usStateOptions } from '../kit/columns.ts';
import { resourceArea } from '../kit/areas.ts';

/** Administration › Dealers (spec 3 §3 fields, §8 texts). */
export const dealersArea = resourceArea({
  key: 'dealers',
  resource: dealersResource,
  columns: [
    { field: 'name', header: 'Name', flex: 1.2 },
    { field: 'addressLine1', header: 'Address', flex: 2, sortable: false, text: addressText },
    { field: 'phoneNumber', header: 'Phone', sortable: false, text: (d: Dealer) => formatPhone(d.phoneNumber) },
    { field: 'mainContactName', header: 'Main Contact', flex: 1.2 },
    { field: 'mainContactEmail', header: 'Main Contact Email', flex: 1.4, sortable: false },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 100, span: 6, autoFocus: true },
    { name: 'addressLine1', label: 'Address Line 1', kind: 'text', maxLength: 100, span: 4 },
    { name: 'addressLine2', label: 'Address Line 2', kind: 'text', maxLength: 100, span: 2 },
    { name: 'city', label: 'City', kind: 'text', maxLength: 50, span: 3 },
    { name: 'state', label: 'State', kind: 'select', options: usStateOptions, emptyLabel: 'None', span: 1 },
    { name: 'zip', label: 'ZIP', kind: 'text', maxLength: 10, span: 2 },
    { name: 'phoneNumber', label: 'Phone', kind: 'phone', span: 3 },
    { name: 'faxNumber', label: 'Fax', kind: 'phone', span: 3 },
    { name: 'mainContactName', label: 'Main Contact Name', kind: 'text', maxLength: 100, span: 3 },
    { name: 'mainContactEmail', label: 'Main Contact Email', kind: 'email', maxLength: 254, span: 3 },
    { name: 'enabled', label: 'Enabled (can be chosen on applications)', kind: 'checkbox', span: 6 },
  ],
  texts: {
    toastTitle: adminMessages.dealers.title,
    created: adminMessages.dealers.created,
    updated: adminMessages.dealers.updated,
    createFailed: adminMessages.dealers.createFailed,
    saveFailed: adminMessages.dealers.updateFailed,
    loadFailed: adminMessages.dealers.retrieveFailed,
  },
});
