import { useEffect, useMemo } from 'react';
import { useFieldArray, useForm, useWatch, type FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CalculateIcon from '@mui/icons-material/Calculate';
import DeleteOutlineOutlinedIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { z } from 'zod';
import {
  frontEndFeeInputSchema,
  messages,
  moneySchema,
  nonNegativeMoneySchema,
  positiveMoneySchema,
} from '@credence/contracts';
import { calculateItemization, formatMoney } from '@credence/domain';
import { parseMoneyText } from '../../../lib/money-text.ts';
import { contractResolver } from '../../../components/form/resolver.ts';
import { type Converted, moneyText, toMoney } from '../../../components/form/values.ts';
import { CheckboxInput, MoneyInput, ReadOnlyAmount, TextInput } from '../../../components/form/fields.tsx';
import { itemizationInput, type ItemizationValues } from '../forms/request-model.ts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';

/** Spec 1 §5 and §9: the total front-end amount is recalculated 150 ms after a change, unless typed over. */
export const ITEMIZATION_RECALC_MS = 150;
const MAX_FEES = 30;
/** What ticking a fee's 'Finance charge' means (issue 41; Regulation Z §1026.4). */
const FINANCE_CHARGE_HINT =
  'The lender’s own charge for the credit (e.g. a loan or documentation fee): counted in the APR and taken from the amount financed.';

/**
 * Spec 1 §5: itemization amounts may be negative (a rebate clawed back, negative equity, a dealer credit);
 * spec 3 §5 keeps the sales price at 0.01 or more and TT&L at 0 or more. As the request contract.
 */
const itemizationSchema = z.object({
  negotiatedPrice: positiveMoneySchema.nullable(),
  ttlEstimate: nonNegativeMoneySchema.nullable(),
  cashDown: moneySchema.nullable(),
  rebate: moneySchema.nullable(),
  netTradeIn: moneySchema.nullable(),
  otherFrontEndFees: z.array(frontEndFeeInputSchema).max(MAX_FEES),
  totalFrontEndAmount: moneySchema.nullable(),
  gap: moneySchema.nullable(),
  creditDisability: moneySchema.nullable(),
  creditLife: moneySchema.nullable(),
  warranty: moneySchema.nullable(),
  otherBackEndFees: moneySchema.nullable(),
});

const convert = (v: ItemizationValues): Converted<z.input<typeof itemizationSchema>> => ({
  payload: {
    negotiatedPrice: toMoney(v.negotiatedPrice),
    ttlEstimate: toMoney(v.ttlEstimate),
    cashDown: toMoney(v.cashDown),
    rebate: toMoney(v.rebate),
    netTradeIn: toMoney(v.netTradeIn),
    // Names are checked as typed (the 50-character limit counts what people see).
    otherFrontEndFees: v.otherFrontEndFees.map((f) => ({
      name: f.name,
      value: toMoney(f.value) ?? '',
      financeCharge: f.financeCharge,
    })),
    totalFrontEndAmount: v.isTotalFrontEndAmountManual ? toMoney(v.totalFrontEndAmount) : null,
    gap: toMoney(v.gap),
    creditDisability: toMoney(v.creditDisability),
    creditLife: toMoney(v.creditLife),
    warranty: toMoney(v.warranty),
    otherBackEndFees: toMoney(v.otherBackEndFees),
  },
  rows: {},
});

/** Spec 1 §5: a fee's value is required ('Required.'); negative amounts are allowed. */
const feeRules = (v: ItemizationValues): Record<string, string> => {
  const errors: Record<string, string> = {};
  v.otherFrontEndFees.forEach((fee, i) => {
    if (fee.value.trim() === '') errors[`otherFrontEndFees.${i}.value`] = messages.validation.requiredWithPeriod;
    if (fee.name.trim() === '') errors[`otherFrontEndFees.${i}.name`] = messages.validation.requiredWithPeriod;
  });
  if (v.isTotalFrontEndAmountManual && v.totalFrontEndAmount.trim() === '') {
    errors.totalFrontEndAmount = messages.validation.requiredWithPeriod;
  }
  return errors;
};

const resolver = contractResolver<ItemizationValues, z.input<typeof itemizationSchema>>(
  itemizationSchema,
  convert,
  feeRules,
);

const money = (value: ReturnType<typeof calculateItemization>['totalLoanAmount']) => moneyText(formatMoney(value));

/** A total that depends on an amount that does not read (its field shows why) is not shown as a number. */
const UNKNOWN_TOTAL = '—';
const unreadable = (...texts: (string | undefined)[]) => texts.some((text) => !parseMoneyText(text).ok);

/** Which totals cannot be computed from what is typed (issue 17, item 5: a total must not count 'abc' as 0). */
const unknownTotals = (v: ItemizationValues) => {
  const down = unreadable(v.cashDown, v.rebate, v.netTradeIn);
  const fees = unreadable(...v.otherFrontEndFees.map((f) => f.value));
  const front = down || fees || unreadable(v.negotiatedPrice, v.ttlEstimate);
  const back = unreadable(v.gap, v.creditDisability, v.creditLife, v.warranty, v.otherBackEndFees);
  const loan = back || (v.isTotalFrontEndAmountManual ? unreadable(v.totalFrontEndAmount) : front);
  return { down, fees, front, back, loan };
};

/** What the dialog opens with: stored front-end fees without rows become one row, the total shows calculated. */
const initialValues = (start: ItemizationValues & { otherFees: string }): ItemizationValues => {
  const rows =
    start.otherFrontEndFees.length === 0 && toMoney(start.otherFees) !== null && toMoney(start.otherFees) !== '0.00'
      ? [{ name: 'Other Fees', value: start.otherFees, financeCharge: false }]
      : start.otherFrontEndFees;
  const values = { ...start, otherFrontEndFees: rows.map((r) => ({ ...r })) };
  const { otherFees: _ignored, ...itemization } = values;
  return {
    ...itemization,
    totalFrontEndAmount: start.isTotalFrontEndAmountManual
      ? start.totalFrontEndAmount
      : money(calculateItemization(itemizationInput(values, false)).calculatedFrontEndAmount),
  };
};

/**
 * The Loan Itemization dialog (spec 1 §2, §5): sales price, TT&L, cash down, rebate, trade in and their total
 * down payment; variable front-end fees (add and delete rows, each a finance charge or not, issue 41) and their
 * total; the total front-end amount, recalculated after 150 ms unless typed over, with an auto-calculate button;
 * the back-end fees and their total; the total loan amount. Ok hands the values back to the request form.
 */
export const LoanItemizationDialog = ({
  start,
  onApply,
  onClose,
}: {
  start: ItemizationValues & { otherFees: string };
  onApply: (values: ItemizationValues) => void;
  onClose: () => void;
}) => {
  const defaultValues = useMemo(() => initialValues(start), [start]);
  const form = useForm<ItemizationValues>({ defaultValues, resolver, mode: 'onChange' });
  const { control, setValue } = form;
  const fees = useFieldArray<FieldValues, 'otherFrontEndFees', 'key'>({
    control: control as never,
    name: 'otherFrontEndFees',
    keyName: 'key',
  });
  const values = useWatch({ control }) as ItemizationValues;
  const manual = values.isTotalFrontEndAmountManual;

  const calculated = calculateItemization(itemizationInput(values, false));
  const unknown = unknownTotals(values);
  // The calculated total stays empty while an amount it adds does not read (it is not sent unless typed over).
  const calculatedText = unknown.front ? '' : money(calculated.calculatedFrontEndAmount);
  const shown = calculateItemization(itemizationInput({ ...values, isTotalFrontEndAmountManual: true }));

  useEffect(() => {
    if (manual) return;
    const timer = window.setTimeout(
      () => setValue('totalFrontEndAmount', calculatedText, { shouldValidate: true }),
      ITEMIZATION_RECALC_MS,
    );
    return () => window.clearTimeout(timer);
  }, [calculatedText, manual, setValue]);

  const autoCalculate = () => {
    setValue('isTotalFrontEndAmountManual', false, { shouldDirty: true });
    setValue('totalFrontEndAmount', calculatedText, { shouldDirty: true, shouldValidate: true });
  };

  const onSave = (v: ItemizationValues) => {
    onApply({ ...v, totalFrontEndAmount: v.isTotalFrontEndAmountManual ? v.totalFrontEndAmount : '' });
    onClose();
  };

  return (
    <FormDialog
      form={form}
      title="Loan Itemization"
      width={760}
      onClose={onClose}
      onSave={onSave}
      savePristine
      saveLabel="Ok"
      nested
      testId="loan-itemization-dialog"
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 3, rowGap: 1.5 }}>
        <MoneyInput name="negotiatedPrice" label="Sales Price" />
        <MoneyInput name="ttlEstimate" label="TT&L" />
        <MoneyInput name="cashDown" label="Cash Down" />
        <MoneyInput name="rebate" label="Rebate" />
        <MoneyInput name="netTradeIn" label="Trade In" helperText="Negative for negative equity." />
        <ReadOnlyAmount
          label="Total Down Payment"
          value={unknown.down ? UNKNOWN_TOTAL : money(calculated.totalDownPayment)}
          testId="total-down-payment"
        />
      </Box>

      <Divider sx={{ my: 2 }} />
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" sx={{ fontWeight: 700, flexGrow: 1 }}>
          Front-End Fees
        </Typography>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => fees.append({ name: '', value: '', financeCharge: false })}
          disabled={fees.fields.length >= MAX_FEES}
        >
          Add Fee
        </Button>
      </Box>
      {fees.fields.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic', mb: 1 }}>
          No front-end fees.
        </Typography>
      ) : null}
      {fees.fields.map((field, i) => (
        <Box key={field.key} sx={{ display: 'flex', gap: 1.5, mb: 1.5, alignItems: 'flex-start' }}>
          <Box sx={{ flex: 2 }}>
            <TextInput name={`otherFrontEndFees.${i}.name`} label="Fee Name" />
          </Box>
          <Box sx={{ flex: 1 }}>
            <MoneyInput name={`otherFrontEndFees.${i}.value`} label="Amount" />
          </Box>
          <Tooltip title={FINANCE_CHARGE_HINT}>
            <Box sx={{ flexShrink: 0, pt: 0.25 }}>
              <CheckboxInput name={`otherFrontEndFees.${i}.financeCharge`} label="Finance charge" />
            </Box>
          </Tooltip>
          <Tooltip title="Delete fee">
            <IconButton aria-label={`Delete fee ${i + 1}`} onClick={() => fees.remove(i)} sx={{ mt: 0.5 }}>
              <DeleteOutlineOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ))}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 3, rowGap: 1.5 }}>
        <ReadOnlyAmount
          label="Total Front-End Fees"
          value={unknown.fees ? UNKNOWN_TOTAL : money(calculated.totalFrontEndFees)}
          testId="total-front-end-fees"
        />
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <MoneyInput
            name="totalFrontEndAmount"
            label="Total Front-End Amount"
            helperText={manual ? 'Entered manually' : 'Calculated'}
            onUserChange={() => {
              if (!manual) setValue('isTotalFrontEndAmountManual', true, { shouldDirty: true });
            }}
          />
          <Tooltip title="Auto-calculate">
            <span>
              <IconButton
                aria-label="Auto-calculate total front-end amount"
                onClick={autoCalculate}
                disabled={!manual}
                sx={{ mt: 0.5 }}
              >
                <CalculateIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      </Box>

      <Divider sx={{ my: 2 }} />
      <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
        Back-End Fees
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 3, rowGap: 1.5 }}>
        <MoneyInput name="gap" label="GAP" />
        <MoneyInput name="creditDisability" label="Credit Disability" />
        <MoneyInput name="creditLife" label="Credit Life" />
        <MoneyInput name="warranty" label="Warranty" />
        <MoneyInput name="otherBackEndFees" label="Other" />
        <ReadOnlyAmount
          label="Total Back-End Amount"
          value={unknown.back ? UNKNOWN_TOTAL : money(calculated.totalBackEndFees)}
          testId="total-back-end-amount"
        />
      </Box>
      <Divider sx={{ my: 2 }} />
      <Box sx={{ maxWidth: { sm: '50%' }, ml: 'auto' }}>
        <ReadOnlyAmount
          label="Total Loan Amount"
          value={unknown.loan ? UNKNOWN_TOTAL : money(shown.totalLoanAmount)}
          testId="total-loan-amount"
        />
      </Box>
    </FormDialog>
  );
};
