import {
  applicationJsonPatchSchema,
  applicationPatchQuerySchema,
  applicationPatchResultSchema,
  applicationPromotionsSchema,
  errorBodySchema,
  idParamsSchema,
} from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { authOf } from '../../../platform/auth.ts';
import { saveLoanIds } from '../../cores/cores.service.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './promotions.service.ts';

export const registerPromotionRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  // A JSON patch is JSON (RFC 6902 names its media type application/json-patch+json).
  app.addContentTypeParser(
    'application/json-patch+json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );

  app.get(
    '/api/applications/:id/promotions',
    {
      schema: {
        tags: ['applications'],
        summary: "Promotions Summary: the current promotions of the application's loan product and the chosen ids",
        params: idParamsSchema,
        response: { 200: applicationPromotionsSchema, 404: errorBodySchema },
      },
    },
    (request) => service.getApplicationPromotions(ctx, authOf(request), request.params.id),
  );

  // Spec 3 §7 says "PATCH application" with a JSON patch; a patch document has no place for the application
  // id, so it goes in the path, as for every other application call.
  app.patch(
    '/api/application/:id',
    {
      schema: {
        tags: ['applications'],
        summary:
          'PATCH application: JSON patch [{op: "replace", path: "/promotionIds", value: [ids]}] (other ops or paths: 422); needs the lock, ?confirmFunded=true when funded; answers the Promotions Summary',
        params: idParamsSchema,
        querystring: applicationPatchQuerySchema,
        // Issue 14: /potentialLoanId and /potentialShareAccountNumber go to the cores module (canFundALoan).
        body: applicationJsonPatchSchema,
        response: {
          200: applicationPatchResultSchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    (request) =>
      request.body.kind === 'loanIds'
        ? saveLoanIds(ctx, authOf(request), request.params.id, request.body.loanIds)
        : service.replacePromotions(
            ctx,
            authOf(request),
            request.params.id,
            request.body.promotionIds,
            request.query.confirmFunded === 'true',
          ),
  );
};
