import { usStates } from '@credence/contracts';
import type { FieldDecl } from '../../../components/form/form-fields.tsx';

/** The dealer form's fields, in a grid of six columns (spec 3 §3). */
export const dealerFields: readonly FieldDecl[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 100, span: 6, autoFocus: true },
  { name: 'addressLine1', label: 'Address Line 1', kind: 'text', maxLength: 100, span: 4 },
  { name: 'addressLine2', label: 'Address Line 2', kind: 'text', maxLength: 100, span: 2 },
  { name: 'city', label: 'City', kind: 'text', maxLength: 50, span: 3 },
  {
    name: 'state',
    label: 'State',
    kind: 'select',
    options: usStates.map((s) => ({ value: s, label: s })),
    emptyLabel: 'None',
    span: 1,
  },
  { name: 'zip', label: 'ZIP', kind: 'text', maxLength: 10, span: 2 },
  { name: 'phoneNumber', label: 'Phone', kind: 'phone', span: 3 },
  { name: 'faxNumber', label: 'Fax', kind: 'phone', span: 3 },
  { name: 'mainContactName', label: 'Main Contact Name', kind: 'text', maxLength: 100, span: 3 },
  { name: 'mainContactEmail', label: 'Main Contact Email', kind: 'email', maxLength: 254, span: 3 },
  { name: 'enabled', label: 'Enabled (can be chosen on applications)', kind: 'checkbox', span: 6 },
];
