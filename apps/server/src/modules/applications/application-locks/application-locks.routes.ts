import { applicationLockAdminEndpoints, errorBodySchema, idParamsSchema, lockStatusSchema } from '@credence/contracts';
import { z } from 'zod';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { authOf } from '../../../platform/auth.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import * as service from './application-locks.service.ts';

export const registerApplicationLockRoutes = (app: App, deps: AppDeps) => {
  app.post(
    '/api/applications/:id/lock',
    {
      schema: {
        tags: ['applications'],
        summary: 'Take or refresh the edit lock (it expires unless refreshed); 409 with the holder otherwise',
        params: idParamsSchema,
        response: { 200: lockStatusSchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    (request) => service.lockApplication(deps, authOf(request), request.params.id),
  );

  app.delete(
    '/api/applications/:id/lock',
    {
      schema: {
        tags: ['applications'],
        summary: "Remove the edit lock (anyone may, after confirming); the holder's worksheet info names who did",
        params: idParamsSchema,
        response: { 204: z.null(), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await service.unlockApplication(deps, authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // Leaving a worksheet (route change, tab close, another application): the web app calls this with
  // `fetch(…, { keepalive: true })` on `pagehide`, which unlike `navigator.sendBeacon` sends the Authorization
  // header, so the token never travels in a body or a URL. Guarded twice: the caller must be signed in, and
  // only the caller's own lock is released (a colleague's lock stays; removing it is DELETE …/lock above).
  app.post(
    '/api/applications/:id/lock/release',
    {
      schema: {
        tags: ['applications'],
        summary: "Release the caller's own edit lock (leaving the worksheet); another user's lock is left alone",
        params: idParamsSchema,
        response: { 204: z.null(), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await service.releaseOwnLock(deps, authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // Administration › Application Locks: the lender's lock-on-open setting and the locks held now (an
  // administrator releases one with DELETE …/lock above, as anyone may after confirming).
  registerEndpoint(app, applicationLockAdminEndpoints.settings, ({ auth }) => service.getLockSettings(deps.db, auth));
  registerEndpoint(app, applicationLockAdminEndpoints.saveSettings, ({ auth, body }) =>
    service.saveLockSettings(deps.db, auth, body),
  );
  registerEndpoint(app, applicationLockAdminEndpoints.list, ({ auth }) => service.listHeldLocks(deps.db, auth));
};
