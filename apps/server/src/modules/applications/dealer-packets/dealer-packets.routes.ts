import { dealerPacketSaveSchema, dealerPacketSchema, errorBodySchema, idParamsSchema } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { authOf } from '../../../platform/auth.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './dealer-packets.service.ts';

export const registerDealerPacketRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);

  app.get(
    '/api/applications/:id/packet',
    {
      schema: {
        tags: ['applications'],
        summary: 'Dealer Packet Status: {received, receivedDate}',
        params: idParamsSchema,
        response: { 200: dealerPacketSchema, 404: errorBodySchema },
      },
    },
    (request) => service.getDealerPacket(ctx, authOf(request), request.params.id),
  );

  app.put(
    '/api/applications/:id/packet',
    {
      schema: {
        tags: ['applications'],
        summary:
          'Save the dealer packet {received, receivedDate}: the date is required when received, null when not; no lock needed',
        params: idParamsSchema,
        body: dealerPacketSaveSchema,
        response: { 200: dealerPacketSchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    (request) => service.saveDealerPacket(ctx, authOf(request), request.params.id, request.body),
  );
};
