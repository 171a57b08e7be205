import { pageArea } from '../kit/areas.ts';

/** Administration › Audit History (a page of its own: changes, SSN lookups, the as-of view). */
export const auditArea = pageArea({
  key: 'audit',
  title: 'Audit History',
  right: 'canViewAuditHistory',
  page: async () => (await import('./audit-page.tsx')).AuditPage,
});
