import {
  addonPenetrationReport,
  adverseActionsReport,
  dealerScorecardReport,
  decisionsReport,
  fundedLoanListReport,
  fundedLoansReport,
  pipelineReport,
  policyExceptionsReport,
  reportOptionsEndpoint,
  type Endpoint,
} from '@credence/contracts';
import type { App, Module } from '../../platform/app-types.ts';
import type { Db } from '../../db/client.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { addonPenetrationSql } from './addon-penetration.report.ts';
import { adverseActionsSql } from './adverse-actions.report.ts';
import { dealerScorecardSql } from './dealer-scorecard.report.ts';
import { decisionsSql } from './decisions.report.ts';
import { fundedLoanListSql, fundedLoansSql } from './funded-loans.report.ts';
import { pipelineSql } from './pipeline.report.ts';
import { policyExceptionsSql } from './policy-exceptions.report.ts';
import { reportCsv, reportPage, type ReportQuery, type ReportSql } from './report-kit.ts';
import { listReportOptions } from './reports.repository.ts';

/**
 * Registers one report's two calls: the page (JSON) and the CSV (streamed). Both need `canViewReports` (the
 * declaration's access); the query is validated by the declaration's schema before it gets here (422 otherwise).
 */
const registerReport = <Q extends ReportQuery, G extends Endpoint, C extends Endpoint>(
  app: App,
  db: Db,
  endpoints: { get: G; csv: C },
  report: ReportSql<Q>,
) => {
  registerEndpoint(app, endpoints.get, ({ auth, query }) => reportPage(db, auth, report, query as Q) as never);
  registerEndpoint(app, endpoints.csv, async ({ auth, query }, reply) => {
    const { stream, fileName } = await reportCsv(db, auth, report, query as Q);
    void reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Cache-Control', 'no-store');
    // A stream is sent as it is (the response schema's serializer is for JSON).
    return stream as never;
  });
};

/**
 * The Reports area (issue 33): each report's page and CSV (one declaration in the contracts, one `ReportSql` here),
 * and the filters' lists.
 */
export const reportsModule: Module = {
  name: 'reports',
  register: (app, { db }) => {
    registerEndpoint(app, reportOptionsEndpoint, ({ auth }) => listReportOptions(db, auth));
    registerReport(app, db, pipelineReport.endpoints, pipelineSql);
    registerReport(app, db, fundedLoansReport.endpoints, fundedLoansSql);
    registerReport(app, db, fundedLoanListReport.endpoints, fundedLoanListSql);
    registerReport(app, db, decisionsReport.endpoints, decisionsSql);
    registerReport(app, db, policyExceptionsReport.endpoints, policyExceptionsSql);
    registerReport(app, db, adverseActionsReport.endpoints, adverseActionsSql);
    registerReport(app, db, addonPenetrationReport.endpoints, addonPenetrationSql);
    registerReport(app, db, dealerScorecardReport.endpoints, dealerScorecardSql);
  },
};
