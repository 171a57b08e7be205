import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@credence/contracts';
import { onAuthEvent } from '../lib/auth-events.ts';
import { closeAllDialogs } from '../lib/confirm.tsx';
import { currentUserQueryKey } from '../lib/current-user.ts';
import { currentAppLocation, loginUrl } from '../lib/return-url.ts';
import { clearSession, getSession, isSignedIn } from '../lib/session-store.ts';
import { toasts } from '../lib/toast.tsx';
import { withoutNavigationPrompts } from '../lib/use-unsaved-changes-prompt.ts';

export const SESSION_ENDED_TITLE = 'Signed Out';

/**
 * The root of every route. Turns the API client's session signals into navigation: a 401
 * UNAUTHENTICATED (session revoked, expired or idle on the server) goes to sign-in with the return URL;
 * a 403 PASSWORD_EXPIRED goes to the password change.
 */
export const RootLayout = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handlingRef = useRef(false);

  useEffect(
    () =>
      onAuthEvent((event) => {
        if (event === 'passwordExpired') {
          if (!window.location.pathname.startsWith('/changePassword')) {
            void navigate(`/changePassword?returnUrl=${encodeURIComponent(currentAppLocation())}`);
          }
          void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
          return;
        }
        if (handlingRef.current || !isSignedIn(getSession())) return;
        handlingRef.current = true;
        const target = loginUrl(currentAppLocation());
        closeAllDialogs();
        toasts.info(SESSION_ENDED_TITLE, messages.errors.unauthenticated, { toastId: 'session-ended' });
        void withoutNavigationPrompts(() => navigate(target)).finally(() => {
          clearSession(target);
          queryClient.clear();
          handlingRef.current = false;
        });
      }),
    [navigate, queryClient],
  );

  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
};
