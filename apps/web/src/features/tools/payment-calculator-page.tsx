import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { DayCount, OddDaysTreatment } from '@credence/contracts';
import {
  addMonths,
  formatApr,
  formatUsDate,
  money,
  paymentFrequencyLabels,
  paymentFrequencyNames,
  paymentScheduleText,
  scheduleCsv,
  type PaymentFrequency,
} from '@credence/domain';
import { MoneyTextField } from '../../components/money-input.tsx';
import { useDocumentTitle } from '../../components/page-title.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { formatCount, formatCurrency } from '../../lib/format.ts';
import { lenderToday } from '../../lib/lender-today.ts';
import { groupMoney } from '../../lib/money-text.ts';
import { useTruthInLending } from '../truth-in-lending/index.ts';
import {
  aprToleranceLabels,
  calculatorFieldOf,
  dayCountLabels,
  disclosureOf,
  dayCountOrder,
  oddDaysLabels,
  oddDaysOrder,
  planCalculation,
  type CalculatorErrors,
  type CalculatorField,
  type CalculatorInputs,
  type SolveFor,
} from './payment-calculator-model.ts';

export const PAYMENT_CALCULATOR_TITLE = 'Payment Calculator';

export const calculatorTexts = {
  prompt: 'Enter the loan amount, interest rate and term to see the payment.',
  solvePrompt: 'Enter the payment, interest rate and term to see the loan amount.',
  solveRatePrompt: 'Enter the loan amount, payment and term to see the interest rate.',
  failed: 'The disclosure could not be computed just now.',
  solveHelp: 'The regular payment, balloon counted',
} as const;

/** The rate the request was made with, as the rate field shows it: three decimals. */
const rateOf = (annualRate: string) => money(annualRate).toFixed(3);

/** What a failed disclosure call shows: a 422's messages on the fields it names, anything else inline. */
const failureOf = (error: unknown, solveFor: SolveFor): { fields: CalculatorErrors; inline: string | null } => {
  if (!error) return { fields: {}, inline: null };
  if (!isApiError(error) || error.status !== 422 || error.errors.length === 0)
    return { fields: {}, inline: calculatorTexts.failed };
  const fields: CalculatorErrors = {};
  const unplaced: string[] = [];
  for (const { field, message } of error.errors) {
    const own = calculatorFieldOf(field, solveFor);
    if (own) fields[own] ??= message;
    else unplaced.push(message);
  }
  return { fields, inline: unplaced.length > 0 ? unplaced.join(' ') : null };
};

const ResultRow = ({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) => {
  const id = `result-${label.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', py: 0.25 }}>
      <Typography color="text.secondary" variant="body2" id={id}>
        {label}
      </Typography>
      <Typography
        aria-labelledby={id}
        sx={{ fontWeight: strong ? 700 : 600, fontSize: strong ? 18 : 14, fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Typography>
    </Box>
  );
};

const downloadCsv = (csv: string) => {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'amortization-schedule.csv';
  link.click();
  URL.revokeObjectURL(url);
};

/**
 * The Payment Calculator window (opened 850 × 515 from /tools/paymentCalculator): the Truth in Lending figures
 * of a loan as Regulation Z §1026.18 discloses them — payment, number of payments, last payment date, APR with
 * its tolerance, finance charge, amount financed and total of payments — the payment schedule as §1026.18(g)
 * states it, and the amortization schedule, all from the server's one disclosure call (issue 41, items 5 and 6).
 * 'Solve for' Loan Amount answers 'What can I afford?': the largest loan amount whose payment is the one typed;
 * 'Solve for' Interest Rate finds the note rate (three decimals) whose regular payment is the one typed.
 */
export const PaymentCalculatorPage = () => {
  useDocumentTitle(PAYMENT_CALCULATOR_TITLE, true);
  const [inputs, setInputs] = useState<CalculatorInputs>(() => {
    const today = lenderToday();
    return {
      solveFor: 'payment',
      amount: '',
      payment: '',
      rate: '',
      term: '',
      frequency: 'Monthly',
      contractDate: today,
      firstPaymentDate: addMonths(today, 1),
      prepaid: '',
      balloon: '',
      oddDays: 'firstPayment',
      dayCount: 'actual365',
    };
  });
  const [touched, setTouched] = useState<Partial<Record<CalculatorField, boolean>>>({});
  const plan = useMemo(() => planCalculation(inputs), [inputs]);
  const { disclosure: answered, busy, error, retry } = useTruthInLending(plan.request);
  const failure = failureOf(error, inputs.solveFor);
  const solving = inputs.solveFor === 'amount';
  const solvingRate = inputs.solveFor === 'rate';
  const d = useMemo(() => (answered ? disclosureOf(answered.answer, answered.request.amount) : null), [answered]);

  const shownError = (field: CalculatorField): string | undefined =>
    (touched[field] || inputs[field] !== '' ? plan.errors[field] : undefined) ?? failure.fields[field];
  const touch = (field: CalculatorField) => () => setTouched((prev) => ({ ...prev, [field]: true }));
  const setText = (field: CalculatorField) => (text: string) => setInputs((prev) => ({ ...prev, [field]: text }));

  /**
   * Switching what is solved for carries the figure found over into its field: the payment found (into an empty
   * Payment), the amount found, or the rate found.
   */
  const solveFor = (next: SolveFor) =>
    setInputs((prev) => {
      if (next === prev.solveFor) return prev;
      const carried: CalculatorInputs = { ...prev, solveFor: next };
      if (prev.solveFor === 'payment' && prev.payment === '' && d) carried.payment = groupMoney(d.payment.toFixed(2));
      if (prev.solveFor === 'amount' && answered) carried.amount = groupMoney(answered.request.amount);
      if (prev.solveFor === 'rate' && answered) carried.rate = rateOf(answered.request.annualRate);
      return carried;
    });

  const moneyField = (
    field: 'amount' | 'payment' | 'prepaid' | 'balloon',
    label: string,
    help = ' ',
    placeholder?: string,
  ) => (
    <MoneyTextField
      size="small"
      label={label}
      value={inputs[field]}
      placeholder={placeholder}
      onChange={setText(field)}
      onBlur={touch(field)}
      error={!!shownError(field)}
      helperText={shownError(field) ?? help}
    />
  );

  const textField = (
    field: 'rate' | 'term' | 'contractDate' | 'firstPaymentDate',
    label: string,
    placeholder?: string,
    type?: string,
  ) => (
    <TextField
      size="small"
      label={label}
      type={type}
      value={inputs[field]}
      placeholder={placeholder}
      onChange={(event) => setText(field)(event.target.value)}
      onBlur={touch(field)}
      error={!!shownError(field)}
      helperText={shownError(field) ?? ' '}
      fullWidth
      slotProps={{
        htmlInput: { inputMode: type ? undefined : 'decimal', autoComplete: 'off' },
        inputLabel: type === 'date' ? { shrink: true } : undefined,
      }}
    />
  );

  const select = <T extends string>(
    label: string,
    value: T,
    options: readonly T[],
    labels: Record<T, string>,
    onPick: (value: T) => void,
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onPick(event.target.value as T)}
      helperText=" "
      fullWidth
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {labels[option]}
        </MenuItem>
      ))}
    </TextField>
  );

  const dash = '—';
  return (
    <Box sx={{ p: 2, maxWidth: 900, mx: 'auto' }}>
      <Stack direction="row" sx={{ mb: 1.5, alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography component="h1" variant="h6">
          {PAYMENT_CALCULATOR_TITLE}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" color="text.secondary" id="solve-for-label">
            Solve for
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={inputs.solveFor}
            onChange={(_event, next: SolveFor | null) => next && solveFor(next)}
            aria-labelledby="solve-for-label"
            // The choice not taken in the text colour: MUI's grey (action.active) is below 4.5:1 on this page.
            sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
          >
            <ToggleButton value="payment" sx={{ py: 0.25, px: 1.5 }}>
              Payment
            </ToggleButton>
            <ToggleButton value="amount" sx={{ py: 0.25, px: 1.5 }}>
              Loan Amount
            </ToggleButton>
            <ToggleButton value="rate" sx={{ py: 0.25, px: 1.5 }}>
              Interest Rate
            </ToggleButton>
          </ToggleButtonGroup>
        </Stack>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => event.preventDefault()}
          sx={{
            flex: 1.4,
            display: 'grid',
            gridTemplateColumns: '1fr 1fr',
            columnGap: 1.5,
            rowGap: 1.25,
            alignContent: 'start',
          }}
        >
          {solving
            ? moneyField('payment', 'Payment', calculatorTexts.solveHelp, '483.32')
            : moneyField('amount', 'Loan Amount', ' ', '25,000.00')}
          {solvingRate
            ? moneyField('payment', 'Payment', calculatorTexts.solveHelp, '483.32')
            : textField('rate', 'Interest Rate (%)', '6.25')}
          {textField('term', 'Term (months)', '60')}
          {select(
            'Payment Frequency',
            inputs.frequency,
            paymentFrequencyNames,
            paymentFrequencyLabels,
            (frequency: PaymentFrequency) => setInputs((prev) => ({ ...prev, frequency })),
          )}
          {textField('contractDate', 'Contract Date', undefined, 'date')}
          {textField('firstPaymentDate', 'First Payment Date', undefined, 'date')}
          {moneyField('prepaid', 'Prepaid Finance Charges', ' ', '0.00')}
          {moneyField('balloon', 'Balloon Amount', 'Optional')}
          {select('Odd-Days Interest', inputs.oddDays, oddDaysOrder, oddDaysLabels, (oddDays: OddDaysTreatment) =>
            setInputs((prev) => ({ ...prev, oddDays })),
          )}
          {select('Day Count', inputs.dayCount, dayCountOrder, dayCountLabels, (dayCount: DayCount) =>
            setInputs((prev) => ({ ...prev, dayCount })),
          )}
        </Box>
        <Paper
          variant="outlined"
          sx={{ flex: 1, px: 2, py: 1, alignSelf: 'flex-start', width: { xs: '100%', sm: 'auto' } }}
          aria-live="polite"
          aria-busy={busy}
          data-testid="calculator-results"
        >
          <Box sx={{ opacity: busy && d ? 0.55 : 1, transition: 'opacity 120ms' }}>
            {solving && (
              <ResultRow
                label="Loan Amount"
                value={d && answered ? formatCurrency(money(answered.request.amount)) : dash}
                strong
              />
            )}
            {solvingRate && (
              <ResultRow
                label="Interest Rate"
                value={d && answered ? `${rateOf(answered.request.annualRate)}%` : dash}
                strong
              />
            )}
            <ResultRow
              label="Payment"
              value={d ? formatCurrency(d.payment) : dash}
              strong={inputs.solveFor === 'payment'}
            />
            <Divider sx={{ my: 0.5 }} />
            <ResultRow label="Number of Payments" value={d ? formatCount(d.numberOfPayments) : dash} />
            <ResultRow label="Last Payment Date" value={d ? formatUsDate(d.lastPaymentDate) : dash} />
            <Divider sx={{ my: 0.5 }} />
            <ResultRow label="APR" value={d ? formatApr(d.apr) : dash} />
            {d && (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'right', mt: -0.5 }}>
                {aprToleranceLabels[d.aprTolerance]}
              </Typography>
            )}
            <ResultRow label="Finance Charge" value={d ? formatCurrency(d.financeCharge) : dash} />
            <ResultRow label="Amount Financed" value={d ? formatCurrency(d.amountFinanced) : dash} />
            <ResultRow label="Total of Payments" value={d ? formatCurrency(d.totalOfPayments) : dash} />
          </Box>
          {failure.inline && (
            <Stack direction="row" role="alert" sx={{ mt: 0.5, alignItems: 'center', gap: 1 }}>
              <Typography variant="body2" color="error">
                {failure.inline}
              </Typography>
              {!isApiError(error) || error.status !== 422 ? (
                <Button size="small" onClick={retry}>
                  Try again
                </Button>
              ) : null}
            </Stack>
          )}
        </Paper>
      </Stack>
      <Typography variant="body2" sx={{ mt: 1 }} data-testid="payment-schedule-text">
        {d
          ? `Payment Schedule: ${paymentScheduleText(d, paymentFrequencyLabels[answered?.request.paymentFrequencyId ?? inputs.frequency])}`
          : solving
            ? calculatorTexts.solvePrompt
            : solvingRate
              ? calculatorTexts.solveRatePrompt
              : calculatorTexts.prompt}
      </Typography>
      {d && (
        <Box sx={{ mt: 1.5 }}>
          <Stack direction="row" sx={{ mb: 0.5, alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography component="h2" variant="subtitle1">
              Amortization Schedule
            </Typography>
            <Button size="small" variant="outlined" onClick={() => downloadCsv(scheduleCsv(d))}>
              Export CSV
            </Button>
          </Stack>
          <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 'max(260px, calc(100vh - 500px))' }}>
            <Table size="small" stickyHeader aria-label="Amortization Schedule">
              <TableHead>
                <TableRow>
                  {['#', 'Date', 'Payment', 'Interest', 'Principal', 'Balance'].map((h) => (
                    <TableCell key={h} align={h === '#' || h === 'Date' ? 'left' : 'right'}>
                      {h}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {d.schedule.map((row) => (
                  <TableRow key={row.number}>
                    <TableCell>{row.number}</TableCell>
                    <TableCell>{formatUsDate(row.date)}</TableCell>
                    <TableCell align="right">{formatCurrency(row.payment)}</TableCell>
                    <TableCell align="right">{formatCurrency(row.interest)}</TableCell>
                    <TableCell align="right">{formatCurrency(row.principal)}</TableCell>
                    <TableCell align="right">{formatCurrency(row.balance)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      )}
    </Box>
  );
};
