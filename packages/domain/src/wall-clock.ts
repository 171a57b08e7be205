export type WallClock = { year: string; month: string; day: string; hour: string; minute: string; second: string };
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall clock of an instant in an IANA zone, as two-digit texts (hour 00–23; year four digits): what a person
 * there reads. One formatter per zone, kept (building one costs more than formatting: a file of a million rows).
 */
export const wallClock = (at: Date, timeZone: string): WallClock => {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
};
