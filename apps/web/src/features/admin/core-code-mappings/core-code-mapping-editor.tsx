import { useState } from 'react';
import { useForm, useWatch, type FieldValues } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import {
  adminMessages,
  CORE_CODE_DESCRIPTION_MAX,
  CORE_CODE_MAX,
  coreCodeMappingInputSchema,
  coreCodeMappingsEndpoints,
  coreCodeMappingsResource,
  coreCodeMappingTexts,
  coreCodeTypeLabels,
  coreCodeTypes,
  messages,
  type CoreCodeMapping,
} from '@credence/contracts';
import { SelectInput } from '../../../components/form/fields.tsx';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormFields, type FieldDecl } from '../../../components/form/form-fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { noRows } from '../../../components/form/values.ts';
import { isSessionError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { silentLoad } from '../../../lib/retrieving.ts';
import { useSaveResource } from '../../../lib/resource-api.ts';
import { toasts } from '../../../lib/toast.tsx';
import { loadOrSay } from '../disbursements/index.ts';
import type { EditorProps } from '../kit/types.ts';

type Values = FieldValues;

const toValues = (m: CoreCodeMapping | null): Values => ({
  codeType: m?.codeType ?? '',
  credenceValue: m?.credenceValue ?? '',
  coreCode: m?.coreCode ?? '',
  description: m?.description ?? '',
});
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const toInput = (v: Values) => ({
  codeType: v.codeType === '' ? undefined : v.codeType,
  credenceValue: trimmed(v.credenceValue),
  coreCode: trimmed(v.coreCode),
  description: trimmed(v.description) || null,
});
const resolver = contractResolver<Values, unknown>(coreCodeMappingInputSchema, (values) => noRows(toInput(values)));
const typeOptions = coreCodeTypes.map((t) => ({ value: t, label: coreCodeTypeLabels[t] }));

const textFields: FieldDecl[] = [
  { name: 'coreCode', label: 'Core Code', kind: 'text', required: true, maxLength: CORE_CODE_MAX, span: 2 },
  { name: 'description', label: 'Description', kind: 'text', maxLength: CORE_CODE_DESCRIPTION_MAX, span: 6 },
];

/**
 * Administration › Core Code Mappings: a kind (loan product, payment frequency, collateral type, disbursal method,
 * add-on, branch), then one of the kind's values — the lender's records or the fixed list, a dependent select
 * cleared when the kind changes — and the core's code for it.
 */
export const CoreCodeMappingEditor = ({ record, onClose }: EditorProps<CoreCodeMapping>) => {
  const form = useForm<Values>({ defaultValues: toValues(record), resolver, mode: 'onChange' });
  const save = useSaveResource(coreCodeMappingsResource);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const codeType = useWatch({ control: form.control, name: 'codeType' }) as string;
  const values = useQuery({
    queryKey: ['coreCodeValues'],
    queryFn: loadOrSay(coreCodeMappingTexts.valuesFailed, () => callEndpoint(coreCodeMappingsEndpoints.values, {})),
    meta: silentLoad,
  });
  const kindValues = values.data?.find((v) => v.codeType === codeType)?.values ?? [];
  // A record since removed stays shown by its stored value.
  const valueOptions = kindValues
    .map((v) => ({ value: v.value, label: v.label }))
    .concat(
      record && record.codeType === codeType && !kindValues.some((v) => v.value === record.credenceValue)
        ? [{ value: record.credenceValue, label: record.credenceLabel }]
        : [],
    );

  const onSave = async (input: Values) => {
    setFormErrors([]);
    try {
      await save.mutateAsync({ id: record?.id ?? null, input: toInput(input) });
      toasts.success('Success', adminMessages.kit.saved);
      onClose();
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) setFormErrors(applyServerErrors(form, error));
      else toasts.error(messages.errors.title, coreCodeMappingTexts.saveFailed);
    }
  };

  return (
    <FormDialog
      form={form}
      title={record ? `Edit Core Code Mapping: ${record.coreCode}` : 'Add Core Code Mapping'}
      width={720}
      onClose={onClose}
      onSave={onSave}
      formErrors={formErrors}
      testId="coreCodeMappings-dialog"
    >
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(6, minmax(0, 1fr))' } }}>
        <Box sx={{ gridColumn: { sm: 'span 2' } }}>
          <SelectInput
            name="codeType"
            label="Code Type"
            required
            options={typeOptions}
            onUserChange={() => form.setValue('credenceValue', '', { shouldDirty: true, shouldValidate: false })}
          />
        </Box>
        <Box sx={{ gridColumn: { sm: 'span 4' } }}>
          <SelectInput
            name="credenceValue"
            label="Credence Value"
            required
            disabled={codeType === ''}
            options={valueOptions}
            helperText={codeType === '' ? 'Choose the code type first.' : undefined}
          />
        </Box>
      </Box>
      <Box sx={{ mt: 1.5 }}>
        <FormFields fields={textFields} columns={6} />
      </Box>
    </FormDialog>
  );
};
