import { messages } from '@credence/contracts';
import { AppError } from '../../../platform/errors.ts';

/** Seconds a client is told to wait (Retry-After) when every upload slot stayed taken. */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

/**
 * At most `max` uploads of this process run at once (UPLOAD_CONCURRENCY). A further upload waits in line, first
 * come first served, for up to `queueMs` (UPLOAD_QUEUE_MS); its body stays unread meanwhile (TCP holds it back),
 * so a waiting upload costs no memory. Past that wait it is answered 503 BUSY with Retry-After.
 */
export const createUploadSlots = (max: number, queueMs: number) => {
  let active = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };

  /**
   * Resolves with the function that frees the slot (call it exactly once), or throws 503 BUSY. `gone` (the
   * client's connection closing) takes a waiting upload out of the line at once.
   */
  const acquire = async (gone?: AbortSignal): Promise<() => void> => {
    if (active < max) {
      active += 1;
      return once(release);
    }
    const granted = await new Promise<boolean>((resolve) => {
      const leave = () => {
        clearTimeout(timer);
        gone?.removeEventListener('abort', leave);
        const index = waiting.indexOf(grant);
        if (index >= 0) waiting.splice(index, 1);
        resolve(false);
      };
      const grant = () => {
        clearTimeout(timer);
        gone?.removeEventListener('abort', leave);
        resolve(true);
      };
      const timer = setTimeout(leave, queueMs);
      gone?.addEventListener('abort', leave);
      waiting.push(grant);
      if (gone?.aborted) leave();
    });
    if (!granted) {
      throw new AppError(503, 'BUSY', messages.files.busy, undefined, {
        'Retry-After': String(UPLOAD_RETRY_AFTER_SECONDS),
      });
    }
    return once(release);
  };

  return { acquire, stats: () => ({ active, waiting: waiting.length }) };
};

const once = (f: () => void) => {
  let done = false;
  return () => {
    if (!done) {
      done = true;
      f();
    }
  };
};
