import { BarChart } from '@mui/x-charts/BarChart';

/**
 * The small charts of the Pipeline and Turn Times widgets (issue 32, item 5), in a module of their own so that
 * @mui/x-charts is loaded only when one of them is on the dashboard (widget-bodies load it lazily). The table
 * under each chart carries the same numbers for reading and for assistive technology: the chart is hidden from it.
 */
export type ChartSeries = { label: string; data: (number | null)[]; stack?: string };

export const WidgetBarChart = ({ categories, series }: { categories: string[]; series: ChartSeries[] }) => (
  <div aria-hidden="true">
    <BarChart
      height={170}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      xAxis={[{ scaleType: 'band', data: categories, tickLabelStyle: { fontSize: 11 } }]}
      yAxis={[{ width: 44 }]}
      series={series.map((s) => ({ ...s, valueFormatter: (v: number | null) => (v === null ? '–' : String(v)) }))}
      slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'end' } } }}
    />
  </div>
);
