import { auditQuerySchema, errorBodySchema, ssnLookupPageSchema } from '@credence/contracts';
import type { App, AppDeps } from '../../app.ts';
import { withTenant } from '../../db/tenancy.ts';
import { authOf } from '../../platform/auth.ts';
import { findSsnLookups } from './audit.repository.ts';

export const registerAuditRoutes = (app: App, { db }: AppDeps) => {
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
};
