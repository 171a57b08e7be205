import { Link as RouterLink } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import {
  adminMessages,
  applicationLockAdminEndpoints,
  applicationLockEndpoints,
  applicationLockSettingsSchema,
  messages,
  type ApplicationLockSettings,
  type HeldLock,
} from '@credence/contracts';
import { CheckboxInput } from '../../../components/form/fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { noRows } from '../../../components/form/values.ts';
import { isSessionError } from '../../../lib/api-client.ts';
import { confirm } from '../../../lib/confirm.tsx';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { showApiErrorToast, toasts } from '../../../lib/toast.tsx';
import { SettingsPage } from '../kit/settings-page.tsx';

const texts = adminMessages.applicationLocks;
const heldKey = ['admin', 'applicationLocks', 'held'] as const;
/** The list follows locks taken and released by colleagues while the page is open. */
const HELD_POLL_MS = 15_000;
const resolver = contractResolver<ApplicationLockSettings, ApplicationLockSettings>(
  applicationLockSettingsSchema,
  noRows,
);

/**
 * Administration › Application Locks (issue 17): whether opening a worksheet locks the application at once (the
 * lender's lock-on-open setting, audited), and the locks held now, each of which an administrator may release
 * for a colleague who left one behind (after confirming; the holder's worksheet then says who unlocked it).
 */
export const ApplicationLocksPage = () => (
  <SettingsPage
    title="Application Locks"
    queryKey={['admin', 'applicationLocks', 'settings']}
    load={() => callEndpoint(applicationLockAdminEndpoints.settings, {})}
    save={(body: ApplicationLockSettings) => callEndpoint(applicationLockAdminEndpoints.saveSettings, { body })}
    resolver={resolver}
    texts={adminMessages.kit}
    after={<HeldLocks />}
  >
    <CheckboxInput name="lockOnOpen" label={texts.lockOnOpen} />
    <Typography variant="body2" color="text.secondary" sx={{ ml: 4, mb: 2 }}>
      {texts.lockOnOpenHelp}
    </Typography>
  </SettingsPage>
);

const HeldLocks = () => {
  const queryClient = useQueryClient();
  const held = useQuery({
    queryKey: heldKey,
    queryFn: () => callEndpoint(applicationLockAdminEndpoints.list, {}),
    refetchInterval: HELD_POLL_MS,
  });
  const unlock = async (lock: HeldLock) => {
    if (
      !(await confirm({
        title: texts.unlockTitle,
        message: texts.unlockQuestion(lock.applicationId, lock.lockingUser.name),
      }))
    )
      return;
    try {
      await callEndpoint(applicationLockEndpoints.unlock, { params: { id: lock.applicationId } });
      toasts.success('Success', texts.unlocked(lock.applicationId));
    } catch (error) {
      if (!isSessionError(error)) showApiErrorToast(error);
    } finally {
      void queryClient.invalidateQueries({ queryKey: heldKey });
    }
  };
  return (
    <Paper variant="outlined" sx={{ maxWidth: 1100 }}>
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 1.5, pb: 1 }}>
        {texts.heldTitle}
      </Typography>
      {held.isPending ? (
        <CircularProgress size={24} sx={{ m: 2 }} />
      ) : held.isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {messages.errors.backend}
        </Alert>
      ) : held.data.length === 0 ? (
        <Typography sx={{ px: 2, pb: 2 }} color="text.secondary">
          {texts.noneHeld}
        </Typography>
      ) : (
        <Table size="small" aria-label={texts.heldTitle}>
          <TableHead>
            <TableRow>
              <TableCell>App Id</TableCell>
              <TableCell>Primary Applicant</TableCell>
              <TableCell>Loan Product</TableCell>
              <TableCell>Locked By</TableCell>
              <TableCell>Since</TableCell>
              <TableCell>Expires</TableCell>
              <TableCell align="right">Action</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {held.data.map((lock) => (
              <TableRow key={lock.applicationId} hover>
                <TableCell>
                  <Link component={RouterLink} to={`/application/${lock.applicationId}`}>
                    {lock.applicationId}
                  </Link>
                </TableCell>
                <TableCell>{lock.primaryApplicantName ?? '—'}</TableCell>
                <TableCell>{lock.loanProductName}</TableCell>
                <TableCell>{lock.lockingUser.name}</TableCell>
                <TableCell>{formatDateTime(lock.lockedUtcTime)}</TableCell>
                <TableCell>{formatDateTime(lock.lockExpiresUtcTime)}</TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    startIcon={<LockOpenIcon />}
                    aria-label={`Unlock application ${lock.applicationId}`}
                    onClick={() => void unlock(lock)}
                  >
                    Unlock
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
};
