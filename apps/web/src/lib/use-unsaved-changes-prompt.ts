import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { messages } from '@credence/contracts';
import { confirm } from './confirm.tsx';
import { useDirtyForm } from './dirty-forms.ts';
import { getSession, isSignedIn } from './session-store.ts';

let promptsSuspended = 0;

/** Run a navigation that must not ask about unsaved changes (sign-out, session end). */
export const withoutNavigationPrompts = async <T>(navigation: () => T | Promise<T>): Promise<T> => {
  promptsSuspended += 1;
  try {
    return await navigation();
  } finally {
    promptsSuspended -= 1;
  }
};

export const UNSAVED_CHANGES_TITLE = 'Unsaved Changes';

/**
 * While `isDirty`, moving away inside the app asks 'We detected unsaved changes, are you sure you want
 * to continue?' and leaving the page triggers the browser's own beforeunload prompt.
 * Call `allowNextNavigation()` right before navigating after a successful save.
 */
export const useUnsavedChangesPrompt = (isDirty: boolean): { allowNextNavigation: () => void } => {
  useDirtyForm(isDirty);
  const dirtyRef = useRef(isDirty);
  const skipRef = useRef(false);
  useEffect(() => {
    dirtyRef.current = isDirty;
    if (!isDirty) skipRef.current = false;
  }, [isDirty]);

  // Once the session is gone nothing can be saved any more: never hold the way to sign-in.
  const shouldBlock = useCallback(
    () => dirtyRef.current && !skipRef.current && promptsSuspended === 0 && isSignedIn(getSession()),
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const blockerRef = useRef(blocker);
  useEffect(() => {
    blockerRef.current = blocker;
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let active = true;
    void confirm({ title: UNSAVED_CHANGES_TITLE, message: messages.unsavedChanges }).then((proceed) => {
      const current = blockerRef.current;
      if (!active || current.state !== 'blocked') return;
      if (proceed) current.proceed();
      else current.reset();
    });
    return () => {
      active = false;
    };
  }, [blocker.state]);

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  const allowNextNavigation = useCallback(() => {
    skipRef.current = true;
  }, []);
  return { allowNextNavigation };
};
