import { useState } from 'react';
import { useFieldArray, useForm, useFormContext, type FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  ADD_ON_OPTIONS_MAX,
  ADD_ON_PLANS_MAX,
  addOnProductLabels,
  addOnProducts,
  addOnVendorInputSchema,
  addOnVendorsResource,
  addOnVendorTexts,
  eligibilityVendorLabels,
  eligibilityVendors,
  messages,
  type AddOnVendor,
} from '@credence/contracts';
import { MoneyInput, SelectInput, TextInput } from '../../../components/form/fields.tsx';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormFields, type FieldDecl } from '../../../components/form/form-fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { moneyText, noRows, toMoney } from '../../../components/form/values.ts';
import { isSessionError } from '../../../lib/api-client.ts';
import { useSaveResource } from '../../../lib/resource-api.ts';
import { toasts } from '../../../lib/toast.tsx';
import type { EditorProps } from '../kit/types.ts';

type Values = FieldValues;
type OptionValues = { id?: number; title: string; cost: string };
type PlanValues = {
  id?: number;
  product: string;
  title: string;
  description: string;
  termMonths: string;
  miles: string;
  dealerCost: string;
  retailPrice: string;
  maxLtv: string;
  options: OptionValues[];
};

const productOptions = addOnProducts.map((p) => ({ value: p, label: addOnProductLabels[p] }));
const emptyPlan = (): PlanValues => ({
  product: 'serviceContract',
  title: '',
  description: '',
  termMonths: '',
  miles: '',
  dealerCost: '',
  retailPrice: '',
  maxLtv: '',
  options: [],
});

const toValues = (v: AddOnVendor | null): Values => ({
  name: v?.name ?? '',
  eligibility: v?.eligibility ?? 'none',
  products: v?.products ?? [],
  enabled: v?.enabled ?? true,
  plans: (v?.plans ?? []).map((p): PlanValues => ({
    id: p.id,
    product: p.product,
    title: p.title,
    description: p.description ?? '',
    termMonths: String(p.termMonths),
    miles: p.miles === null ? '' : String(p.miles),
    dealerCost: moneyText(p.dealerCost),
    retailPrice: moneyText(p.retailPrice),
    maxLtv: p.maxLtv ?? '',
    options: p.options.map((o) => ({ id: o.id, title: o.title, cost: moneyText(o.cost) })),
  })),
});

const toInput = (v: Values) => ({
  name: String(v.name).trim(),
  eligibility: v.eligibility,
  products: v.products,
  enabled: v.enabled,
  plans: (v.plans as PlanValues[]).map((p) => ({
    ...(p.id === undefined ? {} : { id: p.id }),
    product: p.product,
    title: p.title.trim(),
    description: p.description.trim() || null,
    termMonths: p.termMonths.trim() === '' ? undefined : p.termMonths.trim(),
    miles: p.miles.trim(),
    dealerCost: toMoney(p.dealerCost),
    retailPrice: toMoney(p.retailPrice),
    maxLtv: p.maxLtv.trim(),
    options: p.options.map((o) => ({
      ...(o.id === undefined ? {} : { id: o.id }),
      title: o.title.trim(),
      cost: toMoney(o.cost),
    })),
  })),
});

const resolver = contractResolver<Values, unknown>(addOnVendorInputSchema, (values) => noRows(toInput(values)));

const fields: FieldDecl[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 100, span: 3, autoFocus: true },
  {
    name: 'eligibility',
    label: 'Eligibility Questions',
    kind: 'select',
    required: true,
    options: eligibilityVendors.map((e) => ({ value: e, label: eligibilityVendorLabels[e] })),
    span: 3,
    helperText: 'Allied: used commercially, salvaged title, titled to individual; Route66: the first two',
  },
  { name: 'products', label: 'Products', kind: 'multiSelect', options: productOptions, span: 6 },
];

/** A plan's options: title and cost, added and removed. */
const PlanOptions = ({ planIndex }: { planIndex: number }) => {
  const { control } = useFormContext<Values>();
  const options = useFieldArray({ control, name: `plans.${planIndex}.options` });
  return (
    <Box sx={{ pl: 2 }}>
      {options.fields.map((row, index) => (
        <Box
          key={row.id}
          data-testid="plan-option-row"
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) auto', gap: 1.5, mb: 1.5 }}
        >
          <TextInput name={`plans.${planIndex}.options.${index}.title`} label="Option" required maxLength={100} />
          <MoneyInput name={`plans.${planIndex}.options.${index}.cost`} label="Option Cost" required />
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <Tooltip title="Remove option">
              <IconButton
                aria-label={`Remove option ${index + 1} of plan ${planIndex + 1}`}
                size="small"
                onClick={() => options.remove(index)}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        </Box>
      ))}
      <Button
        startIcon={<AddIcon />}
        size="small"
        disabled={options.fields.length >= ADD_ON_OPTIONS_MAX}
        onClick={() => options.append({ title: '', cost: '' })}
      >
        Add Option
      </Button>
    </Box>
  );
};

/**
 * Administration › Add-On Vendors: a vendor's name, eligibility questions and products, then its plans — product,
 * title, description, term, miles, dealer cost, retail price, a GAP plan's maximum LTV — each with its options.
 */
export const AddOnVendorEditor = ({ record, onClose }: EditorProps<AddOnVendor>) => {
  const form = useForm<Values>({ defaultValues: toValues(record), resolver, mode: 'onChange' });
  const plans = useFieldArray({ control: form.control, name: 'plans' });
  const save = useSaveResource(addOnVendorsResource);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const creating = record === null;

  const onSave = async (values: Values) => {
    setFormErrors([]);
    try {
      await save.mutateAsync({ id: record?.id ?? null, input: toInput(values) });
      toasts.success('Success', addOnVendorTexts.saved);
      onClose();
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) setFormErrors(applyServerErrors(form, error));
      else toasts.error(messages.errors.title, addOnVendorTexts.saveFailed);
    }
  };

  return (
    <FormDialog
      form={form}
      title={creating ? 'Add Add-On Vendor' : `Edit Add-On Vendor: ${record.name}`}
      width={960}
      onClose={onClose}
      onSave={onSave}
      formErrors={formErrors}
      testId="addOnVendors-dialog"
    >
      <Stack spacing={2}>
        <FormFields fields={fields} columns={6} />
        <Typography variant="subtitle2" color="text.secondary">
          Plans
        </Typography>
        {plans.fields.map((row, index) => (
          <Paper key={row.id} variant="outlined" sx={{ p: 1.5 }} data-testid="vendor-plan-row">
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', md: 'repeat(4, minmax(0, 1fr)) auto' },
                gap: 1.5,
                mb: 1.5,
              }}
            >
              <SelectInput name={`plans.${index}.product`} label="Product" required options={productOptions} />
              <Box sx={{ gridColumn: { md: 'span 3' } }}>
                <TextInput name={`plans.${index}.title`} label="Title" required maxLength={100} />
              </Box>
              <Box sx={{ display: 'flex', alignItems: 'center' }}>
                <Tooltip title="Remove plan">
                  <IconButton aria-label={`Remove plan ${index + 1}`} size="small" onClick={() => plans.remove(index)}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
              <Box sx={{ gridColumn: { md: 'span 4' } }}>
                <TextInput name={`plans.${index}.description`} label="Description" maxLength={500} />
              </Box>
              <Box />
              <TextInput
                name={`plans.${index}.termMonths`}
                label="Term (months)"
                required
                maxLength={3}
                inputMode="numeric"
              />
              <TextInput name={`plans.${index}.miles`} label="Miles" maxLength={6} inputMode="numeric" />
              <MoneyInput name={`plans.${index}.dealerCost`} label="Dealer Cost" required />
              <MoneyInput name={`plans.${index}.retailPrice`} label="Retail Price" required />
              <Box />
              <TextInput
                name={`plans.${index}.maxLtv`}
                label="Max LTV (%)"
                maxLength={8}
                inputMode="decimal"
                helperText="GAP only"
              />
            </Box>
            <PlanOptions planIndex={index} />
          </Paper>
        ))}
        <Box>
          <Button
            startIcon={<AddIcon />}
            size="small"
            disabled={plans.fields.length >= ADD_ON_PLANS_MAX}
            onClick={() => plans.append(emptyPlan())}
          >
            Add Plan
          </Button>
        </Box>
        <FormFields fields={[{ name: 'enabled', label: 'Enabled', kind: 'checkbox' }]} columns={6} />
      </Stack>
    </FormDialog>
  );
};
