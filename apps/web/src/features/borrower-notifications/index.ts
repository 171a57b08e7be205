import { lazy } from 'react';

/**
 * Borrower notifications on the application (issue 38 item 4): the application's log of what was sent to its
 * borrower, as a lazily loaded component (its code comes with the tab that shows it, never with the page).
 */
export const BorrowerNotificationsPanel = lazy(async () => ({
  default: (await import('./borrower-notifications-panel.tsx')).BorrowerNotificationsPanel,
}));
