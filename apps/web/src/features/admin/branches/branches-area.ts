import { branchesResource, adminMessages, type Branch } from '@credence/contracts';
import { formatPhone } from '../../../components/form/phone.ts';
import { addressText, usStateOptions } from '../kit/columns.ts';
import { resourceArea } from '../kit/areas.ts';

/** Administration › Branches (spec 2 §4, §8: 'Branch Settings Save Failed', 'Branch Setting Enable Failed'). */
export const branchesArea = resourceArea({
  key: 'branches',
  resource: branchesResource,
  columns: [
    { field: 'name', header: 'Name', flex: 1.2 },
    { field: 'branchNumber', header: 'Branch Number', flex: 0.7 },
    { field: 'addressLine1', header: 'Address', flex: 2, sortable: false, text: addressText },
    { field: 'phoneNumber', header: 'Phone', sortable: false, text: (b: Branch) => formatPhone(b.phoneNumber) },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 100, span: 4, autoFocus: true },
    { name: 'branchNumber', label: 'Branch Number', kind: 'text', maxLength: 20, span: 2 },
    { name: 'addressLine1', label: 'Address Line 1', kind: 'text', maxLength: 100, span: 4 },
    { name: 'addressLine2', label: 'Address Line 2', kind: 'text', maxLength: 100, span: 2 },
    { name: 'city', label: 'City', kind: 'text', maxLength: 50, span: 3 },
    { name: 'state', label: 'State', kind: 'select', options: usStateOptions, emptyLabel: 'None', span: 1 },
    { name: 'zip', label: 'ZIP', kind: 'text', maxLength: 10, span: 2 },
    { name: 'phoneNumber', label: 'Phone', kind: 'phone', span: 3 },
    { name: 'enabled', label: 'Enabled', kind: 'checkbox', span: 6 },
  ],
  texts: {
    saveFailed: adminMessages.branches.saveFailed,
    enableFailed: adminMessages.branches.enableFailed,
    disableFailed: adminMessages.branches.enableFailed,
  },
});
