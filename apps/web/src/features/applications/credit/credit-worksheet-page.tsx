import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridColumnVisibilityModel, type GridSortModel } from '@mui/x-data-grid';
import {
  creditEndpoints,
  creditReportHasAlerts,
  messages,
  type ApplicationCredit,
  type CreditAlert,
  type CreditBureau,
  type CreditTradeline,
  type StoredCreditReport,
} from '@credence/contracts';
import { money } from '@credence/domain';
import { hasRight, useCurrentUser } from '../../../lib/current-user.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { gridSettingKey, useGridSetting, useSaveGridSetting } from '../../../lib/grid-settings.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { formatCount, formatCurrency, formatDateTime } from '../../../lib/format.ts';
import { showApiErrorToast, toasts } from '../../../lib/toast.tsx';
import { useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt.ts';
import { enumLabel } from '../../../components/form/fields.tsx';
import { applicationKeys } from '../api.ts';
import { DataList, formatDate, WorksheetCard } from '../worksheet/view-parts.tsx';
import { CrossSellDialog } from './cross-sell-dialog.tsx';
import { PolicyRunCard } from './policy-run-card.tsx';
import { ScreeningCard } from './screening-card.tsx';
import { useWorksheet } from '../worksheet/worksheet-context.ts';
import {
  creditKeys,
  openCreditReportPdf,
  useApplicationCredit,
  usePreviousReports,
  withRetractionConfirmed,
} from './credit-api.ts';

const dollars = (value: string | null | undefined) =>
  value === null || value === undefined ? '—' : formatCurrency(money(value));
const markKey = (reportId: number, tradelineId: string) => `${reportId}:${tradelineId}`;
type Mark = { excluded: boolean; paidOff: boolean };

const alertLabels: Record<CreditAlert['kind'], string> = {
  ofac: 'OFAC',
  mla: 'MLA',
  fraud: 'Fraud Alert',
  activeDuty: 'Active Duty',
  freeze: 'Freeze',
  addressDiscrepancy: 'Address Discrepancy',
  deceased: 'Deceased',
  other: 'Alert',
};

/** The report's alerts as chips: OFAC, MLA and fraud in red, the rest in orange (both readable at 4.5:1). */
const AlertChips = ({ report }: { report: StoredCreditReport['report'] }) => {
  const kinds = [...new Set(report.alerts.map((a) => a.kind))];
  if (report.ofac && !kinds.includes('ofac')) kinds.unshift('ofac');
  if (report.mla && !kinds.includes('mla')) kinds.push('mla');
  if (kinds.length === 0) return <Chip size="small" label="No alerts" variant="outlined" color="success" />;
  return (
    <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="credit-alerts">
      {kinds.map((kind) => (
        <Tooltip
          key={kind}
          title={report.alerts
            .filter((a) => a.kind === kind)
            .map((a) => a.text)
            .join(' · ')}
        >
          <Chip
            size="small"
            label={alertLabels[kind]}
            sx={{
              fontWeight: 600,
              color: '#fff',
              bgcolor: ['ofac', 'fraud', 'deceased'].includes(kind) ? '#b3261e' : '#8a4b00',
            }}
          />
        </Tooltip>
      ))}
    </Stack>
  );
};

const SmallTable = ({ headers, rows, empty }: { headers: string[]; rows: React.ReactNode[][]; empty: string }) =>
  rows.length === 0 ? (
    <Typography color="text.secondary" variant="body2">
      {empty}
    </Typography>
  ) : (
    <Table size="small">
      <TableHead>
        <TableRow>
          {headers.map((h) => (
            <TableCell key={h}>{h}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, i) => (
          <TableRow key={i}>
            {row.map((cell, j) => (
              <TableCell key={j}>{cell}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );

/** The tradeline grid's settings, saved per user as `tradelineGrid` (spec 3 §3 "Tradeline grid settings"). */
type TradelineGridState = { columnVisibility: GridColumnVisibilityModel; sortModel: GridSortModel };
const TRADELINE_GRID = 'tradelineGrid';
const defaultGridState: TradelineGridState = {
  columnVisibility: { remainingTermMonths: false, lates: false },
  sortModel: [],
};
/** The saved string back to settings; anything unreadable falls back to the defaults. */
const parseGridState = (saved: string | null | undefined): TradelineGridState => {
  if (!saved) return defaultGridState;
  try {
    const value = JSON.parse(saved) as Partial<TradelineGridState>;
    return {
      columnVisibility:
        value.columnVisibility && typeof value.columnVisibility === 'object'
          ? value.columnVisibility
          : defaultGridState.columnVisibility,
      sortModel: Array.isArray(value.sortModel) ? value.sortModel : [],
    };
  } catch {
    return defaultGridState;
  }
};

/** One applicant's active report: header, scores, alerts, summary, tradelines with their marks. */
const ReportView = ({
  stored,
  marks,
  onMark,
  canEdit,
  gridState,
  onGridState,
}: {
  stored: StoredCreditReport;
  marks: Record<string, Mark>;
  onMark: (tradeline: CreditTradeline, mark: Mark) => void;
  canEdit: boolean;
  gridState: TradelineGridState;
  onGridState: (next: TradelineGridState) => void;
}) => {
  const r = stored.report;
  const s = r.summary;
  const markOf = (t: CreditTradeline): Mark =>
    marks[markKey(stored.id, t.id)] ?? { excluded: t.excluded, paidOff: t.paidOff };
  const columns: GridColDef<CreditTradeline>[] = [
    { field: 'creditor', headerName: 'Creditor', flex: 1.4, minWidth: 120 },
    {
      field: 'excluded',
      headerName: 'Exclude',
      minWidth: 66,
      sortable: false,
      renderCell: ({ row }) => (
        <Checkbox
          size="small"
          checked={markOf(row).excluded}
          disabled={!canEdit}
          slotProps={{ input: { 'aria-label': `Exclude ${row.creditor} ${row.accountNumber}` } }}
          onChange={(e) => onMark(row, { ...markOf(row), excluded: e.target.checked })}
        />
      ),
    },
    {
      field: 'paidOff',
      headerName: 'Paid Off',
      minWidth: 66,
      sortable: false,
      renderCell: ({ row }) => (
        <Checkbox
          size="small"
          checked={markOf(row).paidOff}
          disabled={!canEdit}
          slotProps={{ input: { 'aria-label': `Paid off ${row.creditor} ${row.accountNumber}` } }}
          onChange={(e) => onMark(row, { ...markOf(row), paidOff: e.target.checked })}
        />
      ),
    },
    { field: 'accountNumber', headerName: 'Account', minWidth: 105, flex: 1 },
    {
      field: 'portfolioType',
      headerName: 'Type',
      minWidth: 85,
      flex: 0.6,
      valueFormatter: (v: string) => enumLabel(v),
    },
    {
      field: 'tradelineStatus',
      headerName: 'Status',
      minWidth: 85,
      flex: 0.6,
      valueFormatter: (v: string) => enumLabel(v),
    },
    {
      field: 'balance',
      headerName: 'Balance',
      minWidth: 92,
      align: 'right',
      headerAlign: 'right',
      valueFormatter: (v: string) => dollars(v),
      sortComparator: (a: string, b: string) => money(a).comparedTo(money(b)),
    },
    {
      field: 'creditLimit',
      headerName: 'Limit',
      minWidth: 88,
      align: 'right',
      headerAlign: 'right',
      valueGetter: (_v, row) => row.creditLimit ?? row.highCredit,
      valueFormatter: (v: string | null) => dollars(v),
    },
    {
      field: 'monthlyPayment',
      headerName: 'Payment',
      minWidth: 82,
      align: 'right',
      headerAlign: 'right',
      valueFormatter: (v: string | null) => dollars(v),
    },
    { field: 'openedDate', headerName: 'Opened', minWidth: 88, valueFormatter: (v: string) => formatDate(v) },
    { field: 'remainingTermMonths', headerName: 'Months Left', minWidth: 90, type: 'number' },
    {
      field: 'lates',
      headerName: '30/60/90',
      minWidth: 80,
      sortable: false,
      valueGetter: (_v, row) => `${row.late30Count}/${row.late60Count}/${row.late90Count}`,
    },
  ];
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" data-testid="credit-report-header">
          {stored.creditBureau} · Report {stored.creditReportId} · Pulled {formatDateTime(stored.pulledAt)}
          {stored.pulledBy ? ` by ${stored.pulledBy}` : ''}
        </Typography>
        <AlertChips report={r} />
      </Box>
      {r.noRecordFound ? (
        <Alert severity="warning" data-testid="no-report-reason">
          {r.noReportReason}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }} data-testid="credit-scores">
        {r.scores.map((score) => (
          <Tooltip
            key={score.model}
            title={score.factors.map((f) => `${f.code} ${f.text}`).join(' · ') || (score.exclusionReason ?? '')}
          >
            <Box
              sx={{
                border: 1,
                borderColor: score.model === stored.defaultScoreModel ? 'primary.main' : 'divider',
                borderRadius: 1,
                px: 1.5,
                py: 0.75,
                minWidth: 120,
              }}
            >
              <Typography variant="caption" color="text.secondary" component="div">
                {score.model}
                {score.model === stored.defaultScoreModel ? ' (default)' : ''}
              </Typography>
              <Typography variant="h6" component="div" sx={{ lineHeight: 1.2 }}>
                {score.score ?? 'Not scored'}
              </Typography>
            </Box>
          </Tooltip>
        ))}
      </Box>
      <DataList
        min={150}
        items={[
          { label: 'Tradelines', value: formatCount(s.tradelinesCount) },
          { label: 'Open', value: formatCount(s.openTradelinesCount) },
          { label: 'Delinquent', value: formatCount(s.delinquentTradelinesCount) },
          { label: 'Derogatory', value: formatCount(s.derogatoryTradelinesCount) },
          { label: 'Public Records', value: formatCount(s.publicRecordsCount) },
          { label: 'Inquiries', value: formatCount(s.inquiriesCount) },
          { label: 'Total Balance', value: dollars(s.totalBalance) },
          { label: 'Monthly Payments', value: dollars(s.totalMonthlyPayment) },
          {
            label: 'Revolving Utilization',
            value: s.revolvingUtilizationPercent ? `${s.revolvingUtilizationPercent}%` : '—',
          },
          { label: 'Past Due', value: dollars(s.pastDueAmount) },
        ]}
      />
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          Tradelines
        </Typography>
        <Box data-testid="tradeline-grid">
          <DataGrid<CreditTradeline>
            rows={r.tradelines}
            columns={columns}
            density="compact"
            autoHeight
            disableRowSelectionOnClick
            // A report has at most a few dozen tradelines: every row and column is rendered (the marks stay reachable).
            disableVirtualization
            columnVisibilityModel={gridState.columnVisibility}
            onColumnVisibilityModelChange={(columnVisibility) => onGridState({ ...gridState, columnVisibility })}
            sortModel={gridState.sortModel}
            onSortModelChange={(sortModel) => onGridState({ ...gridState, sortModel })}
            hideFooter={r.tradelines.length <= 100}
            localeText={{ noRowsLabel: 'No tradelines' }}
          />
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
            Public Records
          </Typography>
          <SmallTable
            headers={['Type', 'Status', 'Filed', 'Amount']}
            empty="No public records"
            rows={r.publicRecords.map((p) => [
              enumLabel(p.type),
              enumLabel(p.disposition),
              formatDate(p.filedDate),
              dollars(p.amount),
            ])}
          />
        </Box>
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
            Inquiries
          </Typography>
          <SmallTable
            headers={['Date', 'Creditor', 'Business']}
            empty="No inquiries"
            rows={r.inquiries.map((q) => [formatDate(q.date), q.name, q.businessType ?? ''])}
          />
        </Box>
      </Box>
    </Stack>
  );
};

/**
 * The Credit worksheet (`/credit/{id}`, spec 3 §2, issue 11): per applicant, pull or re-pull credit from a bureau,
 * read the report (scores by model, alerts, summary, tradelines, public records, inquiries), mark tradelines
 * excluded from the debt ratios or paid off by this loan, write the review and mark the credit reviewed (the
 * application moves from the Credit queue to the Decision queue); previous reports and the printed report.
 */
export const CreditWorksheetPage = () => {
  const { applicationId, canEdit, readOnlyReason, refreshInfo, startEditing } = useWorksheet();
  const { data: user } = useCurrentUser();
  const mayPull = hasRight(user, 'canPullAndRepullCredit');
  const credit = useApplicationCredit(applicationId);
  const previous = usePreviousReports(applicationId);
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<number | null>(null);
  const [bureau, setBureau] = useState<CreditBureau | ''>('');
  const [marks, setMarks] = useState<Record<string, Mark>>({});
  const [review, setReview] = useState<string | null>(null);
  const [reviewError, setReviewError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'pull' | 'save' | 'mark' | null>(null);
  const savedGrid = useGridSetting(TRADELINE_GRID);
  const { mutate: saveGrid } = useSaveGridSetting(TRADELINE_GRID);
  const [gridState, setGridState] = useState<TradelineGridState | null>(null);
  const shownGridState = gridState ?? parseGridState(savedGrid.data?.setting);
  const changeGridState = (next: TradelineGridState) => {
    setGridState(next);
    saveGrid(JSON.stringify(next), {
      onSuccess: (saved) => queryClient.setQueryData(gridSettingKey(TRADELINE_GRID), saved),
    });
  };
  const [crossSellFor, setCrossSellFor] = useState<{ applicantId: number; name: string } | null>(null);

  const data = credit.data;
  const visible = useMemo(() => data?.applicants.filter((a) => !a.hidden) ?? [], [data]);
  const current = visible.find((a) => a.applicantId === tab) ?? visible[0];
  // The bureau chosen, else the one the shown report came from, else the lender's first.
  const enabledBureaus = data?.bureaus.map((b) => b.creditBureau) ?? [];
  const lastBureau = current?.activeCreditReport?.creditBureau;
  const chosenBureau: CreditBureau | '' =
    bureau || (lastBureau && enabledBureaus.includes(lastBureau) ? lastBureau : (enabledBureaus[0] ?? ''));
  const reviewText = review ?? data?.review ?? '';
  const changedMarks = useMemo(() => {
    if (!data) return [];
    return data.applicants.flatMap((a) => {
      const stored = a.activeCreditReport;
      if (!stored) return [];
      return stored.report.tradelines.flatMap((t) => {
        const mark = marks[markKey(stored.id, t.id)];
        return mark && (mark.excluded !== t.excluded || mark.paidOff !== t.paidOff)
          ? [{ creditReportId: stored.id, tradelineId: t.id, ...mark }]
          : [];
      });
    });
  }, [data, marks]);
  const dirty = changedMarks.length > 0 || (review !== null && review !== (data?.review ?? ''));
  useUnsavedChangesPrompt(dirty);

  const reload = async (next?: ApplicationCredit) => {
    if (next) queryClient.setQueryData(creditKeys.credit(applicationId), next);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: creditKeys.credit(applicationId) }),
      queryClient.invalidateQueries({ queryKey: applicationKeys.history(applicationId) }),
    ]);
    refreshInfo();
  };

  const pull = async () => {
    if (!chosenBureau || !(await startEditing())) return;
    setBusy('pull');
    try {
      const result = await withRetractionConfirmed(applicationId, data?.state, (confirmRetraction) =>
        callEndpoint(creditEndpoints.pull, {
          params: { applicationId },
          body: { creditBureau: chosenBureau, confirmRetraction },
        }),
      );
      if (!result) return;
      for (const r of result.reports) {
        if (r.noRecordFound) {
          toasts.warning(
            undefined,
            messages.credit.noReportReason(r.applicantName, applicationId, r.noReportReason ?? ''),
          );
        }
      }
      setMarks({});
      await Promise.all([reload(), queryClient.invalidateQueries({ queryKey: creditKeys.previous(applicationId) })]);
    } catch (error) {
      showApiErrorToast(error);
    } finally {
      setBusy(null);
    }
  };

  const save = async () => {
    if (!(await startEditing())) return;
    setBusy('save');
    setReviewError(null);
    try {
      // Only re-marked tradelines change the credit a decision read; the review text alone asks nothing.
      const saved = await withRetractionConfirmed(
        applicationId,
        data?.state,
        (confirmRetraction) =>
          callEndpoint(creditEndpoints.saveReview, {
            params: { applicationId },
            body: { review: reviewText, tradelines: changedMarks, confirmRetraction },
          }),
        changedMarks.length > 0,
      );
      if (!saved) return;
      setMarks({});
      setReview(null);
      toasts.success(messages.credit.saved);
      await reload(saved);
    } catch (error) {
      const onReview = isApiError(error) ? error.errors.find((e) => e.field === 'review') : undefined;
      if (onReview) setReviewError(onReview.message);
      else if (isApiError(error) && error.errors.some((e) => e.field.startsWith('tradelines')))
        toasts.error(messages.errors.title, messages.credit.tradelinesSaveFailed);
      else showApiErrorToast(error);
    } finally {
      setBusy(null);
    }
  };

  const markReviewed = async () => {
    if (!(await startEditing())) return;
    setBusy('mark');
    try {
      const saved = await callEndpoint(creditEndpoints.markAsReviewed, {
        params: { applicationId, isReviewed: 'true' },
      });
      toasts.success(messages.credit.markedReviewed);
      await reload(saved);
    } catch (error) {
      const onReview = isApiError(error) ? error.errors.find((e) => e.field === 'review') : undefined;
      if (onReview) setReviewError(onReview.message);
      else showApiErrorToast(error);
    } finally {
      setBusy(null);
    }
  };

  const print = (reportId: number) => {
    openCreditReportPdf(reportId, applicationId).catch(showApiErrorToast);
  };

  if (credit.isPending) return <Skeleton variant="rounded" height={420} />;
  if (!data) return <Alert severity="error">{messages.applications.retrieveFailed('the credit report')}</Alert>;

  const alerts =
    data.requireCommentOnAlerts &&
    visible.some((a) => a.activeCreditReport && creditReportHasAlerts(a.activeCreditReport.report));
  const missingReports = visible.some((a) => !a.activeCreditReport);
  const markDisabledReason =
    data.state !== 'new'
      ? messages.credit.notInState
      : missingReports
        ? messages.credit.reviewRequiredBeforeMarking
        : dirty
          ? 'Save the credit review first.'
          : !canEdit
            ? readOnlyReason
            : null;
  const names = new Map(data.applicants.map((a) => [a.applicantId, a.name]));

  return (
    <Stack spacing={2}>
      <WorksheetCard
        title="Credit Report"
        testId="credit-report-card"
        actions={
          mayPull ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <FormControl size="small" sx={{ minWidth: 150 }}>
                <InputLabel id="credit-bureau-label">Bureau</InputLabel>
                <Select
                  labelId="credit-bureau-label"
                  label="Bureau"
                  value={chosenBureau}
                  onChange={(e) => setBureau(e.target.value as CreditBureau)}
                >
                  {data.bureaus.map((b) => (
                    <MenuItem key={b.creditBureau} value={b.creditBureau}>
                      {b.creditBureau}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
              <Tooltip title={canEdit ? '' : (readOnlyReason ?? '')}>
                <span>
                  <Button
                    variant="contained"
                    onClick={() => void pull()}
                    disabled={!canEdit || busy !== null || !chosenBureau}
                  >
                    {visible.some((a) => a.activeCreditReport) ? 'Re-pull Credit' : 'Pull Credit'}
                  </Button>
                </span>
              </Tooltip>
            </Stack>
          ) : null
        }
      >
        {visible.length === 0 ? (
          <Typography color="text.secondary">No Applicant Data Found</Typography>
        ) : (
          <>
            <Tabs
              value={current?.applicantId ?? false}
              onChange={(_e, value: number) => setTab(value)}
              aria-label="Applicants"
              sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
              variant="scrollable"
            >
              {visible.map((a) => (
                <Tab key={a.applicantId} value={a.applicantId} label={`${a.name} (${enumLabel(a.applicantRole)})`} />
              ))}
            </Tabs>
            {current?.activeCreditReport ? (
              <>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mb: 1 }}>
                  {mayPull ? (
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => setCrossSellFor({ applicantId: current.applicantId, name: current.name })}
                    >
                      Cross Sell
                    </Button>
                  ) : null}
                  <Button size="small" variant="outlined" onClick={() => print(current.activeCreditReport!.id)}>
                    Print
                  </Button>
                </Stack>
                <ReportView
                  gridState={shownGridState}
                  onGridState={changeGridState}
                  stored={current.activeCreditReport}
                  marks={marks}
                  canEdit={canEdit}
                  onMark={(t, mark) =>
                    setMarks((m) => ({ ...m, [markKey(current.activeCreditReport!.id, t.id)]: mark }))
                  }
                />
              </>
            ) : (
              <Typography color="text.secondary" data-testid="no-active-credit-report">
                {messages.credit.noActiveCreditReport}
              </Typography>
            )}
          </>
        )}
      </WorksheetCard>

      <WorksheetCard title="Credit Review" testId="credit-review-card">
        <Stack spacing={1.5}>
          {data.reviewedAt ? (
            <Typography variant="body2" color="text.secondary">
              Marked reviewed {formatDateTime(data.reviewedAt)}
              {data.reviewedBy ? ` by ${data.reviewedBy}` : ''}
            </Typography>
          ) : null}
          <TextField
            label="Review"
            multiline
            minRows={3}
            value={reviewText}
            onChange={(e) => {
              setReview(e.target.value);
              setReviewError(null);
            }}
            required={alerts}
            error={reviewError !== null}
            helperText={reviewError ?? (alerts ? messages.credit.reviewRequiredWithAlerts : ' ')}
            disabled={!canEdit}
            slotProps={{ htmlInput: { maxLength: 4000 } }}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button variant="contained" onClick={() => void save()} disabled={!canEdit || busy !== null}>
              Save
            </Button>
            <Tooltip title={markDisabledReason ?? ''}>
              <span>
                <Button
                  variant="outlined"
                  onClick={() => void markReviewed()}
                  disabled={markDisabledReason !== null || busy !== null}
                >
                  Mark as Reviewed
                </Button>
              </span>
            </Tooltip>
          </Stack>
        </Stack>
      </WorksheetCard>

      {crossSellFor ? (
        <CrossSellDialog
          applicationId={applicationId}
          applicantId={crossSellFor.applicantId}
          applicantName={crossSellFor.name}
          notInterested={data.notInterestedCrossSell}
          onClose={() => setCrossSellFor(null)}
        />
      ) : null}

      <ScreeningCard
        applicationId={applicationId}
        mayRun={mayPull}
        applicantName={(applicantId) => (applicantId === null ? 'All' : (names.get(applicantId) ?? ''))}
      />

      <PolicyRunCard applicationId={applicationId} />

      <WorksheetCard title="Previous Reports" testId="previous-reports-card">
        <SmallTable
          headers={['Applicant', 'Bureau', 'Report Id', 'Pulled', 'By', '']}
          empty="No reports pulled yet"
          rows={(previous.data ?? []).map((p) => [
            names.get(p.applicantId) ?? '',
            p.creditBureau,
            p.creditReportId,
            formatDateTime(p.pulledAt),
            p.pulledBy ?? '',
            <Stack key="actions" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {p.isActive ? <Chip size="small" label="Active" color="success" variant="outlined" /> : null}
              <Button size="small" onClick={() => print(p.id)} aria-label={`View report ${p.creditReportId}`}>
                View
              </Button>
            </Stack>,
          ])}
        />
      </WorksheetCard>
    </Stack>
  );
};
