/*
 * Each user's share of a heavy resource of this process (issue 30, item 13): the GraphQL request thread
 * (modules/loan-summary/graphql, in points: the query's cost and the answer's size) and the PDF workers
 * (platform/pdf.ts, in milliseconds of rendering). Bounding how many requests of a user run at once does not bound
 * how much they take: one client looping the heaviest GraphQL batch allowed (3 × GetLoanSummary at the comment
 * bounds, ~0.2 s each) back to back kept the request thread busy and the other users' p95 rose 6×. So the work a
 * user asked for is charged to that user, and each user has a bucket: it holds at most `burst` units and refills
 * `perSecond` units each second. A request that finds its user's bucket in debt waits until the debt is paid (time
 * refills it), or — when that is further away than a request may wait — is refused with the seconds to wait. A
 * person never meets it; a loop of the heaviest work gets `perSecond` of every second after its burst.
 *
 * Waiting rather than refusing at once: a client that retries whatever the answer (the benchmark's heavy client
 * does) turned quick refusals into a stream of requests — 70 a second, each signed in and refused — that cost the
 * others more than the work it was refused. A waiting request costs a timer; at most `maxWaiting` of a user wait at
 * once, and the wait is at most SHARE_MAX_WAIT_MS.
 */

/** The longest a request waits out its user's debt; further away, it is refused with the seconds to wait. */
export const SHARE_MAX_WAIT_MS = 30_000;

export type UserShare = {
  /** Milliseconds until the user may start (0 when the bucket is not in debt). */
  waitOf: (userId: number) => number;
  /** Takes `units` of work from the user's bucket. */
  charge: (userId: number, units: number) => void;
  /** The user's bucket now (`burst` when full or unknown; tests, diagnostics). */
  balanceOf: (userId: number) => number;
  /**
   * Waits out the user's debt when it is paid within SHARE_MAX_WAIT_MS: answers 0 then (start now), or the ms the
   * user would have to wait when that is longer, when `maxWaiting` of the user already wait, or when `gone` fired
   * meanwhile (refuse).
   */
  admit: (userId: number, gone?: AbortSignal) => Promise<number>;
  /** Fills the user's bucket again, as time would (tests). */
  forgive: (userId: number) => void;
};

/** Resolves true after `ms`, or false as soon as `gone` fires. */
const pause = (ms: number, gone?: AbortSignal) =>
  new Promise<boolean>((resolve) => {
    if (gone?.aborted) return resolve(false);
    const leave = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      gone?.removeEventListener('abort', leave);
      resolve(true);
    }, ms);
    gone?.addEventListener('abort', leave, { once: true });
  });

export const createUserShare = ({
  perSecond,
  burst,
  maxWaiting = 4,
  now = () => performance.now(),
}: {
  perSecond: number;
  burst: number;
  /** Requests of one user that may wait at once. */
  maxWaiting?: number;
  now?: () => number;
}): UserShare => {
  /** Buckets not full; a full one is dropped, so the map holds only the users who used the resource lately. */
  const buckets = new Map<number, { balance: number; at: number }>();
  const waiting = new Map<number, number>();

  const balanceOf = (userId: number) => {
    const bucket = buckets.get(userId);
    if (!bucket) return burst;
    const t = now();
    bucket.balance = Math.min(burst, bucket.balance + ((t - bucket.at) * perSecond) / 1000);
    bucket.at = t;
    if (bucket.balance >= burst) buckets.delete(userId);
    return bucket.balance;
  };

  const waitOf = (userId: number) => {
    const balance = balanceOf(userId);
    return balance >= 0 ? 0 : Math.ceil((-balance * 1000) / perSecond);
  };

  const charge = (userId: number, units: number) => {
    const balance = balanceOf(userId) - Math.max(0, units);
    buckets.set(userId, { balance, at: now() });
  };

  const admit = async (userId: number, gone?: AbortSignal) => {
    const wait = waitOf(userId);
    if (wait === 0) return 0;
    const queued = waiting.get(userId) ?? 0;
    if (wait > SHARE_MAX_WAIT_MS || queued >= maxWaiting) return wait;
    waiting.set(userId, queued + 1);
    try {
      return (await pause(wait, gone)) ? 0 : wait;
    } finally {
      const left = (waiting.get(userId) ?? 1) - 1;
      if (left > 0) waiting.set(userId, left);
      else waiting.delete(userId);
    }
  };

  return { waitOf, charge, balanceOf, admit, forgive: (userId) => void buckets.delete(userId) };
};
