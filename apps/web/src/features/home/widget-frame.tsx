import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { widgetMessages, widgetsWithoutPeriod, type Widget, type WidgetLine } from '@credence/contracts';
import { formatFieldValue } from '../../components/form/field-labels.ts';
import { showMoney } from '../../components/form/values.ts';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { useRemoveWidget } from './api.ts';
import { PeriodControls } from './period-controls.tsx';

/** An icon button with its name as the accessible name and the tooltip. */
export const WidgetAction = ({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) => (
  <Tooltip title={label}>
    <IconButton size="small" aria-label={label} onClick={onClick}>
      {children}
    </IconButton>
  </Tooltip>
);

/** 'Updating…' while the job computes the snapshot of new settings; the numbers shown meanwhile are the previous ones. */
const Refreshing = () => (
  <Stack direction="row" role="status" sx={{ alignItems: 'center', gap: 0.75, color: 'text.secondary' }}>
    <CircularProgress size={14} color="inherit" />
    <Typography variant="caption">{widgetMessages.refreshing}</Typography>
  </Stack>
);

/**
 * The frame every widget shares (spec 1 §2 Home): the title, its own actions (Add On Sales' settings) and Remove;
 * the period; 'Last Updated' with the snapshot's time in the lender's zone; the headline figures and the body.
 */
export const WidgetFrame = ({
  widget,
  title,
  actions,
  headline,
  children,
}: {
  widget: Widget;
  title: string;
  actions?: ReactNode;
  headline?: ReactNode;
  children: ReactNode;
}) => {
  const remove = useRemoveWidget();
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {title}
        </Typography>
        {widget.refreshing ? <Refreshing /> : null}
        {actions}
        <WidgetAction label="Remove" onClick={() => remove.mutate(widget.name)}>
          <CloseIcon fontSize="small" />
        </WidgetAction>
      </Stack>
      {widgetsWithoutPeriod.includes(widget.name) ? null : <PeriodControls widget={widget} />}
      <Stack direction="row" sx={{ alignItems: 'baseline', gap: 2, flexWrap: 'wrap', mt: 1.5, mb: 1 }}>
        <Box sx={{ flexGrow: 1 }}>{headline}</Box>
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'right', ml: 'auto' }}>
          <span data-testid="widget-last-updated">
            {widgetMessages.lastUpdated}:{' '}
            {widget.snapshotAsOfUtcTime ? formatDateTime(widget.snapshotAsOfUtcTime) : '—'}
          </span>
          {widget.periodStart && widget.periodEnd ? (
            // The period the numbers are for: while a new period is computed, the previous numbers stay.
            <Box component="span" sx={{ display: 'block' }} data-testid="widget-period">
              {formatFieldValue('date', widget.periodStart)} – {formatFieldValue('date', widget.periodEnd)}
            </Box>
          ) : null}
        </Typography>
      </Stack>
      {children}
    </Paper>
  );
};

/** A headline figure: the value large, its label beside it ('$12,500.00', '3 Add On(s) Sold'). */
export const Figure = ({ value, label, testId }: { value: string; label?: string; testId?: string }) => (
  <Typography component="span" sx={{ mr: 2, whiteSpace: 'nowrap' }}>
    <Box component="span" sx={{ fontSize: 22, fontWeight: 600 }} data-testid={testId}>
      {value}
    </Box>
    {label ? (
      <Box component="span" sx={{ ml: 0.75, color: 'text.secondary' }}>
        {label}
      </Box>
    ) : null}
  </Typography>
);

/** A message in place of the table ('No loans funded in selected time period'). */
export const WidgetMessage = ({ children }: { children: string }) => (
  <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
    {children}
  </Typography>
);

/** A snapshot's lines: name, number and amount, at most 200 px high (it scrolls under a fixed header). */
export const WidgetLinesTable = ({
  label,
  nameHeader,
  lines,
}: {
  label: string;
  nameHeader: string;
  lines: WidgetLine[];
}) => (
  <TableContainer sx={{ maxHeight: 200 }}>
    <Table size="small" stickyHeader aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{nameHeader}</TableCell>
          <TableCell align="right">Number</TableCell>
          <TableCell align="right">Amount</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((line) => (
          <TableRow key={line.name}>
            <TableCell>{line.name}</TableCell>
            <TableCell align="right">{formatCount(line.count)}</TableCell>
            <TableCell align="right">{showMoney(line.sum)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </TableContainer>
);
