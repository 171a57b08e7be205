import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { adminMessages, messages, type AnyResource } from '@credence/contracts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { isSessionError } from '../../../lib/api-client.ts';
import { confirm, useCloseOnCloseAllDialogs } from '../../../lib/confirm.tsx';
import { useSaveResource } from '../../../lib/resource-api.ts';
import { toasts } from '../../../lib/toast.tsx';
import { UNSAVED_CHANGES_TITLE, useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt.ts';
import type { Versioned } from './policy-version.ts';

/** Which save a policy editor is making. */
export type PolicySaving = 'draft' | 'publish' | null;

/**
 * The body of a policy object's save (matrices, tier sets, term sets, rule sets): its name, kept enabled, for no
 * loan product of its own, published or kept as a draft; the config carries the record's id ('new') and name.
 */
export const policySaveInput = <Config extends object>(
  record: { id: number; enabled: boolean } | null,
  name: string,
  publish: boolean,
  config: Config,
) => ({
  id: record?.id ?? null,
  input: {
    name,
    enabled: record?.enabled ?? true,
    loanProductIds: [] as number[],
    publish,
    config: { id: record ? String(record.id) : 'new', name, ...config },
  },
});

/**
 * The state and closing of a policy object's editor: which save runs, the server's problems, leaving (the
 * unsaved-changes prompt let through; `onLeave`, or `onClose`), Cancel (asks first when there are changes) and the
 * close-all-dialogs event. `saveAndLeave` saves, says so ('… and published', '… as a draft') and leaves; a 422 puts
 * its messages on the form's fields (`mapField`) and lists the rest as problems; any other failure is a toast.
 */
export const usePolicyEditor = ({
  dirty,
  onClose,
  onLeave = onClose,
}: {
  dirty: boolean;
  onClose: () => void;
  onLeave?: () => void;
}) => {
  const [saving, setSaving] = useState<PolicySaving>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const { allowNextNavigation } = useUnsavedChangesPrompt(dirty);

  const leave = () => {
    allowNextNavigation();
    onLeave();
  };
  const requestClose = async () => {
    if (saving) return;
    if (dirty && !(await confirm({ title: UNSAVED_CHANGES_TITLE, message: messages.unsavedChanges }))) return;
    leave();
  };
  useCloseOnCloseAllDialogs(onClose);

  const saveAndLeave = async <V extends FieldValues>(
    publish: boolean,
    send: () => Promise<unknown>,
    {
      form,
      mapField,
      failed = adminMessages.kit.saveFailed,
    }: { form: UseFormReturn<V>; mapField?: (field: string) => string; failed?: string },
  ) => {
    setSaving(publish ? 'publish' : 'draft');
    setProblems([]);
    try {
      await send();
      toasts.success(
        'Success',
        publish ? `${adminMessages.kit.saved} and published` : `${adminMessages.kit.saved} as a draft`,
      );
      leave();
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) setProblems(applyServerErrors(form, error, mapField ? { mapField } : {}));
      else toasts.error(messages.errors.title, failed);
    } finally {
      setSaving(null);
    }
  };

  return { saving, setSaving, problems, setProblems, allowNextNavigation, leave, requestClose, saveAndLeave };
};

/** Maps a server field of a policy object's config ('config.tiers.0.name') to the editor's form ('tiers.0.name'). */
export const configField = (field: string) => field.replace(/^config\./, '');

/** After a refused submit, the first field in error takes the focus. */
export const focusFirstInvalid = () =>
  setTimeout(() => document.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus(), 30);

/**
 * A policy object's form editor (credit tier sets, loan term sets) in PolicyEditorFrame: saves the form's values
 * (checked first; the first field in error takes the focus) with its name and `toConfig(values)` as the config; the
 * server's messages go on the fields named after `config.` and the rest are listed. Returns the frame's props.
 */
export const usePolicyFormEditor = <V extends FieldValues & { name: string }>({
  form,
  resource,
  record,
  onClose,
  toConfig,
}: {
  form: UseFormReturn<V>;
  resource: AnyResource;
  record: (Versioned & { id: number; enabled: boolean }) | null;
  onClose: () => void;
  toConfig: (values: V) => object;
}) => {
  const save = useSaveResource(resource);
  const dirty = form.formState.isDirty;
  const { saving, problems, requestClose, saveAndLeave } = usePolicyEditor({ dirty, onClose });
  const submit = (publish: boolean) =>
    form.handleSubmit((values) => {
      const send = () => save.mutateAsync(policySaveInput(record, values.name.trim(), publish, toConfig(values)));
      return saveAndLeave(publish, send, { form, mapField: configField });
    }, focusFirstInvalid)();
  return {
    record,
    dirty,
    saving,
    problems,
    onCancel: () => void requestClose(),
    onSave: (publish: boolean) => void submit(publish),
  };
};
