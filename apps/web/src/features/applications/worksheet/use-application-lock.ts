import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError, isSessionError } from '../../../lib/api-client.ts';
import { confirm } from '../../../lib/confirm.tsx';
import { showApiErrorToast, toasts } from '../../../lib/toast.tsx';
import { withoutNavigationPrompts } from '../../../lib/use-unsaved-changes-prompt.ts';
import { applicationKeys, lockApplication, unlockApplication, type TimedWorksheetInfo } from '../api.ts';
import { worksheetTexts } from './texts.ts';

/** The lock is refreshed this often while a worksheet is open (it expires on the server unless refreshed). */
export const LOCK_REFRESH_MS = 120_000;
/** Leaving the worksheets releases the lock after this delay (switching worksheet remounts the frame). */
const RELEASE_DELAY_MS = 1_500;

export type LockPhase = 'acquiring' | 'mine' | 'other' | 'lost' | 'failed';

/** Releases waiting to run, by application id; a worksheet of the same application mounting cancels its release. */
const pendingReleases = new Map<number, number>();
const cancelRelease = (id: number) => {
  const timer = pendingReleases.get(id);
  if (timer !== undefined) window.clearTimeout(timer);
  pendingReleases.delete(id);
};
const scheduleRelease = (id: number) => {
  cancelRelease(id);
  pendingReleases.set(
    id,
    window.setTimeout(() => {
      pendingReleases.delete(id);
      // Best effort: an unreleased lock expires on the server.
      unlockApplication(id).catch(() => undefined);
    }, RELEASE_DELAY_MS),
  );
};

/**
 * The application lock of a worksheet (spec 3 §4): taken when the worksheet opens and refreshed every 2
 * minutes. When someone else holds it, saving is off and Unlock is offered after a confirmation. The worksheet
 * info is polled; when the lock was removed by someone else (or lost), the page reloads with a notice and
 * unsaved changes are dropped. When the holder lets go, the lock is taken.
 */
export const useApplicationLock = (id: number, info: TimedWorksheetInfo | undefined, refreshInfo: () => void) => {
  const [phase, setPhase] = useState<LockPhase>('acquiring');
  const phaseRef = useRef<LockPhase>('acquiring');
  /** When the phase last changed: worksheet info asked for before then may describe the old state. */
  const changedAtRef = useRef(0);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  const enter = useCallback((next: LockPhase) => {
    phaseRef.current = next;
    changedAtRef.current = Date.now();
    setPhase(next);
  }, []);

  const reloadPage = useCallback(
    (title: string, text: string) => {
      if (phaseRef.current === 'lost') return;
      enter('lost');
      toasts.warning(title, text, { toastId: `lock-lost-${id}` });
      queryClient.removeQueries({ queryKey: applicationKeys.application(id) });
      void withoutNavigationPrompts(() => navigate(here, { replace: true }));
    },
    [enter, here, id, navigate, queryClient],
  );

  /** Asks for the lock; answers the phase it leads to. */
  const tryLock = useCallback(async (): Promise<LockPhase> => {
    try {
      await lockApplication(id);
      return 'mine';
    } catch (error) {
      if (isApiError(error) && error.status === 409) return 'other';
      if (!isSessionError(error) && !(isApiError(error) && error.status === 404)) showApiErrorToast(error);
      return 'failed';
    } finally {
      refreshInfo();
    }
  }, [id, refreshInfo]);

  const settle = useCallback(
    (next: LockPhase, announce: boolean) => {
      const wasOther = phaseRef.current === 'other';
      enter(next);
      if (next === 'mine' && wasOther) {
        // Someone else may have changed the application while they held it.
        void queryClient.invalidateQueries({ queryKey: applicationKeys.application(id) });
        if (announce) toasts.info(worksheetTexts.lockTakenTitle, worksheetTexts.lockTaken);
      }
    },
    [enter, id, queryClient],
  );

  // Take the lock on opening; leaving the worksheets releases it (unless one of them opens again at once).
  useEffect(() => {
    if (!(id > 0)) return;
    cancelRelease(id);
    let active = true;
    void tryLock().then((next) => {
      if (active) settle(next, false);
    });
    return () => {
      active = false;
      if (phaseRef.current === 'mine') scheduleRelease(id);
    };
  }, [id, settle, tryLock]);

  // Keep the lock alive while the page is open.
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

  // React to what the polled worksheet info says (only answers asked for after the last change count).
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
    } else if (phase === 'other' && !info.isLocked) {
      void tryLock().then((next) => settle(next, true));
    }
  }, [id, info, phase, reloadPage, settle, tryLock]);

  /** Unlock (someone else's lock) after confirming, then take it. */
  const unlock = useCallback(async () => {
    const holder = info?.lockingUser?.name ?? 'another user';
    if (!(await confirm({ title: worksheetTexts.unlockTitle, message: worksheetTexts.unlockQuestion(holder) }))) return;
    try {
      await unlockApplication(id);
    } catch (error) {
      showApiErrorToast(error);
      return;
    }
    settle(await tryLock(), false);
  }, [id, info?.lockingUser?.name, settle, tryLock]);

  return { phase, unlock };
};
