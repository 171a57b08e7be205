import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WorksheetPolicy } from '@credence/contracts';
import { formatPercent, formatRate, money } from '@credence/domain';
import { showMoney } from '../../../components/form/values.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { DataList, WorksheetCard } from '../worksheet/view-parts.tsx';
import { decisionLabels, decisionPageTexts } from './texts.ts';

const outcomeColor = (outcome: string | null): 'success' | 'warning' | 'error' | 'default' =>
  outcome === 'Approve' ? 'success' : outcome === 'Decline' ? 'error' : outcome ? 'warning' : 'default';

const passed = (result: string) => result === 'pass' || result === 'hit';
const failed = (result: string) => result === 'fail' || result === 'noMatch';
/**
 * A yes/no question of the workflow ('OFAC alert?'): its answer is not a pass or a failure, so it is shown as
 * yes / no and kept out of the eligibility and failure reasons.
 */
const isQuestion = (step: { nodeName: string }) => step.nodeName.trim().endsWith('?');
type Step = WorksheetPolicy['trace'][number];
const StepChip = ({ step }: { step: Step }) =>
  isQuestion(step) ? (
    <Chip
      size="small"
      variant="outlined"
      label={step.result === 'pass' ? 'yes' : 'no'}
      sx={{ height: 20, fontSize: 12 }}
    />
  ) : (
    <Chip
      size="small"
      variant="outlined"
      label={step.result}
      color={passed(step.result) ? 'success' : failed(step.result) ? 'error' : 'default'}
      sx={{ height: 20, fontSize: 12 }}
    />
  );

/** The policy result: outcome, tier, suggested rate and maximums, and every step of the trace in plain words. */
export const PolicyResultCard = ({ policy, actions }: { policy: WorksheetPolicy | null; actions?: ReactNode }) => {
  const [showTrace, setShowTrace] = useState(false);
  return (
    <WorksheetCard title={decisionLabels.policy} testId="decision-policy-card" actions={actions}>
      {policy === null ? (
        <Typography color="text.secondary">{decisionPageTexts.noPolicyRun}</Typography>
      ) : (
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              color={outcomeColor(policy.outcome)}
              label={policy.outcome ?? 'No outcome'}
              data-testid="decision-policy-outcome"
            />
            <Typography variant="body2" color="text.secondary">
              {[policy.workflowName, policy.ranAt ? formatDateTime(policy.ranAt) : null].filter(Boolean).join(' · ')}
            </Typography>
          </Stack>
          <DataList
            min={120}
            items={[
              { label: 'Tier', value: policy.tier, testId: 'decision-policy-tier' },
              { label: 'Suggested Rate', value: formatRate(policy.suggestedRate) },
              { label: 'Max Amount', value: showMoney(policy.maxAmount) },
              { label: 'Max LTV', value: policy.maxLtv ? formatPercent(money(policy.maxLtv)) : null },
              { label: 'Terms', value: policy.terms?.length ? `${policy.terms.join(', ')} months` : null },
              { label: 'Reason Codes', value: policy.reasonCodes.join(', ') },
            ]}
          />
          {policy.trace.length > 0 ? (
            <Box>
              <Button size="small" onClick={() => setShowTrace((v) => !v)} aria-expanded={showTrace}>
                {showTrace ? 'Hide the trace' : `Show the trace (${policy.trace.length} steps)`}
              </Button>
            </Box>
          ) : null}
          {showTrace && policy.trace.length > 0 ? (
            <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }} data-testid="decision-policy-trace">
              {policy.trace.map((step, i) => (
                <Box component="li" key={i}>
                  <Typography variant="body2">
                    <Box component="span" sx={{ fontWeight: 600 }}>
                      {step.nodeName}
                    </Box>{' '}
                    <StepChip step={step} />{' '}
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {step.explanation}
                    </Box>
                  </Typography>
                </Box>
              ))}
            </Box>
          ) : null}
        </Stack>
      )}
    </WorksheetCard>
  );
};

const Panel = ({ title, items, testId }: { title: string; items: readonly ReactNode[]; testId: string }) => (
  <Box
    component="section"
    aria-label={title}
    data-testid={testId}
    sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}
  >
    <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
      {title}
    </Typography>
    {items.length === 0 ? (
      <Typography variant="body2" color="text.secondary">
        None
      </Typography>
    ) : (
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {items.map((item, i) => (
          <Typography component="li" variant="body2" key={i}>
            {item}
          </Typography>
        ))}
      </Box>
    )}
  </Box>
);

export type ResultPanelsInput = {
  policy: WorksheetPolicy | null;
  counterReasons: string[];
  stipulations: string[];
  termsAndConditions: string[];
  denialReasons: string[];
};

/**
 * The decision result panels (spec 3 §2): Counter Reasons, Stipulations, Terms and Conditions, Denial Reasons,
 * Eligibility Reasons and Failure Reasons (the term-by-LTV rate grid is its own card). Eligibility and failure
 * reasons are the policy steps that passed and failed; the rest follows what is chosen on the worksheet.
 */
export const ResultPanels = ({
  policy,
  counterReasons,
  stipulations,
  termsAndConditions,
  denialReasons,
}: ResultPanelsInput) => {
  const trace = policy?.trace ?? [];
  const policyDenial = policy?.outcome === 'Decline' ? policy.reasonCodes : [];
  return (
    <Box
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' } }}
      data-testid="decision-result-panels"
    >
      <Panel title="Counter Reasons" testId="panel-counter-reasons" items={counterReasons} />
      <Panel title="Stipulations" testId="panel-stipulations" items={stipulations} />
      <Panel title="Terms and Conditions" testId="panel-terms" items={termsAndConditions} />
      <Panel
        title="Denial Reasons"
        testId="panel-denial-reasons"
        items={[...policyDenial.map((code) => `Policy: ${code}`), ...denialReasons]}
      />
      <Panel
        title="Eligibility Reasons"
        testId="panel-eligibility-reasons"
        items={trace.filter((s) => !isQuestion(s) && passed(s.result)).map((s) => `${s.nodeName}: ${s.explanation}`)}
      />
      <Panel
        title="Failure Reasons"
        testId="panel-failure-reasons"
        items={trace.filter((s) => !isQuestion(s) && failed(s.result)).map((s) => `${s.nodeName}: ${s.explanation}`)}
      />
    </Box>
  );
};
