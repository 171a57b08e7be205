import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  customFieldsSaveSchema,
  DEFAULT_CUSTOM_TEXT_MAX,
  messages,
  type CustomField,
  type CustomFieldsSave,
} from '@credence/contracts';
import { saveCustomFields, useCustomFields } from '../dialogs-api.ts';
import { contractResolver } from '../../../components/form/resolver.ts';
import { moneyText, noRows, toMoney } from '../../../components/form/values.ts';
import { CheckboxInput, DateInput, MoneyInput, SelectInput, TextInput } from '../../../components/form/fields.tsx';
import { useWorksheet } from '../worksheet/worksheet-context.ts';
import { useWorksheetSave, useDialogOutcome } from '../worksheet/use-worksheet-save.ts';
import { LoadingDialog } from '../../../components/form/info-dialog.tsx';
import { FormDialog } from '../../../components/form/form-dialog.tsx';

/** Title, width and test id, the same while loading and when loaded. */
const FRAME = { title: 'Custom Fields', width: 800, testId: 'custom-fields-dialog' } as const;
/** The server's number format: up to 15 digits, up to 6 decimals. */
const NUMBER_PATTERN = /^-?\d{1,15}(\.\d{1,6})?$/;

/** Values by field: `customFields.f{id}` (a key that is not a number, so the form keeps an object). */
type Values = { customFields: Record<string, string | boolean> };
const keyOf = (field: Pick<CustomField, 'id'>) => `f${field.id}`;

const valueOf = (field: CustomField): string | boolean =>
  field.fieldType === 'BOOLEAN'
    ? field.value === true
    : typeof field.value !== 'string'
      ? ''
      : field.fieldType === 'MONEY'
        ? moneyText(field.value)
        : field.value;

const payloadOf = (fields: readonly CustomField[], values: Values): CustomFieldsSave => ({
  values: fields.map((field) => {
    const value = values.customFields[keyOf(field)];
    return {
      customFieldId: field.id,
      value:
        typeof value === 'boolean'
          ? value
          : value === undefined || value.trim() === ''
            ? null
            : field.fieldType === 'MONEY'
              ? toMoney(value)
              : value.trim(),
    };
  }),
});

/** The rules of each field's type (spec 3 §7): required, a number, a text within its length. */
const fieldRules = (fields: readonly CustomField[]) => (values: Values) => {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = values.customFields[keyOf(field)];
    const name = `customFields.${keyOf(field)}`;
    if (typeof value !== 'string') continue;
    const text = value.trim();
    if (text === '') {
      if (field.required) errors[name] = messages.customFields.required;
    } else if (field.fieldType === 'NUMBER' && !NUMBER_PATTERN.test(text.replace(/,/g, ''))) {
      errors[name] = messages.customFields.notANumber;
    } else if (field.fieldType === 'TEXT' && text.length > (field.maxLength ?? DEFAULT_CUSTOM_TEXT_MAX)) {
      errors[name] = messages.customFields.tooLong(field.maxLength ?? DEFAULT_CUSTOM_TEXT_MAX);
    }
  }
  return errors;
};

/** The Custom Fields dialog (800px): the loan product's fields with this application's values. */
export const CustomFieldsDialog = ({ onClose }: { onClose: () => void }) => {
  const { applicationId } = useWorksheet();
  const { data, isError } = useCustomFields(applicationId);
  if (!data) {
    return <LoadingDialog {...FRAME} onClose={onClose} failed={isError} thing="custom fields" />;
  }
  return <CustomFieldsForm fields={[...data].sort((a, b) => a.sortOrder - b.sortOrder)} onClose={onClose} />;
};

const CustomFieldsForm = ({ fields, onClose }: { fields: CustomField[]; onClose: () => void }) => {
  const { applicationId, canEdit, readOnlyReason } = useWorksheet();
  const save = useWorksheetSave();
  const { formErrors, settle } = useDialogOutcome(onClose);
  const defaultValues = useMemo<Values>(
    () => ({ customFields: Object.fromEntries(fields.map((f) => [keyOf(f), valueOf(f)])) }),
    [fields],
  );
  const resolver = useMemo(
    () =>
      contractResolver<Values, CustomFieldsSave>(
        customFieldsSaveSchema,
        (v) => noRows(payloadOf(fields, v)),
        fieldRules(fields),
      ),
    [fields],
  );
  // Errors show as fields change and, for every field, when Save is pressed (issue 17, item 7).
  const form = useForm<Values>({ defaultValues, resolver, mode: 'onChange' });

  const onSave = (values: Values) =>
    settle(async () => {
      return save(
        form,
        (confirmFunded) => saveCustomFields(applicationId, { ...payloadOf(fields, values), confirmFunded }),
        {
          success: { title: messages.customFields.updated },
          // The server names a field customFields.{id}.
          mapField: (field) => field.replace(/^customFields\.(\d+)$/, 'customFields.f$1'),
        },
      );
    });

  return (
    <FormDialog
      form={form}
      {...FRAME}
      onClose={onClose}
      onSave={onSave}
      saveDisabled={!canEdit}
      saveHint={readOnlyReason}
      savePristine
      formErrors={formErrors}
    >
      {fields.length === 0 ? (
        <Typography color="text.secondary">This loan product has no custom fields.</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 0.5 }}>
          {fields.map((field) => (
            <CustomFieldInput key={field.id} field={field} disabled={!canEdit} />
          ))}
        </Box>
      )}
    </FormDialog>
  );
};

const CustomFieldInput = ({ field, disabled }: { field: CustomField; disabled: boolean }) => {
  const name = `customFields.${keyOf(field)}`;
  const common = { name, label: field.label, required: field.required, disabled };
  switch (field.fieldType) {
    case 'BOOLEAN':
      return (
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <CheckboxInput name={name} label={field.label} disabled={disabled} />
        </Box>
      );
    case 'DATE':
      return <DateInput {...common} />;
    case 'SELECT':
      return (
        <SelectInput
          {...common}
          options={field.options.map((o) => ({ value: o, label: o }))}
          emptyLabel={field.required ? undefined : 'None'}
        />
      );
    case 'NUMBER':
      return <TextInput {...common} inputMode="decimal" />;
    case 'MONEY':
      return <MoneyInput {...common} />;
    case 'TEXT':
      return <TextInput {...common} maxLength={field.maxLength ?? DEFAULT_CUSTOM_TEXT_MAX} />;
  }
};
