import { auditQuerySchema, errorBodySchema, ssnLookupPageSchema } from '@credence/contracts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { withTenant } from '../../db/tenancy.ts';
import { authOf } from '../../platform/auth.ts';
import { registerAuditAdminRoutes } from './audit-admin.routes.ts';
import { findSsnLookups } from './audit.repository.ts';

export const registerAuditRoutes = (app: App, deps: AppDeps) => {
  const { db } = deps;
  app.get(
    '/api/audit/ssnLookups',
    {
      config: { right: 'canViewAuditHistory' },
      schema: {
        tags: ['admin'],
        summary: "The lender's SSN lookups (who, when, which applications matched; never the SSN), newest first",
        querystring: auditQuerySchema,
        response: { 200: ssnLookupPageSchema, 422: errorBodySchema },
      },
    },
    (request) => withTenant(db, authOf(request).lenderId, (tx) => findSsnLookups(tx, request.query)),
  );
  registerAuditAdminRoutes(app, deps);
};
