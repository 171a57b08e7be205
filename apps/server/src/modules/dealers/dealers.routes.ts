import {
  dealerInputSchema,
  dealerSchema,
  dealersQuerySchema,
  errorBodySchema,
  idParamsSchema,
} from '@credence/contracts';
import { z } from 'zod';
import type { App, AppDeps } from '../../app.ts';
import { authOf } from '../../platform/auth.ts';
import * as service from './dealers.service.ts';

export const registerDealerRoutes = (app: App, { db }: AppDeps) => {
  app.get(
    '/api/dealers',
    {
      schema: {
        tags: ['dealers'],
        summary: "The lender's dealers (enabled=true for those that can be chosen)",
        querystring: dealersQuerySchema,
        response: { 200: z.array(dealerSchema) },
      },
    },
    (request) =>
      service.listDealers(
        db,
        authOf(request),
        request.query.enabled === undefined ? undefined : request.query.enabled === 'true',
      ),
  );

  app.post(
    '/api/dealers',
    {
      config: { right: 'canManageDealers' },
      schema: {
        tags: ['dealers'],
        summary: 'Create a dealer',
        body: dealerInputSchema,
        response: { 201: dealerSchema, 403: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createDealer(db, authOf(request), request.body)),
  );

  app.put(
    '/api/dealers/:id',
    {
      config: { right: 'canManageDealers' },
      schema: {
        tags: ['dealers'],
        summary: 'Update a dealer',
        params: idParamsSchema,
        body: dealerInputSchema,
        response: { 200: dealerSchema, 403: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    (request) => service.updateDealer(db, authOf(request), request.params.id, request.body),
  );
};
