import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { loanTermSetsResource, messages, type RowOf } from '@credence/contracts';
import { TextInput } from '../../../components/form/fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { moneyText, noRows, toMoney } from '../../../components/form/values.ts';
import { CellInputs, type CellSpec } from '../kit/cell-input.tsx';
import { usePolicyFormEditor } from '../kit/policy-editor.ts';
import { PolicyEditorFrame } from '../kit/policy-editor-frame.tsx';
import { RowActionsHeader, RowTable } from '../kit/row-controls.tsx';
import type { EditorProps } from '../kit/types.ts';

type TermSetRow = RowOf<typeof loanTermSetsResource>;
type RowValues = { ageMin: string; ageMax: string; amountMin: string; amountMax: string; terms: string };
type Values = { name: string; rows: RowValues[] };

const yearsText = z
  .string()
  .trim()
  .regex(/^(\d{1,3})?$/, 'Whole years, or empty for no bound.');
const amountText = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d+\.\d{2}$/.test(toMoney(v) ?? ''), 'An amount such as 25,000.00, or empty.');
/** '36, 48 60' -> [36, 48, 60]; null when a part is not a whole number of months. */
const parseTerms = (text: string): number[] | null => {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (!parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  return parts.map(Number);
};
const termsText = z
  .string()
  .trim()
  .min(1, 'At least one term.')
  .refine((v) => {
    const terms = parseTerms(v);
    return terms !== null && terms.every((t) => t >= 1 && t <= 600);
  }, 'Terms in months from 1 to 600, separated by commas.')
  .refine((v) => {
    const terms = parseTerms(v) ?? [];
    return new Set(terms).size === terms.length;
  }, 'Each term once.');
const formSchema = z.object({
  name: z.string().trim().min(1, messages.validation.required).max(100),
  rows: z
    .array(
      z.object({
        ageMin: yearsText,
        ageMax: yearsText,
        amountMin: amountText,
        amountMax: amountText,
        terms: termsText,
      }),
    )
    .min(1)
    .max(500),
});

const backwards = (min: string | null, max: string | null) =>
  min !== null && max !== null && min !== '' && max !== '' && Number(min) > Number(max);
const crossRules = (values: Values) => {
  const found: Record<string, string> = {};
  values.rows.forEach((row, i) => {
    if (/^\d+$/.test(row.ageMin.trim()) && /^\d+$/.test(row.ageMax.trim()) && backwards(row.ageMin, row.ageMax))
      found[`rows.${i}.ageMax`] = 'Below the lowest age.';
    if (backwards(toMoney(row.amountMin), toMoney(row.amountMax)) && /^\d/.test(row.amountMax.trim()))
      found[`rows.${i}.amountMax`] = 'Below the lowest amount.';
  });
  return found;
};
const resolver = contractResolver<Values, Values>(formSchema, noRows, crossRules);

const emptyRow = (): RowValues => ({ ageMin: '', ageMax: '', amountMin: '', amountMax: '', terms: '' });
const bound = (v: string | null | undefined) => v ?? '';
const toValues = (record: TermSetRow | null): Values => ({
  name: record?.name ?? '',
  rows: record
    ? record.config.rows.map((row) => ({
        ageMin: bound(row.collateralAge.min),
        ageMax: bound(row.collateralAge.max),
        amountMin: row.amount.min ? moneyText(row.amount.min) : '',
        amountMax: row.amount.max ? moneyText(row.amount.max) : '',
        terms: row.terms.join(', '),
      }))
    : [emptyRow()],
});
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** A row's inputs, in order: the bands' bounds (empty for open), then the terms. */
const cells: CellSpec<keyof RowValues>[] = [
  { key: 'ageMin', label: 'age from', placeholder: 'any', inputMode: 'numeric', maxLength: 3 },
  { key: 'ageMax', label: 'age to', placeholder: 'any', inputMode: 'numeric', maxLength: 3 },
  { key: 'amountMin', label: 'amount from', placeholder: 'any', inputMode: 'decimal' },
  { key: 'amountMax', label: 'amount to', placeholder: 'any', inputMode: 'decimal' },
  { key: 'terms', label: 'terms', placeholder: '36, 48, 60', maxLength: 300 },
];

/**
 * Administration › Loan Term Sets (spec 2 §2 admin/loantermsets; issue 12): the terms a loan may have by the
 * collateral's age (years) and the amount — one row per band, empty bounds open, inclusive. Each field is
 * checked as typed; the server's check of the set (bands that overlap or leave a gap) is listed above the rows.
 */
const LoanTermSetEditor = ({ record, onClose }: EditorProps<TermSetRow>) => {
  const form = useForm<Values>({ defaultValues: toValues(record), resolver, mode: 'onChange' });
  const rows = useFieldArray({ control: form.control, name: 'rows' });
  const frame = usePolicyFormEditor({
    form,
    resource: loanTermSetsResource,
    record,
    onClose,
    toConfig: (values) => ({
      rows: values.rows.map((row) => ({
        collateralAge: { kind: 'range', min: orNull(row.ageMin), max: orNull(row.ageMax) },
        amount: { kind: 'range', min: toMoney(row.amountMin), max: toMoney(row.amountMax) },
        terms: parseTerms(row.terms) ?? [],
      })),
    }),
  });

  return (
    <PolicyEditorFrame
      title={record ? `Edit Loan Term Set: ${record.name}` : 'Add Loan Term Set'}
      testId="loan-term-set-editor"
      what="loan term set"
      {...frame}
      width={1040}
    >
      <FormProvider {...form}>
        <Box sx={{ maxWidth: 480, pt: 0.5 }}>
          <TextInput name="name" label="Name" required maxLength={100} autoFocus={!record} />
        </Box>
        <Box>
          <Typography variant="subtitle2">Allowed terms</Typography>
          <Typography variant="body2" color="text.secondary">
            One row per band of collateral age and amount; bounds include their value, an empty bound is open. The bands
            must neither overlap nor leave a gap.
          </Typography>
        </Box>
        <RowTable
          label="Allowed terms"
          fields={rows.fields}
          rowTestId="term-row"
          head={
            <>
              <tr>
                <th rowSpan={2} style={{ width: 36 }}>
                  #
                </th>
                <th colSpan={2} className="group">
                  Collateral age (years)
                </th>
                <th colSpan={2} className="group">
                  Amount
                </th>
                <th rowSpan={2} style={{ width: '32%' }}>
                  Terms (months)
                </th>
                <RowActionsHeader width={84} rowSpan={2} />
              </tr>
              <tr>
                <th>From</th>
                <th>To</th>
                <th>From</th>
                <th>To</th>
              </tr>
            </>
          }
          cells={(i) => <CellInputs prefix={`rows.${i}`} labelPrefix={`Row ${i + 1}`} cells={cells} />}
          controls={{
            noun: 'row',
            onDuplicate: (i) => rows.insert(i + 1, { ...form.getValues(`rows.${i}`) }),
            onRemove: (i) => rows.remove(i),
          }}
          add={{
            text: 'Add Row',
            most: 500,
            onAdd: () => rows.append(emptyRow(), { focusName: `rows.${rows.fields.length}.ageMin` }),
          }}
        />
      </FormProvider>
    </PolicyEditorFrame>
  );
};

export default LoanTermSetEditor;
