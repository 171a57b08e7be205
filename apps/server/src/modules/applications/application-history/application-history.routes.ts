import { applicationHistoryEndpoint } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { applicationContext } from '../application-context.ts';
import { getHistory } from './application-history.service.ts';

export const registerApplicationHistoryRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  registerEndpoint(app, applicationHistoryEndpoint, ({ auth, params }) => getHistory(ctx, auth, params.id));
};
