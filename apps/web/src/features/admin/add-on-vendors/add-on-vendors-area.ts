import {
  addOnPriceCapsResource,
  addOnProductLabels,
  addOnProducts,
  addOnVendorsResource,
  addOnVendorTexts,
  eligibilityVendorLabels,
  usStates,
  type AddOnPriceCap,
  type AddOnVendor,
} from '@credence/contracts';
import { showMoney } from '../../../components/form/values.ts';
import { resourceArea } from '../kit/areas.ts';
import { defaultInput, defaultValues } from '../kit/resource-form.tsx';

const productsText = (products: readonly AddOnVendor['products'][number][]) =>
  products.map((p) => addOnProductLabels[p]).join(', ');

/**
 * Administration › Add-On Vendors (issue 34 item 2): the vendors whose GAP, service contracts, credit insurance and
 * debt protection the sales worksheet offers — the kit's list; an editor of its own for the plans and their
 * options.
 */
export const addOnVendorsArea = resourceArea({
  key: 'addOnVendors',
  resource: addOnVendorsResource,
  columns: [
    { field: 'name', header: 'Name', flex: 1 },
    {
      field: 'eligibility',
      header: 'Eligibility Questions',
      flex: 0.7,
      minWidth: 150,
      text: (v: AddOnVendor) => eligibilityVendorLabels[v.eligibility],
    },
    {
      field: 'products',
      header: 'Products',
      flex: 1.4,
      sortable: false,
      text: (v: AddOnVendor) => productsText(v.products),
    },
    {
      field: 'plans',
      header: 'Plans',
      flex: 0.4,
      minWidth: 80,
      sortable: false,
      text: (v: AddOnVendor) => String(v.plans.length),
    },
  ],
  fields: [],
  texts: {
    created: addOnVendorTexts.saved,
    updated: addOnVendorTexts.saved,
    saveFailed: addOnVendorTexts.saveFailed,
    enableFailed: addOnVendorTexts.enableFailed,
    disableFailed: addOnVendorTexts.disableFailed,
  },
  editor: async () => (await import('./add-on-vendor-editor.tsx')).AddOnVendorEditor,
});

const capFields = [
  { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 100, span: 4, autoFocus: true },
  {
    name: 'state',
    label: 'State',
    kind: 'select',
    required: true,
    options: usStates.map((s) => ({ value: s, label: s })),
    span: 2,
  },
  {
    name: 'products',
    label: 'Products capped',
    kind: 'multiSelect',
    required: true,
    options: addOnProducts.map((p) => ({ value: p, label: addOnProductLabels[p] })),
    span: 6,
  },
  {
    name: 'percent',
    label: 'Percent of amount financed',
    kind: 'text',
    required: true,
    maxLength: 8,
    span: 3,
    helperText: 'e.g. 4 for 4 %',
  },
  {
    name: 'minimumAmount',
    label: 'Or at least',
    kind: 'money',
    span: 3,
    helperText: 'The cap is the greater of the two (Colorado: $600)',
  },
  { name: 'enabled', label: 'Enabled', kind: 'checkbox', span: 6 },
] as const;

/**
 * Administration › Add-On Price Caps (issue 34 item 7): lender-editable state caps on add-on prices — at most a
 * percent of the amount financed, or a minimum when that is greater — that the plans offered on a loan obey.
 */
export const addOnPriceCapsArea = resourceArea({
  key: 'addOnPriceCaps',
  resource: addOnPriceCapsResource,
  columns: [
    { field: 'name', header: 'Name', flex: 1.4 },
    { field: 'state', header: 'State', flex: 0.4, minWidth: 80 },
    {
      field: 'products',
      header: 'Products',
      flex: 1,
      sortable: false,
      text: (c: AddOnPriceCap) => productsText(c.products),
    },
    {
      field: 'percent',
      header: 'Cap',
      flex: 1,
      text: (c: AddOnPriceCap) =>
        c.minimumAmount === null
          ? `${c.percent}% of amount financed`
          : `greater of ${c.percent}% or ${showMoney(c.minimumAmount)}`,
    },
  ],
  fields: capFields,
  texts: { created: addOnVendorTexts.saved, updated: addOnVendorTexts.saved },
  toValues: (row) => ({
    ...defaultValues(capFields, row),
    products: (row as AddOnPriceCap | null)?.products ?? ['gap'],
  }),
  toInput: (values) => defaultInput(capFields, values),
});
