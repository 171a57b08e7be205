import { useState } from 'react';
import { useController, useForm, type FieldValues } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import {
  LENDER_PROTECTION_PASSWORD_MAX,
  LENDER_PROTECTION_PROGRAM_CODE_MAX,
  LENDER_PROTECTION_USER_NAME_MAX,
  lenderProtectionAdminEndpoints,
  lenderProtectionAdminTexts as texts,
  lenderProtectionCredentialInputSchema,
  lenderProtectionProviders,
  lenderProtectionResource,
  messages,
  type LenderProtectionCredential,
  type LenderProtectionCredentialTestResult,
} from '@credence/contracts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormFields, type FieldDecl } from '../../../components/form/form-fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { noRows } from '../../../components/form/values.ts';
import { isSessionError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { useSaveResource } from '../../../lib/resource-api.ts';
import { silentLoad } from '../../../lib/retrieving.ts';
import { toasts } from '../../../lib/toast.tsx';
import type { EditorProps } from '../kit/types.ts';

type Values = FieldValues;

const toValues = (c: LenderProtectionCredential | null): Values => ({
  provider: c?.provider ?? lenderProtectionProviders[0],
  userName: c?.userName ?? '',
  password: '',
  programCode: c?.programCode ?? '',
  loanProductIds: c?.loanProductIds ?? [],
  enabled: c?.enabled ?? true,
});

const toInput = (v: Values) => ({
  provider: v.provider,
  userName: typeof v.userName === 'string' ? v.userName.trim() : v.userName,
  password: v.password === '' ? null : v.password,
  programCode: typeof v.programCode === 'string' ? v.programCode.trim() : v.programCode,
  loanProductIds: v.loanProductIds,
  enabled: v.enabled,
});

const resolver = contractResolver<Values, unknown>(lenderProtectionCredentialInputSchema, (values) =>
  noRows(toInput(values)),
);

/** The password: never shown (the server never returns it), typed only to set a new one. */
const PasswordField = ({ isNew }: { isNew: boolean }) => {
  const { field, fieldState } = useController({ name: 'password' });
  return (
    <TextField
      label={isNew ? 'Password *' : 'Password'}
      type="password"
      size="small"
      fullWidth
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? (isNew ? ' ' : texts.passwordKept)}
      slotProps={{ htmlInput: { maxLength: LENDER_PROTECTION_PASSWORD_MAX, autoComplete: 'new-password' } }}
    />
  );
};

/**
 * A credential of Administration › Lender Protection: provider, user name, password (write-only), program code,
 * the vehicle products it insures (none: all) and Enabled; 'Test credentials' asks the provider with the form's
 * values (a blank password on a saved credential tests the saved one): 'Credentials successful', or the
 * provider's first error under 'Credentials Failed'.
 */
export const LenderProtectionEditor = ({ record, onClose }: EditorProps<LenderProtectionCredential>) => {
  const form = useForm<Values>({ defaultValues: toValues(record), resolver, mode: 'onChange' });
  const save = useSaveResource(lenderProtectionResource);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [testing, setTesting] = useState(false);
  const [verdict, setVerdict] = useState<LenderProtectionCredentialTestResult | null>(null);
  const products = useQuery({
    queryKey: ['lenderProtectionProducts'],
    queryFn: () => callEndpoint(lenderProtectionAdminEndpoints.loanProducts, {}),
    meta: silentLoad,
  });

  const fields: FieldDecl[] = [
    {
      name: 'provider',
      label: 'Provider',
      kind: 'select',
      required: true,
      options: lenderProtectionProviders.map((p) => ({ value: p, label: p })),
      span: 3,
    },
    {
      name: 'programCode',
      label: 'Program Code',
      kind: 'text',
      required: true,
      maxLength: LENDER_PROTECTION_PROGRAM_CODE_MAX,
      span: 3,
    },
    {
      name: 'userName',
      label: 'User Name',
      kind: 'text',
      required: true,
      maxLength: LENDER_PROTECTION_USER_NAME_MAX,
      span: 6,
      autoFocus: record === null,
    },
  ];
  const after: FieldDecl[] = [
    {
      name: 'loanProductIds',
      label: 'Loan Products',
      kind: 'multiSelect',
      options: (products.data ?? []).map((p) => ({ value: p.id, label: p.enabled ? p.name : `${p.name} (disabled)` })),
      span: 6,
      helperText: texts.productsHelp,
    },
    { name: 'enabled', label: 'Enabled', kind: 'checkbox', span: 6 },
  ];

  const test = async () => {
    const v = form.getValues();
    setVerdict(null);
    setTesting(true);
    try {
      const answer = await callEndpoint(lenderProtectionAdminEndpoints.testCredentials, {
        body: {
          id: record?.id ?? null,
          provider: v.provider,
          userName: String(v.userName ?? '').trim(),
          password: v.password === '' ? null : v.password,
          programCode: String(v.programCode ?? '').trim(),
        },
      });
      setVerdict(answer);
      if (answer.successful) toasts.success(texts.title, answer.message);
      else toasts.error(texts.credentialsFailed, answer.message);
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) setFormErrors(applyServerErrors(form, error));
      else toasts.error(texts.credentialsFailed, messages.errors.backend);
    } finally {
      setTesting(false);
    }
  };

  const onSave = async (values: Values) => {
    setFormErrors([]);
    try {
      await save.mutateAsync({ id: record?.id ?? null, input: toInput(values) });
      toasts.success(texts.title, 'Saved');
      form.reset(values);
      onClose();
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) setFormErrors(applyServerErrors(form, error));
      else toasts.error(messages.errors.title, 'Save Failed');
    }
  };

  return (
    <FormDialog
      form={form}
      title={record ? `Edit Lender Protection: ${record.provider}` : 'Add Lender Protection Credentials'}
      width={640}
      onClose={onClose}
      onSave={onSave}
      formErrors={formErrors}
      testId="lender-protection-dialog"
    >
      <FormFields fields={fields} columns={6} />
      <Box sx={{ mt: 2 }}>
        <PasswordField isNew={record === null} />
      </Box>
      <Box sx={{ mt: 2 }}>
        <FormFields fields={after} columns={6} />
      </Box>
      <Box sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 2 }}>
        <Button
          variant="outlined"
          onClick={() => void test()}
          disabled={testing}
          startIcon={testing ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {texts.testCredentials}
        </Button>
        {verdict ? (
          <Alert
            severity={verdict.successful ? 'success' : 'error'}
            sx={{ flex: 1, py: 0 }}
            data-testid="credentials-verdict"
          >
            {verdict.successful ? verdict.message : `${texts.credentialsFailed}: ${verdict.message}`}
          </Alert>
        ) : null}
      </Box>
    </FormDialog>
  );
};
