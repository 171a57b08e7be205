import { dealerPacketEndpoints } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './dealer-packets.service.ts';

export const registerDealerPacketRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  registerEndpoint(app, dealerPacketEndpoints.get, ({ auth, params }) => service.getDealerPacket(ctx, auth, params.id));
  registerEndpoint(app, dealerPacketEndpoints.save, ({ auth, params, body }) =>
    service.saveDealerPacket(ctx, auth, params.id, body),
  );
};
