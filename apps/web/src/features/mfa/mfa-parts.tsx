import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MFA_STEP_UP_REQUIRED, mfaMessages, type MfaEnrolment } from '@credence/contracts';
import { isApiError } from '../../lib/api-client.ts';
import { mfaApi } from './api.ts';

/** The text of a failed MFA call: the server's sentence (wrong code, expired sign-in), else a generic one. */
export const mfaErrorText = (error: unknown) =>
  isApiError(error)
    ? (error.errors[0]?.message ?? error.serverMessage ?? mfaMessages.codeInvalid)
    : mfaMessages.codeInvalid;

/** The secret grouped by four for typing ('JBSW Y3DP …'). */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** A new TOTP factor to scan: the server's QR code (an SVG) and the key to type instead. */
export const QrEnrolment = ({ enrolment }: { enrolment: MfaEnrolment }) => (
  <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
    <Box
      component="img"
      src={enrolment.qrCode}
      alt="QR code for your authenticator app"
      sx={{ width: 184, height: 184, border: 1, borderColor: 'divider', borderRadius: 1, p: 0.5, bgcolor: '#fff' }}
    />
    <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
      Can’t scan it? Enter this key in the app:
    </Typography>
    <Typography
      data-testid="mfa-secret"
      sx={{ fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all', textAlign: 'center' }}
    >
      {grouped(enrolment.secret)}
    </Typography>
  </Stack>
);

/** The recovery codes, shown once. */
export const RecoveryCodes = ({ codes }: { codes: string[] }) => (
  <Stack spacing={1}>
    <Typography variant="body2">
      Each recovery code signs you in once if you lose your authenticator app. Keep them somewhere safe: they are shown
      only now.
    </Typography>
    <Box
      component="ul"
      aria-label="Recovery codes"
      sx={{
        m: 0,
        p: 1.5,
        listStyle: 'none',
        display: 'grid',
        gridTemplateColumns: '1fr 1fr',
        gap: 0.5,
        bgcolor: 'action.hover',
        borderRadius: 1,
        fontFamily: 'monospace',
        fontSize: 15,
      }}
    >
      {codes.map((code) => (
        <li key={code}>{code}</li>
      ))}
    </Box>
  </Stack>
);

/** The code field: digits of the app, or a recovery code. */
export const CodeField = ({
  label = 'Authentication code',
  value,
  onChange,
  error,
  autoFocus = true,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoFocus?: boolean;
}) => (
  <TextField
    label={label}
    value={value}
    onChange={(event) => onChange(event.target.value)}
    autoComplete="one-time-code"
    autoFocus={autoFocus}
    fullWidth
    error={!!error}
    helperText={error ?? undefined}
    slotProps={{ htmlInput: { inputMode: label === 'Authentication code' ? 'numeric' : 'text', maxLength: 20 } }}
  />
);

type StepUpRequest = { resolve: (verified: boolean) => void };

/**
 * Step-up (issue 36): `run(call)` makes the call; when the server answers 403 MFA_STEP_UP_REQUIRED (a risky action
 * needs a factor verified within 5 minutes) the dialog asks for a code, verifies it and retries the call once.
 * Cancelled, `run` rejects with the server's refusal.
 */
export const useStepUp = () => {
  const [request, setRequest] = useState<StepUpRequest | null>(null);
  const run = async <T,>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (!(isApiError(error) && error.status === 403 && error.code === MFA_STEP_UP_REQUIRED)) throw error;
      const verified = await new Promise<boolean>((resolve) => setRequest({ resolve }));
      if (!verified) throw error;
      return call();
    }
  };
  const finish = (verified: boolean) => {
    request?.resolve(verified);
    setRequest(null);
  };
  const dialog: ReactNode = request ? <StepUpDialog onDone={finish} /> : null;
  return { run, dialog };
};

const StepUpDialog = ({ onDone }: { onDone: (verified: boolean) => void }) => {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The dialog may open inside another form (My Profile): its submit is its own.
    event.stopPropagation();
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      await mfaApi.stepUp(code);
      onDone(true);
    } catch (failure) {
      setError(mfaErrorText(failure));
    } finally {
      busy.current = false;
      setPending(false);
    }
  };
  return (
    <Dialog open onClose={() => onDone(false)} maxWidth="xs" fullWidth aria-labelledby="step-up-title">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="step-up-title">Confirm it’s you</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            <Typography variant="body2">
              {recovery
                ? 'Enter one of your recovery codes. It works once.'
                : 'This action needs a second factor verified in the last 5 minutes. Enter the 6-digit code from your authenticator app.'}
            </Typography>
            {error ? (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            ) : null}
            <CodeField label={recovery ? 'Recovery code' : 'Authentication code'} value={code} onChange={setCode} />
            <Button
              size="small"
              sx={{ alignSelf: 'flex-start' }}
              onClick={() => {
                setRecovery(!recovery);
                setCode('');
                setError(null);
              }}
            >
              {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
            </Button>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onDone(false)}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={pending || code.trim().length < 6}>
            Verify
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
