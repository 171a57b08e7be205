import { menuEndpoint } from '@credence/contracts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { applicationDeps } from '../applications/application-context.ts';
import { buildMenu } from './menu.service.ts';

export const registerMenuRoutes = (app: App, appDeps: AppDeps) => {
  const deps = applicationDeps(appDeps);
  registerEndpoint(app, menuEndpoint, ({ auth }) => buildMenu(deps, auth));
};
