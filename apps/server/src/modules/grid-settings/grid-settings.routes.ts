import { gridSettingEndpoints } from '@credence/contracts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import * as service from './grid-settings.service.ts';

export const registerGridSettingRoutes = (app: App, { db }: AppDeps) => {
  registerEndpoint(app, gridSettingEndpoints.get, ({ auth, params }) =>
    service.getGridSetting(db, auth, params.gridName),
  );
  registerEndpoint(app, gridSettingEndpoints.save, ({ auth, params, body }) =>
    service.saveGridSetting(db, auth, params.gridName, body.setting),
  );
};
