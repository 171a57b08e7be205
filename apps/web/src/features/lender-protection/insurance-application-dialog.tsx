import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  lenderProtectionEndpoints,
  lenderProtectionTexts as texts,
  type DecisionCodeOption,
  type LoanInsurance,
} from '@credence/contracts';
import {
  canCreateLenderProtectionDecision,
  canResubmitLenderProtection,
  formatPercent,
  formatRate,
  isRateGridTermEnabled,
  lenderProtectionOutcome,
  money,
  selectRateGridCell,
  type PaymentFrequency,
} from '@credence/domain';
import { DialogFrame } from '../../components/form/form-dialog.tsx';
import { showMoney } from '../../components/form/values.ts';
import { isSessionError } from '../../lib/api-client.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { toasts } from '../../lib/toast.tsx';

/** What the dialog hands to the decision form when the user creates the decision. */
export type InsuranceDecision = {
  decisionType: 'approve' | 'counteroffer' | 'decline';
  amount: string | null;
  term: number | null;
  rate: string | null;
  reasons: number[];
  declines: { applicantId: number; codeIds: number[] }[];
};

export type InsuranceApplicationDialogProps = {
  applicationId: number;
  /** The decision form's terms now: what is submitted. */
  amount: string | null;
  term: number | null;
  paymentFrequency: PaymentFrequency;
  /** The collateral value: a grid cell's amount is value × LTV, capped at the approved total. */
  value: string | null;
  additions: { id: number; selected: boolean; flatAmount: string | null }[];
  applicants: { applicantId: number; name: string }[];
  codes: readonly DecisionCodeOption[];
  /** Opened from the sales worksheet: 'Create Decision And Quote'. */
  fromSales?: boolean;
  onClose: () => void;
  onCreateDecision: (decision: InsuranceDecision) => Promise<void> | void;
};

const List = ({ title, items, testId }: { title: string; items: readonly string[]; testId: string }) =>
  items.length === 0 ? null : (
    <Box data-testid={testId} sx={{ mt: 1.5 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {items.map((item) => (
          <Typography component="li" variant="body2" key={item}>
            {item}
          </Typography>
        ))}
      </Box>
    </Box>
  );

const statusColor = (status: LoanInsurance['status']) =>
  status === 'Approved' ? 'success' : status === 'Counter' ? 'warning' : 'error';

/**
 * The lender-protection dialog 'Insurance Application' (spec 3 §2, 800 px; §4 statuses; §5 the term rule; issue 35
 * item 2). Opening it submits the decision's terms to Lend Pro ('Application sent to Lend Pro'; an Error answer or
 * a failed call says 'Failed to send application to Lend Pro' and closes it). Step 1 'Review Response' shows the
 * answer — the term × LTV grid of an approval or counter (a cell sets term, rate and amount; a term the decision's
 * payment frequency cannot take is disabled), reasons, stipulations, terms and conditions, or the denial,
 * eligibility and failure reasons. When the answer makes a counter-offer or a decline, Next leads to step 2 for the
 * adverse action reasons (per applicant for a decline). Re-Submit and Create Decision follow the domain's rules.
 */
export const InsuranceApplicationDialog = (props: InsuranceApplicationDialogProps) => {
  const { applicationId, paymentFrequency, applicants, codes, onClose } = props;
  const [response, setResponse] = useState<LoanInsurance | null>(null);
  const [busy, setBusy] = useState(true);
  const [step, setStep] = useState(0);
  const [amount, setAmount] = useState('');
  const [term, setTerm] = useState('');
  const [rate, setRate] = useState<string | null>(null);
  const [cell, setCell] = useState<{ term: number; ltv: string } | null>(null);
  const [reasons, setReasons] = useState<number[]>([]);
  const [declines, setDeclines] = useState<Record<number, number[]>>({});
  const [creating, setCreating] = useState(false);
  const started = useRef(false);

  const send = async (resubmit: boolean, values: { amount: string | null; term: number | null }) => {
    setBusy(true);
    try {
      const body = {
        applicationId,
        estAmtFinanced: values.amount,
        termMonths: values.term,
        additions: props.additions.map((a) => ({ id: a.id, selected: a.selected, flatAmount: a.flatAmount })),
        resubmit,
      };
      const answer = await callEndpoint(
        resubmit ? lenderProtectionEndpoints.resubmit : lenderProtectionEndpoints.submit,
        {
          params: { applicationId },
          body,
        },
      );
      if (answer.status === 'Error') {
        // Spec 3 §4: Error closes the dialog.
        toasts.error(texts.sendFailed, answer.errorMessage ?? undefined);
        onClose();
        return;
      }
      toasts.success(undefined, texts.sent);
      setResponse(answer);
      setStep(0);
      setAmount(answer.totalLoanAmount ?? answer.requested.estAmtFinanced ?? '');
      setTerm(String(answer.approvedTerm ?? answer.requested.termMonths ?? ''));
      setRate(answer.finalRate);
      const selected = answer.callbackTable.flatMap((r) =>
        r.rowCells.filter((c) => c.isSelected).map((c) => ({ term: r.term, ltv: c.ltv })),
      );
      setCell(selected[0] ?? null);
    } catch (error) {
      if (!isSessionError(error)) toasts.error(texts.sendFailed);
      if (!response) onClose();
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void send(false, { amount: props.amount, term: props.term });
    // Submitted once, as the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const approved =
    response?.totalLoanAmount && response.approvedTerm !== null
      ? { totalLoanAmount: response.totalLoanAmount, approvedTerm: response.approvedTerm }
      : null;
  const requested = {
    amount: response?.requested.estAmtFinanced ?? '0',
    termMonths: response?.requested.termMonths ?? 0,
  };
  const outcome = response ? lenderProtectionOutcome(response.status, approved, requested) : 'close';
  const needsReasons = outcome === 'counteroffer' || outcome === 'decline';
  const amountValid = /^\d+(\.\d{1,2})?$/.test(amount.replaceAll(',', '')) && money(amount.replaceAll(',', '')).gt(0);
  const termNumber = /^\d{1,3}$/.test(term) ? Number(term) : 0;
  const form = { amount: amountValid ? amount.replaceAll(',', '') : '0', termMonths: termNumber };
  const reasonsValid =
    outcome === 'counteroffer'
      ? reasons.length > 0
      : outcome === 'decline'
        ? applicants.every((a) => (declines[a.applicantId] ?? []).length > 0)
        : true;
  const canCreate =
    response !== null &&
    amountValid &&
    canCreateLenderProtectionDecision(response.status, approved, { ...form, valid: reasonsValid, requested });
  const canResubmit =
    response !== null && amountValid && termNumber > 0 && canResubmitLenderProtection(response.status, approved, form);

  const choose = (row: LoanInsurance['callbackTable'][number], c: { ltv: string; rate: string }) => {
    if (!response?.totalLoanAmount || !props.value) return;
    const chosen = selectRateGridCell(
      { term: row.term, cells: row.rowCells },
      c,
      props.value,
      response.totalLoanAmount,
    );
    setTerm(String(chosen.term));
    setRate(chosen.rate);
    setAmount(chosen.amount ? chosen.amount.toFixed(2) : amount);
    setCell({ term: row.term, ltv: c.ltv });
  };

  const create = async () => {
    if (!response || outcome === 'close') return;
    setCreating(true);
    try {
      await props.onCreateDecision({
        decisionType: outcome,
        amount: outcome === 'decline' ? null : form.amount,
        term: outcome === 'decline' ? null : termNumber,
        rate: outcome === 'decline' ? null : rate,
        reasons: outcome === 'counteroffer' ? reasons : [],
        declines:
          outcome === 'decline'
            ? applicants.map((a) => ({ applicantId: a.applicantId, codeIds: declines[a.applicantId] ?? [] }))
            : [],
      });
      onClose();
    } finally {
      setCreating(false);
    }
  };

  const buckets = response
    ? [...new Set(response.callbackTable.flatMap((r) => r.rowCells.map((c) => c.ltv)))].sort((a, b) =>
        money(a).comparedTo(money(b)),
      )
    : [];
  const counterCodes = codes.filter((c) => c.codeType === 'counterReason');
  const declineCodes = codes.filter((c) => c.codeType === 'declineReason');
  const toggle = (list: number[], id: number) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

  return (
    <DialogFrame
      title={texts.dialogTitle}
      width={800}
      onClose={onClose}
      testId="insurance-application-dialog"
      actions={
        <>
          <Button onClick={onClose}>{texts.cancel}</Button>
          {step === 1 ? <Button onClick={() => setStep(0)}>{texts.back}</Button> : null}
          {step === 0 && needsReasons ? (
            <Button onClick={() => setStep(1)} disabled={busy}>
              {texts.next}
            </Button>
          ) : null}
          <Button
            variant="outlined"
            disabled={busy || !canResubmit}
            onClick={() => void send(true, { amount: form.amount, term: termNumber })}
          >
            {texts.resubmit}
          </Button>
          <Button variant="contained" disabled={busy || creating || !canCreate} onClick={() => void create()}>
            {texts.createDecision}
            {props.fromSales ? texts.andQuote : ''}
          </Button>
        </>
      }
    >
      <Stepper activeStep={step} sx={{ mb: 2 }}>
        <Step>
          <StepLabel>{texts.reviewStep}</StepLabel>
        </Step>
        <Step>
          <StepLabel
            optional={
              needsReasons || !response ? undefined : (
                <Typography variant="caption" color="text.secondary">
                  Not needed for an approval
                </Typography>
              )
            }
          >
            {outcome === 'decline' ? texts.declineStep : texts.counterStep}
          </StepLabel>
        </Step>
      </Stepper>
      {busy || !response ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Waiting for Lend Pro" />
        </Box>
      ) : step === 0 ? (
        <Box data-testid="insurance-review">
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Chip label={response.status} color={statusColor(response.status)} data-testid="insurance-status" />
            <Typography variant="body2" color="text.secondary">
              {response.provider} · {response.referenceNumber ?? ''}
              {response.validUntil ? ` · valid until ${response.validUntil}` : ''}
            </Typography>
          </Box>
          {response.status === 'Counter' ? (
            <Alert severity="warning" sx={{ mt: 1.5 }}>
              {texts.mustResubmit}
            </Alert>
          ) : null}
          {response.callbackTable.length > 0 ? (
            <>
              <Table size="small" sx={{ mt: 1.5 }} aria-label="Term by LTV rate grid">
                <TableHead>
                  <TableRow>
                    <TableCell>Term</TableCell>
                    {buckets.map((b) => (
                      <TableCell key={b} align="center">
                        LTV {formatPercent(money(b))}
                      </TableCell>
                    ))}
                    <TableCell align="right">Max Loan</TableCell>
                    <TableCell align="right">Max LTV</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {response.callbackTable.map((row) => {
                    const enabled = isRateGridTermEnabled(row.term, paymentFrequency);
                    return (
                      <Tooltip key={row.term} title={enabled ? '' : texts.invalidTerm} placement="left">
                        <TableRow data-testid={`grid-row-${row.term}`} sx={enabled ? undefined : { opacity: 0.45 }}>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.term} mo</TableCell>
                          {buckets.map((b) => {
                            const c = row.rowCells.find((x) => x.ltv === b);
                            const chosen = cell?.term === row.term && cell.ltv === b;
                            return (
                              <TableCell key={b} align="center" sx={{ p: 0.5 }}>
                                {c ? (
                                  <ButtonBase
                                    disabled={!enabled}
                                    onClick={() => choose(row, c)}
                                    aria-label={`${row.term} months at LTV ${formatPercent(money(b))}: ${formatRate(c.rate)}`}
                                    aria-pressed={chosen}
                                    sx={{
                                      px: 1,
                                      py: 0.5,
                                      borderRadius: 1,
                                      width: '100%',
                                      bgcolor: chosen ? 'primary.main' : 'transparent',
                                      color: chosen ? 'primary.contrastText' : 'inherit',
                                    }}
                                  >
                                    {formatRate(c.rate)}
                                  </ButtonBase>
                                ) : null}
                              </TableCell>
                            );
                          })}
                          <TableCell align="right">{showMoney(row.maxLoan)}</TableCell>
                          <TableCell align="right">{formatPercent(money(row.maxLTV))}</TableCell>
                        </TableRow>
                      </Tooltip>
                    );
                  })}
                </TableBody>
              </Table>
              <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', gap: 2, mt: 2 }}>
                <TextField
                  label="Amount"
                  size="small"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  error={!amountValid}
                  helperText={`Approved ${showMoney(response.totalLoanAmount)}`}
                />
                <TextField
                  label="Term (months)"
                  size="small"
                  value={term}
                  onChange={(e) => setTerm(e.target.value)}
                  error={termNumber > 0 && !isRateGridTermEnabled(termNumber, paymentFrequency)}
                  helperText={
                    termNumber > 0 && !isRateGridTermEnabled(termNumber, paymentFrequency)
                      ? texts.invalidTerm
                      : `Approved ${response.approvedTerm ?? '—'} months`
                  }
                />
                <TextField
                  label="Rate (%)"
                  size="small"
                  value={rate ?? ''}
                  slotProps={{ input: { readOnly: true } }}
                  helperText="From the grid"
                />
              </Box>
            </>
          ) : null}
          <List title="Counter Reasons" items={response.isCounter ? response.reasons : []} testId="insurance-reasons" />
          <List title="Stipulations" items={response.stipulations} testId="insurance-stipulations" />
          <List title="Terms and Conditions" items={response.termsAndConditions} testId="insurance-terms" />
          <List title="Denial Reasons" items={response.denialReasons} testId="insurance-denial" />
          <List title="Eligibility Reasons" items={response.applicationErrors} testId="insurance-eligibility" />
          <List title="Failure Reasons" items={response.failureReasons} testId="insurance-failure" />
          {needsReasons ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {texts.nextHint}
            </Typography>
          ) : null}
        </Box>
      ) : outcome === 'counteroffer' ? (
        <Box data-testid="insurance-counter-reasons">
          {counterCodes.map((c) => (
            <FormControlLabel
              key={c.id}
              sx={{ display: 'flex' }}
              control={<Checkbox checked={reasons.includes(c.id)} onChange={() => setReasons(toggle(reasons, c.id))} />}
              label={`${c.code} — ${c.description}`}
            />
          ))}
          {reasons.length === 0 ? (
            <Typography variant="body2" color="error">
              Select at least one counter-offer reason.
            </Typography>
          ) : null}
        </Box>
      ) : (
        <Box data-testid="insurance-decline-reasons">
          {applicants.map((a) => {
            const chosen = declines[a.applicantId] ?? [];
            return (
              <Box key={a.applicantId} sx={{ mb: 2 }} role="group" aria-label={`Decline reasons of ${a.name}`}>
                <Typography variant="subtitle2" component="h3">
                  {a.name}
                </Typography>
                {declineCodes.map((c) => (
                  <FormControlLabel
                    key={c.id}
                    sx={{ display: 'flex' }}
                    control={
                      <Checkbox
                        checked={chosen.includes(c.id)}
                        onChange={() => setDeclines({ ...declines, [a.applicantId]: toggle(chosen, c.id) })}
                      />
                    }
                    label={`${c.code} — ${c.description}`}
                  />
                ))}
                {chosen.length === 0 ? (
                  <Typography variant="body2" color="error">
                    Select at least one decline reason for {a.name}.
                  </Typography>
                ) : null}
              </Box>
            );
          })}
        </Box>
      )}
    </DialogFrame>
  );
};
