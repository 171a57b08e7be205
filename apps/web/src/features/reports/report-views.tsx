import type { ReactNode } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import GavelIcon from '@mui/icons-material/Gavel';
import HandshakeIcon from '@mui/icons-material/Handshake';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import ListAltIcon from '@mui/icons-material/ListAlt';
import PolicyIcon from '@mui/icons-material/Policy';
import ShieldIcon from '@mui/icons-material/Shield';
import TimelineIcon from '@mui/icons-material/Timeline';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import {
  addonGroupingLabels,
  addonGroupings,
  adverseActionKindLabels,
  adverseActionStatusLabels,
  adverseActionViewLabels,
  adverseActionViews,
  adverseActionKinds,
  decisionGroupingLabels,
  decisionGroupings,
  fundedGroupingLabels,
  fundedGroupings,
  policyExceptionKindLabels,
  policyExceptionKinds,
  reportMessages,
  type AddonGrouping,
  type AdverseActionStatus,
  type FundedGrouping,
  type ReportKey,
} from '@credence/contracts';
import type { ReportQueryText, ReportRow } from './api.ts';

/** A select of the filter bar that a report adds (one of its own query fields). */
export type ExtraFilter = {
  key: string;
  label: string;
  options: readonly { value: string; label: string }[];
  /** The option meaning "no filter" (sent as nothing); absent: one option is always chosen. */
  empty?: string;
  /** The option shown when the URL has none (the server's default). */
  defaultValue?: string;
  width: number;
};

/**
 * What the web app adds to a report's declaration: its icon on the Reports page, cells that link or stand out,
 * the totals row, and its own filters. The columns, their headers and types come from the declaration.
 */
export type ReportView = {
  icon: SvgIconComponent;
  /** A cell of its own: `text` is the value as the column shows it; `query` has the period the answer covered. */
  cells?: Partial<Record<string, (row: ReportRow, query: ReportQueryText, text: string) => ReactNode>>;
  /** The totals row's values by column field (formatted by the column's type); the first column says 'Total'. */
  totalsRow: (totals: Record<string, unknown>) => Record<string, unknown>;
  extraFilters: readonly ExtraFilter[];
  /** Colours of the chart's series by key (a status in its status colour); the chart's palette otherwise. */
  seriesColors?: Readonly<Record<string, string>>;
};

/** The app theme's primary and secondary blues and teal, and MUI's status colours. */
const colors = {
  primary: '#1f4e79',
  secondary: '#0f766e',
  amber: '#e0a100',
  error: '#d32f2f',
  warning: '#ed6c02',
  success: '#2e7d32',
  grey: '#9e9e9e',
};

const RouterText = ({ to, children }: { to: string; children: ReactNode }) => (
  <Link component={RouterLink} to={to} underline="hover" onClick={(event) => event.stopPropagation()}>
    {children}
  </Link>
);

/** The shared filters of a query, for a link to another report with the same period and filters. */
const sharedFilters = (query: ReportQueryText) => {
  const keys = ['from', 'to', 'productId', 'branchId', 'dealerId', 'channel', 'officerId'];
  return Object.fromEntries(keys.filter((k) => query[k]).map((k) => [k, query[k]!]));
};

/**
 * The loans behind a Funded loans group: the Funded loan list with the same period and filters, narrowed to the
 * group (a direct loan's "no dealer" group: the direct channel). Null when the group cannot be named by a filter.
 */
export const loansBehind = (row: ReportRow, query: ReportQueryText, defaultGrouping = 'product') => {
  const groupBy = (query.groupBy ?? defaultGrouping) as FundedGrouping | AddonGrouping;
  const id = row.groupId as number | null;
  const narrowed: Record<string, string> = sharedFilters(query);
  if (groupBy === 'none') return `/reports/fundedLoanList?${new URLSearchParams(narrowed).toString()}`;
  const key = { product: 'productId', branch: 'branchId', dealer: 'dealerId', officer: 'officerId' }[groupBy];
  if (id !== null) narrowed[key] = String(id);
  else if (groupBy === 'dealer') narrowed.channel = 'direct';
  else return null;
  return `/reports/fundedLoanList?${new URLSearchParams(narrowed).toString()}`;
};

const statusColor: Record<AdverseActionStatus, 'error' | 'warning' | 'default' | 'success'> = {
  overdue: 'error',
  dueSoon: 'warning',
  dueLater: 'default',
  producedOnTime: 'success',
  producedLate: 'warning',
};

const applicationLink = (worksheet: string) => (row: ReportRow) => (
  <RouterText to={`/${worksheet}/${String(row.applicationId)}`}>{String(row.applicationId)}</RouterText>
);

export const reportViews: Record<ReportKey, ReportView> = {
  pipeline: {
    icon: TimelineIcon,
    cells: {
      queue: (row, _query, text) => <RouterText to={`/${String(row.queue)}`}>{text}</RouterText>,
    },
    totalsRow: (totals) => ({ ...totals, queue: reportMessages.total }),
    extraFilters: [],
    seriesColors: { submitted: colors.primary, decided: colors.amber, funded: colors.secondary },
  },
  fundedLoans: {
    icon: AccountBalanceIcon,
    seriesColors: { amount: colors.primary },
    cells: {
      name: (row, query, text) => {
        const to = loansBehind(row, query);
        return to ? <RouterText to={to}>{text}</RouterText> : text;
      },
    },
    totalsRow: (totals) => ({
      ...totals,
      name: reportMessages.total,
      share: Number(totals.count) > 0 ? '100.00' : null,
    }),
    extraFilters: [
      {
        key: 'groupBy',
        label: 'Group by',
        options: fundedGroupings.map((g) => ({ value: g, label: fundedGroupingLabels[g] })),
        defaultValue: 'product',
        width: 160,
      },
    ],
  },
  fundedLoanList: {
    icon: ListAltIcon,
    seriesColors: { amount: colors.primary },
    cells: { applicationId: applicationLink('fund') },
    totalsRow: (totals) => ({
      ...totals,
      applicationId: reportMessages.total,
      applicantName: `${String(totals.count)} ${totals.count === 1 ? 'loan' : 'loans'}`,
      count: undefined,
    }),
    extraFilters: [],
  },
  decisions: {
    icon: HourglassBottomIcon,
    totalsRow: (totals) => ({ ...totals, name: reportMessages.total }),
    extraFilters: [
      {
        key: 'groupBy',
        label: 'Group by',
        options: decisionGroupings.map((g) => ({ value: g, label: decisionGroupingLabels[g] })),
        defaultValue: 'product',
        width: 160,
      },
    ],
    seriesColors: { approvalRate: colors.success, counterofferRate: colors.amber, declineRate: colors.error },
  },
  policyExceptions: {
    icon: PolicyIcon,
    cells: { applicationId: applicationLink('decision') },
    totalsRow: (totals) => ({
      applicationId: reportMessages.total,
      applicantName: `${String(totals.count)} ${totals.count === 1 ? 'exception' : 'exceptions'}`,
      kind: `${String(totals.policyException)} outside policy, ${String(totals.waiver)} waived`,
    }),
    extraFilters: [
      {
        key: 'kind',
        label: 'Kind',
        options: policyExceptionKinds.map((k) => ({ value: k, label: policyExceptionKindLabels[k] })),
        empty: 'All exceptions',
        width: 210,
      },
    ],
    seriesColors: { policyException: colors.primary, waiver: colors.amber },
  },
  addonPenetration: {
    icon: ShieldIcon,
    cells: {
      groupName: (row, query, text) => {
        const to = loansBehind(row, query, 'none');
        return to ? <RouterText to={to}>{text}</RouterText> : text;
      },
    },
    totalsRow: (totals) => ({
      ...totals,
      groupName: reportMessages.total,
      additionName: `Any add-on (${String(totals.sold)} sold)`,
    }),
    extraFilters: [
      {
        key: 'groupBy',
        label: 'Group by',
        options: addonGroupings.map((g) => ({ value: g, label: addonGroupingLabels[g] })),
        defaultValue: 'none',
        width: 160,
      },
    ],
    seriesColors: { penetration: colors.primary },
  },
  dealerScorecard: {
    icon: HandshakeIcon,
    totalsRow: (totals) => ({ ...totals, dealerName: reportMessages.total }),
    extraFilters: [],
    seriesColors: { applications: colors.primary, funded: colors.secondary },
  },
  adverseActions: {
    icon: GavelIcon,
    cells: {
      applicationId: applicationLink('decision'),
      status: (row) => {
        const status = row.status as AdverseActionStatus;
        return (
          <Chip
            size="small"
            label={adverseActionStatusLabels[status]}
            color={statusColor[status]}
            variant={status === 'dueLater' || status === 'producedLate' ? 'outlined' : 'filled'}
            component="span"
          />
        );
      },
      daysLeft: (row) => {
        const days = Number(row.daysLeft);
        return (
          <Typography
            component="span"
            variant="body2"
            color={days < 0 ? 'error' : undefined}
            sx={{ fontWeight: days < 0 ? 600 : undefined }}
          >
            {days}
          </Typography>
        );
      },
    },
    totalsRow: (totals) => ({
      applicationId: reportMessages.total,
      applicantName: `${String(totals.count)} ${totals.count === 1 ? 'notice' : 'notices'}`,
      status: `${String(totals.overdue)} overdue`,
    }),
    extraFilters: [
      {
        key: 'view',
        label: 'Show',
        options: adverseActionViews.map((v) => ({ value: v, label: adverseActionViewLabels[v] })),
        defaultValue: 'all',
        width: 180,
      },
      {
        key: 'kind',
        label: 'Action',
        options: adverseActionKinds.map((k) => ({ value: k, label: adverseActionKindLabels[k] })),
        empty: 'All actions',
        width: 210,
      },
    ],
    seriesColors: {
      overdue: colors.error,
      dueSoon: colors.warning,
      dueLater: colors.grey,
      producedOnTime: colors.success,
      producedLate: colors.amber,
    },
  },
};
