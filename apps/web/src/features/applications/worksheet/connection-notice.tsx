import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { hubMessages } from '@credence/contracts';
import { useApplicationLive } from '../../../lib/application-watch.ts';
import { useHubState } from '../../../lib/hub-state.ts';
import { toasts } from '../../../lib/toast.tsx';

/**
 * A worksheet and its connection to the server (issue 31, item 5; spec 1 §4 and §8, the texts exactly).
 *
 * Spec 1 §4: while the real-time hub reconnects, application editing is locked; once reconnected it is unlocked. The
 * lock is real: `canEdit` is off (Edit, Save and the worksheet's inputs are disabled as on a read-only worksheet),
 * with the text as their tooltip. What the lender sees, and why:
 *
 * - Reconnecting: a banner, not a toast — 'Please wait. System reconnecting. Application is locked and cannot be
 *   edited.' It stays exactly as long as the lock (a toast leaves after 30 s; a reconnection may take longer) and
 *   says why Edit and Save are off. It is pinned to the bottom of the window, above dialogs, so that someone editing
 *   in a dialog when the connection drops sees it too, without it covering the page's title, tabs or toasts.
 * - Reconnected: the banner goes and a toast confirms 'Connection restored.  Application is now unlocked' — a
 *   confirmation with nothing to do, so it leaves like every confirmation. The worksheet reads its application
 *   again (what changed meanwhile: the room's join is answered, lib/application-watch.ts).
 * - The attempts are spent: the banner turns into an error, 'Unable to reconnect. Please press F5 to refresh', and
 *   stays (the page cannot recover by itself; editing stays locked).
 * - The worksheet's calls cannot reach the server (a network error, while the hub may still be up): 'Communication
 *   with server has been lost. Please press F5 to refresh if this message persists.' — as the banner while the
 *   worksheet's last read failed so (it goes by itself once a read succeeds), and as the error toast of a save or
 *   lock call that failed so, instead of 'backend server error' (`showWorksheetError`, use-worksheet-save.ts).
 * - The worksheet could not join its application's room (the hub refused or did not answer): its lock holder and
 *   state are no longer live, so it polls them again, and the banner says 'Communication with server has been
 *   lost. Please navigate away and back to this page.' — opening the worksheet again joins again.
 */

/** The hub's part in a worksheet: whether editing is locked by the connection, whether its room is live. */
export const useWorksheetConnection = (applicationId: number) => {
  const hub = useHubState();
  const room = useApplicationLive(applicationId);
  const locked = hub === 'reconnecting' || hub === 'failed';
  const before = useRef(hub);
  useEffect(() => {
    if (before.current === 'reconnecting' && hub === 'connected') toasts.success(undefined, hubMessages.reconnected);
    before.current = hub;
  }, [hub]);
  return {
    hub,
    room,
    /** Editing is locked until the hub is back (spec 1 §4). */
    locked,
    /** Why editing is locked, for the tooltips of Edit and Save. */
    lockedReason: hub === 'failed' ? hubMessages.unableToReconnect : locked ? hubMessages.reconnecting : null,
    /**
     * The lock holder and state are polled unless the room tells of them; not while reconnecting either (editing
     * is locked, the server is likely down, and the worksheet reads again once the room is joined).
     */
    poll: !locked && room !== 'live',
  };
};

/** The banner of the connection's state (see above), above everything at the bottom of the window. */
export const ConnectionNotice = ({
  hub,
  room,
  unreachable,
}: Pick<ReturnType<typeof useWorksheetConnection>, 'hub' | 'room'> & { unreachable: boolean }) => {
  const notice =
    hub === 'failed'
      ? { severity: 'error' as const, text: hubMessages.unableToReconnect }
      : hub === 'reconnecting'
        ? { severity: 'warning' as const, text: hubMessages.reconnecting }
        : unreachable
          ? { severity: 'error' as const, text: hubMessages.lostRefresh }
          : room === 'refused'
            ? { severity: 'warning' as const, text: hubMessages.lostNavigate }
            : null;
  // Shown and taken away at once (no transition): the state it tells of is the one that holds now.
  return notice ? (
    <Snackbar
      open
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      slotProps={{ transition: { appear: false } }}
    >
      <Alert
        severity={notice.severity}
        variant="filled"
        data-testid="connection-notice"
        // Its own width (one line where the window allows): the bar is centred from the window's middle, where a
        // width of its own would stop at half the window.
        sx={{
          width: 'max-content',
          maxWidth: 'min(960px, calc(100vw - 48px))',
          alignItems: 'center',
          boxShadow: 6,
          fontSize: 15,
        }}
      >
        {notice.text}
      </Alert>
    </Snackbar>
  ) : null;
};
