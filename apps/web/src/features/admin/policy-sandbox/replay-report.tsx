import { Fragment, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReplayChangedApplication, ReplayGroup, ReplayReport, ReplayRun } from '@credence/contracts';
import { formatCount } from '../../../lib/format.ts';

const changeWords: Record<string, string> = {
  outcome: 'Outcome',
  tier: 'Tier',
  rate: 'Rate',
  maxAmount: 'Max amount',
  maxLtv: 'Max LTV',
  fee: 'Fee',
  terms: 'Terms',
};

/** The difference of two counts, signed ('+3', '−2', '0'). */
const delta = (a: number, b: number) => (b - a > 0 ? `+${b - a}` : b - a < 0 ? `−${a - b}` : '0');
/** The difference of two decimal texts with `places` decimals, signed, exactly (integer arithmetic on the digits). */
const decimalDelta = (a: string | null, b: string | null, places: number) => {
  if (a === null || b === null) return '';
  const scaled = (text: string) => {
    const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
    const value = Number(whole) * 10 ** places + Number(fraction.padEnd(places, '0').slice(0, places) || '0');
    return text.startsWith('-') ? -value : value;
  };
  const d = scaled(b) - scaled(a);
  const magnitude = Math.abs(d);
  const text = `${Math.floor(magnitude / 10 ** places)}.${String(magnitude % 10 ** places).padStart(places, '0')}`;
  return d > 0 ? `+${text}` : d < 0 ? `−${text}` : '0';
};

const Section = ({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) => (
  <Box sx={{ mt: 3 }} data-testid={testId}>
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

/** Rows of counts side by side: one line per key of either side. */
const CountsTable = ({
  label,
  published,
  draft,
  testId,
}: {
  label: string;
  published: Record<string, number>;
  draft: Record<string, number>;
  testId?: string;
}) => {
  const keys = [...new Set([...Object.keys(published), ...Object.keys(draft)])];
  return (
    <Table size="small" data-testid={testId}>
      <TableHead>
        <TableRow>
          <TableCell>{label}</TableCell>
          <TableCell align="right">Published</TableCell>
          <TableCell align="right">Draft</TableCell>
          <TableCell align="right">Change</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {keys.map((key) => {
          const a = published[key] ?? 0;
          const b = draft[key] ?? 0;
          return (
            <TableRow key={key} sx={a !== b ? { bgcolor: 'action.hover' } : undefined}>
              <TableCell>{key}</TableCell>
              <TableCell align="right">{formatCount(a)}</TableCell>
              <TableCell align="right">{formatCount(b)}</TableCell>
              <TableCell align="right">{delta(a, b)}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
};

const GroupsTable = ({ label, groups, testId }: { label: string; groups: ReplayGroup[]; testId: string }) => (
  <Table size="small" data-testid={testId}>
    <TableHead>
      <TableRow>
        <TableCell>{label}</TableCell>
        <TableCell align="right">Applications</TableCell>
        <TableCell align="right">Changed</TableCell>
        <TableCell align="right">Approval rate (published)</TableCell>
        <TableCell align="right">Approval rate (draft)</TableCell>
        <TableCell align="right">Average rate (published)</TableCell>
        <TableCell align="right">Average rate (draft)</TableCell>
      </TableRow>
    </TableHead>
    <TableBody>
      {groups.map((g) => (
        <TableRow key={`${g.id ?? 'none'}`} sx={g.changed > 0 ? { bgcolor: 'action.hover' } : undefined}>
          <TableCell>{g.name}</TableCell>
          <TableCell align="right">{formatCount(g.applications)}</TableCell>
          <TableCell align="right">{formatCount(g.changed)}</TableCell>
          <TableCell align="right">{`${g.published.approvalRate}%`}</TableCell>
          <TableCell align="right">{`${g.draft.approvalRate}%`}</TableCell>
          <TableCell align="right">{g.published.averageRate ? `${g.published.averageRate}%` : '—'}</TableCell>
          <TableCell align="right">{g.draft.averageRate ? `${g.draft.averageRate}%` : '—'}</TableCell>
        </TableRow>
      ))}
    </TableBody>
  </Table>
);

/** As the Decision Engine card colours its steps (colours that keep their contrast on white). */
const resultColors: Record<string, 'success' | 'error' | 'default'> = {
  pass: 'success',
  hit: 'success',
  fail: 'error',
};

/** One run's trace: every node in order with its result and plain-English reason. */
const Trace = ({ title, run }: { title: string; run: ReplayRun }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="subtitle2" sx={{ mb: 1 }}>
      {`${title}: ${run.outcome}${run.values?.tier ? ` · tier ${run.values.tier}` : ''}${run.values?.rate ? ` · rate ${run.values.rate}%` : ''}`}
    </Typography>
    {run.result ? (
      <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
        {run.result.trace.map((step, i) => (
          <Box component="li" key={`${step.nodeId}-${i}`} sx={{ mb: 0.75 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {step.nodeName}
              </Typography>
              {step.nodeType === 'factCondition' ? (
                // A yes/no question (an alert on file?): its answer, as the Decision Engine card shows it.
                <Chip size="small" variant="outlined" label={step.result === 'pass' ? 'yes' : 'no'} />
              ) : (
                <Chip
                  size="small"
                  label={step.result}
                  color={resultColors[step.result] ?? 'default'}
                  variant="outlined"
                />
              )}
            </Box>
            <Typography variant="body2" color="text.secondary">
              {step.explanation}
            </Typography>
          </Box>
        ))}
      </Box>
    ) : (
      <Typography variant="body2" color="text.secondary">
        No workflow of the kind is in effect for this product.
      </Typography>
    )}
  </Box>
);

const ChangedRow = ({ change }: { change: ReplayChangedApplication }) => {
  const [open, setOpen] = useState(false);
  return (
    <Fragment>
      <TableRow data-testid="changed-application">
        <TableCell>{change.applicationId}</TableCell>
        <TableCell>{change.productName}</TableCell>
        <TableCell>{change.dealerName ?? '—'}</TableCell>
        <TableCell>{change.changes.map((c) => changeWords[c] ?? c).join(', ')}</TableCell>
        <TableCell>{change.published.outcome}</TableCell>
        <TableCell>{change.draft.outcome}</TableCell>
        <TableCell align="right">{change.published.values?.rate ?? '—'}</TableCell>
        <TableCell align="right">{change.draft.values?.rate ?? '—'}</TableCell>
        <TableCell align="right">
          <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open}>
            {open ? 'Hide traces' : 'Show traces'}
          </Button>
        </TableCell>
      </TableRow>
      {open ? (
        <TableRow>
          <TableCell colSpan={9} sx={{ bgcolor: 'background.default' }}>
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, py: 1 }}>
              <Trace title="Published" run={change.published} />
              <Trace title="Draft" run={change.draft} />
            </Box>
          </TableCell>
        </TableRow>
      ) : null}
    </Fragment>
  );
};

const Figure = ({ label, value, note }: { label: string; value: string; note?: string }) => (
  <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1.5, minWidth: 160 }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="h6" component="p">
      {value}
    </Typography>
    {note ? (
      <Typography variant="caption" color="text.secondary">
        {note}
      </Typography>
    ) : null}
  </Box>
);

/** The replay's report: the figures, the distributions, per product and dealer, the changed applications, flags. */
export const ReplayReportView = ({ report }: { report: ReplayReport }) => {
  const kindWords = report.workflowKind === 'loanPolicy' ? 'loan policy workflows' : 'auto-approval workflows';
  return (
    <Box data-testid="replay-report">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {`Each application ran its product’s ${kindWords}, once with the published policy and once with the draft.`}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }} data-testid="replay-figures">
        <Figure label="Applications replayed" value={formatCount(report.applications)} />
        <Figure
          label="Changed"
          value={formatCount(report.changed)}
          note={report.applications > 0 ? `of ${formatCount(report.applications)}` : undefined}
        />
        <Figure
          label="Approval rate"
          value={`${report.published.approvalRate}% → ${report.draft.approvalRate}%`}
          note={`${decimalDelta(report.published.approvalRate, report.draft.approvalRate, 2)} points`}
        />
        <Figure
          label="Average rate"
          value={`${report.published.averageRate ?? '—'}% → ${report.draft.averageRate ?? '—'}%`}
          note={
            report.published.averageRate && report.draft.averageRate
              ? `${decimalDelta(report.published.averageRate, report.draft.averageRate, 3)} points`
              : undefined
          }
        />
      </Box>

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, minmax(0, 1fr))' } }}>
        <Section title="Outcomes">
          <CountsTable
            label="Outcome"
            published={report.published.outcomes}
            draft={report.draft.outcomes}
            testId="replay-outcomes"
          />
        </Section>
        <Section title="Credit tiers">
          <CountsTable label="Tier" published={report.published.tiers} draft={report.draft.tiers} />
        </Section>
        <Section title="Rates">
          <Box sx={{ maxHeight: 320, overflow: 'auto' }} tabIndex={0} role="region" aria-label="Rates">
            <CountsTable label="Rate" published={report.published.rates} draft={report.draft.rates} />
          </Box>
        </Section>
      </Box>

      <Section title="By product">
        <GroupsTable label="Product" groups={report.byProduct} testId="replay-by-product" />
      </Section>
      <Section title="By dealer">
        <GroupsTable label="Dealer" groups={report.byDealer} testId="replay-by-dealer" />
      </Section>

      <Section title="Changed applications" testId="replay-changed">
        {report.changedApplications.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            The draft changes no application of the period.
          </Typography>
        ) : (
          <>
            {report.changed > report.changedApplications.length ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {`The first ${formatCount(report.changedApplications.length)} of ${formatCount(report.changed)}.`}
              </Typography>
            ) : null}
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Application</TableCell>
                  <TableCell>Product</TableCell>
                  <TableCell>Dealer</TableCell>
                  <TableCell>What changes</TableCell>
                  <TableCell>Published outcome</TableCell>
                  <TableCell>Draft outcome</TableCell>
                  <TableCell align="right">Published rate</TableCell>
                  <TableCell align="right">Draft rate</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {report.changedApplications.map((c) => (
                  <ChangedRow key={c.applicationId} change={c} />
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </Section>

      <Section title="Flags" testId="replay-flags">
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {report.compoundingCount > 0 ? (
            <Alert severity="warning">
              {`Additional rates compound on ${formatCount(report.compoundingCount)} application${report.compoundingCount === 1 ? '' : 's'}: `}
              {report.compounding
                .slice(0, 5)
                .map(
                  (c) =>
                    `#${c.applicationId} ${c.adjustments.map((a) => `${a.nodeName} ${a.adjustment}`).join(' + ')} = ${c.total}`,
                )
                .join('; ')}
            </Alert>
          ) : (
            <Alert severity="success">No application stacks two or more additional rates.</Alert>
          )}
          {report.neverFired.length > 0 ? (
            <Alert severity="info">
              {`Nodes no application reached with the draft: ${report.neverFired
                .map((n) => `${n.nodeName} (${n.workflowName})`)
                .join(', ')}.`}
            </Alert>
          ) : null}
          {report.neverHitRows.length > 0 ? (
            <Alert severity="info">
              {`Rows of the draft no application hit: ${report.neverHitRows.map((r) => `row ${r.rowIndex + 1} (${r.label})`).join('; ')}.`}
            </Alert>
          ) : null}
        </Box>
      </Section>
    </Box>
  );
};
