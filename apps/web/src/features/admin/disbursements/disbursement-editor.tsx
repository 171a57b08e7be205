import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldValues } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import {
  disbursementInputSchema,
  disbursementPayeeTypeLabels,
  disbursementPayeeTypes,
  disbursementsResource,
  disbursementTexts,
  DISBURSEMENT_NAME_MAX,
  messages,
  type Disbursement,
} from '@credence/contracts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormFields, type FieldDecl } from '../../../components/form/form-fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { noRows } from '../../../components/form/values.ts';
import { isSessionError } from '../../../lib/api-client.ts';
import { callVerb, useSaveResource } from '../../../lib/resource-api.ts';
import { toasts } from '../../../lib/toast.tsx';
import type { EditorProps } from '../kit/types.ts';
import { adminLoanProductsQuery, lenderDisbursalMethodsQuery, loadOrSay, productOptions } from './api.ts';

type Values = FieldValues;

const toValues = (d: Disbursement | null): Values => ({
  name: d?.name ?? '',
  payeeType: d?.payeeType ?? '',
  disbursalMethodId: d?.disbursalMethodId ?? '',
  loanProductIds: d?.loanProductIds ?? [],
  sortOrder: String(d?.sortOrder ?? 0),
  enabled: d?.enabled ?? true,
});

const toInput = (v: Values) => ({
  name: typeof v.name === 'string' ? v.name.trim() : v.name,
  payeeType: v.payeeType === '' ? undefined : v.payeeType,
  disbursalMethodId: v.disbursalMethodId === '' ? null : v.disbursalMethodId,
  loanProductIds: v.loanProductIds,
  sortOrder: typeof v.sortOrder === 'string' ? v.sortOrder.trim() : v.sortOrder,
  enabled: v.enabled,
});

const resolver = contractResolver<Values, unknown>(disbursementInputSchema, (values) => noRows(toInput(values)));
const payeeOptions = disbursementPayeeTypes.map((t) => ({ value: t, label: disbursementPayeeTypeLabels[t] }));

/**
 * Administration › Disbursements: a disbursement's name, payee type, default disbursal method (the lender's
 * enabled methods, GET lender/disbursalmethods) and loan products (GET loanProduct; none chosen: every product).
 * The record is read again when opened (GET disbursements/{id}, 'Failed to load Disbursement'); saved with POST
 * disbursements ('Saved Disbursement' / 'Failed to save disbursement'); then back to /admin/disbursements.
 */
export const DisbursementEditor = ({ record, onClose }: EditorProps<Disbursement>) => {
  const form = useForm<Values>({ defaultValues: toValues(record), resolver, mode: 'onChange' });
  const save = useSaveResource(disbursementsResource);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const methods = useQuery(lenderDisbursalMethodsQuery);
  const products = useQuery(adminLoanProductsQuery);
  const fresh = useQuery({
    queryKey: ['resource', disbursementsResource.name, 'one', record?.id ?? 0],
    enabled: record !== null,
    queryFn: loadOrSay(disbursementTexts.loadOneFailed, () =>
      callVerb<Disbursement>(disbursementsResource, 'get', { params: { id: record?.id } }),
    ),
    meta: { silentError: true },
  });
  const { reset, formState } = form;
  const [closing, setClosing] = useState(false);
  const closed = useRef(false);
  useEffect(() => {
    if (!closing || formState.isDirty || closed.current) return;
    closed.current = true;
    onClose();
  }, [closing, formState.isDirty, onClose]);
  // Changed since the list was read (another administrator): the form shows the saved record, unless already edited.
  useEffect(() => {
    if (fresh.data && !formState.isDirty && JSON.stringify(fresh.data) !== JSON.stringify(record))
      reset(toValues(fresh.data));
  }, [fresh.data, formState.isDirty, record, reset]);

  // A method disabled since it was chosen stays shown (the server keeps it).
  const methodOptions = (methods.data ?? [])
    .map((m) => ({ value: m.id, label: m.name }))
    .concat(
      record && !(methods.data ?? []).some((m) => m.id === record.disbursalMethodId)
        ? [{ value: record.disbursalMethodId, label: `${record.disbursalMethodName} (disabled)` }]
        : [],
    );
  const fields: FieldDecl[] = [
    {
      name: 'name',
      label: 'Name',
      kind: 'text',
      required: true,
      maxLength: DISBURSEMENT_NAME_MAX,
      span: 4,
      autoFocus: record === null,
    },
    { name: 'sortOrder', label: 'Sort Order', kind: 'text', maxLength: 4, span: 2 },
    { name: 'payeeType', label: 'Payee Type', kind: 'select', required: true, options: payeeOptions, span: 3 },
    {
      name: 'disbursalMethodId',
      label: 'Disbursal Method',
      kind: 'select',
      required: true,
      numeric: true,
      options: methodOptions,
      span: 3,
    },
    {
      name: 'loanProductIds',
      label: 'Loan Products',
      kind: 'multiSelect',
      options: productOptions(products.data ?? []),
      span: 6,
      helperText: 'None chosen: every loan product.',
    },
    { name: 'enabled', label: 'Enabled', kind: 'checkbox', span: 6 },
  ];

  const onSave = async (values: Values) => {
    setFormErrors([]);
    try {
      const stored = await save.mutateAsync({ id: record?.id ?? null, input: toInput(values) });
      toasts.success('Success', disbursementTexts.saved);
      // Saved: the form is pristine again, then it closes (the unsaved-changes prompt lets the way back go).
      reset(toValues(stored));
      setClosing(true);
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) setFormErrors(applyServerErrors(form, error));
      else toasts.error(messages.errors.title, disbursementTexts.saveFailed);
    }
  };

  return (
    <FormDialog
      form={form}
      title={record ? `Edit Disbursement: ${record.name}` : 'Add Disbursement'}
      width={720}
      onClose={onClose}
      onSave={onSave}
      formErrors={formErrors}
      testId="disbursements-dialog"
    >
      <FormFields fields={fields} columns={6} />
    </FormDialog>
  );
};
