import { customFieldEndpoints } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './custom-fields.service.ts';

export const registerCustomFieldRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  registerEndpoint(app, customFieldEndpoints.get, ({ auth, params }) =>
    service.getApplicationCustomFields(ctx, auth, params.id),
  );
  registerEndpoint(app, customFieldEndpoints.ofLoanProduct, ({ auth, params, query }) =>
    service.getLoanProductCustomFields(ctx, auth, params.id, query.appId),
  );
  registerEndpoint(app, customFieldEndpoints.save, ({ auth, params, body }) =>
    service.saveCustomFields(ctx, auth, params.id, body),
  );
};
