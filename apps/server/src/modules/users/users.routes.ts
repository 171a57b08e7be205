import { userEndpoints } from '@credence/contracts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import * as service from './users.service.ts';

export const registerUserRoutes = (app: App, { db }: AppDeps) => {
  registerEndpoint(app, userEndpoints.me, ({ auth }) => service.getCurrentUser(db, auth));
  registerEndpoint(app, userEndpoints.lenders, ({ auth }) => service.listLenders(db, auth));
  registerEndpoint(app, userEndpoints.switchLender, ({ auth, body }) => service.switchLender(db, auth, body.lenderId));
};
