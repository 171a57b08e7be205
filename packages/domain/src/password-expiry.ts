const DAY_MS = 86_400_000;

export type PasswordExpiryStatus = { kind: 'expired' } | { kind: 'warning'; daysLeft: number } | { kind: 'ok' };

/** Expired when the date has passed; a warning with 1 to 10 whole days left (rounded up); otherwise fine. */
export const passwordExpiryStatus = (expiresAt: Date, now: Date = new Date()): PasswordExpiryStatus => {
  const ms = expiresAt.getTime() - now.getTime();
  if (Number.isNaN(ms) || ms <= 0) return { kind: 'expired' };
  const daysLeft = Math.ceil(ms / DAY_MS);
  return daysLeft >= 1 && daysLeft <= 10 ? { kind: 'warning', daysLeft } : { kind: 'ok' };
};
