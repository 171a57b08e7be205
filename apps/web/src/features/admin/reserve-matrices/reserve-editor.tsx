import { useEffect, useState } from 'react';
import { useForm, useWatch, type FieldValues } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Stack from '@mui/material/Stack';
import {
  messages,
  RESERVE_NAME_MAX,
  reserveInputSchema,
  reserveMethodLabels,
  reserveMethods,
  reservesResource,
  reserveTexts,
  type Reserve,
  type ReserveMethod,
} from '@credence/contracts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormFields, type FieldDecl } from '../../../components/form/form-fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { moneyText, noRows, toMoney } from '../../../components/form/values.ts';
import { isSessionError } from '../../../lib/api-client.ts';
import { useSaveResource } from '../../../lib/resource-api.ts';
import { toasts } from '../../../lib/toast.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { EditorProps } from '../kit/types.ts';
import { reserveNameExists } from './api.ts';

type Values = FieldValues;

/** Typing pauses this long before the name is checked (spec 3 §9 debounces: 500 ms). */
export const RESERVE_NAME_DEBOUNCE_MS = 500;

const toValues = (r: Reserve | null): Values => ({
  name: r?.name ?? '',
  method: r?.method ?? 'flat',
  flatAmount: moneyText(r?.flatAmount ?? null),
  percentOfAmount: r?.percentOfAmount ?? '',
  participationPercent: r?.participationPercent ?? '',
  maxSpread: r?.maxSpread ?? '',
  capAmount: moneyText(r?.capAmount ?? null),
  enabled: r?.enabled ?? true,
});

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Only the fields of the chosen method are sent (the server keeps only those too). */
const toInput = (v: Values) => {
  const method = v.method as ReserveMethod;
  return {
    name: text(v.name),
    method,
    flatAmount: method === 'flat' ? toMoney(v.flatAmount as string) : null,
    percentOfAmount: method === 'percentOfAmount' ? text(v.percentOfAmount) : null,
    participationPercent: method === 'rateParticipation' ? text(v.participationPercent) : null,
    maxSpread: method === 'rateParticipation' ? text(v.maxSpread) : null,
    capAmount: toMoney(v.capAmount as string),
    enabled: v.enabled,
  };
};

const resolver = contractResolver<Values, unknown>(reserveInputSchema, (values) => noRows(toInput(values)));

const methodOptions = reserveMethods.map((m) => ({ value: m, label: reserveMethodLabels[m] }));

/** The fields each method shows (the others are hidden and not sent). */
const methodFields: Record<ReserveMethod, FieldDecl[]> = {
  flat: [{ name: 'flatAmount', label: 'Flat Amount', kind: 'money', required: true, span: 3 }],
  percentOfAmount: [
    {
      name: 'percentOfAmount',
      label: 'Percent of Amount Financed (%)',
      kind: 'text',
      required: true,
      maxLength: 8,
      span: 3,
      helperText: 'e.g. 2 for 2 %',
    },
  ],
  rateParticipation: [
    {
      name: 'participationPercent',
      label: 'Dealer Share (%)',
      kind: 'text',
      required: true,
      maxLength: 8,
      span: 3,
      helperText: 'Of the finance charge between buy and contract rate',
    },
    {
      name: 'maxSpread',
      label: 'Max Spread (points)',
      kind: 'text',
      maxLength: 7,
      span: 3,
      helperText: 'Most the contract rate counts above the buy rate',
    },
  ],
};

/**
 * Administration › Reserve Matrices › Reserves: a reserve's name (checked with GET reserves/doesNameExist once typing
 * pauses), its method and only that method's fields, a cap, enabled.
 */
export const ReserveEditor = ({ record, onClose }: EditorProps<Reserve>) => {
  const form = useForm<Values>({ defaultValues: toValues(record), resolver, mode: 'onChange' });
  const method = useWatch({ control: form.control, name: 'method' }) as ReserveMethod;
  const name = text(useWatch({ control: form.control, name: 'name' }));
  const save = useSaveResource(reservesResource);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const creating = record === null;

  const settled = useDebouncedValue(name, RESERVE_NAME_DEBOUNCE_MS);
  const unchanged = record !== null && settled.toLowerCase() === record.name.toLowerCase();
  const exists = useQuery({
    queryKey: ['reserves', 'doesNameExist', settled, record?.id],
    queryFn: ({ signal }) => reserveNameExists(settled, record?.id, signal),
    enabled: settled !== '' && !unchanged,
    staleTime: 0,
    retry: false,
    meta: { silentError: true },
  });
  const taken = settled === name && !unchanged && exists.data === true;
  useEffect(() => {
    if (taken) form.setError('name', { type: 'taken', message: reserveTexts.nameTaken });
  }, [taken, form]);

  const fields: FieldDecl[] = [
    {
      name: 'name',
      label: 'Name',
      kind: 'text',
      required: true,
      maxLength: RESERVE_NAME_MAX,
      span: 4,
      autoFocus: creating,
    },
    { name: 'method', label: 'Method', kind: 'select', required: true, options: methodOptions, span: 2 },
  ];

  const onSave = async (values: Values) => {
    setFormErrors([]);
    if (taken) {
      form.setError('name', { type: 'taken', message: reserveTexts.nameTaken });
      return;
    }
    try {
      await save.mutateAsync({ id: record?.id ?? null, input: toInput(values) });
      toasts.success('Success', reserveTexts.saved);
      onClose();
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) setFormErrors(applyServerErrors(form, error));
      else toasts.error(messages.errors.title, reserveTexts.saveFailed);
    }
  };

  return (
    <FormDialog
      form={form}
      title={creating ? 'Add Reserve' : `Edit Reserve: ${record.name}`}
      width={680}
      onClose={onClose}
      onSave={onSave}
      formErrors={formErrors}
      testId="reserves-dialog"
    >
      <Stack spacing={2}>
        <FormFields fields={fields} columns={6} />
        <FormFields
          key={method}
          fields={[
            ...(methodFields[method] ?? []),
            {
              name: 'capAmount',
              label: 'Cap Amount',
              kind: 'money',
              span: 3,
              helperText: 'The most it pays; empty: no cap',
            },
          ]}
          columns={6}
        />
        <FormFields fields={[{ name: 'enabled', label: 'Enabled', kind: 'checkbox' }]} columns={6} />
      </Stack>
    </FormDialog>
  );
};
