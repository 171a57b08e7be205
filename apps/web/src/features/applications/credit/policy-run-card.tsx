import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { adminMessages, messages, policyRunEndpoints, type PolicyRun } from '@credence/contracts';
import { showMoney } from '../../../components/form/values.ts';
import { isApiError, isSessionError } from '../../../lib/api-client.ts';
import { hasRight, useCurrentUser } from '../../../lib/current-user.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toasts } from '../../../lib/toast.tsx';
import { WorksheetCard } from '../worksheet/view-parts.tsx';

const resultsKey = (id: number) => ['applications', id, 'autoApprovalResults'] as const;

const outcomeColor = (outcome: string | null): 'success' | 'warning' | 'error' | 'default' => {
  if (outcome === 'Approve' || outcome === 'Within Policy') return 'success';
  if (outcome === 'Decline') return 'error';
  return outcome ? 'warning' : 'default';
};
const stepColor = (result: string): 'success' | 'error' | 'info' | 'default' =>
  result === 'pass' || result === 'hit'
    ? 'success'
    : result === 'fail'
      ? 'error'
      : result === 'set'
        ? 'info'
        : 'default';

/** The values a run produced, as a lender reads them. */
const Values = ({ run }: { run: PolicyRun }) => {
  const v = run.result?.values;
  if (!v) return null;
  const facts: [string, string][] = [
    ['Tier', v.tier ?? '—'],
    ['Rate', v.rate ? `${v.rate}%` : '—'],
    ['Max Amount', showMoney(v.maxAmount)],
    ['Max LTV', v.maxLtv ? `${v.maxLtv}%` : '—'],
    ['Fee', showMoney(v.fee)],
    ['Terms', v.terms?.length ? `${v.terms.join(', ')} months` : '—'],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))', gap: 1.5, m: 0 }}
      data-testid="policy-values"
    >
      {facts.map(([label, value]) => (
        <Box key={label}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid={`policy-value-${label}`}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};

/** Every node that ran, in order: its name, how it went and why, in plain words. */
const Trace = ({ run }: { run: PolicyRun }) => (
  <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.75 }} data-testid="policy-trace">
    {run.nodeEvaluationResults.map((step, i) => (
      <Box component="li" key={`${step.nodeId}-${i}`}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {step.name}
          </Typography>
          {step.nodeType === 'factCondition' ? (
            // A yes/no question (an alert on file?): its answer, not a pass or a failure.
            <Chip size="small" variant="outlined" label={step.result === 'pass' ? 'yes' : 'no'} />
          ) : (
            <Chip size="small" variant="outlined" color={stepColor(step.result)} label={step.result} />
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {step.explanation}
        </Typography>
      </Box>
    ))}
  </Box>
);

/**
 * The decision engine on the credit worksheet (issue 12): run the product's auto-approval workflow or the loan
 * policy check, and read the outcome, the values the matrices gave (tier, rate, limits, terms) and every node
 * that ran and why. The last auto-approval runs are kept (`autoApprovalResults`).
 */
export const PolicyRunCard = ({ applicationId }: { applicationId: number }) => {
  const user = useCurrentUser().data;
  const mayDecide = hasRight(user, 'canDecisionALoan');
  const mayCheck = mayDecide || hasRight(user, 'canFundALoan');
  const queryClient = useQueryClient();
  const [latest, setLatest] = useState<PolicyRun | null>(null);
  const [running, setRunning] = useState(false);
  const results = useQuery({
    queryKey: resultsKey(applicationId),
    queryFn: () => callEndpoint(policyRunEndpoints.autoApprovalResults, { params: { id: applicationId } }),
    enabled: mayCheck,
    meta: { silentError: true },
  });
  const shown = latest ?? results.data?.[0] ?? null;

  const run = async (kind: 'runAutoApproval' | 'runLoanPolicy') => {
    setRunning(true);
    try {
      const ran = await callEndpoint(policyRunEndpoints[kind], { params: { id: applicationId }, body: {} });
      setLatest(ran);
      toasts.success(
        'Success',
        adminMessages.policy.runResult(
          applicationId,
          ran.outcomeType,
          ran.nodeEvaluationResults.map((n) => n.name),
        ),
      );
      void queryClient.invalidateQueries({ queryKey: resultsKey(applicationId) });
    } catch (error) {
      if (isSessionError(error)) return;
      const operation = kind === 'runAutoApproval' ? 'runautoapprovalworkflow' : 'runloanpolicyworkflow';
      toasts.error(
        messages.errors.title,
        isApiError(error) && error.status === 409 && error.serverMessage
          ? error.serverMessage
          : adminMessages.policy.apiError(operation),
      );
    } finally {
      setRunning(false);
    }
  };

  if (!mayCheck) return null;
  return (
    <WorksheetCard
      title="Decision Engine"
      testId="policy-run-card"
      actions={
        <Stack direction="row" spacing={1}>
          {mayDecide ? (
            <Button size="small" variant="contained" disabled={running} onClick={() => void run('runAutoApproval')}>
              Run Auto-Approval
            </Button>
          ) : null}
          <Button size="small" variant="outlined" disabled={running} onClick={() => void run('runLoanPolicy')}>
            Run Loan Policy
          </Button>
        </Stack>
      }
    >
      {shown ? (
        <Stack spacing={2}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              color={outcomeColor(shown.outcomeType)}
              label={shown.outcomeType ?? adminMessages.policy.unknownOutcome}
              data-testid="policy-outcome"
            />
            <Typography variant="body2" color="text.secondary">
              {shown.workflowName}
              {shown.version ? ` · version ${shown.version}` : shown.draft ? ' · draft' : ''} ·{' '}
              {formatDateTime(shown.createdAt)}
              {shown.createdBy ? ` · ${shown.createdBy}` : ''}
            </Typography>
          </Stack>
          {shown.result?.reasonCodes.length ? (
            <Typography variant="body2">Reason codes: {shown.result.reasonCodes.join(', ')}</Typography>
          ) : null}
          <Values run={shown} />
          <Trace run={shown} />
        </Stack>
      ) : (
        <Typography color="text.secondary">The lender’s policy has not been run on this application yet.</Typography>
      )}
    </WorksheetCard>
  );
};
