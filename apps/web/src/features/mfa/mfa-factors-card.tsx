import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MfaEnrolment, MfaFactor } from '@credence/contracts';
import { confirm } from '../../lib/confirm.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { toasts } from '../../lib/toast.tsx';
import { mfaApi } from './api.ts';
import { CodeField, mfaErrorText, QrEnrolment, RecoveryCodes, useStepUp } from './mfa-parts.tsx';

const statusKey = ['mfa-status'] as const;

/**
 * My Profile's 'Two-step verification' card (issue 36): the user's authenticator apps (add with a QR code, rename,
 * remove), the recovery codes left and new ones. Adding a second factor, removing one and new codes need a factor
 * verified in the last 5 minutes (the step-up dialog).
 */
export const MfaFactorsCard = () => {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: statusKey, queryFn: mfaApi.status, meta: { silentError: true } });
  const { run, dialog } = useStepUp();
  const [adding, setAdding] = useState<MfaEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [renaming, setRenaming] = useState<MfaFactor | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: statusKey });
  const fail = (error: unknown) => toasts.error('Two-step verification', mfaErrorText(error));

  const add = async () => {
    try {
      setAdding(await run(() => mfaApi.addFactor('Authenticator app')));
    } catch (error) {
      fail(error);
    }
  };
  const remove = async (factor: MfaFactor) => {
    if (!(await confirm({ title: 'Remove authenticator', message: `Remove “${factor.name}”?` }))) return;
    try {
      await run(() => mfaApi.removeFactor(factor.id));
      await refresh();
    } catch (error) {
      fail(error);
    }
  };
  const newCodes = async () => {
    try {
      setCodes((await run(() => mfaApi.newRecoveryCodes())).recoveryCodes);
      await refresh();
    } catch (error) {
      fail(error);
    }
  };

  const data = status.data;
  return (
    <Paper variant="outlined" component="section" aria-label="Two-step verification" sx={{ p: 2.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5, gap: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          Two-step verification
        </Typography>
        <Button size="small" onClick={() => void add()}>
          Add authenticator app
        </Button>
      </Stack>
      {data ? (
        <Stack spacing={1}>
          {data.required && data.factors.length === 0 ? (
            <Alert severity="warning">Your lender requires a second step at sign-in: add an authenticator app.</Alert>
          ) : null}
          {data.factors.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No authenticator app yet.
            </Typography>
          ) : (
            data.factors.map((factor) => (
              <Stack key={factor.id} direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {factor.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    Added {formatDateTime(factor.createdAt)}
                    {factor.lastUsedAt ? ` · last used ${formatDateTime(factor.lastUsedAt)}` : ''}
                  </Typography>
                </Stack>
                <Button size="small" onClick={() => setRenaming(factor)}>
                  Rename
                </Button>
                <Button size="small" color="error" onClick={() => void remove(factor)}>
                  Remove
                </Button>
              </Stack>
            ))
          )}
          {data.factors.length > 0 ? (
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
              <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
                Recovery codes left: {data.recoveryCodesLeft}
              </Typography>
              <Button size="small" onClick={() => void newCodes()}>
                New recovery codes
              </Button>
            </Stack>
          ) : null}
        </Stack>
      ) : null}
      {adding ? (
        <AddFactorDialog
          enrolment={adding}
          onDone={(recoveryCodes) => {
            setAdding(null);
            if (recoveryCodes && recoveryCodes.length > 0) setCodes(recoveryCodes);
            void refresh();
          }}
        />
      ) : null}
      {renaming ? (
        <RenameDialog
          factor={renaming}
          onDone={() => {
            setRenaming(null);
            void refresh();
          }}
        />
      ) : null}
      {codes ? (
        <Dialog open onClose={() => setCodes(null)} maxWidth="xs" fullWidth aria-labelledby="mfa-codes-title">
          <DialogTitle id="mfa-codes-title">Save your recovery codes</DialogTitle>
          <DialogContent>
            <RecoveryCodes codes={codes} />
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={() => setCodes(null)}>
              I have saved my recovery codes
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
      {dialog}
    </Paper>
  );
};

const AddFactorDialog = ({
  enrolment,
  onDone,
}: {
  enrolment: MfaEnrolment;
  onDone: (recoveryCodes?: string[]) => void;
}) => {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const confirmCode = async () => {
    setPending(true);
    try {
      onDone((await mfaApi.confirmFactor(enrolment.factorId, code)).recoveryCodes);
    } catch (failure) {
      setError(mfaErrorText(failure));
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open onClose={() => onDone()} maxWidth="xs" fullWidth aria-labelledby="mfa-add-title">
      <DialogTitle id="mfa-add-title">Add authenticator app</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <Typography variant="body2">
            Scan this QR code with your authenticator app, then enter the 6-digit code it shows.
          </Typography>
          <QrEnrolment enrolment={enrolment} />
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
          <CodeField value={code} onChange={setCode} autoFocus={false} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onDone()}>Cancel</Button>
        <Button variant="contained" disabled={pending || code.trim().length < 6} onClick={() => void confirmCode()}>
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
};

const RenameDialog = ({ factor, onDone }: { factor: MfaFactor; onDone: () => void }) => {
  const [name, setName] = useState(factor.name);
  const save = async () => {
    try {
      await mfaApi.renameFactor(factor.id, name.trim());
      onDone();
    } catch (error) {
      toasts.error('Two-step verification', mfaErrorText(error));
    }
  };
  return (
    <Dialog open onClose={onDone} maxWidth="xs" fullWidth aria-labelledby="mfa-rename-title">
      <DialogTitle id="mfa-rename-title">Rename authenticator</DialogTitle>
      <DialogContent>
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          fullWidth
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onDone}>Cancel</Button>
        <Button variant="contained" disabled={name.trim().length === 0} onClick={() => void save()}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
};
