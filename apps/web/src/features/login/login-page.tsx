import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  loginRequestSchema,
  messages,
  type LoginAnswer,
  type LoginRequest,
  type LoginResponse,
} from '@credence/contracts';
import { passwordExpiryStatus } from '@credence/domain';
import { BrandMark } from '../../components/brand-logo.tsx';
import { useDocumentTitle } from '../../components/page-title.tsx';
import { markActivity } from '../../lib/activity.ts';
import { confirm } from '../../lib/confirm.tsx';
import { currentUserQuery } from '../../lib/current-user.ts';
import { safeReturnUrl } from '../../lib/return-url.ts';
import { updateSession } from '../../lib/session-store.ts';
import { login, loginErrorText, passwordExpiryWarningText } from './api.ts';
import { LoginField } from './login-field.tsx';

/** Issue 36: the second step loads only when a sign-in asks for it (the sign-in's first load stays as it was). */
const MfaSignInStep = lazy(() => import('./mfa-step.tsx'));

/** Spec 1 §9: sign-in is debounced 500 ms — a double click sends one request. */
const LOGIN_DEBOUNCE_MS = 500;

export const LoginPage = () => {
  useDocumentTitle('Sign In');
  const [searchParams] = useSearchParams();
  const returnUrl = safeReturnUrl(searchParams.get('returnUrl'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lastSubmitRef = useRef(0);
  const [mfa, setMfa] = useState<LoginAnswer | null>(null);

  const form = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  const changePasswordUrl = `/changePassword?returnUrl=${encodeURIComponent(returnUrl)}`;

  const afterSignIn = async (answer: LoginResponse) => {
    queryClient.clear();
    updateSession({
      token: answer.access_token,
      userId: answer.user_id,
      passwordExpirationDate: answer.password_expiration_date,
      ssoSignedIn: false,
    });
    markActivity();
    const status = passwordExpiryStatus(new Date(answer.password_expiration_date));
    switch (status.kind) {
      case 'expired':
        await navigate(changePasswordUrl, { replace: true });
        return;
      case 'warning': {
        const changeNow = await confirm({
          title: messages.login.passwordExpirationWarningTitle,
          message: passwordExpiryWarningText(status.daysLeft),
        });
        await navigate(changeNow ? changePasswordUrl : returnUrl, { replace: true });
        return;
      }
      case 'ok':
        // Load the user before entering, so the return URL opens fully set up.
        await queryClient.prefetchQuery(currentUserQuery);
        await navigate(returnUrl, { replace: true });
        return;
    }
  };

  const mutation = useMutation({
    mutationFn: login,
    meta: { silentError: true },
    onSuccess: (answer) => (answer.mfaRequired ? setMfa(answer) : afterSignIn(answer as LoginResponse)),
  });

  const submit = (values: LoginRequest) => {
    const now = Date.now();
    if (mutation.isPending || now - lastSubmitRef.current < LOGIN_DEBOUNCE_MS) return;
    lastSubmitRef.current = now;
    mutation.mutate(values);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(submit)(event);

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: 'linear-gradient(135deg, #12324f 0%, #1f4e79 55%, #2f6a9f 100%)',
      }}
    >
      <Paper elevation={8} sx={{ width: '100%', maxWidth: 400, p: 4, borderRadius: 2 }}>
        <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
          <BrandMark size={52} />
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, letterSpacing: 0.3 }}>
            Credence
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Sign in to continue
          </Typography>
        </Stack>
        {mfa?.mfaChallenge ? (
          <Suspense fallback={<CircularProgress sx={{ display: 'block', mx: 'auto' }} aria-label="Loading" />}>
            <MfaSignInStep
              challenge={mfa.mfaChallenge}
              enrolmentRequired={!!mfa.enrolmentRequired}
              onSignedIn={afterSignIn}
              onCancel={() => setMfa(null)}
            />
          </Suspense>
        ) : null}
        <Box component="form" noValidate onSubmit={onSubmit} hidden={!!mfa}>
          <Stack spacing={2}>
            {mutation.isError ? (
              <Alert severity="error" role="alert">
                {loginErrorText(mutation.error)}
              </Alert>
            ) : null}
            <LoginField
              label="Username"
              autoComplete="username"
              autoFocus
              error={!!errors.username}
              helperText={errors.username?.message}
              {...form.register('username')}
            />
            <LoginField
              label="Password"
              type="password"
              autoComplete="current-password"
              error={!!errors.password}
              helperText={errors.password?.message}
              {...form.register('password')}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              disabled={mutation.isPending}
              startIcon={mutation.isPending ? <CircularProgress size={18} color="inherit" /> : null}
            >
              Sign In
            </Button>
          </Stack>
        </Box>
      </Paper>
    </Box>
  );
};
