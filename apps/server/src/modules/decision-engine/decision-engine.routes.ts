import { decisionEngineEndpoints } from '@credence/contracts';
import { withTenant } from '../../db/tenancy.ts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { readSettings, saveSettings } from './decision-engine.service.ts';

/** Administration › Decision Engine: the lender's settings (GET, PUT /api/decisionEngine/config). */
export const registerDecisionEngineRoutes = (app: App, { db }: AppDeps) => {
  registerEndpoint(app, decisionEngineEndpoints.getConfig, ({ auth }) => withTenant(db, auth.lenderId, readSettings));
  registerEndpoint(app, decisionEngineEndpoints.saveConfig, ({ auth, body }) =>
    withTenant(db, auth.lenderId, (tx) => saveSettings(tx, auth, body)),
  );
};
