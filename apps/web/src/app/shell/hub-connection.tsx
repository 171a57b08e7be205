import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { hasRight, useCurrentUser } from '../../lib/current-user.ts';
import { useSession } from '../../lib/session-store.ts';

/**
 * The real-time hub for the signed-in user (issue 31): connects after the first paint — socket.io-client, the
 * events' query keys and the reconnect notices are in hub-socket.ts, loaded then, outside the shell's first
 * load — and connects again when the user, the lender or the dashboard right changes.
 */
export const HubConnection = () => {
  const queryClient = useQueryClient();
  const { token } = useSession();
  const { data: user } = useCurrentUser();
  const who = user ? `${user.id}:${user.currentLender.id}:${hasRight(user, 'canViewDashboard')}` : null;

  useEffect(() => {
    if (!token || !who) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./hub-socket.ts').then(({ connectHub }) => {
      if (!cancelled) stop = connectHub(queryClient, who.endsWith('true'));
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [token, who, queryClient]);
  return null;
};
