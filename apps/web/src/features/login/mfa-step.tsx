import { useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LoginResponse } from '@credence/contracts';
import { CodeField, mfaApi, mfaErrorText, QrEnrolment, RecoveryCodes } from '../mfa/index.ts';

type Props = {
  challenge: string;
  enrolmentRequired: boolean;
  /** The session, once the second factor is verified: the sign-in page goes on as after a password sign-in. */
  onSignedIn: (answer: LoginResponse) => void | Promise<void>;
  /** Back to the username and password. */
  onCancel: () => void;
};

/**
 * The sign-in's second step (issue 36), loaded only when a sign-in answers `mfaRequired` (the sign-in page's first
 * load does not carry it): a code of the authenticator app or a recovery code; or, for a user who must set one up,
 * the enrolment — QR code, first code, then the recovery codes shown once.
 */
const MfaSignInStep = ({ challenge, enrolmentRequired, onSignedIn, onCancel }: Props) => {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [signedIn, setSignedIn] = useState<(LoginResponse & { recoveryCodes?: string[] }) | null>(null);
  const busy = useRef(false);
  const enrolment = useQuery({
    queryKey: ['mfa-sign-in-enrolment', challenge],
    queryFn: () => mfaApi.enrol(challenge),
    enabled: enrolmentRequired,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    meta: { silentError: true },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setError(null);
    try {
      if (enrolmentRequired) {
        setSignedIn(await mfaApi.confirmEnrolment({ challenge, code }));
      } else {
        await onSignedIn(await mfaApi.verify({ challenge, code }));
      }
    } catch (failure) {
      setError(mfaErrorText(failure));
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  const back = (
    <Button size="small" onClick={onCancel} sx={{ alignSelf: 'center' }}>
      Back to sign in
    </Button>
  );

  if (signedIn) {
    return (
      <Stack spacing={2}>
        <Typography component="h2" variant="h6">
          Save your recovery codes
        </Typography>
        <RecoveryCodes codes={signedIn.recoveryCodes ?? []} />
        <Button variant="contained" size="large" fullWidth onClick={() => void onSignedIn(signedIn)}>
          I have saved my recovery codes
        </Button>
      </Stack>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Stack spacing={2}>
        <Typography component="h2" variant="h6">
          {enrolmentRequired ? 'Set up two-step verification' : 'Two-step verification'}
        </Typography>
        {enrolmentRequired ? (
          <>
            <Typography variant="body2">
              Your lender requires a second step at sign-in. Scan this QR code with an authenticator app (Google
              Authenticator, Microsoft Authenticator, 1Password…), then enter the 6-digit code it shows.
            </Typography>
            {enrolment.data ? (
              <QrEnrolment enrolment={enrolment.data} />
            ) : enrolment.isError ? (
              <Alert severity="error">{mfaErrorText(enrolment.error)}</Alert>
            ) : (
              <CircularProgress sx={{ alignSelf: 'center' }} aria-label="Loading" />
            )}
          </>
        ) : (
          <Typography variant="body2">
            {recovery
              ? 'Enter one of your recovery codes. Each code works once.'
              : 'Enter the 6-digit code from your authenticator app.'}
          </Typography>
        )}
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : null}
        <CodeField label={recovery ? 'Recovery code' : 'Authentication code'} value={code} onChange={setCode} />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={pending || code.trim().length < 6}
          startIcon={pending ? <CircularProgress size={18} color="inherit" /> : null}
        >
          {enrolmentRequired ? 'Confirm' : 'Verify'}
        </Button>
        {enrolmentRequired ? null : (
          <Button
            size="small"
            sx={{ alignSelf: 'center' }}
            onClick={() => {
              setRecovery(!recovery);
              setCode('');
              setError(null);
            }}
          >
            {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
          </Button>
        )}
        {back}
      </Stack>
    </Box>
  );
};

export default MfaSignInStep;
