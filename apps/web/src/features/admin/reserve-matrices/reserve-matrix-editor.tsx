import { useState } from 'react';
import { useFieldArray, useForm, type FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  messages,
  RESERVE_MATRIX_ROWS_MAX,
  RESERVE_NAME_MAX,
  reserveMatricesResource,
  reserveMatrixInputSchema,
  reserveTexts,
  type ReserveMatrix,
  type ReserveMatrixRow,
} from '@credence/contracts';
import { MoneyInput, MultiSelectInput, SelectInput, TextInput, type Option } from '../../../components/form/fields.tsx';
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
import { useReservesLists } from './api.ts';

type Values = FieldValues;
type Channel = 'both' | 'direct' | 'indirect';
type RowValues = {
  loanProductIds: number[];
  minTermMonths: string;
  maxTermMonths: string;
  minAmount: string;
  maxAmount: string;
  channel: Channel;
  reserveId: number | '';
};

const channelOf = (direct: boolean | null): Channel => (direct === null ? 'both' : direct ? 'direct' : 'indirect');
const directOf = (channel: Channel): boolean | null => (channel === 'both' ? null : channel === 'direct');
const channelOptions: Option[] = [
  { value: 'both', label: 'Both' },
  { value: 'indirect', label: 'Indirect' },
  { value: 'direct', label: 'Direct' },
];

const newRow = (): RowValues => ({
  loanProductIds: [],
  minTermMonths: '',
  maxTermMonths: '',
  minAmount: '',
  maxAmount: '',
  channel: 'indirect',
  reserveId: '',
});

const toRowValues = (r: ReserveMatrixRow): RowValues => ({
  loanProductIds: r.loanProductIds,
  minTermMonths: r.minTermMonths === null ? '' : String(r.minTermMonths),
  maxTermMonths: r.maxTermMonths === null ? '' : String(r.maxTermMonths),
  minAmount: moneyText(r.minAmount),
  maxAmount: moneyText(r.maxAmount),
  channel: channelOf(r.direct),
  reserveId: r.reserveId,
});

const toValues = (m: ReserveMatrix | null): Values => ({
  name: m?.name ?? '',
  defaultReserveId: m?.defaultReserveId ?? '',
  rows: (m?.rows ?? []).map(toRowValues),
  enabled: m?.enabled ?? true,
});

const term = (value: string) => (value.trim() === '' ? null : value.trim());

const toInput = (v: Values) => ({
  name: typeof v.name === 'string' ? v.name.trim() : '',
  defaultReserveId: v.defaultReserveId === '' ? null : v.defaultReserveId,
  rows: (v.rows as RowValues[]).map((r) => ({
    loanProductIds: r.loanProductIds,
    minTermMonths: term(r.minTermMonths),
    maxTermMonths: term(r.maxTermMonths),
    minAmount: toMoney(r.minAmount),
    maxAmount: toMoney(r.maxAmount),
    direct: directOf(r.channel),
    reserveId: r.reserveId === '' ? null : r.reserveId,
  })),
  enabled: v.enabled,
});

const resolver = contractResolver<Values, unknown>(reserveMatrixInputSchema, (values) => noRows(toInput(values)));

const ROW_COLUMNS = {
  xs: '1fr',
  md: 'minmax(0, 1.8fr) repeat(2, minmax(0, 0.9fr)) repeat(2, minmax(0, 1.1fr)) minmax(0, 1fr) minmax(0, 1.8fr) auto',
};

/**
 * Administration › Reserve Matrices: a matrix's name, its default reserve, and its rows — tried in order, the first
 * whose conditions hold (products, term and amount ranges, direct or indirect) names the reserve of a loan. Rows can
 * be added, removed and moved; failure toast 'Reserve Matrix Save Failed'.
 */
export const ReserveMatrixEditor = ({ record, onClose }: EditorProps<ReserveMatrix>) => {
  const form = useForm<Values>({ defaultValues: toValues(record), resolver, mode: 'onChange' });
  const rows = useFieldArray({ control: form.control, name: 'rows' });
  const save = useSaveResource(reserveMatricesResource);
  const lists = useReservesLists();
  const products = useLoanProducts().data ?? [];
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const creating = record === null;

  // Enabled reserves may be chosen; one the matrix already names stays shown (the server keeps it).
  const named = new Set([
    ...(record?.rows.map((r) => r.reserveId) ?? []),
    ...(record?.defaultReserveId ? [record.defaultReserveId] : []),
  ]);
  const reserveOptions: Option[] = (lists.data?.reserves ?? [])
    .filter((r) => r.enabled || named.has(r.id))
    .map((r) => ({ value: r.id, label: r.enabled ? r.name : `${r.name} (disabled)` }));
  const productOptions: Option[] = products.map((p) => ({ value: p.id, label: p.name }));

  const fields: FieldDecl[] = [
    {
      name: 'name',
      label: 'Name',
      kind: 'text',
      required: true,
      maxLength: RESERVE_NAME_MAX,
      span: 3,
      autoFocus: creating,
    },
    {
      name: 'defaultReserveId',
      label: 'Default Reserve',
      kind: 'select',
      numeric: true,
      emptyLabel: 'None',
      options: reserveOptions,
      span: 3,
      helperText: 'When no row applies',
    },
  ];

  const onSave = async (values: Values) => {
    setFormErrors([]);
    try {
      await save.mutateAsync({ id: record?.id ?? null, input: toInput(values) });
      toasts.success('Success', reserveTexts.saved);
      onClose();
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) setFormErrors(applyServerErrors(form, error));
      else toasts.error(messages.errors.title, reserveTexts.matrixSaveFailed);
    }
  };

  return (
    <FormDialog
      form={form}
      title={creating ? 'Add Reserve Matrix' : `Edit Reserve Matrix: ${record.name}`}
      width="min(1240px, 96vw)"
      onClose={onClose}
      onSave={onSave}
      formErrors={formErrors}
      testId="reserveMatrices-dialog"
    >
      <Stack spacing={2}>
        <FormFields fields={fields} columns={6} />
        <Box>
          <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
            Rows — tried in order; the first whose conditions all hold names the reserve. Empty conditions match any
            loan.
          </Typography>
          {rows.fields.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {reserveTexts.noRows}
            </Typography>
          ) : null}
          <Stack spacing={1}>
            {rows.fields.map((row, index) => (
              <Paper
                key={row.id}
                variant="outlined"
                data-testid="reserve-matrix-row"
                sx={{ p: 1.5, display: 'grid', gridTemplateColumns: ROW_COLUMNS, gap: 1.25, alignItems: 'start' }}
              >
                <MultiSelectInput
                  name={`rows.${index}.loanProductIds`}
                  label="Loan Products"
                  options={productOptions}
                  placeholder="Any product"
                />
                <TextInput name={`rows.${index}.minTermMonths`} label="Min Term" maxLength={3} inputMode="numeric" />
                <TextInput name={`rows.${index}.maxTermMonths`} label="Max Term" maxLength={3} inputMode="numeric" />
                <MoneyInput name={`rows.${index}.minAmount`} label="Min Amount" />
                <MoneyInput name={`rows.${index}.maxAmount`} label="Max Amount" />
                <SelectInput name={`rows.${index}.channel`} label="Channel" options={channelOptions} />
                <SelectInput
                  name={`rows.${index}.reserveId`}
                  label="Reserve"
                  required
                  numeric
                  options={reserveOptions}
                />
                <Box sx={{ display: 'flex', alignItems: 'center', pt: 0.5 }}>
                  <Tooltip title="Move up">
                    <span>
                      <IconButton
                        aria-label={`Move row ${index + 1} up`}
                        size="small"
                        disabled={index === 0}
                        onClick={() => rows.move(index, index - 1)}
                      >
                        <ArrowUpwardIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Move down">
                    <span>
                      <IconButton
                        aria-label={`Move row ${index + 1} down`}
                        size="small"
                        disabled={index === rows.fields.length - 1}
                        onClick={() => rows.move(index, index + 1)}
                      >
                        <ArrowDownwardIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Remove">
                    <IconButton aria-label={`Remove row ${index + 1}`} size="small" onClick={() => rows.remove(index)}>
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              </Paper>
            ))}
          </Stack>
          <Button
            startIcon={<AddIcon />}
            size="small"
            sx={{ mt: 1 }}
            disabled={rows.fields.length >= RESERVE_MATRIX_ROWS_MAX}
            onClick={() => rows.append(newRow())}
          >
            {reserveTexts.addRow}
          </Button>
        </Box>
        <FormFields fields={[{ name: 'enabled', label: 'Enabled', kind: 'checkbox' }]} columns={6} />
      </Stack>
    </FormDialog>
  );
};
