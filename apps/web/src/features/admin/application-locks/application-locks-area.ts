import { pageArea } from '../kit/areas.ts';

/** Administration › Application Locks: the lender's lock-on-open setting and the locks held now (a page of its own). */
export const applicationLocksArea = pageArea({
  key: 'applicationLocks',
  title: 'Application Locks',
  right: 'canManageApplicationLocks',
  page: async () => (await import('./application-locks-page.tsx')).ApplicationLocksPage,
});
