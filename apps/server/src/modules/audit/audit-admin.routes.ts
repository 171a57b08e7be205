import { auditEndpoints } from '@credence/contracts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import * as service from './audit-admin.service.ts';

/**
 * The audit history of Administration › Audit History (issue 9, item 7): the calls as `auditEndpoints` declares
 * them (canViewAuditHistory, the caller's lender only).
 */
export const registerAuditAdminRoutes = (app: App, { db }: AppDeps) => {
  registerEndpoint(app, auditEndpoints.list, ({ auth, query }) => service.listEntries(db, auth, query));
  registerEndpoint(app, auditEndpoints.filters, ({ auth }) => service.listFilters(db, auth));
  registerEndpoint(app, auditEndpoints.export, async ({ auth, query }, reply) => {
    const stream = await service.exportCsv(db, auth, query);
    const period = [query.fromDate, query.toDate].filter(Boolean).join('_to_');
    void reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="audit-history${period ? `-${period}` : ''}.csv"`)
      .header('Cache-Control', 'no-store');
    // A stream is sent as it is (the response schema's serializer is for JSON).
    return stream as never;
  });
  registerEndpoint(app, auditEndpoints.record, ({ auth, query }) => service.recordAsOf(db, auth, query));
  registerEndpoint(app, auditEndpoints.entry, ({ auth, params }) => service.getEntry(db, auth, params.id));
};
