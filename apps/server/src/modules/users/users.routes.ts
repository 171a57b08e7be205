import { currentUserSchema, errorBodySchema, lenderSchema, switchLenderRequestSchema } from '@credence/contracts';
import { z } from 'zod';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { authOf } from '../../platform/auth.ts';
import * as service from './users.service.ts';

export const registerUserRoutes = (app: App, { db }: AppDeps) => {
  app.get(
    '/api/user/me',
    {
      config: { allowExpiredPassword: true },
      schema: {
        tags: ['user'],
        summary: 'The signed-in user, current lender and rights',
        response: { 200: currentUserSchema },
      },
    },
    (request) => service.getCurrentUser(db, authOf(request)),
  );

  app.get(
    '/api/user/lenders',
    { schema: { tags: ['user'], summary: 'Lenders the user may work in', response: { 200: z.array(lenderSchema) } } },
    (request) => service.listLenders(db, authOf(request)),
  );

  app.put(
    '/api/user/lender',
    {
      schema: {
        tags: ['user'],
        summary: 'Switch lender (impersonate another, or choose the home lender to clear)',
        body: switchLenderRequestSchema,
        response: { 200: currentUserSchema, 403: errorBodySchema },
      },
    },
    (request) => service.switchLender(db, authOf(request), request.body.lenderId),
  );
};
