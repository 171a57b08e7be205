import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  changePasswordRequestSchema,
  messages,
  type ChangePasswordRequest,
  type CurrentUser,
} from '@credence/contracts';
import { passwordExpiryStatus } from '@credence/domain';
import { BrandMark, BrandName } from '../../components/brand-logo.tsx';
import { useDocumentTitle } from '../../components/page-title.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { currentUserQueryKey, useCurrentUser } from '../../lib/current-user.ts';
import { safeReturnUrl } from '../../lib/return-url.ts';
import { getSession, updateSession } from '../../lib/session-store.ts';
import { showApiErrorToast, toasts } from '../../lib/toast.tsx';
import { useLogout } from '../../lib/use-logout.ts';
import { useUnsavedChangesPrompt } from '../../lib/use-unsaved-changes-prompt.ts';
import { changePassword } from './api.ts';

const fieldNames = ['oldPassword', 'password', 'confirmPassword'] as const;
type FieldName = (typeof fieldNames)[number];
const isFieldName = (value: string): value is FieldName => (fieldNames as readonly string[]).includes(value);

const emptyForm: ChangePasswordRequest = { oldPassword: '', password: '', confirmPassword: '' };

export const ChangePasswordPage = () => {
  useDocumentTitle('Change Password');
  const [searchParams] = useSearchParams();
  const returnUrl = safeReturnUrl(searchParams.get('returnUrl'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const { data: user } = useCurrentUser();
  const storedExpiry = getSession().passwordExpirationDate;
  const expired =
    user?.passwordExpired ?? (storedExpiry ? passwordExpiryStatus(new Date(storedExpiry)).kind === 'expired' : false);

  const form = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordRequestSchema),
    defaultValues: emptyForm,
    mode: 'onTouched',
  });
  const { errors, isDirty } = form.formState;
  const oldPassword = useWatch({ control: form.control, name: 'oldPassword' });
  const newEnabled = oldPassword.length > 0;
  const { allowNextNavigation } = useUnsavedChangesPrompt(isDirty);

  const mutation = useMutation({
    mutationFn: changePassword,
    meta: { silentError: true },
    onSuccess: async (answer) => {
      updateSession({ passwordExpirationDate: answer.password_expiration_date });
      queryClient.setQueryData<CurrentUser>(currentUserQueryKey, (old) =>
        old ? { ...old, passwordExpired: false, passwordExpirationDate: answer.password_expiration_date } : old,
      );
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      toasts.success(messages.shell.passwordChangedTitle, messages.password.changed);
      allowNextNavigation();
      form.reset(emptyForm);
      await navigate(returnUrl, { replace: true });
    },
    onError: (error) => {
      const fieldErrors = isApiError(error) ? error.errors.filter((e) => isFieldName(e.field)) : [];
      if (isApiError(error) && error.status === 422 && fieldErrors.length > 0) {
        fieldErrors.forEach((e) => {
          if (isFieldName(e.field))
            form.setError(e.field, { type: 'server', message: e.message }, { shouldFocus: true });
        });
        return;
      }
      if (isApiError(error) && error.status === 422) {
        form.setError('root.server', { type: 'server', message: error.serverMessage ?? messages.errors.validation });
        return;
      }
      showApiErrorToast(error);
    },
  });

  const onSubmit = form.handleSubmit((values) => mutation.mutate(values));

  const passwordField = (name: FieldName, label: string, autoComplete: string, enabled: boolean, helper?: string) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <TextField
          {...field}
          inputRef={field.ref}
          label={label}
          type="password"
          autoComplete={autoComplete}
          fullWidth
          size="medium"
          disabled={!enabled || mutation.isPending}
          error={!!errors[name]}
          helperText={errors[name]?.message ?? helper}
          // The password rule stays readable while the field waits for the current password (axe contrast).
          slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
        />
      )}
    />
  );

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 3, py: 1.5, bgcolor: 'primary.main', color: '#fff' }}
      >
        <BrandMark size={28} inverted />
        <BrandName />
      </Box>
      <Box
        sx={{
          flexGrow: 1,
          display: 'flex',
          justifyContent: 'center',
          alignItems: 'flex-start',
          p: 3,
          pt: { xs: 3, md: 8 },
        }}
      >
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: 460, p: 4 }}>
          <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
            Change Password
          </Typography>
          {expired ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {messages.password.expired}
            </Alert>
          ) : null}
          <Box component="form" noValidate onSubmit={onSubmit}>
            <Stack spacing={2}>
              {errors.root?.server ? <Alert severity="error">{errors.root.server.message}</Alert> : null}
              {passwordField('oldPassword', 'Current Password', 'current-password', true)}
              {passwordField('password', 'New Password', 'new-password', newEnabled, messages.password.rules)}
              {passwordField('confirmPassword', 'Confirm Password', 'new-password', newEnabled)}
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', pt: 1 }}>
                {expired ? (
                  <Button onClick={() => void logout()} disabled={mutation.isPending}>
                    Sign out
                  </Button>
                ) : (
                  <Button onClick={() => void navigate(returnUrl)} disabled={mutation.isPending}>
                    Cancel
                  </Button>
                )}
                <Button
                  type="submit"
                  variant="contained"
                  disabled={mutation.isPending}
                  startIcon={mutation.isPending ? <CircularProgress size={16} color="inherit" /> : null}
                >
                  Change Password
                </Button>
              </Stack>
            </Stack>
          </Box>
        </Paper>
      </Box>
    </Box>
  );
};
