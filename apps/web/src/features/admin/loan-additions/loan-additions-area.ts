import type { ComponentType } from 'react';
import { money } from '@credence/domain';
import {
  loanAdditionFeeTypeLabels,
  loanAdditionFeeTypes,
  loanAdditionsResource,
  loanAdditionTexts,
  LOAN_ADDITION_NAME_MAX,
  loanProductEndpoints,
  type LoanAddition,
} from '@credence/contracts';
import type { FieldDecl } from '../../../components/form/form-fields.tsx';
import type { Option } from '../../../components/form/fields.tsx';
import { showMoney } from '../../../components/form/values.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { resourceArea } from '../kit/areas.ts';
import { defaultInput, defaultValues, resourceForm } from '../kit/resource-form.tsx';
import type { AdminAreaEntry, EditorProps } from '../kit/types.ts';

type ResourceEntry = Extract<AdminAreaEntry, { kind: 'resource' }>;

/** The price of an add-on in a list cell: '$595.00', or '3.50 per $1,000'. */
const priceText = (a: LoanAddition) =>
  a.feeType === 'per1000' ? `${money(a.ratePer1000 ?? 0).toFixed(2)} per $1,000` : showMoney(a.flatAmount);

/** The form's fields; the products' choices are the lender's loan products (loaded by the editor). */
const loanAdditionFields = (products: readonly Option[]): FieldDecl[] => [
  {
    name: 'name',
    label: 'Name',
    kind: 'text',
    required: true,
    maxLength: LOAN_ADDITION_NAME_MAX,
    span: 4,
    autoFocus: true,
  },
  { name: 'sortOrder', label: 'Sort Order', kind: 'text', maxLength: 4, span: 2 },
  {
    name: 'feeType',
    label: 'Priced',
    kind: 'select',
    required: true,
    options: loanAdditionFeeTypes.map((t) => ({ value: t, label: loanAdditionFeeTypeLabels[t] })),
    span: 2,
  },
  { name: 'flatAmount', label: 'Flat amount', kind: 'money', span: 2, helperText: 'When priced as a flat amount.' },
  { name: 'ratePer1000', label: 'Rate per $1,000', kind: 'text', maxLength: 9, span: 2, helperText: 'e.g. 3.50' },
  {
    name: 'loanProductIds',
    label: 'Loan products',
    kind: 'multiSelect',
    options: products,
    helperText: 'None chosen: every loan product offers it.',
  },
  {
    name: 'financeCharge',
    label:
      'Finance charge (a charge for the credit itself, Regulation Z §1026.4: counted in the APR and taken from the amount financed)',
    kind: 'checkbox',
    span: 6,
  },
  { name: 'isDefault', label: 'Selected by default on a new decision', kind: 'checkbox', span: 3 },
  { name: 'enabled', label: 'Enabled', kind: 'checkbox', span: 3 },
];

/** Form values of an add-on (a new one: flat, enabled). */
const loanAdditionValues = (fields: readonly FieldDecl[], row: LoanAddition | null) => ({
  ...defaultValues(fields, row),
  feeType: row?.feeType ?? 'flat',
  sortOrder: String(row?.sortOrder ?? 0),
  ratePer1000: row?.ratePer1000 ?? '',
  isDefault: row?.isDefault ?? false,
  financeCharge: row?.financeCharge ?? false,
  enabled: row?.enabled ?? true,
});

/**
 * Administration › Add-Ons (/admin/loanAdditions): the lender's add-ons catalogue the decision worksheet offers
 * — GAP, service contracts, credit life… — priced as a flat amount or a rate per $1,000, on some or every loan
 * product, the default ones selected on a new decision, those the lender charges for the credit itself marked as
 * finance charges (issue 41). The kit's list; an editor that loads the products.
 */
export const loanAdditionsArea: AdminAreaEntry = resourceArea({
  key: 'loanAdditions',
  resource: loanAdditionsResource,
  columns: [
    { field: 'name', header: 'Name', flex: 1.3 },
    {
      field: 'feeType',
      header: 'Priced',
      flex: 0.8,
      minWidth: 125,
      text: (a: LoanAddition) => loanAdditionFeeTypeLabels[a.feeType],
    },
    { field: 'flatAmount', header: 'Price', flex: 0.8, minWidth: 125, sortable: false, text: priceText },
    {
      field: 'isDefault',
      header: 'Default',
      flex: 0.4,
      minWidth: 80,
      text: (a: LoanAddition) => (a.isDefault ? 'Yes' : 'No'),
    },
    {
      field: 'financeCharge',
      header: 'Finance Charge',
      flex: 0.7,
      minWidth: 122,
      text: (a: LoanAddition) => (a.financeCharge ? 'Yes' : ''),
    },
    { field: 'sortOrder', header: 'Sort Order', flex: 0.6, minWidth: 110 },
  ],
  fields: loanAdditionFields([]),
  texts: {
    created: loanAdditionTexts.saved,
    updated: loanAdditionTexts.saved,
    saveFailed: loanAdditionTexts.saveFailed,
    enableFailed: loanAdditionTexts.enableFailed,
    disableFailed: loanAdditionTexts.disableFailed,
  },
  // The loan products' choices are the lender's products, loaded with the form when it is first opened.
  editor: async (): Promise<ComponentType<EditorProps<LoanAddition>>> => {
    const products = await callEndpoint(loanProductEndpoints.list, {});
    const fields = loanAdditionFields(products.map((p) => ({ value: p.id, label: p.name })));
    return resourceForm({
      ...(loanAdditionsArea as ResourceEntry),
      fields,
      toValues: (row) => loanAdditionValues(fields, row as LoanAddition | null),
      toInput: (values) => defaultInput(fields, values),
    }) as ComponentType<EditorProps<LoanAddition>>;
  },
});
