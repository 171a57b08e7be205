import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 3 §9: fund, save, fetch loan data and disbursement actions are debounced 500 ms. */
export const FUNDING_DEBOUNCE_MS = 500;

export type DebouncedRunner = {
  /** A click: restarts the timer; ignored while the action runs. */
  call: () => void;
  /** Stop a pending timer (the page goes away). */
  cancel: () => void;
};

/**
 * A trailing debounce around an async action: each call restarts a `delayMs` timer and the action runs once the
 * calls stop; while it runs, further calls are ignored. A double (or tenfold) click runs it once. `onPending`
 * says when a click is waiting or the action running (true) and when it has finished (false).
 */
export const createDebouncedRunner = (
  action: () => Promise<void>,
  delayMs: number,
  onPending: (pending: boolean) => void = () => undefined,
): DebouncedRunner => {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  return {
    call: () => {
      if (running) return;
      if (timer !== null) clearTimeout(timer);
      onPending(true);
      timer = setTimeout(() => {
        timer = null;
        running = true;
        void action()
          .catch(() => undefined)
          .finally(() => {
            running = false;
            onPending(false);
          });
      }, delayMs);
    },
    cancel: () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
};

/** `createDebouncedRunner` for a component: `run` is stable, `pending` re-renders the buttons. */
export const useDebouncedAction = (
  action: () => Promise<void>,
  delayMs: number = FUNDING_DEBOUNCE_MS,
): { run: () => void; pending: boolean } => {
  const actionRef = useRef(action);
  useEffect(() => {
    actionRef.current = action;
  });
  const [pending, setPending] = useState(false);
  const runner = useRef<DebouncedRunner | null>(null);
  useEffect(() => {
    const created = createDebouncedRunner(() => actionRef.current(), delayMs, setPending);
    runner.current = created;
    return () => {
      created.cancel();
      runner.current = null;
    };
  }, [delayMs]);
  const run = useCallback(() => runner.current?.call(), []);
  return { run, pending };
};
