import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import {
  FILE_EXPORT_RIGHT,
  fileExportMessages,
  fileExportStateLabels,
  messages,
  type FileExport,
  type FileExportState,
} from '@credence/contracts';
import { PageTitle } from '../../components/page-title.tsx';
import { hasRight, useCurrentUser } from '../../lib/current-user.ts';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { showApiErrorToast, toasts } from '../../lib/toast.tsx';
import { downloadExport, useCancelExport, useExportHistory, useExportKinds } from './api.ts';
import { ExportForm } from './export-form.tsx';

const stateColors: Record<FileExportState, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  queued: 'default',
  running: 'info',
  done: 'success',
  failed: 'error',
  cancelled: 'warning',
};

const percentOf = (x: FileExport) =>
  x.rowsTotal === null ? null : x.rowsTotal === 0 ? 100 : Math.min(100, Math.floor((x.rowsDone * 100) / x.rowsTotal));

const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const fileSize = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes < 1024 * 1024
      ? `${Math.max(1, Math.round(bytes / 1024))} KB`
      : `${oneDecimal.format(bytes / 1024 / 1024)} MB`;

const onDownload = (item: FileExport) => {
  downloadExport(item).catch(showApiErrorToast);
};

/**
 * A queued or running export — or one started on this page that has just ended: its progress (rows done of the
 * total, live), Cancel while it runs, Download once done.
 */
const RunningExport = ({ item }: { item: FileExport }) => {
  const cancel = useCancelExport();
  const percent = percentOf(item);
  const active = item.state === 'queued' || item.state === 'running';
  const label = `${item.kindLabel} · ${item.format.toUpperCase()}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="running-export" aria-label={label}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap>
            {label}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap title={item.filterSummary}>
            {item.filterSummary || '—'} · {item.createdBy ?? ''} · {formatDateTime(item.createdAt)}
          </Typography>
        </Box>
        <Chip size="small" label={fileExportStateLabels[item.state]} color={stateColors[item.state]} />
        {item.downloadable ? (
          <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={() => onDownload(item)}>
            {fileExportMessages.download}
          </Button>
        ) : active ? (
          <Button
            size="small"
            color="inherit"
            startIcon={<CloseIcon />}
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(item.id, {
                onSuccess: () => toasts.info(fileExportMessages.cancelled),
                onError: showApiErrorToast,
              })
            }
          >
            {fileExportMessages.cancel}
          </Button>
        ) : null}
      </Box>
      <LinearProgress
        variant={percent === null && active ? 'indeterminate' : 'determinate'}
        color={
          item.state === 'failed'
            ? 'error'
            : item.state === 'cancelled'
              ? 'warning'
              : item.state === 'done'
                ? 'success'
                : 'primary'
        }
        value={percent ?? 0}
        aria-label={`${label} progress`}
        sx={{ height: 8, borderRadius: 1 }}
      />
      <Typography variant="body2" sx={{ mt: 0.75 }} data-testid="export-progress">
        {item.rowsTotal === null
          ? fileExportStateLabels[item.state]
          : `${formatCount(item.rowsDone)} of ${formatCount(item.rowsTotal)} rows (${percent} %)`}
        {item.state === 'failed' && item.error ? ` · ${item.error}` : ''}
      </Typography>
    </Paper>
  );
};

const columns: GridColDef<FileExport>[] = [
  {
    field: 'createdAt',
    headerName: 'Requested',
    width: 180,
    valueFormatter: (value: string) => formatDateTime(value),
  },
  { field: 'createdBy', headerName: 'By', width: 130 },
  {
    field: 'kindLabel',
    headerName: 'Export',
    width: 150,
    valueGetter: (_value, row) => `${row.kindLabel} · ${row.format.toUpperCase()}`,
  },
  {
    field: 'filterSummary',
    headerName: 'Filters',
    flex: 1,
    minWidth: 150,
    renderCell: ({ row }) => (
      <Tooltip title={row.filterSummary}>
        <span>{row.filterSummary || '—'}</span>
      </Tooltip>
    ),
  },
  {
    field: 'rowCount',
    headerName: 'Rows',
    width: 80,
    type: 'number',
    valueGetter: (_value, row) => row.rowCount ?? (row.state === 'running' ? row.rowsDone : null),
    valueFormatter: (value: number | null) => (value === null ? '' : formatCount(value)),
  },
  {
    field: 'state',
    headerName: 'State',
    width: 105,
    renderCell: ({ row }) => (
      <Tooltip title={row.error ?? ''}>
        <Chip size="small" variant="outlined" label={fileExportStateLabels[row.state]} color={stateColors[row.state]} />
      </Tooltip>
    ),
  },
  {
    field: 'file',
    headerName: 'File',
    width: 165,
    sortable: false,
    renderCell: ({ row }) =>
      row.downloadable ? (
        <Button
          size="small"
          startIcon={<DownloadIcon />}
          onClick={() => onDownload(row)}
          aria-label={`Download ${row.fileName}`}
        >
          {fileExportMessages.download}{' '}
          <Box component="span" sx={{ ml: 0.5, color: 'text.secondary' }}>
            {fileSize(row.fileSize)}
          </Box>
        </Button>
      ) : row.state === 'done' ? (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {fileExportMessages.expired}
        </Box>
      ) : null,
  },
];

/** The records a kind's checks found to fix (the HMDA edits), listed under the failed export. */
const Problems = ({ item }: { item: FileExport }) => (
  <Alert severity="error" sx={{ mb: 2 }}>
    <Typography variant="subtitle2">
      {item.kindLabel} ({formatDateTime(item.createdAt)}): {item.error}
    </Typography>
    <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 200, overflow: 'auto' }}>
      {item.problems.map((p, i) => (
        <li key={i}>
          {p.record} · {p.field}
          {p.edit ? ` (${p.edit})` : ''}: {p.message}
        </li>
      ))}
    </Box>
  </Alert>
);

/**
 * /fileExport (issue 33): start an export, follow the running ones (progress live through the hub, polling while it
 * is away), cancel, and the lender's history with the download links. Behind `canExportFiles`, as the menu entry
 * and every call.
 */
export const FileExportPage = () => {
  const { data: user } = useCurrentUser();
  const allowed = !user || hasRight(user, FILE_EXPORT_RIGHT);
  const kinds = useExportKinds(allowed);
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const history = useExportHistory(pagination.page + 1, pagination.pageSize, allowed);
  const [started, setStarted] = useState<number[]>([]);
  if (!allowed) {
    return (
      <>
        <PageTitle>{fileExportMessages.title}</PageTitle>
        <Alert severity="error">{messages.errors.forbidden}</Alert>
      </>
    );
  }
  const rows = history.data?.data ?? [];
  const running = rows.filter((x) => x.state === 'queued' || x.state === 'running' || started.includes(x.id));
  const withProblems = rows.filter((x) => x.state === 'failed' && x.problems.length > 0).slice(0, 1);
  return (
    <Box sx={{ maxWidth: 1600 }}>
      <PageTitle>{fileExportMessages.title}</PageTitle>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 2 }}>
        {fileExportMessages.intro}
      </Typography>
      {kinds.data ? (
        <ExportForm kinds={kinds.data.kinds} onStarted={(id) => setStarted((ids) => [id, ...ids])} />
      ) : (
        <Skeleton variant="rounded" height={180} sx={{ mb: 3 }} />
      )}
      {running.length > 0 ? (
        <Box component="section" aria-labelledby="running-title" sx={{ mb: 3 }}>
          <Typography id="running-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            {fileExportMessages.running}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(420px, 1fr))' }}>
            {running.map((item) => (
              <RunningExport key={item.id} item={item} />
            ))}
          </Box>
        </Box>
      ) : null}
      {withProblems.map((item) => (
        <Problems key={item.id} item={item} />
      ))}
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {fileExportMessages.history}
      </Typography>
      <Paper variant="outlined" data-testid="export-history">
        <DataGrid<FileExport>
          label={fileExportMessages.history}
          rows={rows}
          columns={columns}
          loading={history.isLoading}
          autoHeight
          density="compact"
          paginationMode="server"
          rowCount={history.data?.total ?? 0}
          pageSizeOptions={[25, 50, 100]}
          paginationModel={pagination}
          onPaginationModelChange={setPagination}
          disableColumnFilter
          disableColumnMenu
          disableColumnSorting
          disableRowSelectionOnClick
          localeText={{ noRowsLabel: fileExportMessages.noHistory }}
          sx={{ border: 0 }}
        />
      </Paper>
    </Box>
  );
};
