import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ReportChart as Chart } from '@credence/contracts';
import { money } from '@credence/domain';
import { formatCount, formatCurrency } from '../../lib/format.ts';

/**
 * A report's chart (issue 33), in a module of its own so that @mui/x-charts loads only with a report page (the
 * page loads it lazily). The values arrive as exact decimal strings: the chart draws them as numbers, and every
 * value it writes (tooltip, bar label) is the exact string formatted, never the drawn number. The table under the
 * chart carries the same figures for reading and for assistive technology: the chart is hidden from it and takes no
 * keyboard focus.
 */
const CHART_HEIGHT = 300;

const valueText = (unit: 'count' | 'money' | 'percent', value: string | undefined) =>
  value === undefined
    ? ''
    : unit === 'money'
      ? formatCurrency(money(value))
      : unit === 'percent'
        ? `${value} %`
        : formatCount(Number(value));

/** A compact money tick: $12k, $1.2M. */
const moneyTick = (value: number) =>
  Math.abs(value) >= 1_000_000
    ? `$${(value / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1 })}M`
    : Math.abs(value) >= 1_000
      ? `$${(value / 1_000).toLocaleString('en-US', { maximumFractionDigits: 1 })}k`
      : `$${value.toLocaleString('en-US')}`;

export const ReportChart = ({ chart, colors = {} }: { chart: Chart; colors?: Readonly<Record<string, string>> }) => {
  const unit = chart.series[0]?.unit ?? 'count';
  const series = chart.series.map((s) => ({
    id: s.key,
    label: s.label,
    data: s.data.map(Number),
    ...(s.stack ? { stack: s.stack } : {}),
    ...(colors[s.key] ? { color: colors[s.key] } : {}),
    valueFormatter: (_value: number | null, context: { dataIndex: number }) =>
      valueText(s.unit, s.data[context.dataIndex]),
  }));
  const tick = (value: number) =>
    unit === 'money' ? moneyTick(value) : unit === 'percent' ? `${formatCount(value)} %` : formatCount(value);
  const legend = chart.series.length > 1 ? undefined : { hideLegend: true };
  if (chart.kind === 'line') {
    return (
      <LineChart
        height={CHART_HEIGHT}
        disableKeyboardNavigation
        xAxis={[{ scaleType: 'point', data: chart.categories, tickLabelStyle: { fontSize: 11 } }]}
        yAxis={[{ width: 48, valueFormatter: tick, tickMinStep: 1 }]}
        series={series.map((s) => ({ ...s, showMark: true, curve: 'linear' as const }))}
        margin={{ top: 8, right: 16 }}
        slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'end' } } }}
        {...legend}
      />
    );
  }
  if (chart.horizontal) {
    const longest = Math.max(0, ...chart.categories.map((c) => c.length));
    // Room past the longest bar for its label (written outside the bar).
    const stacked = chart.series.some((s) => s.stack);
    const largest = stacked
      ? Math.max(0, ...chart.categories.map((_c, i) => series.reduce((n, s) => n + (s.data[i] ?? 0), 0)))
      : Math.max(0, ...series.flatMap((s) => s.data));
    return (
      <BarChart
        height={Math.max(160, 44 + chart.categories.length * 38)}
        layout="horizontal"
        disableKeyboardNavigation
        yAxis={[{ scaleType: 'band', data: chart.categories, width: Math.min(260, 16 + longest * 7) }]}
        xAxis={[
          {
            valueFormatter: tick,
            max: largest > 0 ? largest * 1.22 : undefined,
            tickMinStep: unit === 'count' ? 1 : undefined,
          },
        ]}
        // Each bar's value written past it; stacked segments are not labelled (a label would cover the next one).
        series={series.map((s, i) =>
          s.stack
            ? s
            : {
                ...s,
                barLabel: (item: { dataIndex: number }) => valueText(unit, chart.series[i]?.data[item.dataIndex]),
                barLabelPlacement: 'outside' as const,
              },
        )}
        margin={{ top: 8, right: 24 }}
        {...(legend ?? {
          slotProps: { legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'end' } } },
        })}
      />
    );
  }
  return (
    <BarChart
      height={CHART_HEIGHT}
      disableKeyboardNavigation
      xAxis={[{ scaleType: 'band', data: chart.categories, tickLabelStyle: { fontSize: 11 } }]}
      yAxis={[{ width: 56, valueFormatter: tick, tickMinStep: unit === 'count' ? 1 : undefined }]}
      series={series}
      margin={{ top: 8, right: 16 }}
      slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'end' } } }}
      {...legend}
    />
  );
};
