import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { adminMessages, messages, type AnyResource } from '@credence/contracts';
import { wallClock } from '@credence/domain';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { isSessionError } from '../../../lib/api-client.ts';
import { confirm, useCloseOnCloseAllDialogs } from '../../../lib/confirm.tsx';
import { displayTimeZone, formatDateTime } from '../../../lib/format.ts';
import { useSaveResource } from '../../../lib/resource-api.ts';
import { toasts } from '../../../lib/toast.tsx';
import { UNSAVED_CHANGES_TITLE, useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt.ts';
import type { Versioned } from './policy-version.ts';

/** Which save a policy editor is making. */
export type PolicySaving = 'draft' | 'publish' | null;

/**
 * A save of a policy editor's actions: `publish` false keeps a draft; true publishes it, in effect from
 * `effectiveAt` (ISO; the administrator's 'Effective from') or at once when null.
 */
export type PolicySaveChoice = (publish: boolean, effectiveAt: string | null) => void;

/**
 * The text of a `datetime-local` input for a time, in the lender's time zone as every time is shown (issue 29,
 * item 10): '2026-12-01T09:00'.
 */
export const localDateTimeText = (at: Date, timeZone = displayTimeZone()) => {
  const c = wallClock(at, timeZone);
  return `${c.year}-${c.month}-${c.day}T${c.hour}:${c.minute}`;
};

/** The moment a `datetime-local` text names in the lender's time zone (an invalid date when it names none). */
export const momentOfLocalText = (text: string, timeZone = displayTimeZone()): Date => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!m) return new Date(Number.NaN);
  const wanted = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  // The zone's offset at that moment, found by reading the guess back (twice: once more across a DST change).
  let guess = wanted;
  for (let i = 0; i < 2; i += 1) {
    const c = wallClock(new Date(guess), timeZone);
    guess += wanted - Date.UTC(+c.year, +c.month - 1, +c.day, +c.hour, +c.minute);
  }
  return new Date(guess);
};

/**
 * What is wrong with an 'Effective from' (`text` of a `datetime-local` input, `incomplete` when some of its parts
 * are still empty): null when it is empty or from the current minute on.
 */
export const effectiveFromProblem = (text: string, incomplete: boolean, now = new Date()): string | null => {
  if (!text) return incomplete ? adminMessages.policy.effectiveFromIncomplete : null;
  const at = momentOfLocalText(text);
  if (Number.isNaN(at.getTime())) return adminMessages.policy.effectiveFromIncomplete;
  const thisMinute = new Date(now);
  thisMinute.setSeconds(0, 0);
  return at < thisMinute ? adminMessages.policy.effectiveFromPast : null;
};

/**
 * The body of a policy object's save (matrices, tier sets, term sets, rule sets): its name, kept enabled, for no
 * loan product of its own, published (from `effectiveAt`, or at once) or kept as a draft; the config carries the
 * record's id ('new') and name.
 */
export const policySaveInput = <Config extends object>(
  record: { id: number; enabled: boolean } | null,
  name: string,
  publish: boolean,
  config: Config,
  effectiveAt: string | null = null,
) => ({
  id: record?.id ?? null,
  input: {
    name,
    enabled: record?.enabled ?? true,
    loanProductIds: [] as number[],
    publish,
    ...(publish && effectiveAt ? { effectiveAt } : {}),
    config: { id: record ? String(record.id) : 'new', name, ...config },
  },
});

/** The toast of a saved policy object: 'Saved and published', '… published from 12/01/2026, 9:00 AM', '… as a draft'. */
export const policySavedText = (publish: boolean, effectiveAt: string | null = null) =>
  !publish
    ? `${adminMessages.kit.saved} as a draft`
    : effectiveAt
      ? `${adminMessages.kit.saved} and published from ${formatDateTime(effectiveAt)}`
      : `${adminMessages.kit.saved} and published`;

/**
 * The state and closing of a policy object's editor: which save runs, the server's problems, leaving (the
 * unsaved-changes prompt let through; `onLeave`, or `onClose`), Cancel (asks first when there are changes) and the
 * close-all-dialogs event. `saveAndLeave` saves, says so ('… and published', '… and published from <time>', '… as a
 * draft') and leaves; a 422 puts its messages on the form's fields (`mapField`) and lists the rest as problems; any
 * other failure is a toast.
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
      effectiveAt = null,
    }: {
      form: UseFormReturn<V>;
      mapField?: (field: string) => string;
      failed?: string;
      /** When the published version takes effect (the toast says so); null: at once. */
      effectiveAt?: string | null;
    },
  ) => {
    setSaving(publish ? 'publish' : 'draft');
    setProblems([]);
    try {
      await send();
      toasts.success('Success', policySavedText(publish, effectiveAt));
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
  const submit = (publish: boolean, effectiveAt: string | null) =>
    form.handleSubmit((values) => {
      const input = policySaveInput(record, values.name.trim(), publish, toConfig(values), effectiveAt);
      return saveAndLeave(publish, () => save.mutateAsync(input), { form, mapField: configField, effectiveAt });
    }, focusFirstInvalid)();
  const onSave: PolicySaveChoice = (publish, effectiveAt) => void submit(publish, effectiveAt);
  return { record, dirty, saving, problems, onCancel: () => void requestClose(), onSave };
};
