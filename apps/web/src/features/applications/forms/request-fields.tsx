import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { messages, paymentFrequencyLabels, type ControlType } from '@credence/contracts';
import { formatMoney, paymentFrequencyNames } from '@credence/domain';
import { moneyText, showMoney } from '../../../components/form/values.ts';
import { LoanItemizationDialog } from '../dialogs/loan-itemization-dialog.tsx';
import {
  CheckboxInput,
  MoneyInput,
  ReadOnlyAmount,
  SelectInput,
  TextInput,
  type Option,
} from '../../../components/form/fields.tsx';
import { FieldGrid } from '../../../components/form/layout.tsx';
import { requestFields } from './field-labels.ts';
import {
  estimatedAmountOf,
  isVehicleProduct,
  itemizationOf,
  type ItemizationValues,
  type RequestValues,
} from './request-model.ts';

const frequencyOptions: Option[] = paymentFrequencyNames.map((f) => ({ value: f, label: paymentFrequencyLabels[f] }));

const itemizationKeys: (keyof ItemizationValues)[] = [
  'negotiatedPrice',
  'ttlEstimate',
  'cashDown',
  'rebate',
  'netTradeIn',
  'otherFrontEndFees',
  'totalFrontEndAmount',
  'isTotalFrontEndAmountManual',
  'gap',
  'creditDisability',
  'creditLife',
  'warranty',
  'otherBackEndFees',
];

const SummaryLine = ({ label, value, strong }: { label: string; value: string; strong?: boolean }) => (
  <Box sx={{ display: 'flex', justifyContent: 'space-between', py: 0.25, gap: 2 }}>
    <Typography
      variant="body2"
      color={strong ? 'text.primary' : 'text.secondary'}
      sx={{ fontWeight: strong ? 700 : 400 }}
    >
      {label}
    </Typography>
    <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 500, fontVariantNumeric: 'tabular-nums' }}>
      {value}
    </Typography>
  </Box>
);

/** The loan itemization of a vehicle request, summed up, with the button that opens its dialog. */
const ItemizationSummary = ({ base, values }: { base: string; values: RequestValues }) => {
  const { setValue, getFieldState, formState } = useFormContext();
  const [open, setOpen] = useState(false);
  // Errors of fields edited in the itemization dialog (e.g. from the server) are listed here.
  const hiddenErrors = [...itemizationKeys, 'otherFees' as const]
    .map((key) => getFieldState(`${base}.${key}`, formState).error)
    .flatMap((error) => (error ? [error.message ?? messages.errors.validation] : []));
  const totals = itemizationOf(values);
  const m = (value: Parameters<typeof formatMoney>[0]) => showMoney(formatMoney(value));
  const apply = (next: ItemizationValues) => {
    for (const key of itemizationKeys) {
      setValue(`${base}.${key}`, next[key], { shouldDirty: true, shouldValidate: true });
    }
    setValue(`${base}.otherFees`, '', { shouldDirty: true });
  };
  return (
    <Paper variant="outlined" sx={{ p: 1.5, gridColumn: '1 / -1' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" sx={{ fontWeight: 700, flexGrow: 1 }}>
          Loan Itemization
        </Typography>
        <Button size="small" variant="outlined" startIcon={<ReceiptLongIcon />} onClick={() => setOpen(true)}>
          Edit Itemization
        </Button>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, columnGap: 4 }}>
        <Box>
          <SummaryLine
            label="Sales Price"
            value={showMoney(values.negotiatedPrice ? moneyToWire(values.negotiatedPrice) : null)}
          />
          <SummaryLine label="TT&L" value={showMoney(values.ttlEstimate ? moneyToWire(values.ttlEstimate) : null)} />
          <SummaryLine label="Total Down Payment" value={m(totals.totalDownPayment)} />
        </Box>
        <Box>
          <SummaryLine label="Total Front-End Fees" value={m(totals.totalFrontEndFees)} />
          <SummaryLine
            label={values.isTotalFrontEndAmountManual ? 'Total Front-End Amount (manual)' : 'Total Front-End Amount'}
            value={m(totals.totalFrontEndAmount)}
          />
        </Box>
        <Box>
          <SummaryLine label="Total Back-End Amount" value={m(totals.totalBackEndFees)} />
          <SummaryLine label="Total Loan Amount" value={m(totals.totalLoanAmount)} strong />
        </Box>
      </Box>
      {hiddenErrors.length > 0 ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          Loan Itemization: {[...new Set(hiddenErrors)].join(' ')}
        </Alert>
      ) : null}
      {open ? <LoanItemizationDialog start={values} onApply={apply} onClose={() => setOpen(false)} /> : null}
    </Paper>
  );
};

/** '25,000.00' -> '25000.00' for showMoney (unreadable text shows as typed elsewhere). */
const moneyToWire = (text: string): string | null => {
  const raw = text.replace(/[$,\s]/g, '');
  return /^-?\d+(\.\d{1,2})?$/.test(raw) ? raw : null;
};

/**
 * The request's fields by control type (spec 3 §5): vehicle products itemize the price; a credit card asks
 * for a credit limit; personal, CD share and home equity loans for an amount. The estimated amount financed
 * follows the control type.
 */
export const RequestFields = ({
  base,
  controlType,
  creating = false,
}: {
  base: string;
  controlType: ControlType;
  /** A new application: its term is required (contracts' missingRequestFields). */
  creating?: boolean;
}) => {
  const values = useWatch({ name: base }) as RequestValues | undefined;
  if (!values) return null;
  const estimated = estimatedAmountOf(controlType, values);
  const vehicle = isVehicleProduct(controlType);
  return (
    <FieldGrid min={200}>
      {vehicle ? <ItemizationSummary base={base} values={values} /> : null}
      {controlType === 'CREDIT_CARD' ? (
        <MoneyInput name={`${base}.requestedAmount`} label={requestFields.requestedAmount.label} required />
      ) : null}
      {controlType === 'PERSONAL' || controlType === 'CD_SHARE' || controlType === 'HEL' ? (
        <MoneyInput name={`${base}.estAmtFinanced`} label="Requested Amount" required />
      ) : null}
      {controlType === 'CREDIT_CARD' ? null : (
        <TextInput
          name={`${base}.termMonths`}
          label={requestFields.termMonths.label}
          inputMode="numeric"
          required={creating}
        />
      )}
      <SelectInput
        name={`${base}.paymentFrequencyId`}
        label={requestFields.paymentFrequencyId.label}
        options={frequencyOptions}
        required
      />
      {controlType === 'CREDIT_CARD' ? null : (
        <MoneyInput name={`${base}.residualAmount`} label={requestFields.residualAmount.label} />
      )}
      {controlType === 'CREDIT_CARD' || controlType === 'PERSONAL' ? null : (
        <MoneyInput
          name={`${base}.value`}
          label={controlType === 'HEL' ? 'Home Value' : vehicle ? 'Vehicle Value' : 'Collateral Value'}
        />
      )}
      <ReadOnlyAmount
        label={requestFields.estAmtFinanced.label}
        value={estimated === null ? '' : moneyText(estimated)}
        testId="estimated-amount-financed"
      />
      {controlType === 'CREDIT_CARD' ? (
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          <CheckboxInput name={`${base}.isOpenEnded`} label={requestFields.isOpenEnded.label} />
          <CheckboxInput
            name={`${base}.increaseExistingCreditLimit`}
            label={requestFields.increaseExistingCreditLimit.label}
          />
        </Box>
      ) : null}
    </FieldGrid>
  );
};
