import { messages } from '@credence/contracts';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../components/page-title.tsx';
import { safeReturnUrl } from '../../lib/return-url.ts';
import { toasts } from '../../lib/toast.tsx';

export const ESIGN_NOT_CONFIGURED =
  'Electronic signature is not configured on this server yet, so the Docusign authorization was not saved.';
/** How long the result stays on screen before returning to the page named by `state`. */
const RETURN_DELAY_MS = 5000;

/**
 * /returnDocuSign?code&state — the electronic-signature provider's return. The server call that saves
 * the authorization code does not exist yet: the page says so plainly (nothing is faked) and then
 * returns to /{state}.
 */
export const ReturnDocuSignPage = () => {
  useDocumentTitle('Docusign');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const target = safeReturnUrl(`/${(searchParams.get('state') ?? '').replace(/^\/+/, '')}`);
  const [phase, setPhase] = useState<'syncing' | 'notConfigured'>('syncing');

  useEffect(() => {
    const showResult = window.setTimeout(() => setPhase('notConfigured'), 800);
    const leave = window.setTimeout(() => {
      toasts.warning('Docusign', ESIGN_NOT_CONFIGURED);
      void navigate(target, { replace: true });
    }, 800 + RETURN_DELAY_MS);
    return () => {
      window.clearTimeout(showResult);
      window.clearTimeout(leave);
    };
  }, [navigate, target]);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 3 }}>
      {phase === 'syncing' ? (
        <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
          <CircularProgress aria-label={messages.shell.docusignSyncing} />
          <Typography>{messages.shell.docusignSyncing}</Typography>
        </Box>
      ) : (
        <Alert
          severity="warning"
          sx={{ maxWidth: 520 }}
          action={
            <Button color="inherit" size="small" onClick={() => void navigate(target, { replace: true })}>
              Continue
            </Button>
          }
        >
          {ESIGN_NOT_CONFIGURED}
        </Alert>
      )}
    </Box>
  );
};
