import { Navigate, Outlet, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { isSessionError } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { loginUrl } from '../../lib/return-url.ts';
import { getSignedOutRedirect, isSignedIn, useSession, useSessionEpoch } from '../../lib/session-store.ts';
import { apiErrorText } from '../../lib/toast.tsx';
import { SessionScope } from './session-scope.tsx';

/**
 * Needs a stored session (token or SSO flag), nothing more: /changePassword sits here so a user whose
 * password has expired can reach it. Starts the user load and the idle timer.
 */
export const RequireSession = () => {
  const session = useSession();
  const epoch = useSessionEpoch();
  const location = useLocation();
  if (!isSignedIn(session)) {
    return <Navigate to={getSignedOutRedirect() ?? loginUrl(`${location.pathname}${location.search}`)} replace />;
  }
  return (
    <SessionScope key={epoch}>
      <Outlet />
    </SessionScope>
  );
};

/** The sign-in guard of every other signed-in route: the user is loaded and the password is not expired. */
export const RequireSignIn = () => {
  const location = useLocation();
  const { data: user, error, isPending, refetch, isFetching } = useCurrentUser();
  if (isPending) return <FullPageLoader />;
  if (error || !user) {
    if (isSessionError(error)) return <FullPageLoader />;
    return (
      <Box sx={{ p: 4, maxWidth: 560, mx: 'auto' }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
              Retry
            </Button>
          }
        >
          {apiErrorText(error)}
        </Alert>
      </Box>
    );
  }
  if (user.passwordExpired) {
    const returnUrl = `${location.pathname}${location.search}`;
    return <Navigate to={`/changePassword?returnUrl=${encodeURIComponent(returnUrl)}`} replace />;
  }
  return <Outlet />;
};
