import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useCurrentUser } from '../../lib/current-user.ts';
import { toasts } from '../../lib/toast.tsx';
import { mfaApi } from './api.ts';
import { mfaErrorText, useStepUp } from './mfa-parts.tsx';

/**
 * An applicant's SSN, masked ('***-**-1234'), with Reveal for a user with canRevealSensitiveData (issue 36): the
 * reveal is recorded on the server, and a user who has a second factor confirms a code first when none was verified
 * in the last 5 minutes (the step-up dialog; then the reveal is retried).
 */
export const RevealableSsn = ({
  applicationId,
  applicantId,
  masked,
}: {
  applicationId: number;
  applicantId: number;
  masked: string | null;
}) => {
  const { data: user } = useCurrentUser();
  const { run, dialog } = useStepUp();
  const [revealed, setRevealed] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (!masked) return null;
  const mayReveal = !!user?.rights.includes('canRevealSensitiveData');
  const reveal = async () => {
    setPending(true);
    try {
      const answer = await run(() => mfaApi.revealSsn(applicationId, applicantId));
      setRevealed(answer.socialSecurityNumber);
    } catch (error) {
      toasts.error('SSN', mfaErrorText(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <span data-testid="applicant-ssn">{revealed ?? masked}</span>
      {mayReveal ? (
        <Button
          size="small"
          sx={{ minWidth: 0, py: 0, px: 0.5 }}
          disabled={pending}
          onClick={() => (revealed ? setRevealed(null) : void reveal())}
          aria-label={revealed ? 'Hide SSN' : 'Reveal SSN'}
        >
          {revealed ? 'Hide' : 'Reveal'}
        </Button>
      ) : null}
      {dialog}
    </Box>
  );
};
