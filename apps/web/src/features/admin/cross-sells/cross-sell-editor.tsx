import { useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  crossSellLoanTypeLabels,
  crossSellLoanTypes,
  crossSellSettingInputSchema,
  crossSellsResource,
  crossSellTypeLabels,
  crossSellTypes,
  adminMessages,
  messages,
  type CrossSellSetting,
} from '@credence/contracts';
import { TextInput } from '../../../components/form/fields.tsx';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormFields, type FieldDecl } from '../../../components/form/form-fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { moneyText, noRows, toMoney } from '../../../components/form/values.ts';
import { isSessionError } from '../../../lib/api-client.ts';
import { useLoanProducts } from '../../../lib/loan-products.ts';
import { useSaveResource } from '../../../lib/resource-api.ts';
import { toasts } from '../../../lib/toast.tsx';
import type { EditorProps } from '../kit/types.ts';

type Values = FieldValues;

const toValues = (s: CrossSellSetting | null): Values => ({
  name: s?.name ?? '',
  crossSellType: s?.crossSellType ?? 'RefiCrossSell',
  description: s?.description ?? '',
  loanProductId: s?.loanProductId ?? '',
  tradelineLoanTypes: s?.tradelineLoanTypes ?? [],
  minimumBalance: moneyText(s?.minimumBalance ?? '0.00'),
  baseRatePercent: s?.baseRatePercent ?? '',
  termOptions: (s?.termOptions ?? [{ termMonths: 60, rateOffsetPercent: '0' }]).map((o) => ({
    termMonths: String(o.termMonths),
    rateOffsetPercent: o.rateOffsetPercent,
  })),
  offerAmount: moneyText(s?.offerAmount ?? null),
  enabled: s?.enabled ?? true,
});

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** A refinance setting sends its terms and matching rules; an internal one its amount. */
const toInput = (v: Values) => {
  const refinance = v.crossSellType === 'RefiCrossSell';
  return {
    name: trimmed(v.name),
    crossSellType: v.crossSellType,
    description: trimmed(v.description) || null,
    loanProductId: v.loanProductId === '' ? undefined : v.loanProductId,
    tradelineLoanTypes: refinance ? v.tradelineLoanTypes : [],
    minimumBalance: refinance ? (toMoney(v.minimumBalance as string) ?? '0.00') : '0.00',
    baseRatePercent: trimmed(v.baseRatePercent),
    termOptions: refinance
      ? (v.termOptions as { termMonths: string; rateOffsetPercent: string }[]).map((o) => ({
          termMonths: o.termMonths.trim() === '' ? undefined : o.termMonths.trim(),
          rateOffsetPercent: o.rateOffsetPercent.trim(),
        }))
      : [],
    offerAmount: refinance ? null : toMoney(v.offerAmount as string),
    enabled: v.enabled,
  };
};

const resolver = contractResolver<Values, unknown>(crossSellSettingInputSchema, (values) => noRows(toInput(values)));

const typeOptions = crossSellTypes.map((t) => ({ value: t, label: crossSellTypeLabels[t] }));
const loanTypeOptions = crossSellLoanTypes.map((t) => ({ value: t, label: crossSellLoanTypeLabels[t] }));

/**
 * Administration › Cross Sell Settings: a setting's name, type and loan product; for a refinance, the loans it
 * matches elsewhere and the terms it offers (base rate + each term's offset); for an internal offer, the amount.
 */
export const CrossSellEditor = ({ record, onClose }: EditorProps<CrossSellSetting>) => {
  const form = useForm<Values>({ defaultValues: toValues(record), resolver, mode: 'onChange' });
  const terms = useFieldArray({ control: form.control, name: 'termOptions' });
  const type = useWatch({ control: form.control, name: 'crossSellType' }) as string;
  const save = useSaveResource(crossSellsResource);
  const products = useLoanProducts().data ?? [];
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const creating = record === null;
  const refinance = type === 'RefiCrossSell';

  // A product disabled since it was chosen stays shown (the server keeps it).
  const productOptions = products
    .filter((p) => !p.isBusinessLoan)
    .map((p) => ({ value: p.id, label: p.name }))
    .concat(
      record && !products.some((p) => p.id === record.loanProductId)
        ? [{ value: record.loanProductId, label: record.loanProductName }]
        : [],
    );
  const fields: FieldDecl[] = [
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 100, span: 4, autoFocus: creating },
    { name: 'crossSellType', label: 'Type', kind: 'select', required: true, options: typeOptions, span: 2 },
    {
      name: 'loanProductId',
      label: 'Loan Product',
      kind: 'select',
      required: true,
      numeric: true,
      options: productOptions,
      span: 3,
      helperText: 'The product of the applications it creates',
    },
    {
      name: 'baseRatePercent',
      label: 'Base Rate (%)',
      kind: 'text',
      required: true,
      maxLength: 6,
      span: 3,
      helperText: 'Annual percent, e.g. 5.490',
    },
    { name: 'description', label: 'Description', kind: 'multiline', maxLength: 500, span: 6 },
  ];
  const refinanceFields: FieldDecl[] = [
    {
      name: 'tradelineLoanTypes',
      label: 'Loans Matched',
      kind: 'multiSelect',
      options: loanTypeOptions,
      span: 4,
      helperText: 'Open loans of these types at other lenders; none chosen matches every installment loan',
    },
    { name: 'minimumBalance', label: 'Minimum Balance', kind: 'money', span: 2 },
  ];
  const internalFields: FieldDecl[] = [
    { name: 'offerAmount', label: 'Amount Offered', kind: 'money', required: true, span: 3 },
  ];

  const onSave = async (values: Values) => {
    setFormErrors([]);
    try {
      await save.mutateAsync({ id: record?.id ?? null, input: toInput(values) });
      toasts.success('Success', adminMessages.kit.saved);
      onClose();
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) setFormErrors(applyServerErrors(form, error));
      else toasts.error(messages.errors.title, adminMessages.crossSell.saveFailed);
    }
  };
  const termsError = form.formState.errors.termOptions?.root?.message ?? form.formState.errors.termOptions?.message;

  return (
    <FormDialog
      form={form}
      title={creating ? 'Add Cross Sell Setting' : `Edit Cross Sell Setting: ${record.name}`}
      width={760}
      onClose={onClose}
      onSave={onSave}
      formErrors={formErrors}
      testId="crossSells-dialog"
    >
      <Stack spacing={2}>
        <FormFields fields={fields} columns={6} />
        {refinance ? (
          <>
            <FormFields fields={refinanceFields} columns={6} />
            <Box>
              <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
                Terms offered (rate = base rate + offset)
              </Typography>
              {terms.fields.map((row, index) => (
                <Box
                  key={row.id}
                  data-testid="cross-sell-term-row"
                  sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto', gap: 1.5, mb: 1.5 }}
                >
                  <TextInput
                    name={`termOptions.${index}.termMonths`}
                    label="Term (months)"
                    required
                    maxLength={3}
                    inputMode="numeric"
                  />
                  <TextInput
                    name={`termOptions.${index}.rateOffsetPercent`}
                    label="Rate Offset (%)"
                    required
                    maxLength={7}
                    inputMode="decimal"
                  />
                  <Box sx={{ display: 'flex', alignItems: 'center' }}>
                    <Tooltip title="Remove">
                      <IconButton
                        aria-label={`Remove term ${index + 1}`}
                        size="small"
                        onClick={() => terms.remove(index)}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Box>
                </Box>
              ))}
              {typeof termsError === 'string' ? (
                <Typography variant="body2" color="error" sx={{ mb: 1 }}>
                  {termsError}
                </Typography>
              ) : null}
              <Button
                startIcon={<AddIcon />}
                size="small"
                disabled={terms.fields.length >= 12}
                onClick={() => terms.append({ termMonths: '', rateOffsetPercent: '0' })}
              >
                Add Term
              </Button>
            </Box>
          </>
        ) : (
          <FormFields fields={internalFields} columns={6} />
        )}
        <FormFields fields={[{ name: 'enabled', label: 'Enabled', kind: 'checkbox' }]} columns={6} />
      </Stack>
    </FormDialog>
  );
};
