import { useState } from 'react';
import { useForm, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import {
  adminMessages,
  CUSTOM_FIELD_LABEL_MAX,
  CUSTOM_FIELD_TEXT_LIMIT,
  customFieldDefinitionInputSchema,
  customFieldDefinitionsResource,
  customFieldDefinitionTexts,
  customFieldTypeLabels,
  customFieldTypes,
  DEFAULT_CUSTOM_TEXT_MAX,
  messages,
  type CustomFieldDefinition,
} from '@credence/contracts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormFields, type FieldDecl } from '../../../components/form/form-fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { noRows } from '../../../components/form/values.ts';
import { isSessionError } from '../../../lib/api-client.ts';
import { loanProductsQuery } from '../../../lib/loan-products.ts';
import { useSaveResource } from '../../../lib/resource-api.ts';
import { toasts } from '../../../lib/toast.tsx';
import type { EditorProps } from '../kit/types.ts';

type Values = FieldValues;

const toValues = (r: CustomFieldDefinition | null): Values => ({
  loanProductId: r?.loanProductId ?? '',
  label: r?.label ?? '',
  fieldType: r?.fieldType ?? 'TEXT',
  required: r?.required ?? false,
  optionsText: (r?.options ?? []).join('\n'),
  maxLength: r?.maxLength === null || r?.maxLength === undefined ? '' : String(r.maxLength),
  sortOrder: String(r?.sortOrder ?? 0),
  enabled: r?.enabled ?? true,
});
const toInput = (v: Values) => ({
  loanProductId: v.loanProductId === '' ? null : v.loanProductId,
  label: typeof v.label === 'string' ? v.label.trim() : v.label,
  fieldType: v.fieldType,
  required: v.required,
  options: String(v.optionsText ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== ''),
  maxLength: typeof v.maxLength === 'string' ? v.maxLength.trim() : v.maxLength,
  sortOrder: typeof v.sortOrder === 'string' ? v.sortOrder.trim() : v.sortOrder,
  enabled: v.enabled,
});

/** The first message anywhere under an error entry (a list's errors nest per option). */
const firstMessage = (entry: unknown): string | undefined => {
  if (!entry || typeof entry !== 'object') return undefined;
  const { message } = entry as { message?: unknown };
  if (typeof message === 'string') return message;
  for (const value of Object.values(entry)) {
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
};

/** The contract's resolver, with the options' errors shown on the one options box. */
const contract = contractResolver<Values, unknown>(customFieldDefinitionInputSchema, (values) =>
  noRows(toInput(values)),
);
const resolver: Resolver<Values> = async (values, context, options) => {
  const result = await contract(values, context, options);
  const errors = result.errors as Record<string, unknown>;
  if (errors.options) {
    errors.optionsText = { type: 'custom', message: firstMessage(errors.options) };
    delete errors.options;
  }
  return result;
};

/**
 * Administration › Custom Fields: one field of a loan product. The type of a field some application has a value for
 * cannot change (the server refuses it too, with its reason); nor its product.
 */
export const CustomFieldEditor = ({ record, onClose }: EditorProps<CustomFieldDefinition>) => {
  const form = useForm<Values>({ defaultValues: toValues(record), resolver, mode: 'onChange' });
  const save = useSaveResource(customFieldDefinitionsResource);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const products = useQuery(loanProductsQuery);
  const fieldType = useWatch({ control: form.control, name: 'fieldType' }) as string;
  const locked = record?.inUse === true;
  const productOptions = [
    ...(products.data ?? []).map((p) => ({ value: p.id, label: p.name })),
    ...(record && !(products.data ?? []).some((p) => p.id === record.loanProductId)
      ? [{ value: record.loanProductId, label: record.loanProductName }]
      : []),
  ];
  const lockedHint = locked ? 'In use on applications: cannot change.' : undefined;
  const fields: FieldDecl[] = [
    {
      name: 'loanProductId',
      label: 'Loan Product',
      kind: 'select',
      numeric: true,
      required: true,
      options: productOptions,
      span: 3,
      disabled: locked,
      helperText: lockedHint,
    },
    {
      name: 'fieldType',
      label: 'Type',
      kind: 'select',
      required: true,
      options: customFieldTypes.map((t) => ({ value: t, label: customFieldTypeLabels[t] })),
      span: 3,
      disabled: locked,
      helperText: lockedHint,
    },
    {
      name: 'label',
      label: 'Label',
      kind: 'text',
      required: true,
      maxLength: CUSTOM_FIELD_LABEL_MAX,
      span: 4,
      autoFocus: record === null,
    },
    { name: 'sortOrder', label: 'Order', kind: 'text', maxLength: 4, span: 2 },
    ...(fieldType === 'SELECT'
      ? [
          {
            name: 'optionsText',
            label: 'Options (one per line)',
            kind: 'multiline',
            required: true,
            span: 6,
          } satisfies FieldDecl,
        ]
      : []),
    ...(fieldType === 'TEXT'
      ? [
          {
            name: 'maxLength',
            label: 'Maximum length',
            kind: 'text',
            maxLength: 4,
            span: 3,
            helperText: `Empty: ${DEFAULT_CUSTOM_TEXT_MAX} characters (at most ${CUSTOM_FIELD_TEXT_LIMIT}).`,
          } satisfies FieldDecl,
        ]
      : []),
    { name: 'required', label: 'Required (an application must fill it)', kind: 'checkbox', span: 6 },
    { name: 'enabled', label: "Enabled (shown in the application's Custom Fields)", kind: 'checkbox', span: 6 },
  ];

  const onSave = async (values: Values) => {
    setFormErrors([]);
    try {
      await save.mutateAsync({ id: record?.id ?? null, input: toInput(values) });
      toasts.success('Success', adminMessages.kit.saved);
      onClose();
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) {
        setFormErrors(
          applyServerErrors(form, error, {
            mapField: (field) => (field === 'options' || field.startsWith('options.') ? 'optionsText' : field),
          }),
        );
      } else toasts.error(messages.errors.title, customFieldDefinitionTexts.saveFailed);
    }
  };

  return (
    <FormDialog
      form={form}
      title={record ? `Edit Custom Field: ${record.label}` : 'Add Custom Field'}
      width={720}
      onClose={onClose}
      onSave={onSave}
      formErrors={formErrors}
      testId="customFields-dialog"
    >
      <FormFields fields={fields} columns={6} />
    </FormDialog>
  );
};
