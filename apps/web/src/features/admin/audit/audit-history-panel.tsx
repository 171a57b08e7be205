import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import HistoryIcon from '@mui/icons-material/History';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { DataGrid, GridActionsCellItem, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { auditActionTitle, isAuditValueAction, messages, type AuditAdminEntry } from '@credence/contracts';
import { DayFilterField, isFilterDay } from '../../../components/form/day-filter-field.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { showApiErrorToast } from '../../../lib/toast.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';
import { downloadAuditCsv, useAuditEntries, useAuditFilters, type AuditHistoryFilter } from './api.ts';
import { AuditAsOfDialog } from './audit-as-of-dialog.tsx';
import { AuditEntryDrawer } from './audit-entry-drawer.tsx';
import { changesSummary, localDay } from './audit-format.ts';

const PAGE_SIZES = [25, 50, 100] as const;

const actionColor = (action: string) => {
  switch (action) {
    case 'create':
    case 'enable':
      return 'success' as const;
    case 'delete':
    case 'disable':
      return 'warning' as const;
    case 'update':
      return 'info' as const;
    default:
      return 'default' as const;
  }
};

/** The URL's filters (?from=&to=&user=&area=&page=&size=): a reload or a shared link keeps them. */
const useUrlFilters = () => {
  const [params, update] = useUrlParams();
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return isFilterDay(value) ? value : '';
  };
  const filter: AuditHistoryFilter = {
    fromDate: day('from'),
    toDate: day('to'),
    userId: /^\d+$/.test(params.get('user') ?? '') ? params.get('user')! : '',
    area: params.get('area') ?? '',
  };
  const size = Number(params.get('size'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZES[0];
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '1', 10) - 1 || 0);
  return { filter, page, pageSize, update };
};

/** The audit history grid: server-side pages of the lender's audit with its filters, export and detail views. */
export const AuditHistoryPanel = () => {
  const { filter, page, pageSize, update } = useUrlFilters();
  const entries = useAuditEntries(filter, page, pageSize);
  const filters = useAuditFilters();
  const [detail, setDetail] = useState<AuditAdminEntry | null>(null);
  const [asOf, setAsOf] = useState<AuditAdminEntry | null>(null);
  const [exporting, setExporting] = useState(false);
  const setFilter = (patch: Record<string, string>) => update({ ...patch, page: null });

  const areaOptions = useMemo(() => {
    const known = filters.data?.areas ?? [];
    // An area in the URL that the list does not (yet) hold is still shown as chosen.
    return filter.area && !known.some((a) => a.area === filter.area)
      ? [...known, { area: filter.area, title: filter.area }]
      : known;
  }, [filters.data, filter.area]);

  const columns = useMemo<GridColDef<AuditAdminEntry>[]>(
    () => [
      {
        field: 'occurredAt',
        headerName: 'When',
        width: 150,
        sortable: false,
        valueFormatter: (value: string) => formatDateTime(value),
      },
      {
        field: 'userName',
        headerName: 'User',
        flex: 0.7,
        minWidth: 120,
        sortable: false,
        renderCell: ({ row }) => (
          <span>
            {row.userName ?? '—'}
            {row.impersonating ? (
              <Chip size="small" label="Impersonating" variant="outlined" sx={{ ml: 1 }} component="span" />
            ) : null}
          </span>
        ),
      },
      { field: 'areaTitle', headerName: 'Area', flex: 0.6, minWidth: 110, sortable: false },
      {
        field: 'label',
        headerName: 'Record',
        flex: 0.9,
        minWidth: 150,
        sortable: false,
        renderCell: ({ row }) => (
          <span>
            {row.label ?? (row.recordId ? '' : '—')}
            {row.label && row.recordId ? ' ' : null}
            {row.recordId ? (
              <Typography component="span" variant="body2" color="text.secondary">
                #{row.recordId}
              </Typography>
            ) : null}
          </span>
        ),
      },
      {
        field: 'action',
        headerName: 'Action',
        width: 116,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            label={auditActionTitle(row.action)}
            color={actionColor(row.action)}
            variant="outlined"
            component="span"
          />
        ),
      },
      {
        field: 'changes',
        headerName: 'Changes',
        flex: 2,
        minWidth: 200,
        sortable: false,
        valueGetter: (_value, row) => changesSummary(row.changes),
        renderCell: ({ value }: { value?: string }) =>
          value ? (
            <Tooltip title={value} placement="bottom-start" enterDelay={600}>
              <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {value}
              </Box>
            </Tooltip>
          ) : (
            <Typography component="span" variant="body2" color="text.secondary">
              —
            </Typography>
          ),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 84,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="detail"
            icon={<InfoOutlinedIcon fontSize="small" />}
            label={`Details of entry ${row.id}`}
            onClick={() => setDetail(row)}
          />,
          ...(isAuditValueAction(row.action) && row.recordId
            ? [
                <GridActionsCellItem
                  key="asOf"
                  icon={<HistoryIcon fontSize="small" />}
                  label={`View ${row.label ?? `#${row.recordId}`} as of…`}
                  onClick={() => setAsOf(row)}
                />,
              ]
            : []),
        ],
      },
    ],
    [],
  );

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(filter);
    } catch (error) {
      showApiErrorToast(error);
    } finally {
      setExporting(false);
    }
  };

  const invalidPeriod = filter.fromDate && filter.toDate && filter.fromDate > filter.toDate;

  return (
    <>
      <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <DayFilterField
          label="From"
          value={filter.fromDate}
          onDay={(day) => setFilter({ from: day })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filter.toDate || localDay() } }}
          sx={{ width: 160 }}
        />
        <DayFilterField
          label="To"
          value={filter.toDate}
          onDay={(day) => setFilter({ to: day })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filter.fromDate || undefined } }}
          sx={{ width: 160 }}
        />
        <TextField
          select
          size="small"
          label="User"
          value={filter.userId}
          onChange={(event) => setFilter({ user: event.target.value })}
          sx={{ width: 180 }}
        >
          <MenuItem value="">All users</MenuItem>
          {(filters.data?.users ?? []).map((u) => (
            <MenuItem key={u.id} value={String(u.id)}>
              {u.name}
            </MenuItem>
          ))}
          {filter.userId && !filters.data?.users.some((u) => String(u.id) === filter.userId) ? (
            <MenuItem value={filter.userId}>User #{filter.userId}</MenuItem>
          ) : null}
        </TextField>
        <TextField
          select
          size="small"
          label="Area"
          value={filter.area}
          onChange={(event) => setFilter({ area: event.target.value })}
          sx={{ width: 200 }}
        >
          <MenuItem value="">All areas</MenuItem>
          {areaOptions.map((a) => (
            <MenuItem key={a.area} value={a.area}>
              {a.title}
            </MenuItem>
          ))}
        </TextField>
        {filter.fromDate || filter.toDate || filter.userId || filter.area ? (
          <Button size="small" onClick={() => update({ from: null, to: null, user: null, area: null, page: null })}>
            Clear filters
          </Button>
        ) : null}
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          size="small"
          startIcon={<DownloadIcon />}
          onClick={() => void onExport()}
          disabled={exporting}
        >
          Export CSV
        </Button>
      </Stack>
      {invalidPeriod ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The From date is after the To date.
        </Alert>
      ) : null}
      {entries.isError ? (
        <Alert severity="error">{messages.errors.backend}</Alert>
      ) : (
        <Paper variant="outlined" sx={{ height: 'calc(100vh - 300px)', minHeight: 420, display: 'flex' }}>
          <Box sx={{ flex: 1, minWidth: 0 }} data-testid="audit-grid">
            <DataGrid<AuditAdminEntry>
              label="Audit history"
              rows={entries.data?.data ?? []}
              columns={columns}
              loading={entries.isFetching}
              paginationMode="server"
              rowCount={entries.data?.total ?? 0}
              pageSizeOptions={[...PAGE_SIZES]}
              paginationModel={{ page, pageSize }}
              onPaginationModelChange={(model: GridPaginationModel) =>
                update({
                  page: model.pageSize === pageSize && model.page > 0 ? model.page + 1 : null,
                  size: model.pageSize === PAGE_SIZES[0] ? null : model.pageSize,
                })
              }
              disableColumnFilter
              disableColumnMenu
              disableRowSelectionOnClick
              density="compact"
              onRowClick={({ row }, event) => {
                if ((event.target as HTMLElement).closest('button')) return;
                setDetail(row);
              }}
              slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
              localeText={{
                noRowsLabel: 'No audit entries in this period.',
                noResultsOverlayLabel: 'No audit entries in this period.',
              }}
              sx={{ border: 0, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
            />
          </Box>
        </Paper>
      )}
      <AuditEntryDrawer
        entry={detail}
        onClose={() => setDetail(null)}
        onAsOf={(entry) => {
          setDetail(null);
          setAsOf(entry);
        }}
      />
      {asOf ? <AuditAsOfDialog entry={asOf} onClose={() => setAsOf(null)} /> : null}
    </>
  );
};
