import { errorBodySchema, hmdaApplicantSchema, hmdaSaveSchema, idParamsSchema } from '@credence/contracts';
import { z } from 'zod';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { authOf } from '../../../platform/auth.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './hmda.service.ts';

export const registerHmdaRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);

  app.get(
    '/api/applications/:id/hmda',
    {
      schema: {
        tags: ['applications'],
        summary: 'HMDA demographic data: one entry per applicant (a tab), with its record or null when none yet',
        params: idParamsSchema,
        response: { 200: z.array(hmdaApplicantSchema), 404: errorBodySchema },
      },
    },
    (request) => service.getHmda(ctx, authOf(request), request.params.id),
  );

  app.post(
    '/api/applications/:id/hmda',
    {
      schema: {
        tags: ['applications'],
        summary:
          'Save HMDA records {records: [{applicantId, deliveryMethod, gender, race, ethnicity (sums of flags), free texts, dateProvided, verificationStatement1-3}]}; needs the lock, confirmFunded when funded; answers all applicants',
        params: idParamsSchema,
        body: hmdaSaveSchema,
        response: {
          200: z.array(hmdaApplicantSchema),
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    (request) => service.saveHmda(ctx, authOf(request), request.params.id, request.body),
  );
};
