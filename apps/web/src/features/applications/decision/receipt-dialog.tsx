import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import GlobalStyles from '@mui/material/GlobalStyles';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import { decisionTypeLabels, type DecisionReceipt } from '@credence/contracts';
import { formatPercent, formatRate, money, numberOfPayments, paymentFrequencyLabels } from '@credence/domain';
import { enumLabel } from '../../../components/form/fields.tsx';
import { showMoney } from '../../../components/form/values.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { TruthInLendingBox, viewOfStored } from '../../truth-in-lending/index.ts';
import { DataList, formatDate } from '../worksheet/view-parts.tsx';
import { useDecisionReceipt } from './decision-api.ts';
import { PolicyExceptionView } from './policy-exception.tsx';
import { decisionLabels, decisionPageTexts } from './texts.ts';

/** The number of payments of the decided terms (none when they do not fit: receipts are shown as stored). */
const paymentsOf = (term: number, frequency: Parameters<typeof numberOfPayments>[1]): number | null => {
  try {
    return numberOfPayments(term, frequency);
  } catch {
    return null;
  }
};

const pct = (value: string | null) => (value === null ? null : formatPercent(money(value)));

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" aria-label={title} sx={{ mb: 2.5, breakInside: 'avoid' }}>
    <Typography
      variant="subtitle1"
      component="h3"
      sx={{ fontWeight: 700, borderBottom: 1, borderColor: 'divider', mb: 1, pb: 0.25 }}
    >
      {title}
    </Typography>
    {children}
  </Box>
);

const Rows = ({ headers, rows }: { headers: string[]; rows: ReactNode[][] }) =>
  rows.length === 0 ? (
    <Typography variant="body2" color="text.secondary">
      None
    </Typography>
  ) : (
    <Table size="small">
      <TableHead>
        <TableRow>
          {headers.map((h) => (
            <TableCell key={h} sx={{ fontWeight: 600 }}>
              {h}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, i) => (
          <TableRow key={i}>
            {row.map((cell, j) => (
              <TableCell key={j} sx={{ verticalAlign: 'top' }}>
                {cell}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );

/** One decision receipt as printed: what was known and why, exactly as stored. */
export const ReceiptView = ({ receipt }: { receipt: DecisionReceipt }) => {
  const a = receipt.application;
  const d = a.derived;
  const approval = receipt.approval;
  return (
    <Box data-testid="decision-receipt">
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'baseline', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h6" component="p" data-testid="receipt-heading">
          {receipt.entryKind === 'retraction' ? 'Retraction' : decisionTypeLabels[receipt.decisionType]} · version{' '}
          {receipt.version}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(receipt.decidedAt)} · {receipt.decidedBy.name} ·{' '}
          {receipt.source === 'auto' ? 'Auto-decision' : 'Manual decision'}
        </Typography>
      </Box>
      {receipt.retraction ? (
        <Section title="Retraction">
          <Typography variant="body2">{receipt.retraction.reason}</Typography>
          {receipt.retraction.changes.length ? (
            <Typography variant="body2" color="text.secondary">
              Changed: {receipt.retraction.changes.join(', ')}
            </Typography>
          ) : null}
        </Section>
      ) : null}
      <Section title="Application">
        <DataList
          min={150}
          items={[
            { label: 'Application', value: a.applicationId },
            { label: 'Loan Product', value: `${a.loanProductName} (${a.controlType})` },
            { label: 'Requested Amount', value: showMoney(a.requestedAmount) },
            { label: 'Requested Term', value: a.requestedTerm === null ? null : `${a.requestedTerm} months` },
            { label: 'Collateral Value', value: showMoney(a.collateralValue) },
            { label: 'Year', value: a.year },
            { label: 'Mileage', value: a.mileage?.toLocaleString('en-US') },
            { label: 'Loan Amount', value: showMoney(d.loanAmount) },
            { label: 'Total Down', value: showMoney(d.totalDown) },
            { label: 'Percent Down', value: pct(d.percentDown) },
            { label: 'LTV', value: pct(d.ltv) },
            { label: 'Requested LTV', value: pct(d.requestedLtv) },
            { label: 'Vehicle Age', value: d.vehicleAge === null ? null : `${d.vehicleAge} years` },
            { label: 'Total Back-End', value: showMoney(d.totalBackEnd) },
          ]}
        />
      </Section>
      {approval ? (
        <Section title="Terms">
          <DataList
            min={150}
            items={[
              { label: 'Amount', value: showMoney(approval.amount), strong: true },
              { label: 'Term', value: `${approval.term} months` },
              { label: 'Rate', value: formatRate(approval.interestRate), strong: true },
              { label: 'Buy Rate', value: formatRate(approval.buyRate) },
              { label: 'Frequency', value: paymentFrequencyLabels[approval.paymentFrequency] },
              { label: 'Payment', value: showMoney(approval.monthlyPayment), strong: true },
              approval.balloonAmount !== null && { label: 'Balloon Amount', value: showMoney(approval.balloonAmount) },
              { label: 'Contract Date', value: formatDate(approval.contractDate) },
              { label: 'First Payment', value: formatDate(approval.firstPaymentDate) },
              { label: 'Last Payment', value: formatDate(approval.lastPaymentDate) },
              {
                label: 'Approval Conditions',
                value: approval.approvalConditions.map((c) => `${c.code} ${c.text}`).join('; '),
              },
            ]}
          />
        </Section>
      ) : null}
      {receipt.disclosures ? (
        <Section title="Disclosures">
          <TruthInLendingBox
            title={null}
            testIdPrefix="receipt"
            disclosure={viewOfStored(
              receipt.disclosures,
              approval
                ? {
                    numberOfPayments: paymentsOf(approval.term, approval.paymentFrequency),
                    payment: approval.monthlyPayment,
                    frequency: approval.paymentFrequency,
                    firstPaymentDate: approval.firstPaymentDate,
                    lastPaymentDate: approval.lastPaymentDate,
                  }
                : {},
            )}
          />
        </Section>
      ) : null}
      <Section title="Applicants">
        <Rows
          headers={['Applicant', 'Role', 'PTI', 'Decline Reasons']}
          rows={receipt.decisionApplicants.map((p) => [
            p.name,
            enumLabel(p.role),
            p.pti === null ? '—' : `${money(p.pti).toDecimalPlaces(0).toString()}%`,
            p.declineReasons.map((r) => (r.code ? `${r.code} ${r.text}` : r.text)).join('; ') || '—',
          ])}
        />
      </Section>
      <Section title="Credit Reports">
        <Rows
          headers={['Applicant', 'Bureau', 'Report', 'Pulled', 'Score', 'Key Factors']}
          rows={receipt.creditReports.map((r) => [
            receipt.decisionApplicants.find((p) => p.applicantId === r.applicantId)?.name ?? r.applicantId,
            r.bureau,
            r.creditReportId ?? '—',
            formatDateTime(r.pulledAt),
            r.score === null
              ? 'Not scored'
              : `${r.score}${r.scoreModel ? ` (${r.scoreModel})` : ''}${r.scoreRange ? `, range ${r.scoreRange.min}–${r.scoreRange.max}` : ''}`,
            r.keyFactors.join('; ') || '—',
          ])}
        />
      </Section>
      <Section title="Policy">
        {receipt.policyException ? (
          <Box sx={{ mb: 1 }}>
            <PolicyExceptionView exception={receipt.policyException} />
          </Box>
        ) : null}
        {receipt.policy ? (
          <>
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              Outcome <strong>{receipt.policy.outcome ?? '—'}</strong>
              {receipt.policy.tier ? ` · tier ${receipt.policy.tier}` : ''}
              {receipt.policy.policyVersion !== null ? ` · policy version ${receipt.policy.policyVersion}` : ''} · run{' '}
              {receipt.policy.policyRunId}
            </Typography>
            <Box component="ol" sx={{ m: 0, pl: 3 }}>
              {receipt.policy.trace.map((step, i) => (
                <Typography component="li" variant="body2" key={i}>
                  <strong>{step.nodeName}</strong> ({step.result}): {step.explanation}
                </Typography>
              ))}
            </Box>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            No policy run
          </Typography>
        )}
      </Section>
      {Object.keys(receipt.metrics).length ? (
        <Section title="Metrics">
          <DataList min={150} items={Object.entries(receipt.metrics).map(([label, value]) => ({ label, value }))} />
        </Section>
      ) : null}
      <Section title="Additions">
        <Rows
          headers={['Addition', 'Priced', 'Amount', 'Selected']}
          rows={receipt.additions.map((x) => [
            x.name,
            x.feeType === 'per1000' ? `${showMoney(x.flatAmount)} per $1,000` : 'Flat',
            showMoney(x.amount),
            x.selected ? 'Yes' : 'No',
          ])}
        />
      </Section>
      <Section title="Funding Requirements">
        <Rows headers={['Requirement']} rows={receipt.fundingRequirements.map((r) => [r.description])} />
      </Section>
      {receipt.reasons.length ? (
        <Section title={receipt.decisionType === 'cancel' ? 'Cancel Reason' : 'Counter Reasons'}>
          <Rows headers={['Code', 'Reason']} rows={receipt.reasons.map((r) => [r.code, r.text])} />
        </Section>
      ) : null}
    </Box>
  );
};

/** The receipt of one decision version in a printable dialog (Print prints the receipt only). */
export const ReceiptDialog = ({
  applicationId,
  decisionId,
  onClose,
}: {
  applicationId: number;
  decisionId: number | null;
  onClose: () => void;
}) => {
  const record = useDecisionReceipt(applicationId, decisionId);
  return (
    <Dialog open={decisionId !== null} onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="receipt-title">
      {decisionId !== null ? (
        <GlobalStyles
          styles={{
            '@media print': {
              '#root': { display: 'none !important' },
              '.MuiDialog-container, .MuiDialog-paper': {
                display: 'block !important',
                position: 'static !important',
                maxHeight: 'none !important',
                overflow: 'visible !important',
                boxShadow: 'none !important',
                margin: '0 !important',
              },
              '.MuiDialog-root, .MuiModal-root': { position: 'static !important' },
              '.MuiBackdrop-root, .receipt-actions': { display: 'none !important' },
            },
          }}
        />
      ) : null}
      <DialogTitle id="receipt-title">
        {decisionLabels.receipt} — Application {applicationId}
      </DialogTitle>
      <DialogContent dividers>
        {record.isPending ? (
          <Skeleton variant="rounded" height={320} />
        ) : record.data ? (
          <ReceiptView receipt={record.data.receipt} />
        ) : (
          <Alert severity="error">{decisionPageTexts.retrieving('the decision receipt')}</Alert>
        )}
      </DialogContent>
      <DialogActions className="receipt-actions">
        <Button startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!record.data}>
          {decisionPageTexts.print}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {decisionPageTexts.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
