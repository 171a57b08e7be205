import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { authEndpoints } from '@credence/contracts';
import { withAuthEventsSuppressed } from './auth-events.ts';
import { callEndpoint } from './endpoint-client.ts';
import { clearSession } from './session-store.ts';
import { currentAppLocation, loginUrl } from './return-url.ts';
import { withoutNavigationPrompts } from './use-unsaved-changes-prompt.ts';

/**
 * Sign out (spec 1 §4): POST /api/logout, then — whether it succeeded or failed — go to
 * /login?logout=true&returnUrl=<current path> and forget the local session.
 */
export const useLogout = (): (() => Promise<void>) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      withAuthEventsSuppressed(async () => {
        const target = loginUrl(currentAppLocation(), { logout: 'true' });
        try {
          await callEndpoint(authEndpoints.logout, {}, { authEvents: false });
        } catch {
          // The session is forgotten locally either way.
        }
        // Navigate first: the sign-in guard would otherwise redirect on its own the moment the token goes.
        await withoutNavigationPrompts(() => navigate(target));
        clearSession(target);
        queryClient.clear();
      }),
    [navigate, queryClient],
  );
};
