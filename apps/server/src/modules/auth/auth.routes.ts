import {
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  errorBodySchema,
  loginRequestSchema,
  loginResponseSchema,
} from '@credence/contracts';
import { z } from 'zod';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { authOf } from '../../platform/auth.ts';
import * as service from './auth.service.ts';

export const registerAuthRoutes = (app: App, deps: AppDeps) => {
  app.post(
    '/api/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username and password',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    (request) => service.login(deps, request.body, request.ip),
  );

  app.post(
    '/api/logout',
    {
      config: { allowExpiredPassword: true },
      schema: {
        tags: ['auth'],
        summary: 'End the session; its token stops working at once',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.logout(deps, authOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/user/changePassword',
    {
      config: { allowExpiredPassword: true },
      schema: {
        tags: ['auth'],
        summary: "Change the caller's password (also when it has expired)",
        body: changePasswordRequestSchema,
        response: { 200: changePasswordResponseSchema, 422: errorBodySchema, 429: errorBodySchema },
      },
    },
    (request) => service.changePassword(deps, authOf(request), request.body, request.ip),
  );

  app.post(
    '/api/session/keepalive',
    {
      config: { allowExpiredPassword: true },
      schema: {
        tags: ['auth'],
        summary: 'Mark the session active (the client calls it on user activity)',
        response: { 204: z.null() },
      },
    },
    async (_request, reply) => reply.status(204).send(null),
  );
};
