import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import { dayCountLabels, oddDaysTreatmentLabels } from '@credence/contracts';
import { formatApr, formatUsDate, money } from '@credence/domain';
import { showMoney } from '../../components/form/values.ts';
import {
  balloonOf,
  disclosureTexts as t,
  regularDueText,
  scheduleLinesOf,
  type DisclosureFailure,
  type DisclosureView,
  type ScheduleLine,
} from './truth-in-lending-model.ts';

/** One of the four §1026.18 boxes; the APR and the finance charge more conspicuous (§1026.17(a)(2)). */
type Heading = 'h3' | 'h4';

const FigureBox = ({
  label,
  help,
  value,
  conspicuous,
  testId,
  heading,
}: {
  label: string;
  help: string;
  value: string;
  conspicuous: boolean;
  testId: string;
  heading: Heading;
}) => (
  <Box
    sx={{
      border: conspicuous ? 2 : 1,
      borderColor: conspicuous ? 'text.primary' : 'divider',
      borderRadius: 1,
      px: 1.25,
      py: 1,
      display: 'flex',
      flexDirection: 'column',
      minWidth: 0,
    }}
  >
    <Typography
      component={heading}
      variant="body2"
      sx={{ fontWeight: 700, lineHeight: 1.3, textTransform: conspicuous ? 'uppercase' : 'none' }}
    >
      {label}
    </Typography>
    <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.3, mt: 0.25, flexGrow: 1 }}>
      {help}
    </Typography>
    <Typography
      variant="h6"
      component="p"
      data-testid={testId}
      sx={{ fontWeight: 700, mt: 0.5, fontVariantNumeric: 'tabular-nums', lineHeight: 1.3 }}
    >
      {value}
    </Typography>
  </Box>
);

const date = (iso: string | null) => (iso ? formatUsDate(iso) : null);

const dueText = (line: ScheduleLine): string =>
  line.kind === 'regular' ? regularDueText(line.due.frequency, date(line.due.date)) : (date(line.due.date) ?? '—');

const SectionTitle = ({ children, heading }: { children: ReactNode; heading: Heading }) => (
  <Typography component={heading} variant="subtitle2" sx={{ fontWeight: 700, mb: 0.25 }}>
    {children}
  </Typography>
);

/** A name and an amount on one line, the amount right-aligned (the itemization). */
const AmountLine = ({
  name,
  amount,
  strong,
  testId,
}: {
  name: ReactNode;
  amount: string | null;
  strong?: boolean;
  testId?: string;
}) => (
  <Box
    component="li"
    sx={{
      display: 'flex',
      justifyContent: 'space-between',
      gap: 2,
      py: 0.125,
      fontWeight: strong ? 700 : 400,
      borderTop: strong ? 1 : 0,
      borderColor: 'divider',
    }}
  >
    <Typography variant="body2" component="span" sx={{ fontWeight: 'inherit', minWidth: 0 }}>
      {name}
    </Typography>
    <Typography
      variant="body2"
      component="span"
      data-testid={testId}
      sx={{ fontWeight: 'inherit', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {showMoney(amount)}
    </Typography>
  </Box>
);

/** The §1026.22(a) and §1026.18(d) tolerance line, or a warning when a figure is outside its tolerance. */
const Tolerances = ({ view, prefix }: { view: DisclosureView; prefix: string }) => {
  const aprOut = view.aprWithinTolerance === false;
  const chargeOut = view.financeChargeWithinTolerance === false;
  if (aprOut || chargeOut)
    return (
      <Alert severity="warning" data-testid={`${prefix}-tolerance-warning`} sx={{ py: 0, mt: 1 }}>
        {aprOut && view.aprTolerance ? <div>{t.aprOutside(view.aprTolerance)}</div> : null}
        {chargeOut ? <div>{t.financeChargeOutside}</div> : null}
        <div>{t.checkTerms}</div>
      </Alert>
    );
  const lines = [
    view.aprWithinTolerance && view.aprTolerance ? t.aprWithin(view.aprTolerance) : null,
    view.financeChargeWithinTolerance
      ? t.financeChargeWithin(view.financeChargeTolerance === null ? null : showMoney(view.financeChargeTolerance))
      : null,
  ].filter((line): line is string => line !== null);
  if (lines.length === 0) return null;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.75, mt: 1 }} data-testid={`${prefix}-tolerance`}>
      <CheckCircleOutlineIcon fontSize="small" color="success" aria-hidden />
      <Typography variant="body2" color="text.secondary">
        {lines.join(' · ')}
      </Typography>
    </Stack>
  );
};

const Figures = ({ view, prefix, heading }: { view: DisclosureView; prefix: string; heading: Heading }) => {
  const lines = scheduleLinesOf(view);
  const balloon = balloonOf(view);
  const oddDaysPrepaid = view.oddDaysTreatment === 'prepaid' && view.oddDaysInterest !== null;
  const oddDaysShown = view.oddDaysInterest !== null && !money(view.oddDaysInterest).isZero();
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <FigureBox
          label={t.apr}
          help={t.aprHelp}
          value={formatApr(money(view.apr))}
          conspicuous
          heading={heading}
          testId={`${prefix}-apr`}
        />
        <FigureBox
          label={t.financeCharge}
          help={t.financeChargeHelp}
          value={showMoney(view.financeCharge)}
          conspicuous
          heading={heading}
          testId={`${prefix}-finance-charge`}
        />
        <FigureBox
          label={t.amountFinanced}
          help={t.amountFinancedHelp}
          value={showMoney(view.amountFinanced)}
          conspicuous={false}
          heading={heading}
          testId={`${prefix}-amount-financed`}
        />
        <FigureBox
          label={t.totalOfPayments}
          help={t.totalOfPaymentsHelp}
          value={showMoney(view.totalOfPayments)}
          conspicuous={false}
          heading={heading}
          testId={`${prefix}-total-of-payments`}
        />
      </Box>

      <Box
        sx={{
          display: 'grid',
          columnGap: { xs: 3, xl: 5 },
          rowGap: 1.5,
          mt: 1.5,
          // On a wide screen the schedule and the itemization stay side by side rather than at the far ends.
          gridTemplateColumns: {
            xs: '1fr',
            md: 'minmax(0, 3fr) minmax(0, 2fr)',
            xl: 'minmax(0, 640px) minmax(0, 520px)',
          },
        }}
      >
        <Box>
          <SectionTitle heading={heading}>{t.schedule}</SectionTitle>
          {lines.length > 0 ? (
            <Table
              size="small"
              aria-label={t.schedule}
              sx={{ '& td, & th': { px: 1, py: 0.375 }, '& th': { whiteSpace: 'nowrap' } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: '1%' }}>{t.numberOfPayments}</TableCell>
                  <TableCell align="right" sx={{ width: '1%' }}>
                    {t.amountOfPayments}
                  </TableCell>
                  <TableCell>{t.whenDue}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {lines.map((line) => (
                  <TableRow key={line.kind}>
                    <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{line.count}</TableCell>
                    <TableCell
                      align="right"
                      sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
                      data-testid={
                        line.kind === 'regular' || line.kind === 'only'
                          ? `${prefix}-payment`
                          : `${prefix}-${line.kind}-payment`
                      }
                    >
                      {showMoney(line.amount)}
                    </TableCell>
                    <TableCell>
                      {dueText(line)}
                      {line.kind === 'final' && balloon ? (
                        <Typography component="span" variant="body2" color="text.secondary">
                          {' '}
                          ({t.includesBalloon})
                        </Typography>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : null}
          <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.25, mt: 0.5 }}>
            {view.numberOfPayments !== null ? (
              <Typography variant="body2" color="text.secondary">
                <span data-testid={`${prefix}-number-of-payments`}>{t.payments(view.numberOfPayments)}</span>
                {view.lastPaymentDate ? (
                  <>
                    , {t.lastOn} <span data-testid={`${prefix}-last-payment`}>{date(view.lastPaymentDate)}</span>
                  </>
                ) : null}
              </Typography>
            ) : null}
            {balloon ? (
              <Typography variant="body2">
                {t.balloon}{' '}
                <Box component="strong" data-testid={`${prefix}-balloon`} sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {showMoney(balloon)}
                </Box>
              </Typography>
            ) : null}
          </Stack>
        </Box>

        <Box>
          <SectionTitle heading={heading}>{t.prepaid}</SectionTitle>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid={`${prefix}-prepaid`}>
            {view.prepaidFinanceCharges.map((charge, i) => (
              <AmountLine key={`${charge.name}-${i}`} name={charge.name} amount={charge.amount} />
            ))}
            {oddDaysPrepaid && oddDaysShown ? (
              <AmountLine name={t.prepaidOddDays} amount={view.oddDaysInterest} />
            ) : null}
            {view.prepaidFinanceCharge !== null && !money(view.prepaidFinanceCharge).isZero() ? (
              <AmountLine
                name={t.prepaidTotal}
                amount={view.prepaidFinanceCharge}
                strong
                testId={`${prefix}-prepaid-total`}
              />
            ) : view.prepaidFinanceCharges.length === 0 && !(oddDaysPrepaid && oddDaysShown) ? (
              <Typography component="li" variant="body2" color="text.secondary">
                {t.noPrepaid}
              </Typography>
            ) : null}
          </Box>
          <Box
            component="dl"
            sx={{
              m: 0,
              mt: 1,
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 1.5,
              rowGap: 0.25,
              '& dt': { color: 'text.secondary' },
              '& dd': { m: 0 },
            }}
          >
            {view.oddDaysInterest !== null || view.oddDaysTreatment !== null ? (
              <>
                <Typography component="dt" variant="body2">
                  {t.oddDaysInterest}
                </Typography>
                <Typography component="dd" variant="body2" data-testid={`${prefix}-odd-days`}>
                  {[
                    view.oddDaysInterest === null ? null : showMoney(view.oddDaysInterest),
                    view.oddDays === null || view.oddDays === 0 ? null : t.oddDaysCount(view.oddDays),
                    view.oddDaysTreatment === null ? null : oddDaysTreatmentLabels[view.oddDaysTreatment],
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </>
            ) : null}
            {view.dayCount !== null ? (
              <>
                <Typography component="dt" variant="body2">
                  {t.dayCount}
                </Typography>
                <Typography component="dd" variant="body2" data-testid={`${prefix}-day-count`}>
                  {dayCountLabels[view.dayCount]}
                </Typography>
              </>
            ) : null}
          </Box>
        </Box>
      </Box>
      <Tolerances view={view} prefix={prefix} />
    </>
  );
};

/**
 * A Truth in Lending disclosure as lenders print it (Regulation Z §1026.18, issue 41): the four boxes, the payment
 * schedule with the Ballon Amount, the prepaid finance charges itemized, the odd days and the day count, and
 * whether the APR and the finance charge are within their tolerances. `busy`: newer terms are being computed
 * (the figures shown are greyed until they come); `failure`: what the box says of a failed call.
 */
export const TruthInLendingBox = ({
  disclosure,
  busy = false,
  failure,
  onRetry,
  prompt = t.prompt,
  title = t.title,
  level = 3,
  testIdPrefix = 'til',
}: {
  disclosure: DisclosureView | null;
  busy?: boolean;
  failure?: DisclosureFailure;
  onRetry?: () => void;
  prompt?: string;
  /** Null: no title of its own (the box sits under a heading that says what it is). */
  title?: string | null;
  /** The heading level of the title (2: the box is a card of the page, 3: inside one). */
  level?: 2 | 3;
  testIdPrefix?: string;
}) => {
  const inline = failure?.inline ?? null;
  return (
    <Box
      component="section"
      aria-label={title ?? t.title}
      aria-busy={busy}
      data-testid={`${testIdPrefix}-disclosure`}
      sx={{ minWidth: 0 }}
    >
      {title !== null ? (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 0.75, minHeight: 24 }}>
          <Typography
            variant={level === 2 ? 'h6' : 'subtitle1'}
            component={level === 2 ? 'h2' : 'h3'}
            sx={{ fontWeight: level === 2 ? undefined : 600 }}
          >
            {title}
          </Typography>
          {busy ? <CircularProgress size={16} aria-label="Computing the disclosure" /> : null}
        </Stack>
      ) : null}
      {disclosure ? (
        <Box sx={{ opacity: busy ? 0.55 : 1, transition: 'opacity 120ms' }}>
          <Figures view={disclosure} prefix={testIdPrefix} heading={level === 2 ? 'h3' : 'h4'} />
        </Box>
      ) : inline === null ? (
        <Typography variant="body2" color="text.secondary" data-testid={`${testIdPrefix}-prompt`}>
          {busy ? t.computing : prompt}
        </Typography>
      ) : null}
      {inline !== null ? (
        <Stack direction="row" role="alert" sx={{ mt: 0.5, alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" color="error" data-testid={`${testIdPrefix}-error`}>
            {inline}
          </Typography>
          {failure?.retryable && onRetry ? (
            <Button size="small" onClick={onRetry}>
              {t.retry}
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </Box>
  );
};
