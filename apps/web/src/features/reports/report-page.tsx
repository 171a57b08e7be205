import { lazy, Suspense, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridRenderCellParams,
  type GridSortModel,
} from '@mui/x-data-grid';
import {
  findReport,
  messages,
  REPORT_RIGHT,
  reportMessages,
  type ReportColumn,
  type ReportDeclaration,
} from '@credence/contracts';
import { formatUsDate, money } from '@credence/domain';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { hasRight, useCurrentUser } from '../../lib/current-user.ts';
import { formatCount, formatCurrency } from '../../lib/format.ts';
import { showApiErrorToast } from '../../lib/toast.tsx';
import { useUrlParams } from '../../lib/url-params.ts';
import { downloadReportCsv, useReportOptions, useReportPage, type ReportQueryText, type ReportRow } from './api.ts';
import { ReportFilters, sharedFilterKeys } from './report-filters.tsx';
import { reportViews } from './report-views.tsx';
import { ReportsPage } from './reports-page.tsx';

/** The chart module (and @mui/x-charts) loads with the first report page, not with the shell. */
const ReportChart = lazy(() => import('./report-chart.tsx').then((m) => ({ default: m.ReportChart })));

const PAGE_SIZES = [25, 50, 100];
const TOTALS_ID = '__totals';

/** A value as its column shows it: money as dollars, rates and shares with %, dates MM/dd/yyyy, codes as text. */
export const formatValue = (column: ReportColumn, value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  const text = String(value);
  switch (column.type) {
    case 'count':
      return typeof value === 'number' ? formatCount(value) : text;
    case 'money':
      return /^-?\d+(\.\d+)?$/.test(text) ? formatCurrency(money(text)) : text;
    case 'rate':
    case 'percent':
      return /^-?\d+(\.\d+)?$/.test(text) ? `${text}%` : text;
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? formatUsDate(text) : text;
    case 'text':
      return column.labels?.[text] ?? text;
    case 'decimal':
    case 'applicationId':
      return text;
  }
};

/** Room for a figure column's header and its sort arrow (about 7.5 px a character, 40 px of padding and arrow). */
const headerWidth = (column: ReportColumn, least: number) =>
  Math.max(least, Math.ceil(40 + column.header.length * 7.5));

/** A column's width by what it holds: fixed for ids, dates and figures, growing for names and reasons. */
const columnWidth = (column: ReportColumn) => {
  if (column.field === 'reasons') return { flex: 2, minWidth: 240 };
  if (column.field === 'additionName') return { flex: 1, minWidth: 190 };
  if (column.labels) return column.field === 'status' ? { width: 176 } : { flex: 1, minWidth: 150 };
  switch (column.type) {
    case 'applicationId':
      return { width: 104 };
    case 'date':
      return { width: 136 };
    case 'count':
      return { width: headerWidth(column, 96) };
    case 'money':
      return { width: headerWidth(column, 140) };
    case 'rate':
      return { width: headerWidth(column, 104) };
    case 'percent':
    case 'decimal':
      return { width: headerWidth(column, 112) };
    case 'text':
      return { flex: 1, minWidth: 140 };
  }
};

const numeric = (column: ReportColumn) => ['count', 'money', 'rate', 'decimal', 'percent'].includes(column.type);

/** The URL's query of a report: the shared filters, the report's own, the sort and the page window. */
const useReportQuery = (report: ReportDeclaration) => {
  const [params, update] = useUrlParams();
  const keys = [...sharedFilterKeys, ...Object.keys(report.query), 'sort', 'order', 'page', 'take'];
  const query: ReportQueryText = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value) query[key] = value;
  }
  return { query, update };
};

/** The field messages of a refused query (422), or null. */
const refusedMessages = (error: unknown) =>
  isApiError(error) && error.status === 422 && error.errors?.length ? error.errors.map((e) => e.message) : null;

/** /reports lists the reports; /reports/{report} opens one (one lazy route for the area). */
export const ReportsRoute = () => {
  const { report } = useParams();
  return report ? <ReportPage /> : <ReportsPage />;
};

/**
 * /reports/{report} (issue 33): the report's filters (kept in the URL, so a reload or a shared link keeps them),
 * its chart, then the table — server-side pages and sort, and the totals of every filtered row as its last line —
 * and Export CSV, which downloads exactly the filtered rows in the table's order.
 */
export const ReportPage = () => {
  const { report: key = '' } = useParams();
  const { data: user } = useCurrentUser();
  const report = findReport(key);
  if (!report) return <NotFoundPage />;
  if (user && !hasRight(user, REPORT_RIGHT)) {
    return (
      <>
        <PageTitle>{report.title}</PageTitle>
        <Alert severity="error">{messages.errors.forbidden}</Alert>
      </>
    );
  }
  return <ReportScreen key={report.key} report={report as unknown as ReportDeclaration} />;
};

const ReportScreen = ({ report }: { report: ReportDeclaration }) => {
  const view = reportViews[report.key as keyof typeof reportViews];
  const { query, update } = useReportQuery(report);
  const answer = useReportPage(report, query);
  const options = useReportOptions();
  const [exporting, setExporting] = useState(false);
  const data = answer.data;
  const period = data?.period;
  const effective: ReportQueryText = { ...query, from: query.from ?? period?.from, to: query.to ?? period?.to };
  const setFilters = (patch: Record<string, string | null>) => update({ ...patch, page: null });

  const columns = useMemo<GridColDef<ReportRow>[]>(
    () =>
      report.columns.map((column): GridColDef<ReportRow> => {
        const cell = view.cells?.[column.field];
        return {
          field: column.field,
          headerName: column.header,
          description: column.description,
          sortable: column.sortable,
          type: numeric(column) ? 'number' : 'string',
          align: numeric(column) ? 'right' : 'left',
          headerAlign: numeric(column) ? 'right' : 'left',
          ...columnWidth(column),
          valueFormatter: (value: unknown) => formatValue(column, value),
          renderCell: (params: GridRenderCellParams<ReportRow>) => {
            // The totals row leaves a column without a total empty.
            if (params.row.id === TOTALS_ID) return params.value === undefined ? '' : formatValue(column, params.value);
            const text = formatValue(column, params.value);
            if (!cell) return text;
            return cell(params.row, effective, text);
          },
        };
      }),
    // The cells read the effective period; the columns change with the report and its period.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [report, view, effective.from, effective.to, query.groupBy],
  );

  const rows = useMemo(() => {
    if (!data || data.rows.length === 0) return [];
    const page = data.rows.map((row, i) => ({ ...row, id: `row-${i}` }));
    return [...page, { ...view.totalsRow(data.totals), id: TOTALS_ID }];
  }, [data, view]);

  const sort = query.sort ?? report.defaultSort.field;
  const order = query.sort ? (query.order ?? 'asc') : (query.order ?? report.defaultSort.order);
  const sortModel: GridSortModel = [{ field: sort, sort: order === 'desc' ? 'desc' : 'asc' }];
  const take = PAGE_SIZES.includes(Number(query.take)) ? Number(query.take) : PAGE_SIZES[0]!;
  const paginationModel: GridPaginationModel = { page: Math.max(0, Number(query.page ?? 1) - 1), pageSize: take };

  const onExport = async () => {
    if (!period) return;
    setExporting(true);
    try {
      await downloadReportCsv(report, effective, `${report.key}-${period.from}_to_${period.to}.csv`);
    } catch (error) {
      showApiErrorToast(error);
    } finally {
      setExporting(false);
    }
  };

  const refused = refusedMessages(answer.error);
  const chartEmpty = !data || data.chart.series.every((s) => s.data.every((v) => Number(v) === 0));

  return (
    <>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 0.5 }}>
        <Link component={RouterLink} to="/reports" underline="hover" color="inherit">
          {reportMessages.title}
        </Link>
        {report.key === 'fundedLoanList' ? (
          <Link component={RouterLink} to="/reports/fundedLoans" underline="hover" color="inherit">
            Funded loans
          </Link>
        ) : null}
        <Typography color="text.primary">{report.title}</Typography>
      </Breadcrumbs>
      <PageTitle
        actions={
          <Button
            variant="outlined"
            size="small"
            startIcon={<DownloadIcon />}
            onClick={() => void onExport()}
            disabled={exporting || !period || !!answer.error}
          >
            {reportMessages.exportCsv}
          </Button>
        }
      >
        {report.title}
      </PageTitle>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 2 }}>
        {report.description}
      </Typography>
      <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }}>
        <ReportFilters
          report={report}
          query={query}
          period={period}
          options={options.data}
          extraFilters={view.extraFilters}
          onChange={setFilters}
        />
      </Paper>
      {refused ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {refused.join(' ')}
        </Alert>
      ) : answer.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {reportMessages.loadFailed}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="report-chart">
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {data?.chart.title ?? '\u00a0'}
        </Typography>
        {!data ? (
          <Skeleton variant="rounded" height={300} />
        ) : chartEmpty ? (
          <Typography variant="body2" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {reportMessages.noRows}
          </Typography>
        ) : (
          <Box aria-hidden="true">
            <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
              <ReportChart chart={data.chart} colors={view.seriesColors} />
            </Suspense>
          </Box>
        )}
      </Paper>
      <Paper variant="outlined" data-testid="report-grid">
        <DataGrid<ReportRow>
          label={report.title}
          rows={rows}
          columns={columns}
          loading={answer.isFetching}
          autoHeight
          density="compact"
          paginationMode="server"
          sortingMode="server"
          rowCount={data?.total ?? 0}
          pageSizeOptions={PAGE_SIZES}
          paginationModel={paginationModel}
          onPaginationModelChange={(model) =>
            update({
              page: model.pageSize === take && model.page > 0 ? String(model.page + 1) : null,
              take: model.pageSize === PAGE_SIZES[0] ? null : String(model.pageSize),
            })
          }
          sortModel={sortModel}
          onSortModelChange={(model) => {
            const first = model[0];
            update({
              sort: first ? first.field : null,
              order: first ? (first.sort === 'desc' ? 'desc' : 'asc') : null,
              page: null,
            });
          }}
          getRowClassName={({ id }) => (id === TOTALS_ID ? 'report-totals' : '')}
          disableColumnFilter
          disableColumnMenu
          disableRowSelectionOnClick
          slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
          localeText={{ noRowsLabel: reportMessages.noRows, noResultsOverlayLabel: reportMessages.noRows }}
          sx={{
            border: 0,
            '& .report-totals': { fontWeight: 600, bgcolor: 'action.hover' },
            '& .report-totals:hover': { bgcolor: 'action.hover' },
          }}
        />
      </Paper>
    </>
  );
};
