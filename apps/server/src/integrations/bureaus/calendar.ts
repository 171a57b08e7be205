/** Calendar arithmetic on YYYY-MM-DD strings (UTC, no time zone drift), for report dates and terms. */

const parts = (date: string): [number, number, number] => {
  const [y, m, d] = date.split('-').map((p) => Number.parseInt(p, 10));
  return [y ?? 1970, m ?? 1, d ?? 1];
};

const format = (y: number, m: number, d: number): string =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

const daysInMonth = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The date n months later (earlier when negative), the day clamped to the month's last day (Jan 31 + 1 = Feb 28). */
export const addMonths = (date: string, n: number): string => {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + n;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return format(year, month, Math.min(d, daysInMonth(year, month)));
};

/** The date n days later (earlier when negative). */
export const addDays = (date: string, n: number): string => {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

/** Whole months from `from` to `to` (0 when `to` is before `from`'s monthly anniversary). */
export const monthsBetween = (from: string, to: string): number => {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  const months = (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
  return Math.max(0, months);
};

/** A calendar date, as MISMO sends it: YYYY-MM-DD, or YYYY-MM (read as the first of the month); else null. */
export const normalizeDate = (value: string | undefined): string | null => {
  if (value === undefined) return null;
  const v = value.trim();
  const full = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  const month = /^(\d{4})-(\d{2})$/.exec(v);
  const [y, m, d] = full
    ? [full[1], full[2], full[3]]
    : month
      ? [month[1], month[2], '01']
      : [undefined, undefined, undefined];
  if (y === undefined || m === undefined || d === undefined) return null;
  const [year, mon, day] = [Number.parseInt(y, 10), Number.parseInt(m, 10), Number.parseInt(d, 10)];
  if (year < 1900 || year > 2199 || mon < 1 || mon > 12 || day < 1 || day > daysInMonth(year, mon)) return null;
  return format(year, mon, day);
};
