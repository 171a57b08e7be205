import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  defaultWidgetSettings,
  widgetMessages,
  widgetOptions,
  type Widget,
  type WidgetName,
} from '@credence/contracts';
import { BrandMark } from '../../components/brand-logo.tsx';
import { AddonSalesWidget } from './addon-sales-widget.tsx';
import { useRemoveWidget, useSaveWidget, useWidgets } from './api.ts';
import { FundingTableWidget } from './funding-table-widget.tsx';
import { PipelineWidget, TurnTimesWidget } from './widget-bodies.tsx';

/** How each widget the dashboard offers is shown; a widget of another name in the list is not shown. */
const views: Partial<{ [N in WidgetName]: (widget: Extract<Widget, { name: N }>) => ReactNode }> = {
  fundingTable: (widget) => <FundingTableWidget widget={widget} />,
  addonSales: (widget) => <AddonSalesWidget widget={widget} />,
  pipeline: (widget) => <PipelineWidget widget={widget} />,
  turnTimes: (widget) => <TurnTimesWidget widget={widget} />,
};
const viewOf = (widget: Widget): ReactNode =>
  (views[widget.name] as ((w: Widget) => ReactNode) | undefined)?.(widget) ?? null;
const offered = widgetOptions.filter((o) => views[o.name]);
const textOf = (name: WidgetName) => offered.find((o) => o.name === name)?.text ?? name;

/**
 * 'Add Widget' (spec 1 §2 Home): choosing a widget saves it with the default settings ('This Month'), un-choosing it
 * removes it.
 */
const AddWidget = ({ shown }: { shown: WidgetName[] }) => {
  const save = useSaveWidget();
  const remove = useRemoveWidget();
  const choose = (next: WidgetName[]) => {
    for (const name of next.filter((n) => !shown.includes(n))) save.mutate({ name, settings: defaultWidgetSettings });
    for (const name of shown.filter((n) => !next.includes(n))) remove.mutate(name);
  };
  return (
    <TextField
      select
      size="small"
      label={widgetMessages.addWidget}
      value={shown}
      onChange={(event) => choose(event.target.value as unknown as WidgetName[])}
      sx={{ width: 320 }}
      slotProps={{
        select: { multiple: true, renderValue: (value) => (value as WidgetName[]).map(textOf).join(', ') },
      }}
    >
      {offered.map((option) => (
        <MenuItem key={option.name} value={option.name} dense>
          <Checkbox size="small" checked={shown.includes(option.name)} sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={option.text} />
        </MenuItem>
      ))}
    </TextField>
  );
};

/** The translucent Credence mark behind the dashboard (decorative). */
const Watermark = () => (
  <Box
    aria-hidden
    data-testid="dashboard-logo"
    sx={{ position: 'fixed', right: 32, bottom: 24, opacity: 0.05, pointerEvents: 'none', zIndex: 0 }}
  >
    <BrandMark size={240} />
  </Box>
);

/** The home dashboard (spec 1 §2 Home, §4 Widgets), for users with the canViewDashboard right. */
export const Dashboard = () => {
  const { data: widgets = [] } = useWidgets();
  const shown = widgets.filter((w) => views[w.name]);
  return (
    <Box sx={{ position: 'relative' }}>
      <Watermark />
      <Box sx={{ position: 'relative', zIndex: 1 }}>
        <AddWidget shown={shown.map((w) => w.name)} />
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
            gap: 2,
            mt: 2,
            alignItems: 'start',
          }}
        >
          {shown.map((widget) => (
            <Box key={widget.name}>{viewOf(widget)}</Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
};
