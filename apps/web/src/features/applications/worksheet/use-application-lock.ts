import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError, isSessionError } from '../../../lib/api-client.ts';
import { confirm } from '../../../lib/confirm.tsx';
import { toasts } from '../../../lib/toast.tsx';
import { withoutNavigationPrompts } from '../../../lib/use-unsaved-changes-prompt.ts';
import {
  applicationKeys,
  lockApplication,
  releaseApplicationLock,
  unlockApplication,
  type TimedWorksheetInfo,
} from '../api.ts';
import { showWorksheetError } from './use-worksheet-save.ts';
import { worksheetTexts } from './texts.ts';

/** The lock is refreshed this often while the user holds it (it expires on the server unless refreshed). */
export const LOCK_REFRESH_MS = 120_000;

/**
 * - reading: the worksheet is open to read; no lock is held (the lender's "lock on open" setting aside).
 * - acquiring: the lock is being asked for (the user started editing).
 * - mine: the user holds the lock: it is refreshed, and released on leaving.
 * - other: the server refused the lock because someone else holds it.
 */
export type LockPhase = 'reading' | 'acquiring' | 'mine' | 'other';

/** How long a lock this tab just let go of is not taken for the user's own (see `releasedHere`). */
const RELEASE_SETTLE_MS = 10_000;
const releaseKey = (id: number) => `credence.lockReleased.${id}`;

/** Releases the lock, best effort: an unreleased lock expires on the server. */
const release = (id: number) => {
  try {
    window.sessionStorage.setItem(releaseKey(id), String(Date.now()));
  } catch {
    // Storage refused (private mode, quota): the release still goes out.
  }
  releaseApplicationLock(id).catch(() => undefined);
};

/**
 * Whether this tab let go of the application's lock a moment ago — a reload, or leaving and coming back: the
 * release (sent with keepalive as the old page went away) may not have reached the server when the new page's
 * worksheet info is read, so that info still says the user holds it. Such a lock is not the user's to keep.
 */
export const releasedHere = (id: number) => {
  try {
    return Date.now() - Number(window.sessionStorage.getItem(releaseKey(id)) ?? 0) < RELEASE_SETTLE_MS;
  } catch {
    return false;
  }
};

const forgetRelease = (id: number) => {
  try {
    window.sessionStorage.removeItem(releaseKey(id));
  } catch {
    // Nothing to forget.
  }
};

/**
 * The application lock of a worksheet (spec 3 §4). Opening a worksheet to read takes no lock (unless the
 * lender's "lock on open" setting says so); the lock is taken when the user starts editing (`startEditing`,
 * called as an edit dialog opens) and refreshed every 2 minutes while held. Leaving the application's
 * worksheets (another route, another application, closing the tab: `pagehide`) releases it; switching between
 * the seven worksheets of the same application keeps it (the frame stays mounted). When someone else holds
 * it, saving is off and Unlock is offered after a confirmation. The worksheet info is read again whenever the hub
 * says the lock holder changed (polled while the hub does not; worksheet-frame.tsx); when the lock was removed by
 * someone else (or lost), the page reloads with a notice at once and unsaved changes are dropped (spec 3 §4).
 */
export const useApplicationLock = (id: number, info: TimedWorksheetInfo | undefined, refreshInfo: () => void) => {
  // The phase belongs to one application: another id starts read-only.
  const [state, setState] = useState<{ id: number; phase: LockPhase }>({ id, phase: 'reading' });
  const phase = state.id === id ? state.phase : 'reading';
  const phaseRef = useRef<LockPhase>('reading');
  /** When the phase last changed: worksheet info asked for before then may describe the old state. */
  const changedAtRef = useRef(0);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  const enter = useCallback(
    (next: LockPhase) => {
      phaseRef.current = next;
      changedAtRef.current = Date.now();
      setState({ id, phase: next });
    },
    [id],
  );

  /** The lock is gone: notice, drop the loaded application (and with it the open dialogs), read again. */
  const reloadPage = useCallback(
    (title: string, text: string) => {
      if (phaseRef.current !== 'mine') return;
      enter('reading');
      toasts.warning(title, text, { toastId: `lock-lost-${id}` });
      queryClient.removeQueries({ queryKey: applicationKeys.application(id) });
      void withoutNavigationPrompts(() => navigate(here, { replace: true }));
    },
    [enter, here, id, navigate, queryClient],
  );

  /**
   * Asks for the lock and settles the phase; answers whether the user now holds it. A refusal because someone
   * else holds it shows the server's 'This application is locked by …' unless `quiet`.
   */
  const takeLock = useCallback(
    async (quiet = false): Promise<boolean> => {
      const wasOther = phaseRef.current === 'other';
      enter('acquiring');
      try {
        await lockApplication(id);
        forgetRelease(id);
        enter('mine');
        // Someone else may have changed the application while they held it.
        if (wasOther) void queryClient.invalidateQueries({ queryKey: applicationKeys.application(id) });
        return true;
      } catch (error) {
        const refused = isApiError(error) && error.status === 409;
        enter(refused ? 'other' : 'reading');
        if (!isSessionError(error) && !(isApiError(error) && error.status === 404) && !(refused && quiet))
          showWorksheetError(error);
        return false;
      } finally {
        refreshInfo();
      }
    },
    [enter, id, queryClient, refreshInfo],
  );

  /** The user starts editing: take the lock unless already held; answers whether they hold it. */
  const startEditing = useCallback(async (): Promise<boolean> => phaseRef.current === 'mine' || takeLock(), [takeLock]);

  // A new application starts read-only; leaving it (another application, another route) releases the lock.
  useEffect(() => {
    if (!(id > 0)) return;
    return () => {
      if (phaseRef.current === 'mine') release(id);
      phaseRef.current = 'reading';
    };
  }, [id]);

  // Closing the tab (or leaving the site) releases the lock; a page restored from the back/forward cache
  // takes it again when its worksheet info shows it gone (see below).
  useEffect(() => {
    if (!(id > 0)) return;
    const onPageHide = () => {
      if (phaseRef.current === 'mine') release(id);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [id]);

  // The lender's "lock on open" setting: take the lock once, as the worksheet opens (quietly if refused).
  const lockedOnOpenRef = useRef<number | null>(null);
  useEffect(() => {
    if (!info?.lockOnOpen || info.id !== id || lockedOnOpenRef.current === id) return;
    lockedOnOpenRef.current = id;
    if (phaseRef.current === 'reading') void takeLock(true);
  }, [id, info, takeLock]);

  // Keep the lock alive while the user holds it.
  useEffect(() => {
    if (phase !== 'mine') return;
    const timer = window.setInterval(() => {
      lockApplication(id).catch((error: unknown) => {
        if (isApiError(error) && error.status === 409)
          reloadPage(worksheetTexts.unlockedNoticeTitle, worksheetTexts.lockLostNotice);
      });
    }, LOCK_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [id, phase, reloadPage]);

  // React to what the worksheet info says (only answers asked for after the last change count).
  useEffect(() => {
    if (!info || info.requestedAt <= changedAtRef.current) return;
    if (phase === 'mine') {
      if (info.unlockedByUser) {
        reloadPage(worksheetTexts.unlockedNoticeTitle, worksheetTexts.unlockedNotice(info.unlockedByUser.name));
      } else if (!info.isLockedByMe) {
        // Expired or taken: try to keep it; a refusal means it is gone.
        lockApplication(id).catch((error: unknown) => {
          if (isApiError(error) && error.status === 409)
            reloadPage(worksheetTexts.unlockedNoticeTitle, worksheetTexts.lockLostNotice);
        });
      }
    } else if (phase === 'reading' && info.isLockedByMe && releasedHere(id)) {
      // This tab let go of it as its last page went away; that release may be late or lost: send it again.
      releaseApplicationLock(id).catch(() => undefined);
    } else if (phase === 'reading' && info.isLockedByMe) {
      // A lock the user already holds (they created the application, or edit it in another tab) is theirs:
      // refreshed now and while held, and released on leaving.
      lockApplication(id)
        .then(() => {
          if (phaseRef.current === 'reading') enter('mine');
        })
        .catch(() => undefined);
    }
    // 'other' (refused) needs nothing here: once the holder lets go, the frame reads the info as unlocked and
    // editing may start again.
  }, [enter, id, info, phase, reloadPage]);

  /** Unlock (someone else's lock) after confirming, then take it: the user means to edit. */
  const unlock = useCallback(async () => {
    const holder = info?.lockingUser?.name ?? 'another user';
    if (!(await confirm({ title: worksheetTexts.unlockTitle, message: worksheetTexts.unlockQuestion(holder) }))) return;
    try {
      await unlockApplication(id);
    } catch (error) {
      showWorksheetError(error);
      return;
    }
    if (await takeLock()) toasts.info(worksheetTexts.lockTakenTitle, worksheetTexts.lockTaken);
  }, [id, info?.lockingUser?.name, takeLock]);

  return { phase, unlock, startEditing };
};
