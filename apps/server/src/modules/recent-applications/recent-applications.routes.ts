import { recentApplicationsEndpoint } from '@credence/contracts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import * as service from './recent-applications.service.ts';

export const registerRecentApplicationRoutes = (app: App, { db }: AppDeps) => {
  registerEndpoint(app, recentApplicationsEndpoint, ({ auth }) => service.getRecentApplications(db, auth));
};
