import { auditEndpoints } from '@credence/contracts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { withTenant } from '../../db/tenancy.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { registerAuditAdminRoutes } from './audit-admin.routes.ts';
import { findSsnLookups } from './audit.repository.ts';

export const registerAuditRoutes = (app: App, deps: AppDeps) => {
  const { db } = deps;
  registerEndpoint(app, auditEndpoints.ssnLookups, ({ auth, query }) =>
    withTenant(db, auth.lenderId, (tx) => findSsnLookups(tx, query)),
  );
  registerAuditAdminRoutes(app, deps);
};
