import { useEffect, useState } from 'react';
import { useController, useForm, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import {
  adminMessages,
  decisionRetractionRuleSetsResource,
  messages,
  retractableApplicationFields,
  type RowOf,
} from '@credence/contracts';
import { TextInput } from '../../../components/form/fields.tsx';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { noRows } from '../../../components/form/values.ts';
import { isSessionError } from '../../../lib/api-client.ts';
import { callVerb, useSaveResource } from '../../../lib/resource-api.ts';
import { toasts } from '../../../lib/toast.tsx';
import { configField, policySaveInput } from '../kit/policy-editor.ts';
import type { EditorProps } from '../kit/types.ts';
import { retractableFieldGroups } from './retractable-fields.ts';

type RuleSetRow = RowOf<typeof decisionRetractionRuleSetsResource>;
type Values = { name: string; fields: string[] };

const resolver = contractResolver<Values, Values>(
  z.object({
    name: z.string().trim().min(1, messages.validation.required).max(100),
    fields: z.array(z.enum(retractableApplicationFields)).min(1, 'Choose at least one field.'),
  }),
  noRows,
);
const toValues = (record: RuleSetRow | null): Values => ({
  name: record?.name ?? '',
  fields: record ? [...record.config.fields] : [],
});

/** The fields as check boxes, group by group. */
const FieldChoices = () => {
  const { control } = useFormContext<Values>();
  const { field, fieldState } = useController({ name: 'fields', control });
  const chosen = new Set(field.value);
  const toggle = (value: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(value);
    else next.delete(value);
    // In the list's own order, so a save without a real change stays unchanged.
    field.onChange(retractableApplicationFields.filter((f) => next.has(f)));
  };
  return (
    <FormControl component="fieldset" error={!!fieldState.error} sx={{ width: '100%' }}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        Retract the decision when one of these changes after approval
      </FormLabel>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {retractableFieldGroups.map((group) => (
          <Box key={group.title} role="group" aria-label={group.title}>
            <Typography variant="subtitle2" color="text.secondary">
              {group.title}
            </Typography>
            {group.fields.map((f, i) => (
              <FormControlLabel
                key={f.value}
                sx={{ display: 'flex' }}
                label={f.label}
                control={
                  <Checkbox
                    size="small"
                    checked={chosen.has(f.value)}
                    onChange={(event) => toggle(f.value, event.target.checked)}
                    onBlur={field.onBlur}
                    slotProps={{ input: i === 0 && group === retractableFieldGroups[0] ? { ref: field.ref } : {} }}
                  />
                }
              />
            ))}
          </Box>
        ))}
      </Box>
      {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
    </FormControl>
  );
};

/**
 * Administration › Decision Retraction Rule Sets (spec 2 §2, §3, §8): a rule set's name and the application
 * fields whose change after approval retracts the decision. An existing set is read again when opened ('Get
 * RuleSet Failed' when it cannot be); saving publishes it at once ('Saved RuleSet', 'RuleSet Save Failed'), and
 * saving or cancelling returns to the list, /admin/decisionRetract.
 */
const DecisionRetractEditor = ({ record, onClose }: EditorProps<RuleSetRow>) => {
  const form = useForm<Values>({ defaultValues: toValues(record), resolver, mode: 'onChange' });
  const save = useSaveResource(decisionRetractionRuleSetsResource);
  const [formErrors, setFormErrors] = useState<string[]>([]);

  // The set as stored now (another administrator may have changed it since the list was read).
  useEffect(() => {
    if (!record) return;
    let active = true;
    callVerb<RuleSetRow>(decisionRetractionRuleSetsResource, 'get', { params: { id: record.id } })
      .then((fresh) => {
        if (active && !form.formState.isDirty) form.reset(toValues(fresh));
      })
      .catch((error: unknown) => {
        if (!active || isSessionError(error)) return;
        toasts.error(messages.errors.title, adminMessages.policy.getRuleSetFailed);
        onClose();
      });
    return () => {
      active = false;
    };
    // Once, when opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSave = async (values: Values) => {
    setFormErrors([]);
    try {
      const config = { type: 'DecisionRetraction', fields: values.fields };
      await save.mutateAsync(policySaveInput(record, values.name.trim(), true, config));
      toasts.success('Success', adminMessages.policy.ruleSetSaved);
      onClose();
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) {
        setFormErrors(applyServerErrors(form, error, { mapField: configField }));
        return;
      }
      toasts.error(messages.errors.title, adminMessages.policy.ruleSetSaveFailed);
    }
  };

  return (
    <FormDialog
      form={form}
      title={record ? `Edit Rule Set: ${record.name}` : 'Add Rule Set'}
      width={760}
      onClose={onClose}
      onSave={onSave}
      formErrors={formErrors}
      testId="decision-retract-editor"
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 0.5 }}>
        <Box sx={{ maxWidth: 480 }}>
          <TextInput name="name" label="Name" required maxLength={100} autoFocus={!record} />
        </Box>
        <FieldChoices />
      </Box>
    </FormDialog>
  );
};

export default DecisionRetractEditor;
