import { useCallback, useRef, type ReactNode } from 'react';
import { authEndpoints, messages } from '@credence/contracts';
import { getLastAuthenticatedCallAt } from '../../lib/api-client.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { useClientSettings } from '../../lib/client-settings.ts';
import { closeAllDialogs } from '../../lib/confirm.tsx';
import { hasDirtyForms } from '../../lib/dirty-forms.ts';
import { getSession, isSignedIn } from '../../lib/session-store.ts';
import { toasts } from '../../lib/toast.tsx';
import { useLogout } from '../../lib/use-logout.ts';
import { IdleWarningDialog } from '../shell/idle-warning-dialog.tsx';
import { useIdleTimer } from '../shell/use-idle-timer.ts';

export const INACTIVITY_TOAST_TITLE = 'Signed Out';
export const UNSAVED_TOAST_TITLE = 'Unsaved Changes';

/**
 * Everything that lives while a session exists: the inactivity timer with its warning and the
 * sign-out on expiry (spec 1 §4), and a keep-alive so that a user who works without making calls
 * (typing a long form) is not expired by the server while the browser sees activity.
 */
export const SessionScope = ({ children }: { children: ReactNode }) => {
  const { settings } = useClientSettings();
  const logout = useLogout();
  const lastPingRef = useRef(0);

  const onTimeout = useCallback(() => {
    if (!isSignedIn(getSession())) return;
    const unsaved = hasDirtyForms();
    toasts.dismissAll();
    closeAllDialogs();
    toasts.info(INACTIVITY_TOAST_TITLE, messages.inactivity.loggedOut);
    if (unsaved) toasts.warning(UNSAVED_TOAST_TITLE, messages.inactivity.unsaved);
    void logout();
  }, [logout]);

  const keepAliveMs = Math.min(60_000, settings.idleSeconds * 500);
  const onTick = useCallback(
    (lastActivity: number) => {
      const now = Date.now();
      const lastCall = Math.max(getLastAuthenticatedCallAt(), lastPingRef.current);
      if (lastActivity > lastCall && now - lastCall >= keepAliveMs && isSignedIn(getSession())) {
        lastPingRef.current = now;
        callEndpoint(authEndpoints.keepalive, {}).catch(() => undefined);
      }
    },
    [keepAliveMs],
  );

  const { state, reset } = useIdleTimer({
    idleSeconds: settings.idleSeconds,
    timeoutSeconds: settings.idleTimeoutSeconds,
    onTimeout,
    onTick,
  });

  return (
    <>
      {children}
      <IdleWarningDialog
        open={state.phase === 'warning'}
        secondsLeft={state.phase === 'warning' ? state.secondsLeft : settings.idleTimeoutSeconds}
        onStay={reset}
      />
    </>
  );
};
