import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { messages } from '@credence/contracts';
import { isApiError } from '../../lib/api-client.ts';
import { formPath, type RowMap } from './values.ts';

const isLeaf = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null;

export type ServerErrorOptions = {
  /** Payload row index -> form row index, for lists whose blank rows were not sent. */
  rows?: RowMap;
  /** The form field a server field name stands for ('customFields.12' -> 'customFields.f12'). */
  mapField?: (field: string) => string;
};

/**
 * The one way a 422 reaches a form: each of its `errors[]` goes on the form field it names; the messages that
 * name no field of the form are answered, for the dialog's error summary (a 422 without field errors answers
 * its own message). Any other failure answers nothing: the caller shows it (the error toast).
 */
export const applyServerErrors = <V extends FieldValues>(
  form: Pick<UseFormReturn<V>, 'getValues' | 'setError'>,
  error: unknown,
  { rows = {}, mapField = (field) => field }: ServerErrorOptions = {},
): string[] => {
  if (!isApiError(error) || error.status !== 422) return [];
  const unmatched: string[] = [];
  for (const fieldError of error.errors) {
    const name = formPath(mapField(fieldError.field), rows);
    const current: unknown = name ? form.getValues(name as Path<V>) : undefined;
    if (name && isLeaf(current)) form.setError(name as Path<V>, { type: 'server', message: fieldError.message });
    else unmatched.push(fieldError.message);
  }
  if (error.errors.length === 0) unmatched.push(error.serverMessage ?? messages.errors.validation);
  return unmatched;
};

/** Whether the failure is a 422 naming fields (the form shows it) rather than one for the error toast. */
export const isFieldValidationError = (error: unknown): boolean =>
  isApiError(error) && error.status === 422 && error.errors.length > 0;
