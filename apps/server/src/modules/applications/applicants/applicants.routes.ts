import {
  applicantParamsSchema,
  applicantsResponseSchema,
  applicantsSaveSchema,
  errorBodySchema,
  idParamsSchema,
  revealedSsnSchema,
} from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { authOf } from '../../../platform/auth.ts';
import { applicationContext } from '../application-context.ts';
import { requireStepUp } from '../../auth/mfa-core.service.ts';
import * as service from './applicants.service.ts';

export const registerApplicantRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);

  app.get(
    '/api/applications/:id/applicants',
    {
      schema: {
        tags: ['applications'],
        summary: "An application's applicants (SSNs masked)",
        params: idParamsSchema,
        response: { 200: applicantsResponseSchema, 404: errorBodySchema },
      },
    },
    (request) => service.getApplicants(ctx, authOf(request), request.params.id),
  );

  app.put(
    '/api/applications/:id/applicants',
    {
      schema: {
        tags: ['applications'],
        summary: 'Replace the applicants (standard and business); needs the lock, and confirmFunded when funded',
        params: idParamsSchema,
        body: applicantsSaveSchema,
        response: { 200: applicantsResponseSchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema },
      },
    },
    (request) => service.saveApplicants(ctx, authOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/applications/:id/applicants/:applicantId/ssn',
    {
      config: { right: 'canRevealSensitiveData' },
      schema: {
        tags: ['applications'],
        summary: "Reveal an applicant's full SSN (recorded in the application history)",
        params: applicantParamsSchema,
        response: { 200: revealedSsnSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      // Issue 36: a user who has a second factor needs one verified within 5 minutes (403 MFA_STEP_UP_REQUIRED).
      const authentication = await requireStepUp(appDeps.db, authOf(request));
      const result = await service.revealSsn(
        ctx,
        authOf(request),
        request.params.id,
        request.params.applicantId,
        authentication,
      );
      return reply.header('Cache-Control', 'no-store').send(result);
    },
  );
};
