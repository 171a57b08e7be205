import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  messages,
  setPasswordRequestSchema,
  userLinkMessages,
  usersEndpoints,
  type SetPasswordRequest,
} from '@credence/contracts';
import { BrandMark, BrandName } from '../../components/brand-logo.tsx';
import { contractResolver } from '../../components/form/resolver.ts';
import { noRows } from '../../components/form/values.ts';
import { useDocumentTitle } from '../../components/page-title.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { showApiErrorToast } from '../../lib/toast.tsx';

/**
 * Reads the link's token from the address fragment (`/setPassword#token=…`: a fragment is never sent to a server
 * or written to its logs), then takes it out of the address bar and the history.
 */
const takeToken = (): string => {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
};

type Values = Omit<SetPasswordRequest, 'token'>;
const fields = ['password', 'confirmPassword'] as const;

/**
 * /setPassword: the page an enrollment or password reset e-mail links to (public; the single-use token is the
 * proof). A new password under the usual rules, then sign in.
 */
export const SetPasswordPage = () => {
  useDocumentTitle('Set Password');
  const [token] = useState(takeToken);
  const [linkInvalid, setLinkInvalid] = useState(() => !setPasswordRequestSchema.shape.token.safeParse(token).success);
  const form = useForm<Values>({
    // The contract's rules (password rules, confirmation) checked here; the token is the server's to judge.
    resolver: contractResolver<Values, SetPasswordRequest>(setPasswordRequestSchema, (values) =>
      noRows({ ...values, token }),
    ),
    defaultValues: { password: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (values: Values) => callEndpoint(usersEndpoints.setPassword, { body: { ...values, token } }),
    meta: { silentError: true },
    onError: (error) => {
      if (isApiError(error) && error.status === 422) {
        for (const e of error.errors) {
          if (e.field === 'token') setLinkInvalid(true);
          else if ((fields as readonly string[]).includes(e.field)) {
            form.setError(e.field as (typeof fields)[number], { type: 'server', message: e.message });
          }
        }
        return;
      }
      showApiErrorToast(error);
    },
  });

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 3, py: 1.5, bgcolor: 'primary.main', color: '#fff' }}
      >
        <BrandMark size={28} inverted />
        <BrandName />
      </Box>
      <Box component="main" sx={{ flexGrow: 1, display: 'flex', justifyContent: 'center', p: 3, pt: { xs: 3, md: 8 } }}>
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: 460, p: 4, alignSelf: 'flex-start' }}>
          <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
            Set Password
          </Typography>
          {save.isSuccess ? (
            <Stack spacing={2}>
              <Alert severity="success">
                {userLinkMessages.passwordSet} Your username is <strong>{save.data.username}</strong>.
              </Alert>
              <Button component={RouterLink} to="/login" variant="contained">
                Sign In
              </Button>
            </Stack>
          ) : linkInvalid ? (
            <Stack spacing={2}>
              <Alert severity="error">{userLinkMessages.invalidLink}</Alert>
              <Button component={RouterLink} to="/login">
                Go to Sign In
              </Button>
            </Stack>
          ) : (
            <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
              <Stack spacing={2}>
                {fields.map((name) => (
                  <Controller
                    key={name}
                    name={name}
                    control={form.control}
                    render={({ field }) => (
                      <TextField
                        {...field}
                        inputRef={field.ref}
                        label={name === 'password' ? 'New Password' : 'Confirm Password'}
                        type="password"
                        autoComplete="new-password"
                        fullWidth
                        disabled={save.isPending}
                        error={!!errors[name]}
                        helperText={
                          errors[name]?.message ?? (name === 'password' ? messages.password.rules : undefined)
                        }
                      />
                    )}
                  />
                ))}
                <Button type="submit" variant="contained" disabled={save.isPending}>
                  Set Password
                </Button>
              </Stack>
            </Box>
          )}
        </Paper>
      </Box>
    </Box>
  );
};
