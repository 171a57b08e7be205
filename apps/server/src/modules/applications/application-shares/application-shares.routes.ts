import {
  errorBodySchema,
  shareEntrySchema,
  sharedWithMeEntrySchema,
  shareParamsSchema,
  sharesSaveSchema,
  shareTargetsSchema,
} from '@credence/contracts';
import { z } from 'zod';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { authOf } from '../../../platform/auth.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './application-shares.service.ts';

export const registerApplicationShareRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);

  app.get(
    '/api/applications/sharedWithMe',
    {
      schema: {
        tags: ['applications'],
        summary: "Shared With Me: the applications shared with the caller or one of the caller's enabled groups",
        response: { 200: z.array(sharedWithMeEntrySchema) },
      },
    },
    (request) => service.getSharedWithMe(ctx, authOf(request)),
  );

  app.get(
    '/api/applications/:id/shares',
    {
      schema: {
        tags: ['applications'],
        summary:
          'Shares of the application: [{id, userId, userGroupId}] (an id that is not a number: "Invalid application ID")',
        params: shareParamsSchema,
        response: { 200: z.array(shareEntrySchema), 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    (request) => service.getShares(ctx, authOf(request), request.params.id),
  );

  app.get(
    '/api/applications/:id/shareTargets',
    {
      schema: {
        tags: ['applications'],
        summary:
          "The Share dialog's choices: the lender's enabled users {id, name, email} and enabled user groups {id, name}",
        params: shareParamsSchema,
        response: { 200: shareTargetsSchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    (request) => service.getShareTargets(ctx, authOf(request), request.params.id),
  );

  app.put(
    '/api/applications/:id/shares',
    {
      schema: {
        tags: ['applications'],
        summary:
          "Replace the shares {shares: [{id?, userId, userGroupId}]} (exactly one of userId and userGroupId, of the lender's users or enabled groups, else 422); no lock needed",
        params: shareParamsSchema,
        body: sharesSaveSchema,
        response: { 200: z.array(shareEntrySchema), 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    (request) => service.saveShares(ctx, authOf(request), request.params.id, request.body),
  );
};
