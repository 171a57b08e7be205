import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  messages,
  webhookEndpoints,
  webhookEventLabels,
  webhookMessages,
  type WebhookDelivery,
  type WebhookEventType,
} from '@credence/contracts';
import { InfoDialog } from '../../../components/form/info-dialog.tsx';
import { isApiError, isSessionError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toasts } from '../../../lib/toast.tsx';

const statusColor = { succeeded: 'success', failed: 'error', pending: 'warning' } as const;
const eventLabel = (type: string) =>
  type === 'webhook.test' ? 'Test event' : (webhookEventLabels[type as WebhookEventType] ?? type);
const answerText = (d: { lastStatusCode: number | null; lastError: string | null }) =>
  d.lastStatusCode !== null ? `HTTP ${d.lastStatusCode}` : d.lastError ? 'No answer' : '—';

const deliveriesKey = (endpointId: number) => ['webhooks', endpointId, 'deliveries'] as const;

const failed = (error: unknown) => {
  if (isSessionError(error)) return;
  toasts.error(
    messages.errors.title,
    isApiError(error) && error.serverMessage ? error.serverMessage : webhookMessages.saveFailed,
  );
};

/** One delivery: the request as sent (webhook-id, the body) and every attempt (status, time, error); replay. */
const DeliveryDialog = ({
  endpointId,
  deliveryId,
  onReplay,
  onClose,
}: {
  endpointId: number;
  deliveryId: number;
  onReplay: (id: number) => void;
  onClose: () => void;
}) => {
  const detail = useQuery({
    queryKey: [...deliveriesKey(endpointId), deliveryId],
    queryFn: ({ signal }) =>
      callEndpoint(webhookEndpoints.delivery, { params: { id: endpointId, deliveryId } }, { signal }),
    meta: { silentError: true },
  });
  const d = detail.data;
  let body = d?.payload ?? '';
  try {
    body = JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    // shown as sent
  }
  return (
    <InfoDialog title={`Delivery ${deliveryId}`} width={860} onClose={onClose} testId="webhook-delivery">
      {d ? (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: '160px 1fr', rowGap: 0.5, mb: 2 }}>
            <Typography variant="body2" color="text.secondary">
              Event
            </Typography>
            <Typography variant="body2">{eventLabel(d.eventType)}</Typography>
            <Typography variant="body2" color="text.secondary">
              webhook-id
            </Typography>
            <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
              {d.messageId}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Status
            </Typography>
            <Box>
              <Chip size="small" variant="outlined" label={d.status} color={statusColor[d.status]} />
              {d.replayOf ? (
                <Typography component="span" variant="body2" sx={{ ml: 1 }}>
                  replay of delivery {d.replayOf}
                </Typography>
              ) : null}
            </Box>
            {d.sequence !== null ? (
              <>
                <Typography variant="body2" color="text.secondary">
                  Application · sequence
                </Typography>
                <Typography variant="body2">
                  {d.applicationId} · {d.sequence}
                </Typography>
              </>
            ) : null}
          </Box>
          <Typography variant="subtitle2" component="h3">
            Request body
          </Typography>
          <Box
            component="pre"
            aria-label="Request body"
            sx={{ bgcolor: 'action.hover', p: 1.5, borderRadius: 1, fontSize: 13, overflow: 'auto', maxHeight: 260 }}
          >
            {body}
          </Box>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            Attempts
          </Typography>
          <Table size="small" aria-label="Attempts">
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>Sent</TableCell>
                <TableCell>Response</TableCell>
                <TableCell align="right">Time</TableCell>
                <TableCell>Error</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {d.attemptLog.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5}>Not attempted yet.</TableCell>
                </TableRow>
              ) : (
                d.attemptLog.map((a) => (
                  <TableRow key={a.attempt}>
                    <TableCell>{a.attempt}</TableCell>
                    <TableCell>{formatDateTime(a.attemptedAt)}</TableCell>
                    <TableCell>{a.statusCode === null ? 'No answer' : `HTTP ${a.statusCode}`}</TableCell>
                    <TableCell align="right">{a.durationMs} ms</TableCell>
                    <TableCell>{a.error ?? ''}</TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
          <Box sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end' }}>
            <Button variant="outlined" onClick={() => onReplay(d.id)}>
              Replay
            </Button>
          </Box>
        </>
      ) : (
        <Typography variant="body2">{detail.isError ? messages.errors.backend : 'Loading…'}</Typography>
      )}
    </InfoDialog>
  );
};

const localInput = (date: Date) => {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
};

/** Replay every message of a period (at most 31 days). */
const ReplayPeriodDialog = ({ endpointId, onClose }: { endpointId: number; onClose: (count?: number) => void }) => {
  const [from, setFrom] = useState(() => localInput(new Date(Date.now() - 86_400_000)));
  const [to, setTo] = useState(() => localInput(new Date()));
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    try {
      const result = await callEndpoint(webhookEndpoints.replayPeriod, {
        params: { id: endpointId },
        body: { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
      });
      onClose(result.count);
    } catch (e) {
      if (isApiError(e) && e.status === 422) setError(e.errors[0]?.message ?? webhookMessages.periodOrder);
      else failed(e);
    }
  };
  return (
    <Dialog open onClose={() => onClose()} aria-labelledby="replay-period-title">
      <DialogTitle id="replay-period-title">Replay a period</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 380 }}>
        <Typography variant="body2">Every message first sent to this endpoint in the period is sent again.</Typography>
        <TextField
          label="From"
          type="datetime-local"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="To"
          type="datetime-local"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={error !== null}
          helperText={error ?? ' '}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>Cancel</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={!from || !to}>
          Replay
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/**
 * The endpoint's delivery log (issue 38 item 3): newest first, each with its event, application and sequence,
 * status, last answer and time, attempts; inspect one (request and attempts), replay one, replay a period, send a
 * test event. Refreshes every 3 s while a delivery is pending.
 */
export const DeliveryLog = ({ endpointId }: { endpointId: number }) => {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const [open, setOpen] = useState<number | null>(null);
  const [periodOpen, setPeriodOpen] = useState(false);
  const list = useQuery({
    queryKey: [...deliveriesKey(endpointId), 'list', page, pageSize],
    queryFn: ({ signal }) =>
      callEndpoint(
        webhookEndpoints.deliveries,
        { params: { id: endpointId }, query: { page: page + 1, pageSize } },
        { signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === 'pending') ? 3000 : false),
    meta: { silentError: true },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) });

  const replay = async (deliveryId: number) => {
    try {
      await callEndpoint(webhookEndpoints.replay, { params: { id: endpointId, deliveryId } });
      toasts.success('Success', webhookMessages.replayed);
      setOpen(null);
      setPage(0);
      void refresh();
    } catch (error) {
      failed(error);
    }
  };
  const sendTest = async () => {
    try {
      await callEndpoint(webhookEndpoints.test, { params: { id: endpointId } });
      toasts.success('Success', webhookMessages.testSent);
      setPage(0);
      void refresh();
    } catch (error) {
      failed(error);
    }
  };

  const rows: WebhookDelivery[] = list.data?.data ?? [];
  return (
    <Box component="section" aria-label="Deliveries">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mr: 'auto' }}>
          Deliveries
        </Typography>
        <Button size="small" onClick={() => void refresh()}>
          Refresh
        </Button>
        <Button size="small" variant="outlined" onClick={() => void sendTest()}>
          Send test event
        </Button>
        <Button size="small" variant="outlined" onClick={() => setPeriodOpen(true)}>
          Replay a period
        </Button>
      </Box>
      <Table size="small" aria-label="Deliveries">
        <TableHead>
          <TableRow>
            <TableCell>Created</TableCell>
            <TableCell>Event</TableCell>
            <TableCell>Application</TableCell>
            <TableCell align="right">Seq.</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Last answer</TableCell>
            <TableCell align="right">Time</TableCell>
            <TableCell align="right">Attempts</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={9}>
                {list.isError ? messages.errors.backend : list.isLoading ? 'Loading…' : 'No deliveries yet.'}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((d) => (
              <TableRow key={d.id} hover data-testid={`delivery-${d.id}`}>
                <TableCell>{formatDateTime(d.createdAt)}</TableCell>
                <TableCell>
                  {eventLabel(d.eventType)}
                  {d.replayOf ? ' (replay)' : ''}
                </TableCell>
                <TableCell>{d.applicationId ?? '—'}</TableCell>
                <TableCell align="right">{d.sequence ?? '—'}</TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" label={d.status} color={statusColor[d.status]} />
                </TableCell>
                <TableCell>{answerText(d)}</TableCell>
                <TableCell align="right">{d.lastDurationMs === null ? '—' : `${d.lastDurationMs} ms`}</TableCell>
                <TableCell align="right">{d.attempts}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => setOpen(d.id)} aria-label={`Inspect delivery ${d.id}`}>
                    Inspect
                  </Button>
                  <Button size="small" onClick={() => void replay(d.id)} aria-label={`Replay delivery ${d.id}`}>
                    Replay
                  </Button>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={list.data?.total ?? 0}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[10, 25, 50]}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
      />
      {open !== null ? (
        <DeliveryDialog
          endpointId={endpointId}
          deliveryId={open}
          onReplay={(id) => void replay(id)}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {periodOpen ? (
        <ReplayPeriodDialog
          endpointId={endpointId}
          onClose={(count) => {
            setPeriodOpen(false);
            if (count === undefined) return;
            toasts.success('Success', webhookMessages.replayedPeriod(count));
            setPage(0);
            void refresh();
          }}
        />
      ) : null}
    </Box>
  );
};
