import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  reportChannelLabels,
  reportChannels,
  reportMessages,
  type ReportDeclaration,
  type ReportOptions,
} from '@credence/contracts';
import { addDays } from '@credence/domain';
import { DayFilterField } from '../../components/form/day-filter-field.tsx';
import type { ReportQueryText } from './api.ts';
import type { ExtraFilter } from './report-views.tsx';

/** The URL keys of the shared filters (the period and the five lists). */
export const sharedFilterKeys = ['from', 'to', 'productId', 'branchId', 'dealerId', 'channel', 'officerId'] as const;

type Preset = { key: string; label: string; range: (today: string) => { from: string; to: string } };

const monthStart = (date: string, monthsBack = 0) => {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - monthsBack);
  return d.toISOString().slice(0, 10);
};
const monthEnd = (date: string) => addDays(monthStart(date, -1), -1);

/** The period presets, in the lender's calendar. */
export const periodPresets: Preset[] = [
  { key: 'last30', label: 'Last 30 days', range: (t) => ({ from: addDays(t, -29), to: t }) },
  { key: 'last90', label: 'Last 90 days', range: (t) => ({ from: addDays(t, -89), to: t }) },
  { key: 'last180', label: 'Last 180 days', range: (t) => ({ from: addDays(t, -179), to: t }) },
  { key: 'thisMonth', label: 'This month', range: (t) => ({ from: monthStart(t), to: t }) },
  {
    key: 'lastMonth',
    label: 'Last month',
    range: (t) => ({ from: monthStart(t, 1), to: monthEnd(monthStart(t, 1)) }),
  },
  {
    key: 'thisQuarter',
    label: 'This quarter',
    range: (t) => ({ from: monthStart(t, (Number(t.slice(5, 7)) - 1) % 3), to: t }),
  },
  { key: 'thisYear', label: 'This year', range: (t) => ({ from: `${t.slice(0, 4)}-01-01`, to: t }) },
  {
    key: 'lastYear',
    label: 'Last year',
    range: (t) => ({ from: `${Number(t.slice(0, 4)) - 1}-01-01`, to: `${Number(t.slice(0, 4)) - 1}-12-31` }),
  },
];

type Props = {
  report: ReportDeclaration;
  query: ReportQueryText;
  /** The period the answer covered (the server's default when the URL has none) and the lender's today. */
  period: { from: string; to: string; today: string } | undefined;
  options: ReportOptions | undefined;
  extraFilters: readonly ExtraFilter[];
  onChange: (patch: Record<string, string | null>) => void;
};

/** The filter bar of a report: the period (a preset or two dates), the shared lists and the report's own. */
export const ReportFilters = ({ report, query, period, options, extraFilters, onChange }: Props) => {
  const from = query.from ?? period?.from ?? '';
  const to = query.to ?? period?.to ?? '';
  const today = period?.today;
  const preset = today
    ? (periodPresets.find((p) => {
        const range = p.range(today);
        return range.from === from && range.to === to;
      })?.key ?? 'custom')
    : '';
  const list = (
    key: string,
    label: string,
    all: string,
    items: readonly { id: number; name: string; enabled: boolean }[] | undefined,
    width: number,
  ) => {
    const value = query[key] ?? '';
    const known = items ?? [];
    return (
      <TextField
        select
        size="small"
        label={label}
        value={value}
        onChange={(event) => onChange({ [key]: event.target.value || null })}
        sx={{ width }}
      >
        <MenuItem value="">{all}</MenuItem>
        {known.map((item) => (
          <MenuItem key={item.id} value={String(item.id)}>
            {item.enabled ? item.name : `${item.name} (disabled)`}
          </MenuItem>
        ))}
        {value && !known.some((item) => String(item.id) === value) ? (
          <MenuItem value={value}>
            {label} #{value}
          </MenuItem>
        ) : null}
      </TextField>
    );
  };
  const filtered = [...sharedFilterKeys, ...extraFilters.map((f) => f.key)].some((key) => query[key]);

  return (
    <Stack direction="row" useFlexGap sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label="Period"
        value={preset}
        onChange={(event) => {
          const chosen = periodPresets.find((p) => p.key === event.target.value);
          if (chosen && today) onChange(chosen.range(today));
        }}
        sx={{ width: 160 }}
      >
        {periodPresets.map((p) => (
          <MenuItem key={p.key} value={p.key}>
            {p.label}
          </MenuItem>
        ))}
        <MenuItem value="custom" disabled>
          Custom
        </MenuItem>
        {preset === '' ? <MenuItem value="" sx={{ display: 'none' }} /> : null}
      </TextField>
      <DayFilterField
        label={`${report.periodField} from`}
        value={from}
        onDay={(day) => onChange({ from: day || null })}
        sx={{ width: 165 }}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <DayFilterField
        label={`${report.periodField} to`}
        value={to}
        onDay={(day) => onChange({ to: day || null })}
        sx={{ width: 165 }}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {list('productId', 'Loan product', reportMessages.allProducts, options?.products, 190)}
      {list('branchId', 'Branch', reportMessages.allBranches, options?.branches, 160)}
      {list('dealerId', 'Dealer', reportMessages.allDealers, options?.dealers, 190)}
      <TextField
        select
        size="small"
        label="Channel"
        value={query.channel ?? ''}
        onChange={(event) => onChange({ channel: event.target.value || null })}
        sx={{ width: 140 }}
      >
        <MenuItem value="">{reportMessages.allChannels}</MenuItem>
        {reportChannels.map((c) => (
          <MenuItem key={c} value={c}>
            {reportChannelLabels[c]}
          </MenuItem>
        ))}
      </TextField>
      {list('officerId', 'Officer', reportMessages.allOfficers, options?.officers, 170)}
      {extraFilters.map((filter) => (
        <TextField
          key={filter.key}
          select
          size="small"
          label={filter.label}
          value={query[filter.key] ?? filter.defaultValue ?? ''}
          onChange={(event) =>
            onChange({
              [filter.key]: event.target.value === (filter.defaultValue ?? '') ? null : event.target.value,
            })
          }
          sx={{ width: filter.width }}
        >
          {filter.empty !== undefined ? <MenuItem value="">{filter.empty}</MenuItem> : null}
          {filter.options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      ))}
      {filtered ? (
        <Button
          size="small"
          onClick={() =>
            onChange(
              Object.fromEntries([...sharedFilterKeys, ...extraFilters.map((f) => f.key)].map((key) => [key, null])),
            )
          }
        >
          {reportMessages.clearFilters}
        </Button>
      ) : null}
    </Stack>
  );
};
