import { pageArea } from '../kit/areas.ts';

/**
 * Administration › Borrower Notifications (issue 38 item 4): which application events e-mail or text the borrower,
 * with their templates — one page saved whole (then home, spec 2 §2).
 */
export const borrowerNotificationsArea = pageArea({
  key: 'borrowerNotifications',
  title: 'Borrower Notifications',
  right: 'canManageBorrowerNotifications',
  page: async () => (await import('./borrower-notifications-page.tsx')).BorrowerNotificationsPage,
});
