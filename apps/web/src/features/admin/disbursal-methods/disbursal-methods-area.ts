import { disbursalMethodsResource, type DisbursalMethod } from '@credence/contracts';
import { resourceArea } from '../kit/areas.ts';

/**
 * Administration › Disbursal Methods (/admin/disbursalMethods): how the lender pays out a funded loan — Check,
 * ACH, Dealer Draft, Internal Transfer… The kit's list and form; the enabled ones are what the disbursement form
 * and the funding worksheet offer (GET lender/disbursalmethods).
 */
export const disbursalMethodsArea = resourceArea({
  key: 'disbursalMethods',
  resource: disbursalMethodsResource,
  columns: [
    { field: 'name', header: 'Name', flex: 2 },
    { field: 'sortOrder', header: 'Sort Order', flex: 0.6 },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 100, span: 4, autoFocus: true },
    { name: 'sortOrder', label: 'Sort Order', kind: 'text', maxLength: 4, span: 2 },
    { name: 'enabled', label: 'Enabled', kind: 'checkbox', span: 6 },
  ],
  toValues: (row) => {
    const method = row as DisbursalMethod | null;
    return { name: method?.name ?? '', sortOrder: String(method?.sortOrder ?? 0), enabled: method?.enabled ?? true };
  },
  toInput: (values) => ({
    name: typeof values.name === 'string' ? values.name.trim() : values.name,
    sortOrder: typeof values.sortOrder === 'string' ? values.sortOrder.trim() : values.sortOrder,
    enabled: values.enabled,
  }),
});
