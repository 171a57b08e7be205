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
import Typography from '@mui/material/Typography';
import {
  LoanMathError,
  addMonths,
  amortize,
  formatApr,
  formatUsDate,
  invalidTermMessage,
  isIsoDate,
  isValidTerm,
  money,
  paymentFrequencyLabels,
  paymentFrequencyNames,
  paymentScheduleText,
  scheduleCsv,
  type LoanDisclosure,
  type PaymentFrequency,
} from '@credence/domain';
import { MoneyTextField } from '../../components/money-input.tsx';
import { useDocumentTitle } from '../../components/page-title.tsx';
import { formatCount, formatCurrency } from '../../lib/format.ts';
import { lenderToday } from '../../lib/lender-today.ts';
import { parseMoneyText, type MoneyTextProblem } from '../../lib/money-text.ts';

export const PAYMENT_CALCULATOR_TITLE = 'Payment Calculator';

const MAX_AMOUNT = '100000000';
const MAX_RATE = '100';
const MAX_TERM_MONTHS = 600;
const decimalPattern = /^(\d+(\.\d+)?|\.\d+)$/;

type Inputs = {
  amount: string;
  rate: string;
  term: string;
  frequency: PaymentFrequency;
  contractDate: string;
  firstPaymentDate: string;
};
type Field = 'amount' | 'rate' | 'term' | 'contractDate' | 'firstPaymentDate';
type Errors = Partial<Record<Field, string>>;
/** The calculator's field for a loan maths error (it asks for no balloon or prepaid charges). */
const calculatorField: Record<LoanMathError['field'], Field> = {
  amount: 'amount',
  rate: 'rate',
  term: 'term',
  payment: 'term',
  frequency: 'term',
  firstPaymentDate: 'firstPaymentDate',
  contractDate: 'contractDate',
  balloonAmount: 'amount',
  prepaidFinanceCharge: 'amount',
};

/** The Loan Amount's problems, named for the field (the app's money input reads it). */
const amountMessages: Record<MoneyTextProblem, string> = {
  notNumber: 'Loan Amount must be a valid number.',
  tooManyDecimals: 'Loan Amount has at most two decimals.',
  tooLarge: 'Loan Amount cannot exceed $100,000,000.00.',
  negative: 'Loan Amount cannot be negative.',
};
const amountOf = (text: string) => parseMoneyText(text, { allowNegative: false });
/** The amount of a Loan Amount that passed validation. */
const amountValue = (text: string): string => {
  const amount = amountOf(text);
  return amount.ok && amount.value !== null ? amount.value : '0';
};
const cleanRate = (value: string) => value.replace(/[%\s]/g, '');

/** Validation of the calculator inputs; the messages name the field so each is clear on its own. */
export const validateCalculator = (inputs: Inputs): Errors => {
  const errors: Errors = {};
  const amount = amountOf(inputs.amount);
  if (!amount.ok) errors.amount = amountMessages[amount.problem];
  else if (amount.value === null) errors.amount = 'Loan Amount is required.';
  else if (money(amount.value).lte(0)) errors.amount = 'Loan Amount must be greater than 0.';
  else if (money(amount.value).gt(MAX_AMOUNT)) errors.amount = amountMessages.tooLarge;

  const rate = cleanRate(inputs.rate);
  if (!rate) errors.rate = 'Interest Rate is required.';
  else if (rate.startsWith('-')) errors.rate = 'Interest Rate cannot be negative.';
  else if (!decimalPattern.test(rate)) errors.rate = 'Interest Rate must be a valid number.';
  else if (money(rate).gt(MAX_RATE)) errors.rate = 'Interest Rate cannot exceed 100%.';

  const term = inputs.term.trim();
  if (!term) errors.term = 'Term is required.';
  else if (term.startsWith('-')) errors.term = 'Term cannot be negative.';
  else if (!/^\d+$/.test(term)) errors.term = 'Term must be a whole number of months.';
  else if (Number.parseInt(term, 10) < 1) errors.term = 'Term must be at least 1 month.';
  else if (Number.parseInt(term, 10) > MAX_TERM_MONTHS) errors.term = 'Term cannot exceed 600 months.';
  else if (!isValidTerm(Number.parseInt(term, 10), inputs.frequency))
    errors.term = invalidTermMessage(inputs.frequency);

  if (!isIsoDate(inputs.contractDate)) errors.contractDate = 'Contract Date is required.';
  if (!isIsoDate(inputs.firstPaymentDate)) errors.firstPaymentDate = 'First Payment Date is required.';
  else if (!errors.contractDate && inputs.firstPaymentDate <= inputs.contractDate)
    errors.firstPaymentDate = 'First Payment Date must be after the Contract Date.';
  return errors;
};

type Outcome = { disclosure: LoanDisclosure | null; error?: { field: Field; message: string } };

const compute = (inputs: Inputs, errors: Errors): Outcome => {
  if (Object.keys(errors).length > 0) return { disclosure: null };
  try {
    return {
      disclosure: amortize({
        amount: amountValue(inputs.amount),
        annualRatePercent: cleanRate(inputs.rate),
        termMonths: Number.parseInt(inputs.term.trim(), 10),
        frequency: inputs.frequency,
        contractDate: inputs.contractDate,
        firstPaymentDate: inputs.firstPaymentDate,
      }),
    };
  } catch (error) {
    if (error instanceof LoanMathError) {
      const field: Field = calculatorField[error.field];
      return { disclosure: null, error: { field, message: error.message } };
    }
    throw error;
  }
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
 * The Payment Calculator window (opened 850 × 515 from /tools/paymentCalculator): the Regulation Z figures
 * of a loan — payment, number of payments, last payment date, finance charge, total of payments and APR —
 * the payment schedule as §1026.18(g) states it, and the amortization schedule, all from the shared loan maths.
 */
export const PaymentCalculatorPage = () => {
  useDocumentTitle(PAYMENT_CALCULATOR_TITLE, true);
  const [inputs, setInputs] = useState<Inputs>(() => {
    const today = lenderToday();
    return {
      amount: '',
      rate: '',
      term: '',
      frequency: 'Monthly',
      contractDate: today,
      firstPaymentDate: addMonths(today, 1),
    };
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const errors = useMemo(() => validateCalculator(inputs), [inputs]);
  const { disclosure, error } = useMemo(() => compute(inputs, errors), [inputs, errors]);

  const shownError = (field: Field): string | undefined =>
    (touched[field] || inputs[field] !== '' ? errors[field] : undefined) ??
    (error?.field === field ? error.message : undefined);

  const set = (field: keyof Inputs) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setInputs((prev) => ({ ...prev, [field]: event.target.value }));

  const textField = (field: Field, label: string, placeholder?: string, type?: string) => (
    <TextField
      size="small"
      label={label}
      type={type}
      value={inputs[field]}
      placeholder={placeholder}
      onChange={set(field)}
      onBlur={() => setTouched((prev) => ({ ...prev, [field]: true }))}
      error={!!shownError(field)}
      helperText={shownError(field) ?? ' '}
      fullWidth
      slotProps={{
        htmlInput: { inputMode: type ? undefined : 'decimal', autoComplete: 'off' },
        inputLabel: type === 'date' ? { shrink: true } : undefined,
      }}
    />
  );

  const dash = '—';
  const d = disclosure;
  return (
    <Box sx={{ p: 2, maxWidth: 850, mx: 'auto' }}>
      <Typography component="h1" variant="h6" sx={{ mb: 1.5 }}>
        {PAYMENT_CALCULATOR_TITLE}
      </Typography>
      <Stack direction="row" spacing={2}>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => event.preventDefault()}
          sx={{ flex: 1, display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 1.5 }}
        >
          <MoneyTextField
            size="small"
            label="Loan Amount"
            value={inputs.amount}
            placeholder="25,000.00"
            onChange={(text) => setInputs((prev) => ({ ...prev, amount: text }))}
            onBlur={() => setTouched((prev) => ({ ...prev, amount: true }))}
            error={!!shownError('amount')}
            helperText={shownError('amount') ?? ' '}
          />
          {textField('rate', 'Interest Rate (%)', '6.25')}
          {textField('term', 'Term (months)', '60')}
          <TextField
            select
            size="small"
            label="Payment Frequency"
            value={inputs.frequency}
            onChange={(event) => setInputs((prev) => ({ ...prev, frequency: event.target.value as PaymentFrequency }))}
            helperText=" "
            fullWidth
          >
            {paymentFrequencyNames.map((name) => (
              <MenuItem key={name} value={name}>
                {paymentFrequencyLabels[name]}
              </MenuItem>
            ))}
          </TextField>
          {textField('contractDate', 'Contract Date', undefined, 'date')}
          {textField('firstPaymentDate', 'First Payment Date', undefined, 'date')}
        </Box>
        <Paper variant="outlined" sx={{ flex: 1, px: 2, py: 1, alignSelf: 'flex-start' }} aria-live="polite">
          <ResultRow label="Payment" value={d ? formatCurrency(d.payment) : dash} strong />
          <Divider sx={{ my: 0.5 }} />
          <ResultRow label="Number of Payments" value={d ? formatCount(d.numberOfPayments) : dash} />
          <ResultRow label="Last Payment Date" value={d ? formatUsDate(d.lastPaymentDate) : dash} />
          <ResultRow label="APR" value={d ? formatApr(d.apr) : dash} />
          <ResultRow label="Finance Charge" value={d ? formatCurrency(d.financeCharge) : dash} />
          <ResultRow label="Total of Payments" value={d ? formatCurrency(d.totalOfPayments) : dash} />
        </Paper>
      </Stack>
      <Typography variant="body2" sx={{ mt: 1 }} data-testid="payment-schedule-text">
        {d
          ? `Payment Schedule: ${paymentScheduleText(d, paymentFrequencyLabels[inputs.frequency])}`
          : 'Enter the loan amount, interest rate and term to see the payment.'}
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
          <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 260 }}>
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
