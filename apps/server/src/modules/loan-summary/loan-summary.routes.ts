import { loanSummaryEndpoints } from '@credence/contracts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { createFileStore } from '../../platform/file-store.ts';
import { applicationContext } from '../applications/application-context.ts';
import * as service from './loan-summary.service.ts';

/**
 * The loan summary's REST calls (contracts `loanSummaryEndpoints`): preview (the PDF as base64, the print logged
 * to the history), attach (the PDF filed as 'Loan Summary', 201) and the automatic exports on funding. The
 * GraphQL query the summary reads is H1's (graphql/); the export job is loan-summary-export.ts.
 */
export const registerLoanSummaryRoutes = (app: App, deps: AppDeps) => {
  const ctx: service.LoanSummaryDeps = { ...applicationContext(deps), app, fileStore: createFileStore(deps.config) };
  registerEndpoint(app, loanSummaryEndpoints.preview, ({ auth, params, body }) =>
    service.previewLoanSummary(ctx, auth, params.id, body.sections),
  );
  registerEndpoint(app, loanSummaryEndpoints.attach, ({ auth, params, body }) =>
    service.attachLoanSummary(ctx, auth, params.id, body.sections),
  );
  registerEndpoint(app, loanSummaryEndpoints.exports, ({ auth, params }) =>
    service.listLoanSummaryExports(ctx, auth, params.id),
  );
};
