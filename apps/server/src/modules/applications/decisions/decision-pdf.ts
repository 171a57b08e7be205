import {
  applicantRoleLabels,
  decisionEndpoints,
  decisionTypeLabels,
  paymentFrequencyLabels,
  type ApplicantRole,
  type DecisionRecord,
} from '@credence/contracts';
import {
  formatApr,
  formatPercent,
  formatPti,
  formatRate,
  formatUsDate,
  money,
  policyLimitValue,
} from '@credence/domain';
import type { Content } from 'pdfmake/interfaces';
import type { App } from '../../../platform/app-types.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { pdfTable, renderPdf } from '../../../platform/pdf.ts';
import type { ApplicationContext } from '../application-context.ts';
import { usd } from './decision-format.ts';
import { getDecision } from './decisions.service.ts';

const dash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);
const amount = (value: string | null | undefined) => (value ? usd(value) : '—');
const percent = (value: string | null | undefined) => (value ? formatPercent(money(value)) : '—');
const dateOf = (iso: string | null | undefined) => (iso ? formatUsDate(iso.slice(0, 10)) : '—');
const pairs = (rows: [string, string][]): Content =>
  pdfTable(
    ['Item', 'Value'],
    rows.map(([k, v]) => [k, v]),
    { widths: [160, '*'] },
  );

/** The receipt as a document: what was decided, on what, by whom, and why (spec 3 §9 PDF margins). */
export const receiptDocument = (record: DecisionRecord) => {
  const r = record.receipt;
  const title =
    r.entryKind === 'retraction'
      ? `Decision retracted — version ${r.version}`
      : `${decisionTypeLabels[r.decisionType]} — decision version ${r.version}`;
  const content: Content[] = [
    { text: title, style: 'title' },
    {
      text: `Application ${r.application.applicationId} · ${r.application.loanProductName} · decided ${dateOf(r.decidedAt)} by ${r.decidedBy.name}${r.source === 'auto' ? ' (decision engine)' : ''}`,
      style: 'label',
    },
    { text: 'Application', style: 'section' },
    pairs([
      ['Requested amount', amount(r.application.requestedAmount)],
      ['Requested term', dash(r.application.requestedTerm)],
      ['Collateral value', amount(r.application.collateralValue)],
      ['Loan amount', amount(r.application.derived.loanAmount)],
      ['Total down', amount(r.application.derived.totalDown)],
      ['LTV', percent(r.application.derived.ltv)],
      ['Requested LTV', percent(r.application.derived.requestedLtv)],
      ['Vehicle age', dash(r.application.derived.vehicleAge)],
    ]),
  ];
  if (r.approval) {
    const a = r.approval;
    content.push(
      { text: 'Terms', style: 'section' },
      pairs([
        ['Amount', usd(a.amount)],
        ['Term (months)', String(a.term)],
        ['Rate', formatRate(a.interestRate)],
        ['Buy rate', a.buyRate ? formatRate(a.buyRate) : '—'],
        ['Payment frequency', paymentFrequencyLabels[a.paymentFrequency]],
        ['Payment', usd(a.monthlyPayment)],
        ['Contract date', dateOf(a.contractDate)],
        ['First payment date', dateOf(a.firstPaymentDate)],
        ['Last payment date', dateOf(a.lastPaymentDate)],
        ['APR', r.disclosures ? formatApr(money(r.disclosures.apr)) : '—'],
        ['Finance charge', amount(r.disclosures?.financeCharge)],
        ['Amount financed', amount(r.disclosures?.amountFinanced)],
        ['Total of payments', amount(r.disclosures?.totalOfPayments)],
        ['Conditions', a.approvalConditions.map((c) => c.text).join('; ') || '—'],
      ]),
    );
  }
  if (r.policyException) {
    const x = r.policyException;
    content.push(
      { text: 'Exception to Policy', style: 'section' },
      pdfTable(
        ['Limit', 'Policy', 'Decided'],
        x.limits.map((l) => [
          l.label,
          policyLimitValue(l.limit, l.policyValue),
          policyLimitValue(l.limit, l.decidedValue),
        ]),
      ),
      { text: `Excepted by ${x.decidedBy.name}: ${x.reason}` },
    );
  }
  content.push(
    { text: 'Applicants', style: 'section' },
    pdfTable(
      ['Applicant', 'Role', 'PTI', 'Decline reasons'],
      r.decisionApplicants.map((p) => [
        p.name,
        applicantRoleLabels[p.role as ApplicantRole] ?? p.role,
        p.pti ? formatPti(money(p.pti)) : '—',
        p.declineReasons.map((x) => x.text).join('; '),
      ]),
    ),
    { text: 'Credit reports', style: 'section' },
    pdfTable(
      ['Bureau', 'Report', 'Pulled', 'Model', 'Score'],
      r.creditReports.map((c) => [
        c.bureau,
        dash(c.creditReportId),
        dateOf(c.pulledAt),
        dash(c.scoreModel),
        dash(c.score),
      ]),
    ),
  );
  if (r.policy) {
    content.push(
      {
        text: `Policy (version ${dash(r.policy.policyVersion)}): ${dash(r.policy.outcome)}, tier ${dash(r.policy.tier)}`,
        style: 'section',
      },
      pdfTable(
        ['Step', 'Result', 'Why'],
        r.policy.trace.map((s) => [s.nodeName, s.result, s.explanation]),
        { widths: [110, 50, '*'] },
      ),
    );
  }
  if (r.reasons.length > 0)
    content.push({ text: 'Reasons', style: 'section' }, { ul: r.reasons.map((x) => `${x.code}: ${x.text}`) });
  if (r.fundingRequirements.length > 0)
    content.push(
      { text: 'Funding requirements', style: 'section' },
      { ul: r.fundingRequirements.map((x) => x.description) },
    );
  if (r.retraction)
    content.push(
      { text: 'Retraction', style: 'section' },
      { text: `${r.retraction.reason}${r.retraction.changes.length ? ` (${r.retraction.changes.join(', ')})` : ''}` },
    );
  return {
    title,
    content,
    footer: `Application ${r.application.applicationId} · decision ${record.id} · version ${r.version}`,
    marginsMm: [6, 6, 6, 15] as [number, number, number, number],
  };
};

/** `GET applications/{id}/decisions/{decisionId}/pdf`: one receipt printed (fetched with the bearer header). */
export const registerDecisionPdfRoute = (app: App, ctx: ApplicationContext) => {
  registerEndpoint(app, decisionEndpoints.receiptPdf, async ({ auth, params }, reply) => {
    const record = await getDecision(ctx, auth, params.id, params.decisionId);
    const pdf = await renderPdf(receiptDocument(record), auth.userId);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="decision-${record.applicationId}-v${record.version}.pdf"`)
      .header('cache-control', 'no-store');
    return pdf;
  });
};
