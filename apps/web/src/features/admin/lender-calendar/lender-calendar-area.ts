import { pageArea } from '../kit/areas.ts';

/** Administration › Lender Calendar: the lender's holidays by year (a page of its own). */
export const lenderCalendarArea = pageArea({
  key: 'lenderCalendar',
  title: 'Lender Calendar',
  right: 'canManageLenderCalendar',
  page: async () => (await import('./lender-calendar-page.tsx')).LenderCalendarPage,
});
