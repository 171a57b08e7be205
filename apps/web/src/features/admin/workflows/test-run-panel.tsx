import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  adminMessages,
  messages,
  policyRunEndpoints,
  queueEndpoints,
  type PolicyRun,
  type Workflow,
} from '@credence/contracts';
import { isSessionError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { toasts } from '../../../lib/toast.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

type Choice = { applicationId: number; label: string };

const stepColor = (result: string): 'success' | 'error' | 'info' | 'warning' | 'default' =>
  result === 'pass' || result === 'hit'
    ? 'success'
    : result === 'fail'
      ? 'error'
      : result === 'set'
        ? 'info'
        : result === 'noMatch'
          ? 'warning'
          : 'default';

/** The applications whose id, applicant or number match the text (the all-applications queue's search). */
const useApplicationSearch = (text: string) =>
  useQuery({
    queryKey: ['workflowTestRun', 'applications', text],
    queryFn: async ({ signal }) => {
      const page = await callEndpoint(
        queueEndpoints.search,
        { params: { gridName: 'allApplicationsQueue' }, body: { text, page: 1, pageSize: 10 } },
        { signal },
      );
      return page.data.map((row): Choice => ({
        applicationId: row.applicationId,
        label: `${row.applicationId} · ${row.applicantName ?? 'No applicant'} · ${row.loanProductName}`,
      }));
    },
    staleTime: 30_000,
    meta: { silentError: true },
  });

/**
 * The editor's test run (issue 12, item 5): an application chosen by its id or a search, Run → the spec's
 * result toast, and the trace — each node run with its reason; the canvas shows the path taken.
 */
export const TestRunPanel = ({
  kind,
  workflowId,
  unsaved,
  run,
  onRun,
  onStepClick,
}: {
  kind: Workflow['kind'];
  /** The saved workflow (null: new, not saved yet). */
  workflowId: number | null;
  /** Changes not saved yet: the run uses the saved draft. */
  unsaved: boolean;
  run: PolicyRun | null;
  onRun: (run: PolicyRun | null) => void;
  onStepClick: (nodeId: string) => void;
}) => {
  const [input, setInput] = useState('');
  const [chosen, setChosen] = useState<Choice | null>(null);
  const [running, setRunning] = useState(false);
  const text = useDebouncedValue(input.trim(), 300);
  const search = useApplicationSearch(text);
  const typedId = /^\d{1,9}$/.test(input.trim()) ? Number(input.trim()) : null;
  const applicationId = chosen?.applicationId ?? typedId;

  const start = async () => {
    if (!workflowId || !applicationId) return;
    setRunning(true);
    try {
      const endpoint =
        kind === 'loanPolicy' ? policyRunEndpoints.testRunLoanPolicy : policyRunEndpoints.testRunAutoApproval;
      const result = await callEndpoint(endpoint, { params: { id: workflowId, applicationId }, body: {} });
      onRun(result);
      toasts.success(
        'Success',
        adminMessages.policy.runResult(
          applicationId,
          result.outcomeType,
          result.nodeEvaluationResults.map((n) => n.name),
        ),
      );
    } catch (error) {
      if (isSessionError(error)) return;
      onRun(null);
      toasts.error(messages.errors.title, adminMessages.policy.apiError('running the workflow'));
    } finally {
      setRunning(false);
    }
  };

  const trace = run?.result?.trace ?? [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minHeight: 0 }} data-testid="test-run-panel">
      <Autocomplete<Choice, false, false, true>
        freeSolo
        size="small"
        options={search.data ?? []}
        filterOptions={(o) => o}
        getOptionLabel={(o) => (typeof o === 'string' ? o : o.label)}
        value={chosen}
        inputValue={input}
        onInputChange={(_event, value) => {
          setInput(value);
          if (chosen && value !== chosen.label) setChosen(null);
        }}
        onChange={(_event, value) => setChosen(typeof value === 'string' || value === null ? null : value)}
        loading={search.isFetching}
        renderInput={(params) => <TextField {...params} label="Application" placeholder="Id, applicant or number" />}
      />
      {unsaved && workflowId ? (
        <Typography variant="caption" color="warning.main">
          The run uses the saved draft: save to run your latest changes.
        </Typography>
      ) : null}
      {!workflowId ? (
        <Typography variant="caption" color="text.secondary">
          Save the workflow to run it on an application.
        </Typography>
      ) : null}
      <Button
        variant="contained"
        startIcon={running ? <CircularProgress size={16} color="inherit" /> : <PlayArrowIcon />}
        disabled={!workflowId || !applicationId || running}
        onClick={() => void start()}
      >
        Run
      </Button>
      {run ? (
        <>
          {run.warnings.map((warning) => (
            <Alert key={warning} severity="warning" data-testid="run-warning">
              {warning}
            </Alert>
          ))}
          <Alert
            severity={run.outcomeType === 'Decline' ? 'error' : run.outcomeType === 'Approve' ? 'success' : 'warning'}
          >
            Application {run.applicationId}: <strong>{run.outcomeType ?? adminMessages.policy.unknownOutcome}</strong>
            {run.result?.reasonCodes.length ? ` · ${run.result.reasonCodes.join(', ')}` : ''}
          </Alert>
          <Box component="ol" data-testid="run-trace" sx={{ m: 0, pl: 0, listStyle: 'none', overflow: 'auto' }}>
            {trace.map((step, i) => (
              <Box
                component="li"
                key={`${step.nodeId}-${i}`}
                sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider', cursor: 'pointer' }}
                onClick={() => onStepClick(step.nodeId)}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, flex: 1 }}>
                    {i + 1}. {step.nodeName}
                  </Typography>
                  <Chip
                    size="small"
                    label={step.result === 'noMatch' ? 'no match' : step.result}
                    color={stepColor(step.result)}
                    variant="outlined"
                  />
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {step.explanation}
                </Typography>
              </Box>
            ))}
          </Box>
        </>
      ) : null}
    </Box>
  );
};
