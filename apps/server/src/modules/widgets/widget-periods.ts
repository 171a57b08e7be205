import type { WidgetSettings } from '@credence/contracts';

/** A widget's period: dates in the lender's zone, both ends included. */
export type WidgetPeriod = { start: string; end: string };

const iso = (year: number, monthIndex: number, day: number) =>
  new Date(Date.UTC(year, monthIndex, day)).toISOString().slice(0, 10);

/** The months [first, first + count) as dates: the first day and the last day. */
const months = (year: number, firstMonthIndex: number, count: number): WidgetPeriod => ({
  start: iso(year, firstMonthIndex, 1),
  end: iso(year, firstMonthIndex + count, 0),
});

/**
 * The period a widget's settings cover, given today's date in the lender's zone ("2026-11-28"): This Month, Last
 * Month, This Quarter (calendar quarters), This Year, Last Year — whole periods, so the numbers do not change at
 * midnight except by new fundings — or the custom dates.
 */
export const widgetPeriod = (settings: WidgetSettings, today: string): WidgetPeriod => {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  switch (settings.frequency.value) {
    case 'thisMonth':
      return months(year, month, 1);
    case 'lastMonth':
      return months(year, month - 1, 1);
    case 'thisQuarter':
      return months(year, month - (month % 3), 3);
    case 'thisYear':
      return months(year, 0, 12);
    case 'lastYear':
      return months(year - 1, 0, 12);
    case 'custom':
      return { start: settings.startDate!, end: settings.endDate! };
  }
};
