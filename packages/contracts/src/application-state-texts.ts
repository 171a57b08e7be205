import type { ApplicationState } from './applications/enums.ts';

/**
 * How an application's state reads to people (the status notification's {description}, the dashboard's Pipeline).
 * A module of its own, with a type-only import: the enumerations module carries decimal.js into what imports it.
 */
export const applicationStateTexts: Record<ApplicationState, string> = {
  new: 'New',
  reviewed: 'Reviewed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  pending: 'Pending',
  approved: 'Approved',
  counteroffer: 'Counter Offer',
  funded: 'Funded',
};
