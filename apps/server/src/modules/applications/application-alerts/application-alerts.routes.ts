import { applicationAlertsEndpoint } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { applicationContext } from '../application-context.ts';
import { getApplicationAlerts } from './application-alerts.service.ts';

export const registerApplicationAlertRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  registerEndpoint(app, applicationAlertsEndpoint, ({ auth, params }) => getApplicationAlerts(ctx, auth, params.id));
};
