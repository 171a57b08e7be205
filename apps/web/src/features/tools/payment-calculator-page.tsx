import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { calculatePayment, paymentFrequencyNames, type PaymentFrequency, type PaymentResult } from '@credence/domain';
import { useDocumentTitle } from '../../components/page-title.tsx';
import { formatCount, formatCurrency } from '../../lib/format.ts';

export const PAYMENT_CALCULATOR_TITLE = 'Payment Calculator';

/** Display names of the payment frequencies. */
export const paymentFrequencyLabels: Record<PaymentFrequency, string> = {
  Weekly: 'Weekly',
  BiWeekly: 'Bi-Weekly',
  SemiMonthly: 'Semi-Monthly',
  Monthly: 'Monthly',
  Quarterly: 'Quarterly',
  SemiAnnually: 'Semi-Annually',
  Annually: 'Annually',
};

const MAX_AMOUNT = 100_000_000;
const MAX_RATE = 100;
const MAX_TERM_MONTHS = 600;
const decimalPattern = /^\d+(\.\d+)?$|^\.\d+$/;

type Inputs = { amount: string; rate: string; term: string; frequency: PaymentFrequency };
type Field = 'amount' | 'rate' | 'term';

/** Validation of the calculator inputs; the messages name the field so each is clear on its own. */
export const validateCalculator = (inputs: Inputs): Partial<Record<Field, string>> => {
  const errors: Partial<Record<Field, string>> = {};
  const amount = inputs.amount.replace(/[,$\s]/g, '');
  if (!amount) errors.amount = 'Loan Amount is required.';
  else if (amount.startsWith('-')) errors.amount = 'Loan Amount cannot be negative.';
  else if (!decimalPattern.test(amount)) errors.amount = 'Loan Amount must be a valid number.';
  else if (Number(amount) <= 0) errors.amount = 'Loan Amount must be greater than 0.';
  else if (Number(amount) > MAX_AMOUNT) errors.amount = 'Loan Amount cannot exceed $100,000,000.00.';

  const rate = inputs.rate.replace(/[%\s]/g, '');
  if (!rate) errors.rate = 'Interest Rate is required.';
  else if (rate.startsWith('-')) errors.rate = 'Interest Rate cannot be negative.';
  else if (!decimalPattern.test(rate)) errors.rate = 'Interest Rate must be a valid number.';
  else if (Number(rate) > MAX_RATE) errors.rate = 'Interest Rate cannot exceed 100%.';

  const term = inputs.term.trim();
  if (!term) errors.term = 'Term is required.';
  else if (term.startsWith('-')) errors.term = 'Term cannot be negative.';
  else if (!/^\d+$/.test(term)) errors.term = 'Term must be a whole number of months.';
  else if (Number(term) < 1) errors.term = 'Term must be at least 1 month.';
  else if (Number(term) > MAX_TERM_MONTHS) errors.term = 'Term cannot exceed 600 months.';
  return errors;
};

const compute = (inputs: Inputs, errors: Partial<Record<Field, string>>): PaymentResult | null => {
  if (Object.keys(errors).length > 0) return null;
  try {
    return calculatePayment({
      amount: inputs.amount.replace(/[,$\s]/g, ''),
      annualRatePercent: inputs.rate.replace(/[%\s]/g, ''),
      termMonths: Number(inputs.term.trim()),
      frequency: inputs.frequency,
    });
  } catch {
    return null;
  }
};

const ResultRow = ({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) => (
  <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', py: 0.75 }}>
    <Typography color="text.secondary" id={`result-${label}`}>
      {label}
    </Typography>
    <Typography
      aria-labelledby={`result-${label}`}
      sx={{ fontWeight: strong ? 700 : 600, fontSize: strong ? 20 : 15, fontVariantNumeric: 'tabular-nums' }}
    >
      {value}
    </Typography>
  </Box>
);

/**
 * The Payment Calculator window (opened 850 × 515 from /tools/paymentCalculator): the level payment of a
 * loan, computed live with the shared domain rule.
 */
export const PaymentCalculatorPage = () => {
  useDocumentTitle(PAYMENT_CALCULATOR_TITLE, true);
  const [inputs, setInputs] = useState<Inputs>({ amount: '', rate: '', term: '', frequency: 'Monthly' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const errors = useMemo(() => validateCalculator(inputs), [inputs]);
  const result = useMemo(() => compute(inputs, errors), [inputs, errors]);

  const shownError = (field: Field): string | undefined =>
    touched[field] || inputs[field] !== '' ? errors[field] : undefined;

  const numberField = (field: Field, label: string, placeholder: string) => (
    <TextField
      label={label}
      value={inputs[field]}
      placeholder={placeholder}
      onChange={(event) => setInputs((prev) => ({ ...prev, [field]: event.target.value }))}
      onBlur={() => setTouched((prev) => ({ ...prev, [field]: true }))}
      error={!!shownError(field)}
      helperText={shownError(field) ?? ' '}
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
    />
  );

  const dash = '—';
  return (
    <Box sx={{ p: 2.5, maxWidth: 850, mx: 'auto' }}>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {PAYMENT_CALCULATOR_TITLE}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
        <Stack spacing={1} sx={{ flex: 1 }} component="form" noValidate onSubmit={(event) => event.preventDefault()}>
          {numberField('amount', 'Loan Amount', '25,000.00')}
          {numberField('rate', 'Interest Rate (%)', '6.25')}
          {numberField('term', 'Term (months)', '60')}
          <TextField
            select
            label="Payment Frequency"
            value={inputs.frequency}
            onChange={(event) => setInputs((prev) => ({ ...prev, frequency: event.target.value as PaymentFrequency }))}
            fullWidth
          >
            {paymentFrequencyNames.map((name) => (
              <MenuItem key={name} value={name}>
                {paymentFrequencyLabels[name]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Paper variant="outlined" sx={{ flex: 1, p: 2.5, alignSelf: 'flex-start', width: '100%' }} aria-live="polite">
          <ResultRow label="Payment" value={result ? formatCurrency(result.payment) : dash} strong />
          <Divider />
          <ResultRow label="Number of Payments" value={result ? formatCount(result.numberOfPayments) : dash} />
          <ResultRow label="Total of Payments" value={result ? formatCurrency(result.totalOfPayments) : dash} />
          <ResultRow label="Total Interest" value={result ? formatCurrency(result.totalInterest) : dash} />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {result
              ? `${paymentFrequencyLabels[inputs.frequency]} payments, rounded to the cent.`
              : 'Enter the loan amount, interest rate and term to see the payment.'}
          </Typography>
        </Paper>
      </Stack>
    </Box>
  );
};
