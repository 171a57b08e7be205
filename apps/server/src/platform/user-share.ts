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
 */

export type UserShare = {
  /** Milliseconds until the user may start (0 when the bucket is not in debt). */
  waitOf: (userId: number) => number;
  /** Takes `units` of work from the user's bucket. */
  charge: (userId: number, units: number) => void;
  /** The user's bucket now (`burst` when full or unknown; tests, diagnostics). */
  balanceOf: (userId: number) => number;
  /**
   * Waits out the user's debt when it is paid within `maxWaitMs`: answers 0 then (start now), or the ms the user
   * would have to wait when that is longer or when `gone` fired meanwhile (refuse).
   */
  admit: (userId: number, maxWaitMs: number, gone?: AbortSignal) => Promise<number>;
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
  now = () => performance.now(),
}: {
  perSecond: number;
  burst: number;
  now?: () => number;
}): UserShare => {
  /** Buckets not full; a full one is dropped, so the map holds only the users who used the resource lately. */
  const buckets = new Map<number, { balance: number; at: number }>();

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

  const admit = async (userId: number, maxWaitMs: number, gone?: AbortSignal) => {
    const wait = waitOf(userId);
    if (wait === 0) return 0;
    return wait <= maxWaitMs && (await pause(wait, gone)) ? 0 : wait;
  };

  return { waitOf, charge, balanceOf, admit, forgive: (userId) => void buckets.delete(userId) };
};
