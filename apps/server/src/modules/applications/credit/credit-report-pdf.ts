import { creditEndpoints, type StoredCreditReport } from '@credence/contracts';
import { formatMoney, formatUsDate } from '@credence/domain';
import { withTenant } from '../../../db/tenancy.ts';
import type { App } from '../../../platform/app-types.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { notFound } from '../../../platform/errors.ts';
import { lenderDateTime } from '../../../platform/lender-time.ts';
import { pdfFacts, pdfTable, renderPdf } from '../../../platform/pdf.ts';
import type { Content } from 'pdfmake/interfaces';
import type { ApplicationContext } from '../application-context.ts';
import * as repo from './credit.repository.ts';
import * as service from './credit.service.ts';

/** '$12,345.67' from an exact decimal string (grouping added to the string, never through a float). */
export const dollars = (value: string | null): string | null => {
  if (value === null) return null;
  const fixed = formatMoney(value);
  const negative = fixed.startsWith('-');
  const [whole, cents] = (negative ? fixed.slice(1) : fixed).split('.');
  return `${negative ? '-' : ''}$${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
};

const date = (value: string | null) => (value ? formatUsDate(value) : null);
const label = (code: string) =>
  code
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** The printable credit report (spec 3 §7 PrintCreditReport): what the worksheet shows, on letter paper. */
export const creditReportDocument = (
  stored: StoredCreditReport,
  context: { lenderName: string; applicantName: string; timeZone: string },
): { content: Content[]; footer: string; title: string } => {
  const r = stored.report;
  const s = r.summary;
  const content: Content[] = [
    { text: `${context.lenderName} — Credit Report`, style: 'title' },
    pdfFacts([
      ['Application', stored.applicationId],
      ['Applicant', context.applicantName],
      ['SSN', `***-**-${r.subject.ssnLast4}`],
      ['Bureau', stored.creditBureau],
      ['Report Id', stored.creditReportId],
      [
        'Pulled',
        `${lenderDateTime(stored.pulledAt, context.timeZone)}${stored.pulledBy ? ` by ${stored.pulledBy}` : ''}`,
      ],
      ['Name on file', `${r.subject.firstName} ${r.subject.lastName}`],
      ['Date of birth on file', date(r.subject.dateOfBirth)],
      ['In file since', date(r.infileDate)],
    ]),
  ];
  if (r.noRecordFound) {
    content.push({ text: 'No report', style: 'section' }, { text: r.noReportReason ?? 'No record found.' });
  }
  content.push(
    { text: 'Scores', style: 'section' },
    pdfTable(
      ['Model', 'Score', 'Key factors'],
      r.scores.map((x) => [
        x.model + (x.model === stored.defaultScoreModel ? ' (default)' : ''),
        x.score ?? x.exclusionReason,
        x.factors.map((f) => `${f.code} ${f.text}`).join('; '),
      ]),
      { widths: [90, 60, '*'], empty: 'No scores' },
    ),
    { text: 'Alerts', style: 'section' },
    pdfTable(
      ['Kind', 'Code', 'Message'],
      r.alerts.map((a) => [a.kind.toUpperCase(), a.code, a.text]),
      { widths: [70, 50, '*'], empty: 'No alerts' },
    ),
    { text: 'Summary', style: 'section' },
    pdfFacts([
      ['Tradelines', s.tradelinesCount],
      ['Open', s.openTradelinesCount],
      ['Delinquent', s.delinquentTradelinesCount],
      ['Derogatory', s.derogatoryTradelinesCount],
      ['Public records', s.publicRecordsCount],
      ['Inquiries', s.inquiriesCount],
      ['Total balance', dollars(s.totalBalance)],
      ['Monthly payments', dollars(s.totalMonthlyPayment)],
      ['Revolving utilization', s.revolvingUtilizationPercent ? `${s.revolvingUtilizationPercent}%` : null],
      ['Past due', dollars(s.pastDueAmount)],
      ['Oldest tradeline', date(s.oldestTradelineDate)],
    ]),
    { text: 'Tradelines', style: 'section' },
    pdfTable(
      ['Creditor', 'Account', 'Type', 'Status', 'Balance', 'Limit', 'Payment', 'Opened', 'Marks'],
      r.tradelines.map((t) => [
        t.creditor,
        t.accountNumber,
        label(t.portfolioType),
        label(t.tradelineStatus),
        dollars(t.balance),
        dollars(t.creditLimit ?? t.highCredit),
        dollars(t.monthlyPayment),
        date(t.openedDate),
        [t.excluded ? 'Excluded' : null, t.paidOff ? 'Paid off' : null].filter(Boolean).join(', '),
      ]),
      { widths: ['*', 76, 44, 50, 48, 48, 40, 40, 32], alignRight: [4, 5, 6], empty: 'No tradelines', fontSize: 7 },
    ),
    { text: 'Public records', style: 'section' },
    pdfTable(
      ['Type', 'Status', 'Filed', 'Amount', 'Court'],
      r.publicRecords.map((p) => [
        label(p.type),
        label(p.disposition),
        date(p.filedDate),
        dollars(p.amount),
        p.courtName,
      ]),
      { widths: [110, 70, 50, 60, '*'], alignRight: [3], empty: 'No public records' },
    ),
    { text: 'Inquiries', style: 'section' },
    pdfTable(
      ['Date', 'Creditor', 'Business'],
      r.inquiries.map((q) => [date(q.date), q.name, q.businessType]),
      { widths: [60, '*', 120], empty: 'No inquiries' },
    ),
  );
  return {
    content,
    title: `Credit report ${stored.creditReportId}`,
    footer: `Application ${stored.applicationId} · ${context.applicantName} · ${stored.creditBureau} ${stored.creditReportId}`,
  };
};

/**
 * `GET CreditReport/{id}/PrintCreditReport?applicationId=`: the PDF, built on the server. The web fetches it with
 * the bearer header and opens a blob (no token in a URL); the report must belong to that application.
 */
export const registerCreditReportPrintRoute = (app: App, ctx: ApplicationContext) => {
  registerEndpoint(app, creditEndpoints.print, async ({ auth, params, query }, reply) => {
    const stored = await service.getReport(ctx, auth, params.id);
    if (stored.applicationId !== query.applicationId) throw notFound();
    const context = await withTenant(ctx.db, auth.lenderId, async (tx) => {
      const settings = await repo.findLenderCreditSettings(tx, auth.lenderId);
      const people = await repo.listApplicantRows(tx, stored.applicationId);
      const applicant = people.find((p) => p.id === stored.applicantId);
      return {
        lenderName: settings?.name ?? '',
        timeZone: settings?.timeZone ?? 'UTC',
        applicantName: applicant
          ? [applicant.firstName, applicant.lastName].filter(Boolean).join(' ') || (applicant.companyName ?? '')
          : '',
      };
    });
    const pdf = await renderPdf(creditReportDocument(stored, context), auth.userId);
    reply
      .header('content-type', 'application/pdf')
      .header(
        'content-disposition',
        `inline; filename="credit-report-${stored.applicationId}-${stored.creditBureau}.pdf"`,
      )
      .header('cache-control', 'no-store');
    return pdf;
  });
};
