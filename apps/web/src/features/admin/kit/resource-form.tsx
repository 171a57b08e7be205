import { useState, type ComponentType } from 'react';
import { useForm, type FieldValues } from 'react-hook-form';
import { adminMessages, messages, type AnyResource, type RowOf } from '@credence/contracts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormFields, type FieldDecl } from '../../../components/form/form-fields.tsx';
import { formatPhone, phonePayload } from '../../../components/form/phone.ts';
import { contractResolver } from '../../../components/form/resolver.ts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { moneyText, noRows, toMoney } from '../../../components/form/values.ts';
import { isApiError, isSessionError } from '../../../lib/api-client.ts';
import { useSaveResource } from '../../../lib/resource-api.ts';
import { toasts } from '../../../lib/toast.tsx';
import type { AdminAreaEntry, EditorProps } from './types.ts';

type ResourceEntry = Extract<AdminAreaEntry, { kind: 'resource' }>;
type Values = Record<string, unknown>;

/** What a field shows for a stored value (forms hold what people type). */
const fieldValue = (field: FieldDecl, value: unknown): unknown => {
  switch (field.kind) {
    case 'checkbox':
    case 'yesNo':
      return value ?? (field.kind === 'checkbox' ? true : null);
    case 'phone':
      return formatPhone(value as string | null);
    case 'money':
      return moneyText(value as string | null);
    case 'select':
      return value === null || value === undefined ? '' : value;
    case 'multiSelect':
      return value ?? [];
    default:
      return value ?? '';
  }
};

/** What the API takes for what was typed. */
const inputValue = (field: FieldDecl, value: unknown): unknown => {
  switch (field.kind) {
    case 'phone':
      return phonePayload(value as string);
    case 'money':
      return toMoney(value as string);
    case 'select':
      return value === '' ? null : value;
    case 'text':
    case 'email':
    case 'multiline':
      return typeof value === 'string' ? value.trim() : value;
    default:
      return value;
  }
};

export const defaultValues = (fields: readonly FieldDecl[], row: Values | null): Values =>
  Object.fromEntries(fields.map((f) => [f.name, fieldValue(f, row ? row[f.name] : null)]));
export const defaultInput = (fields: readonly FieldDecl[], values: Values): Values =>
  Object.fromEntries(fields.map((f) => [f.name, inputValue(f, values[f.name])]));

/**
 * The generic create/edit form of a resource area: its declared fields in the form kit's dialog, validated by the
 * resource's input schema, a 422 put on its fields, the unsaved-changes prompt, and the area's toasts.
 */
export const resourceForm = (area: ResourceEntry): ComponentType<EditorProps<RowOf<AnyResource>>> => {
  const { resource, fields, texts = {} } = area;
  const toValues = area.toValues ?? ((row: Values | null) => defaultValues(fields, row));
  const toInput = area.toInput ?? ((values: Values) => defaultInput(fields, values));
  const resolver = contractResolver<FieldValues, unknown>(resource.input, (values) => noRows(toInput(values)));

  const ResourceForm = ({ record, onClose }: EditorProps<RowOf<AnyResource>>) => {
    const form = useForm<FieldValues>({ defaultValues: toValues(record), resolver, mode: 'onChange' });
    const save = useSaveResource(resource);
    const [formErrors, setFormErrors] = useState<string[]>([]);
    const creating = record === null;
    const label = record ? String((record as Values)[resource.labelField] ?? '') : '';

    const onSave = async (values: FieldValues) => {
      setFormErrors([]);
      try {
        await save.mutateAsync({ id: (record?.id as number | undefined) ?? null, input: toInput(values) });
        toasts.success(
          texts.toastTitle ?? 'Success',
          creating ? (texts.created ?? adminMessages.kit.saved) : (texts.updated ?? adminMessages.kit.saved),
        );
        onClose();
      } catch (error) {
        if (isSessionError(error)) return;
        if (isFieldValidationError(error)) {
          setFormErrors(applyServerErrors(form, error));
          return;
        }
        if (isApiError(error) && error.status === 403 && texts.forbidden) {
          toasts.error(messages.errors.title, texts.forbidden);
          return;
        }
        toasts.error(
          messages.errors.title,
          (creating ? texts.createFailed : undefined) ?? texts.saveFailed ?? adminMessages.kit.saveFailed,
        );
      }
    };

    return (
      <FormDialog
        form={form}
        title={creating ? `Add ${resource.singular}` : `Edit ${resource.singular}: ${label}`}
        width={720}
        onClose={onClose}
        onSave={onSave}
        formErrors={formErrors}
        testId={`${resource.name}-dialog`}
      >
        <FormFields fields={fields} columns={6} />
      </FormDialog>
    );
  };
  return ResourceForm;
};
