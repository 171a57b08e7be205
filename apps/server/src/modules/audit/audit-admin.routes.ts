import {
  auditAdminEntrySchema,
  auditAdminPageSchema,
  auditAdminQuerySchema,
  auditAsOfQuerySchema,
  auditAsOfSchema,
  auditEntryParamsSchema,
  auditExportQuerySchema,
  auditFiltersSchema,
  errorBodySchema,
} from '@credence/contracts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { authOf } from '../../platform/auth.ts';
import * as service from './audit-admin.service.ts';

/**
 * The audit history of Administration › Audit History (issue 9, item 7; spec 2 §7 "GET audit/admin with query
 * fromDate, toDate, skip, take; GET audit/admin/{id}"). Every route needs canViewAuditHistory and reads only the
 * caller's lender (another lender's entry is a 404). Days are YYYY-MM-DD, read in `timeZone` (by default the lender’s time zone).
 */
export const registerAuditAdminRoutes = (app: App, { db }: AppDeps) => {
  const right = { right: 'canViewAuditHistory' } as const;

  app.get(
    '/api/audit/admin',
    {
      config: right,
      schema: {
        tags: ['admin'],
        summary:
          "One page of the lender's audit, newest first, each entry with its changed properties (old → new); filters: period, user, area",
        querystring: auditAdminQuerySchema,
        response: { 200: auditAdminPageSchema, 422: errorBodySchema },
      },
    },
    (request) => service.listEntries(db, authOf(request), request.query),
  );

  app.get(
    '/api/audit/admin/filters',
    {
      config: right,
      schema: {
        tags: ['admin'],
        summary: "The users and areas present in the lender's audit (the page's filter lists)",
        response: { 200: auditFiltersSchema },
      },
    },
    (request) => service.listFilters(db, authOf(request)),
  );

  app.get(
    '/api/audit/admin/export',
    {
      config: right,
      schema: {
        tags: ['admin'],
        summary:
          'The filtered audit as CSV (text/csv), newest first, one line per changed property, times as MM/dd/yyyy hh:mm AM in timeZone (by default the lender’s); at most 50 000 entries',
        querystring: auditExportQuerySchema,
      },
    },
    async (request, reply) => {
      const stream = await service.exportCsv(db, authOf(request), request.query);
      const { fromDate, toDate } = request.query;
      const period = [fromDate, toDate].filter(Boolean).join('_to_');
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="audit-history${period ? `-${period}` : ''}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );

  app.get(
    '/api/audit/admin/record',
    {
      config: right,
      schema: {
        tags: ['admin'],
        summary:
          "A record's values as of the end of a day (asOf, YYYY-MM-DD in timeZone), replayed from its audit rows (create → updates → delete), with the rows used",
        querystring: auditAsOfQuerySchema,
        response: { 200: auditAsOfSchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    (request) => service.recordAsOf(db, authOf(request), request.query),
  );

  app.get(
    '/api/audit/admin/:id',
    {
      config: right,
      schema: {
        tags: ['admin'],
        summary: 'One audit entry with its changed properties',
        params: auditEntryParamsSchema,
        response: { 200: auditAdminEntrySchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    (request) => service.getEntry(db, authOf(request), request.params.id),
  );
};
