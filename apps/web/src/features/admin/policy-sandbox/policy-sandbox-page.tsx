import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { adminMessages, type PolicyReplay, type ReplayableDraft } from '@credence/contracts';
import { PageTitle } from '../../../components/page-title.tsx';
import { isApiError, isSessionError } from '../../../lib/api-client.ts';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { showApiErrorToast, toasts } from '../../../lib/toast.tsx';
import { useReplay, useReplayableDrafts, useReplays, useStartReplay } from './api.ts';
import { ReplayReportView } from './replay-report.tsx';

const kindLabels: Record<string, string> = {
  creditTierSet: 'Credit tier set',
  loanTermSet: 'Loan term set',
  loanPolicyWorkflow: 'Loan policy workflow',
  autoApprovalWorkflow: 'Auto-approval workflow',
};
const matrixLabels: Record<string, string> = {
  Rate: 'Rate matrix',
  LoanLimit: 'Loan limit matrix',
  Fees: 'Fee matrix',
  PassFail: 'Pass/fail matrix',
};
export const draftLabel = (d: Pick<ReplayableDraft, 'name' | 'kind' | 'matrixType' | 'draftVersion'>) =>
  `${d.name} — ${d.kind === 'matrix' ? (matrixLabels[d.matrixType ?? ''] ?? 'Matrix') : (kindLabels[d.kind] ?? d.kind)} (draft v${d.draftVersion})`;

/** yyyy-mm-dd of a local day `offset` days from today. */
const localDay = (offset = 0) => {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};
/** MM/dd/yyyy of a yyyy-mm-dd day. */
export const formatDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

const statusWords: Record<PolicyReplay['status'], string> = {
  queued: 'Waiting to start…',
  running: 'Replaying…',
  done: 'Done',
  failed: 'Failed',
};

/**
 * Administration › Policy Sandbox: choose a draft (a matrix, tier set, term set or workflow saved as a draft) and a
 * period, run the replay (a background job: its progress is polled) and read the report side by side with the
 * published policy. `?policyObjectId=` chooses the draft (a link from a matrix or workflow), `?replay=` a replay.
 */
export const PolicySandboxPage = () => {
  const [params, setParams] = useSearchParams();
  const drafts = useReplayableDrafts();
  const objectParam = Number(params.get('policyObjectId')) || null;
  const replayParam = Number(params.get('replay')) || null;
  const [picked, setObjectId] = useState<number | null>(objectParam);
  // The draft chosen, else the first one (also when the chosen object has no draft any more).
  const objectId =
    picked !== null && (!drafts.data || drafts.data.some((d) => d.policyObjectId === picked))
      ? picked
      : (drafts.data?.[0]?.policyObjectId ?? null);
  const [from, setFrom] = useState(localDay(-90));
  const [to, setTo] = useState(localDay());
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const replays = useReplays(objectId);
  const replayId = replayParam ?? replays.data?.[0]?.id ?? null;
  const replay = useReplay(replayId);
  const start = useStartReplay();

  const choose = (id: number) => {
    setObjectId(id);
    setParams({ policyObjectId: String(id) }, { replace: true });
  };

  const run = () => {
    if (objectId === null) return;
    setFieldErrors({});
    start.mutate(
      { policyObjectId: objectId, from, to },
      {
        onSuccess: (started) => {
          toasts.success(adminMessages.policyReplay.started);
          setParams({ policyObjectId: String(objectId), replay: String(started.id) }, { replace: true });
        },
        onError: (error) => {
          if (isApiError(error) && error.errors.length > 0) {
            setFieldErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
            toasts.error(adminMessages.policyReplay.startFailed, error.errors.map((e) => e.message).join(' '));
          } else if (!isSessionError(error)) showApiErrorToast(error);
        },
      },
    );
  };

  const current = replay.data;
  const busy = current?.status === 'queued' || current?.status === 'running';
  const percent = current?.total ? Math.round((current.processed * 100) / current.total) : 0;

  return (
    <Box>
      <PageTitle>Policy Sandbox</PageTitle>
      <Paper variant="outlined" sx={{ p: 2.5, mb: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
          Replay a draft
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Runs a saved draft against the applications created in the period, beside the published policy in effect, and
          shows what would change before you publish it.
        </Typography>
        {drafts.data && drafts.data.length === 0 ? (
          <Alert severity="info">
            No draft to replay. Save a matrix, credit tier set, loan term set or workflow as a draft first.
          </Alert>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              alignItems: 'start',
              gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 1fr) minmax(0, 1fr) auto' },
            }}
          >
            <TextField
              select
              label="Draft"
              size="small"
              value={objectId ?? ''}
              onChange={(e) => choose(Number(e.target.value))}
              error={Boolean(fieldErrors.policyObjectId)}
              helperText={fieldErrors.policyObjectId ?? ' '}
              slotProps={{ htmlInput: { 'aria-label': 'Draft' } }}
            >
              {(drafts.data ?? []).map((d) => (
                <MenuItem key={d.policyObjectId} value={d.policyObjectId}>
                  {draftLabel(d)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="date"
              label="From"
              size="small"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              error={Boolean(fieldErrors.from)}
              helperText={fieldErrors.from ?? ' '}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              label="To"
              size="small"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              error={Boolean(fieldErrors.to)}
              helperText={fieldErrors.to ?? ' '}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button
              variant="contained"
              onClick={run}
              disabled={objectId === null || start.isPending || busy}
              sx={{ mt: 0.25 }}
            >
              Run replay
            </Button>
          </Box>
        )}
        {replays.data && replays.data.length > 1 ? (
          <TextField
            select
            label="Earlier replays"
            size="small"
            value={replayId ?? ''}
            onChange={(e) => setParams({ policyObjectId: String(objectId), replay: String(e.target.value) })}
            sx={{ minWidth: 360 }}
          >
            {replays.data.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {`${formatDateTime(r.createdAt)} · ${formatDay(r.from)}–${formatDay(r.to)} · draft v${r.draftVersion} · ${statusWords[r.status]}`}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
      </Paper>

      {current ? (
        <Paper variant="outlined" sx={{ p: 2.5 }} data-testid="replay">
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 2, mb: 1 }}>
            <Typography variant="h6" component="h2">
              {`${current.policyObjectName}: draft v${current.draftVersion} against ${
                current.publishedVersion === null ? 'no published version' : `published v${current.publishedVersion}`
              }`}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {`Applications created ${formatDay(current.from)} to ${formatDay(current.to)} · started ${formatDateTime(current.createdAt)}${current.createdBy ? ` by ${current.createdBy}` : ''}`}
            </Typography>
          </Box>
          {busy ? (
            <Box sx={{ my: 2 }} data-testid="replay-progress">
              <Typography variant="body2" sx={{ mb: 1 }}>
                {current.total === null
                  ? statusWords[current.status]
                  : `Replaying… ${formatCount(current.processed)} of ${formatCount(current.total)} applications`}
              </Typography>
              <LinearProgress
                variant={current.total === null ? 'indeterminate' : 'determinate'}
                value={percent}
                aria-label="Replay progress"
              />
            </Box>
          ) : null}
          {current.status === 'failed' ? (
            <Alert severity="error">{current.error ?? adminMessages.policyReplay.failed}</Alert>
          ) : null}
          {current.status === 'done' && current.report ? <ReplayReportView report={current.report} /> : null}
        </Paper>
      ) : null}
    </Box>
  );
};
