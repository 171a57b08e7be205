/*
 * Per-user lines of GraphQL work in this process (issue 30, item 2): at most `running` holders per user at once;
 * the next ones of that user wait in their own line, first come first served, at most `waiting` of them and each
 * for at most `waitMs`; past that they are refused (null). Other users are never behind them. In-process: the
 * cap protects this process's database pool, which is per process too (README, Security: Limits).
 */

export type UserSlots = {
  /**
   * The function that frees the slot (idempotent: call it on every path), or null when the user's line is full,
   * the wait ran out, or `gone` (the client leaving) fired while waiting.
   */
  acquire: (userId: number, gone?: AbortSignal) => Promise<(() => void) | null>;
  /** What a user holds and waits for now (tests, diagnostics). */
  stats: (userId: number) => { running: number; waiting: number };
};

export const createUserSlots = ({
  running,
  waiting,
  waitMs,
}: {
  running: number;
  waiting: number;
  waitMs: number;
}): UserSlots => {
  const lines = new Map<number, { active: number; queue: (() => void)[] }>();

  const releaseOf = (userId: number) => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const line = lines.get(userId);
      if (!line) return;
      const next = line.queue.shift();
      if (next) next();
      else {
        line.active -= 1;
        if (line.active <= 0) lines.delete(userId);
      }
    };
  };

  const acquire = async (userId: number, gone?: AbortSignal) => {
    let line = lines.get(userId);
    if (!line) {
      line = { active: 0, queue: [] };
      lines.set(userId, line);
    }
    if (line.active < running) {
      line.active += 1;
      return releaseOf(userId);
    }
    if (line.queue.length >= waiting || gone?.aborted) return null;
    const queue = line.queue;
    const granted = await new Promise<boolean>((resolve) => {
      const leave = () => {
        if (timer) clearTimeout(timer);
        gone?.removeEventListener('abort', leave);
        const index = queue.indexOf(grant);
        if (index >= 0) queue.splice(index, 1);
        resolve(false);
      };
      const grant = () => {
        if (timer) clearTimeout(timer);
        gone?.removeEventListener('abort', leave);
        resolve(true);
      };
      const timer = Number.isFinite(waitMs) ? setTimeout(leave, waitMs) : undefined;
      gone?.addEventListener('abort', leave);
      queue.push(grant);
    });
    return granted ? releaseOf(userId) : null;
  };

  const stats = (userId: number) => {
    const line = lines.get(userId);
    return { running: line?.active ?? 0, waiting: line?.queue.length ?? 0 };
  };

  return { acquire, stats };
};
