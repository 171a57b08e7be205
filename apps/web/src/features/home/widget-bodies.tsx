import {
  pipelineBuckets,
  pipelineQueues,
  applicationStateTexts,
  queueTitles,
  widgetMessages,
  type ApplicationState,
  type PipelineSnapshot,
  type TurnTimeLine,
  type TurnTimesSnapshot,
  type Widget,
} from '@credence/contracts';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Figure, WidgetFrame, WidgetMessage } from './widget-frame.tsx';

/**
 * The bodies of the two widgets beyond the spec (issue 32, item 5): a small chart with the table behind it. The
 * chart module (and @mui/x-charts) loads only when one of these widgets is shown.
 */
const WidgetBarChart = lazy(() => import('./widget-charts.tsx').then((m) => ({ default: m.WidgetBarChart })));

type HeadGroup = { text: string; span: number };

const SmallTable = ({
  label,
  groups,
  head,
  children,
}: {
  label: string;
  groups?: HeadGroup[];
  head: string[];
  children: ReactNode;
}) => (
  <TableContainer sx={{ maxHeight: 200 }}>
    <Table size="small" aria-label={label}>
      <TableHead>
        {groups && (
          <TableRow>
            {groups.map((g, i) => (
              <TableCell key={i} colSpan={g.span} align="center" sx={{ py: 0.25 }}>
                {g.text}
              </TableCell>
            ))}
          </TableRow>
        )}
        <TableRow>
          {head.map((h, i) => (
            <TableCell key={i} align={i === 0 ? 'left' : 'right'}>
              {h}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  </TableContainer>
);

/** Pipeline: open applications per queue (stacked by age) and a table per queue and state; a number opens its queue. */
const PipelineBody = ({ snapshot }: { snapshot: PipelineSnapshot }) => {
  if (snapshot.total === 0) return <WidgetMessage>{widgetMessages.pipelineEmpty}</WidgetMessage>;
  const queues = pipelineQueues.filter((q) => snapshot.rows.some((r) => r.queue === q));
  const series = pipelineBuckets.map((bucket, i) => ({
    label: bucket.text,
    stack: 'age',
    data: queues.map((q) => snapshot.rows.filter((r) => r.queue === q).reduce((n, r) => n + r.counts[i]!, 0)),
  }));
  return (
    <>
      <Suspense fallback={<div style={{ height: 170 }} />}>
        <WidgetBarChart categories={queues.map((q) => queueTitles[q].replace(' Queue', ''))} series={series} />
      </Suspense>
      <SmallTable
        label={widgetMessages.pipelineTitle}
        head={['Queue', 'State', ...pipelineBuckets.map((b) => b.text), 'Total']}
      >
        {snapshot.rows.map((row) => (
          <TableRow key={`${row.queue} ${row.state}`}>
            <TableCell>{queueTitles[row.queue]}</TableCell>
            <TableCell align="right">{applicationStateTexts[row.state as ApplicationState] ?? row.state}</TableCell>
            {[...row.counts, row.total].map((count, i) => (
              <TableCell key={i} align="right">
                <Link component={RouterLink} to={`/${row.queue}`}>
                  {count}
                </Link>
              </TableCell>
            ))}
          </TableRow>
        ))}
      </SmallTable>
    </>
  );
};

const hoursText = (hours: number | null) => (hours === null ? '–' : String(hours));

const TurnTimeRow = ({ line, strong }: { line: TurnTimeLine; strong?: boolean }) => (
  <TableRow sx={strong ? { '& td': { fontWeight: 600 } } : undefined}>
    <TableCell>{line.name}</TableCell>
    <TableCell align="right">{line.decided}</TableCell>
    <TableCell align="right">{hoursText(line.decisionMedianHours)}</TableCell>
    <TableCell align="right">{hoursText(line.decisionP90Hours)}</TableCell>
    <TableCell align="right">{line.funded}</TableCell>
    <TableCell align="right">{hoursText(line.fundingMedianHours)}</TableCell>
    <TableCell align="right">{hoursText(line.fundingP90Hours)}</TableCell>
    <TableCell align="right">{line.pullThrough === null ? '–' : `${line.pullThrough}%`}</TableCell>
  </TableRow>
);

/** Turn Times: median hours to decision and to funding per product (chart), and the full table with p90 and pull-through. */
const TurnTimesBody = ({ snapshot }: { snapshot: TurnTimesSnapshot }) => {
  const { overall, loanProducts } = snapshot;
  if (overall.decided === 0 && overall.funded === 0 && overall.approved === 0)
    return <WidgetMessage>{widgetMessages.turnTimesEmpty}</WidgetMessage>;
  return (
    <>
      <Suspense fallback={<div style={{ height: 170 }} />}>
        <WidgetBarChart
          categories={loanProducts.map((p) => p.name)}
          series={[
            { label: 'Hours to decision (median)', data: loanProducts.map((p) => p.decisionMedianHours) },
            { label: 'Hours from approval to funding (median)', data: loanProducts.map((p) => p.fundingMedianHours) },
          ]}
        />
      </Suspense>
      <SmallTable
        label={widgetMessages.turnTimesTitle}
        groups={[
          { text: '', span: 1 },
          { text: 'Submission to decision', span: 3 },
          { text: 'Approval to funding', span: 3 },
          { text: '', span: 1 },
        ]}
        head={['Loan Product', 'Decided', 'Median h', 'P90 h', 'Funded', 'Median h', 'P90 h', 'Pull-through']}
      >
        <TurnTimeRow line={overall} strong />
        {loanProducts.map((line) => (
          <TurnTimeRow key={line.name} line={line} />
        ))}
      </SmallTable>
    </>
  );
};

/** Pipeline (issue 32, item 5): the open applications now; no period (its controls are hidden by the frame). */
export const PipelineWidget = ({ widget }: { widget: Extract<Widget, { name: 'pipeline' }> }) => (
  <WidgetFrame
    widget={widget}
    title={widgetMessages.pipelineTitle}
    headline={widget.latestSnapshot ? <Figure value={String(widget.latestSnapshot.total)} label="Open" /> : null}
  >
    {widget.latestSnapshot ? (
      <PipelineBody snapshot={widget.latestSnapshot} />
    ) : (
      <WidgetMessage>{widgetMessages.noSnapshot}</WidgetMessage>
    )}
  </WidgetFrame>
);

/** Turn Times (issue 32, item 5): the period's medians, p90 and pull-through. */
export const TurnTimesWidget = ({ widget }: { widget: Extract<Widget, { name: 'turnTimes' }> }) => (
  <WidgetFrame
    widget={widget}
    title={widgetMessages.turnTimesTitle}
    headline={
      widget.latestSnapshot?.overall.pullThrough ? (
        <Figure value={`${widget.latestSnapshot.overall.pullThrough}%`} label="Pull-through" />
      ) : null
    }
  >
    {widget.latestSnapshot ? (
      <TurnTimesBody snapshot={widget.latestSnapshot} />
    ) : (
      <WidgetMessage>{widgetMessages.noSnapshot}</WidgetMessage>
    )}
  </WidgetFrame>
);
