import { useEffect, useRef, useState } from 'react';
import { getLastActivity, markActivity } from '../../lib/activity.ts';

export type IdleState = { phase: 'active' } | { phase: 'warning'; secondsLeft: number };

type IdleTimerOptions = {
  /** Seconds without activity before the warning (spec: 1500). */
  idleSeconds: number;
  /** Seconds the warning counts down before sign-out (spec: 300). */
  timeoutSeconds: number;
  onTimeout: () => void;
  /** Called on each tick with the time of the last activity (for keeping the server session alive). */
  onTick?: (lastActivity: number) => void;
  enabled?: boolean;
};

/** Activity events of spec 1 §4. */
const activityEvents = ['keydown', 'mousemove', 'touchstart'] as const;
const TICK_MS = 250;
/** Writing the shared timestamp on every mouse move is pointless; once a second is plenty. */
const WRITE_EVERY_MS = 1000;

/**
 * Inactivity timer: after `idleSeconds` without keydown/mousemove/touchstart the state turns to
 * 'warning' with a live countdown of `timeoutSeconds`; activity (in any tab of the browser) resets both;
 * at zero `onTimeout` is called once. Time is measured against the clock, not counted in ticks, so a
 * throttled background tab still times out on time.
 */
export const useIdleTimer = ({
  idleSeconds,
  timeoutSeconds,
  onTimeout,
  onTick,
  enabled = true,
}: IdleTimerOptions): {
  state: IdleState;
  reset: () => void;
} => {
  const [state, setState] = useState<IdleState>({ phase: 'active' });
  const onTimeoutRef = useRef(onTimeout);
  const onTickRef = useRef(onTick);
  useEffect(() => {
    onTimeoutRef.current = onTimeout;
    onTickRef.current = onTick;
  });

  useEffect(() => {
    if (!enabled) return;
    let timedOut = false;
    let lastWrite = 0;
    markActivity();

    const evaluate = () => {
      if (timedOut) return;
      const lastActivity = getLastActivity();
      const idleMs = Date.now() - lastActivity;
      const limitMs = (idleSeconds + timeoutSeconds) * 1000;
      if (idleMs >= limitMs) {
        timedOut = true;
        window.clearInterval(interval);
        setState({ phase: 'active' });
        onTimeoutRef.current();
        return;
      }
      if (idleMs >= idleSeconds * 1000) {
        const secondsLeft = Math.max(1, Math.ceil((limitMs - idleMs) / 1000));
        setState((prev) =>
          prev.phase === 'warning' && prev.secondsLeft === secondsLeft ? prev : { phase: 'warning', secondsLeft },
        );
      } else {
        setState((prev) => (prev.phase === 'active' ? prev : { phase: 'active' }));
      }
      onTickRef.current?.(lastActivity);
    };

    const onActivity = () => {
      if (timedOut) return;
      const now = Date.now();
      if (now - lastWrite < WRITE_EVERY_MS) return;
      lastWrite = now;
      markActivity(now);
      setState((prev) => (prev.phase === 'active' ? prev : { phase: 'active' }));
    };

    activityEvents.forEach((name) => window.addEventListener(name, onActivity, { passive: true, capture: true }));
    const interval = window.setInterval(evaluate, TICK_MS);
    return () => {
      window.clearInterval(interval);
      activityEvents.forEach((name) => window.removeEventListener(name, onActivity, { capture: true }));
    };
  }, [enabled, idleSeconds, timeoutSeconds]);

  const reset = () => {
    markActivity();
    setState({ phase: 'active' });
  };
  return { state, reset };
};
