import { creditEndpoints, decisionRetractionEndpoints } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { applicationContext } from '../application-context.ts';
import { checkRetractionOf } from '../decision-retraction/retraction-checks.service.ts';
import * as service from './credit.service.ts';
import { registerCreditReportPrintRoute } from './credit-report-pdf.ts';

/** The credit worksheet's calls (spec 3 §7 "Credit"): reports, pulls, the review and its marks, the retraction check, print. */
export const registerCreditRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  const providers = service.defaultBureauProviders;

  registerEndpoint(app, creditEndpoints.get, ({ auth, params }) =>
    service.getApplicationCredit(ctx, auth, params.applicationId),
  );
  registerEndpoint(app, creditEndpoints.previous, ({ auth, params }) =>
    service.listPreviousReports(ctx, auth, params.applicationId),
  );
  registerEndpoint(app, creditEndpoints.pull, ({ auth, params, body }) =>
    service.pullCredit(ctx, providers, auth, params.applicationId, body),
  );
  registerEndpoint(app, creditEndpoints.saveReview, ({ auth, params, body }) =>
    service.saveReview(ctx, auth, params.applicationId, body),
  );
  registerEndpoint(app, creditEndpoints.markAsReviewed, ({ auth, params }) =>
    service.markReviewed(ctx, auth, params.applicationId, params.isReviewed === 'true'),
  );
  registerEndpoint(app, creditEndpoints.report, ({ auth, params }) => service.getReport(ctx, auth, params.id));
  registerEndpoint(app, creditEndpoints.summary, ({ auth, params }) => service.getReportSummary(ctx, auth, params.id));
  // Spec 3 §7 creditreport/retractions: would a credit change retract the decision? (the dry run)
  registerEndpoint(app, decisionRetractionEndpoints.checkCreditReport, ({ auth, params }) =>
    checkRetractionOf(ctx, auth, params.applicationId, { section: 'creditReport' }),
  );
  registerCreditReportPrintRoute(app, ctx);
};
