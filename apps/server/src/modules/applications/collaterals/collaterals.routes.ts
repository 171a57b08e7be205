import { collateralsResponseSchema, collateralsSaveSchema, errorBodySchema, idParamsSchema } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { authOf } from '../../../platform/auth.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './collaterals.service.ts';

export const registerCollateralRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);

  // The spec's path ends with a slash; the same route answers without it (hidden from the docs).
  for (const [url, hide] of [
    ['/api/applications/:id/collaterals/', false],
    ['/api/applications/:id/collaterals', true],
  ] as const) {
    app.get(
      url,
      {
        schema: {
          hide,
          tags: ['applications'],
          summary: "An application's collaterals and insurance",
          params: idParamsSchema,
          response: { 200: collateralsResponseSchema, 404: errorBodySchema },
        },
      },
      (request) => service.getCollaterals(ctx, authOf(request), request.params.id),
    );

    app.post(
      url,
      {
        schema: {
          hide,
          tags: ['applications'],
          summary: 'Save the collaterals and insurance (replaces them); needs the lock, and confirmFunded when funded',
          params: idParamsSchema,
          body: collateralsSaveSchema,
          response: {
            200: collateralsResponseSchema,
            404: errorBodySchema,
            409: errorBodySchema,
            422: errorBodySchema,
          },
        },
      },
      (request) => service.saveCollaterals(ctx, authOf(request), request.params.id, request.body),
    );
  }
};
