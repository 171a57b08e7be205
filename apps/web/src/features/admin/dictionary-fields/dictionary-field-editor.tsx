import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm, useWatch, type FieldValues } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  adminMessages,
  DICTIONARY_CODE_MAX,
  DICTIONARY_PATH_MAX,
  DICTIONARY_VENDOR_MAX,
  dictionaryFieldEndpoints,
  dictionaryFieldInputSchema,
  dictionaryFieldsResource,
  dictionaryFieldTexts,
  messages,
  type DictionaryField,
} from '@credence/contracts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormFields, type FieldDecl } from '../../../components/form/form-fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { noRows } from '../../../components/form/values.ts';
import { isApiError, isSessionError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { useSaveResource } from '../../../lib/resource-api.ts';
import { toasts } from '../../../lib/toast.tsx';
import { withoutNavigationPrompts } from '../../../lib/use-unsaved-changes-prompt.ts';
import type { EditorProps } from '../kit/types.ts';

type Values = FieldValues;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const toValues = (r: DictionaryField | null): Values => ({
  formVendor: r?.formVendor ?? '',
  formCode: r?.formCode ?? '',
  jmesPath: r?.jmesPath ?? '',
});
const toInput = (v: Values) => ({
  formVendor: trimmed(v.formVendor),
  formCode: trimmed(v.formCode),
  jmesPath: trimmed(v.jmesPath),
});
const resolver = contractResolver<Values, unknown>(dictionaryFieldInputSchema, (values) => noRows(toInput(values)));

const fields: FieldDecl[] = [
  { name: 'formVendor', label: 'Form Vendor', kind: 'text', required: true, maxLength: DICTIONARY_VENDOR_MAX, span: 3 },
  { name: 'formCode', label: 'Form Code', kind: 'text', required: true, maxLength: DICTIONARY_CODE_MAX, span: 3 },
  {
    name: 'jmesPath',
    label: 'JMESPath',
    kind: 'multiline',
    required: true,
    maxLength: DICTIONARY_PATH_MAX,
    span: 6,
    helperText: "Read from the application's loan summary document, e.g. applicants[?isPrimary] | [0].lastName",
  },
];

/** A value as the test panel shows it: JSON, indented; nothing found reads as such. */
const shown = (value: unknown) => (value === null ? 'null (nothing found)' : JSON.stringify(value, null, 2));

/**
 * The test panel: the path as typed now, evaluated against the application whose number is given (the server reads
 * that application's document as the loan summary does). A path that does not compile shows the parser's message.
 */
const PathTest = ({ jmesPath }: { jmesPath: string }) => {
  const [applicationId, setApplicationId] = useState('');
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const id = Number(applicationId.trim());
  const valid = /^\d{1,10}$/.test(applicationId.trim()) && id >= 1 && id <= 2_147_483_647;

  const run = async () => {
    setRunning(true);
    setOutcome(null);
    try {
      const { value } = await callEndpoint(dictionaryFieldEndpoints.test, {
        body: { applicationId: id, jmesPath: jmesPath.trim() },
      });
      setOutcome({ ok: true, text: shown(value) });
    } catch (error) {
      if (isSessionError(error)) return;
      if (isApiError(error) && isFieldValidationError(error)) {
        setOutcome({ ok: false, text: error.errors.map((e) => e.message).join(' ') });
      } else if (isApiError(error) && error.status === 404) {
        setOutcome({ ok: false, text: `Application ${applicationId.trim()} was not found.` });
      } else setOutcome({ ok: false, text: messages.errors.backend });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} data-testid="dictionary-path-test">
      <Typography variant="subtitle2" component="h2" gutterBottom>
        Test the path against an application
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <TextField
          label="Application #"
          value={applicationId}
          onChange={(event) => setApplicationId(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              if (valid && jmesPath.trim() && !running) void run();
            }
          }}
          size="small"
          sx={{ width: 180 }}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
        />
        <Button
          type="button"
          variant="outlined"
          startIcon={<PlayArrowIcon />}
          disabled={!valid || !jmesPath.trim() || running}
          onClick={() => void run()}
          sx={{ mt: 0.25 }}
        >
          Test
        </Button>
      </Box>
      {outcome ? (
        outcome.ok ? (
          <Box
            component="pre"
            data-testid="dictionary-test-value"
            sx={{
              mt: 1.5,
              mb: 0,
              p: 1.5,
              bgcolor: 'action.hover',
              borderRadius: 1,
              fontSize: 13,
              maxHeight: 220,
              overflow: 'auto',
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
            }}
          >
            {outcome.text}
          </Box>
        ) : (
          <Alert severity="error" sx={{ mt: 1.5 }} data-testid="dictionary-test-error">
            {outcome.text}
          </Alert>
        )
      ) : null}
    </Paper>
  );
};

/**
 * Administration › Dictionary Fields: a field's vendor, code and JMESPath. Save asks `POST …/IsUnique` first (spec
 * 2 §5); a taken triple or a path that does not compile shows on its field. A new field then opens at
 * /admin/loanFormDictionaryFields/{id} (spec 2 §2).
 */
export const DictionaryFieldEditor = ({ record, onClose }: EditorProps<DictionaryField>) => {
  const form = useForm<Values>({ defaultValues: toValues(record), resolver, mode: 'onChange' });
  const save = useSaveResource(dictionaryFieldsResource);
  const navigate = useNavigate();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const jmesPath = String(useWatch({ control: form.control, name: 'jmesPath' }) ?? '');

  const onSave = async (values: Values) => {
    setFormErrors([]);
    const input = toInput(values) as { formVendor: string; formCode: string; jmesPath: string };
    try {
      const { isUnique } = await callEndpoint(dictionaryFieldEndpoints.isUnique, {
        body: { ...input, id: record?.id ?? null },
      });
      if (!isUnique) {
        form.setError('formCode', { type: 'server', message: dictionaryFieldTexts.taken }, { shouldFocus: true });
        return;
      }
      const saved = (await save.mutateAsync({ id: record?.id ?? null, input })) as DictionaryField;
      toasts.success('Success', adminMessages.kit.saved);
      onClose();
      // Saved: nothing is unsaved any more, though the form has not been redrawn yet to say so.
      if (!record) void withoutNavigationPrompts(() => navigate(`/admin/loanFormDictionaryFields/${saved.id}`));
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) setFormErrors(applyServerErrors(form, error));
      else toasts.error(messages.errors.title, dictionaryFieldTexts.saveFailed);
    }
  };

  return (
    <FormDialog
      form={form}
      title={record ? `Edit Dictionary Field: ${record.formCode}` : 'Add Dictionary Field'}
      width={760}
      onClose={onClose}
      onSave={onSave}
      formErrors={formErrors}
      testId="loanFormDictionaryFields-dialog"
    >
      <FormFields fields={fields} columns={6} />
      <PathTest jmesPath={jmesPath} />
    </FormDialog>
  );
};
