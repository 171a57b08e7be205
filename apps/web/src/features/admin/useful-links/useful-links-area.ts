import { pageArea } from '../kit/areas.ts';

/** Administration › Useful Links: one list edited whole (a page of its own). */
export const usefulLinksArea = pageArea({
  key: 'usefulLinks',
  title: 'Useful Links',
  right: 'canManageUsefulLinks',
  page: async () => (await import('./useful-links-page.tsx')).UsefulLinksPage,
});
