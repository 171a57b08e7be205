import { FormProvider, useFieldArray, useForm, useFormContext, useController, useWatch } from 'react-hook-form';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import {
  creditScoreModels,
  creditTierSetsResource,
  matrixColumns,
  matrixFixedColumns,
  messages,
  type CreditScoreModel,
  type CreditTier,
  type MatrixColumnKey,
  type RowOf,
} from '@credence/contracts';
import { MultiSelectInput, TextInput } from '../../../components/form/fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { noRows } from '../../../components/form/values.ts';
import { CellInput } from '../kit/cell-input.tsx';
import { usePolicyFormEditor } from '../kit/policy-editor.ts';
import { PolicyEditorFrame } from '../kit/policy-editor-frame.tsx';
import { RowActionsHeader, RowTable } from '../kit/row-controls.tsx';
import type { EditorProps } from '../kit/types.ts';

type TierSetRow = RowOf<typeof creditTierSetsResource>;
type RangeValues = { min: string; max: string };
type ConditionValues = { key: string; min: string; max: string; values: string };
/** A tier's ranges by model slot (a form path cannot hold a model's spaces and dots). */
type TierValues = { name: string; ranges: Record<string, RangeValues>; conditions: ConditionValues[] };
type Values = { name: string; scoreModels: string[]; tiers: TierValues[] };

/** 'VantageScore 3.0' -> 'VantageScore_3_0'. */
const slot = (model: string) => model.replace(/[^A-Za-z0-9]/g, '_');

const scoreMessage = 'Enter a whole score from 0 to 1000.';
const scoreText = z
  .string()
  .trim()
  .regex(/^(\d{1,4})?$/, scoreMessage)
  .refine((v) => !/^\d+$/.test(v) || Number(v) <= 1000, scoreMessage);
const boundText = z
  .string()
  .trim()
  .regex(/^(-?\d{1,11}(\.\d{1,4})?)?$/, 'Enter a number.');
const formSchema = z.object({
  name: z.string().trim().min(1, messages.validation.required).max(100),
  scoreModels: z.array(z.enum(creditScoreModels)).min(1, 'Choose the score models the tiers have ranges for.'),
  tiers: z
    .array(
      z.object({
        name: z.string().trim().min(1, messages.validation.required).max(20, 'At most 20 characters.'),
        ranges: z.record(z.string(), z.object({ min: scoreText, max: scoreText })),
        conditions: z.array(
          z.object({
            key: z.string().min(1, 'Choose a column.'),
            min: boundText,
            max: boundText,
            values: z.string().max(500),
          }),
        ),
      }),
    )
    .min(1)
    .max(30),
});

const isScore = (text: string) => /^\d+$/.test(text.trim());

/**
 * The rules across fields: per model a range typed half or backwards, a tier with no range of any model, a tier
 * name used twice, a value condition with no value.
 */
const crossRules = (values: Values) => {
  const found: Record<string, string> = {};
  const seen = new Map<string, number>();
  values.tiers.forEach((tier, i) => {
    let ranged = false;
    for (const model of values.scoreModels) {
      const at = `tiers.${i}.ranges.${slot(model)}`;
      const { min = '', max = '' } = tier.ranges[slot(model)] ?? {};
      if (min.trim() === '' && max.trim() === '') continue;
      ranged = true;
      if (min.trim() === '') found[`${at}.min`] = 'Enter both scores, or neither.';
      else if (max.trim() === '') found[`${at}.max`] = 'Enter both scores, or neither.';
      else if (isScore(min) && isScore(max) && Number(min) > Number(max))
        found[`${at}.max`] = 'The highest score is below the lowest.';
    }
    const first = values.scoreModels[0];
    if (!ranged && first) found[`tiers.${i}.ranges.${slot(first)}.min`] = 'Enter the scores of at least one model.';
    const key = tier.name.trim().toLowerCase();
    if (key && seen.has(key)) found[`tiers.${i}.name`] = 'Each tier name once.';
    else if (key) seen.set(key, i);
    tier.conditions.forEach((c, k) => {
      const column = matrixColumns[c.key as MatrixColumnKey];
      if (column?.kind === 'value' && listOf(c.values).length === 0)
        found[`tiers.${i}.conditions.${k}.values`] = 'Enter one value or more.';
    });
  });
  return found;
};
const resolver = contractResolver<Values, Values>(formSchema, noRows, crossRules);

const listOf = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** A range's two ends: its field, its header, its word in an input's name ('Tier 2 FICO 8 lowest score'). */
const scoreEnds = [
  { end: 'min', header: 'Lowest', word: 'lowest' },
  { end: 'max', header: 'Highest', word: 'highest' },
] as const;

/** The columns a tier's condition can read: a matrix's fixed columns but the credit tier itself. */
const conditionKeys = matrixFixedColumns.filter((k) => k !== 'creditTier');
const emptyCondition = (): ConditionValues => ({ key: 'product', min: '', max: '', values: '' });
const emptyTier = (models: readonly string[]): TierValues => ({
  name: '',
  ranges: Object.fromEntries(models.map((m) => [slot(m), { min: '', max: '' }])),
  conditions: [],
});

const toValues = (record: TierSetRow | null): Values => {
  const scoreModels = record?.config.scoreModels ?? ['FICO Auto 8'];
  return {
    name: record?.name ?? '',
    scoreModels: [...scoreModels],
    tiers: record
      ? record.config.tiers.map((t) => ({
          name: t.name,
          ranges: Object.fromEntries(
            creditScoreModels.map((m) => {
              const r = t.ranges[m];
              return [slot(m), { min: r ? String(r.minScore) : '', max: r ? String(r.maxScore) : '' }];
            }),
          ),
          conditions: (t.conditions ?? []).map(({ key, cell }) => ({
            key,
            min: cell.kind === 'range' ? (cell.min ?? '') : '',
            max: cell.kind === 'range' ? (cell.max ?? '') : '',
            values: cell.kind === 'value' ? cell.values.join(', ') : '',
          })),
        }))
      : [emptyTier(scoreModels)],
  };
};

const toTier = (models: readonly string[], t: TierValues): CreditTier => ({
  name: t.name.trim(),
  ranges: Object.fromEntries(
    models.flatMap((m) => {
      const r = t.ranges[slot(m)];
      return r && r.min.trim() !== '' && r.max.trim() !== ''
        ? [[m, { minScore: Number(r.min.trim()), maxScore: Number(r.max.trim()) }]]
        : [];
    }),
  ) as CreditTier['ranges'],
  conditions: t.conditions.map((c) => {
    const key = c.key as MatrixColumnKey;
    return {
      key,
      cell:
        matrixColumns[key].kind === 'range'
          ? { kind: 'range' as const, min: c.min.trim() || null, max: c.max.trim() || null }
          : { kind: 'value' as const, values: listOf(c.values) },
    };
  }),
});

/** The column of a condition: a compact select. */
const ConditionColumn = ({ name, label }: { name: string; label: string }) => {
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const value = String(field.value ?? '');
  const keys = conditionKeys.includes(value as (typeof conditionKeys)[number])
    ? conditionKeys
    : [...conditionKeys, value];
  return (
    <TextField
      select
      size="small"
      hiddenLabel
      value={value}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      sx={{ width: 150 }}
      slotProps={{ htmlInput: { 'aria-label': label }, select: { SelectDisplayProps: { 'aria-label': label } } }}
    >
      {keys.map((key) => (
        <MenuItem key={key} value={key}>
          {matrixColumns[key as MatrixColumnKey]?.label ?? key}
        </MenuItem>
      ))}
    </TextField>
  );
};

/**
 * A tier's conditions, in its cell: each a column and what the application's value must be — a range (either
 * bound may be empty) or a list of values ('New', '3, 4') — and a button to add one.
 */
const TierConditions = ({ tier }: { tier: number }) => {
  const { control } = useFormContext<Values>();
  const list = useFieldArray({ control, name: `tiers.${tier}.conditions` });
  const conditions = useWatch({ control, name: `tiers.${tier}.conditions` }) ?? [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 320 }}>
      {list.fields.map((field, k) => {
        const at = `tiers.${tier}.conditions.${k}`;
        const label = `Tier ${tier + 1} condition ${k + 1}`;
        const column = matrixColumns[(conditions[k]?.key ?? 'product') as MatrixColumnKey];
        return (
          <Box key={field.id} sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start' }}>
            <ConditionColumn name={`${at}.key`} label={`${label} column`} />
            {column?.kind === 'range' ? (
              <>
                <CellInput
                  name={`${at}.min`}
                  label={`${label} from`}
                  placeholder="from"
                  inputMode="decimal"
                  width={74}
                />
                <CellInput name={`${at}.max`} label={`${label} to`} placeholder="to" inputMode="decimal" width={74} />
              </>
            ) : (
              <CellInput
                name={`${at}.values`}
                label={`${label} values`}
                placeholder="e.g. New"
                width={152}
                maxLength={500}
              />
            )}
            <Tooltip title="Remove condition">
              <IconButton size="small" aria-label={`Remove ${label.toLowerCase()}`} onClick={() => list.remove(k)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        );
      })}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          aria-label={`Add a condition to tier ${tier + 1}`}
          disabled={list.fields.length >= 12}
          onClick={() =>
            list.append(emptyCondition(), { focusName: `tiers.${tier}.conditions.${list.fields.length}.key` })
          }
        >
          Condition
        </Button>
      </Box>
    </Box>
  );
};

/**
 * Administration › Credit Tier Sets (issue 12, items 1 and 5): a set's name, the score models its tiers have
 * ranges for, and its tiers in order — each a name, an inclusive score range per model (a column pair a model;
 * empty: the tier does not take that model's scores) and optional conditions (loan product, new / used,
 * collateral age …). An application lands in the first tier whose range for its report's score model holds its
 * score and whose conditions hold. Each field is checked as it is typed; the server's check of the whole set
 * (tiers that overlap for a model, a gap) is listed above the tiers. Save Draft keeps a draft; Save and Publish
 * puts it in effect.
 */
const CreditTierSetEditor = ({ record, onClose }: EditorProps<TierSetRow>) => {
  const form = useForm<Values>({ defaultValues: toValues(record), resolver, mode: 'onChange' });
  const tiers = useFieldArray({ control: form.control, name: 'tiers' });
  const models = (useWatch({ control: form.control, name: 'scoreModels' }) ?? []) as CreditScoreModel[];
  const frame = usePolicyFormEditor({
    form,
    resource: creditTierSetsResource,
    record,
    onClose,
    toConfig: (values) => ({
      scoreModels: values.scoreModels,
      tiers: values.tiers.map((t) => toTier(values.scoreModels, t)),
    }),
  });
  const one = models.length === 1;

  return (
    <PolicyEditorFrame
      title={record ? `Edit Credit Tier Set: ${record.name}` : 'Add Credit Tier Set'}
      testId="credit-tier-set-editor"
      what="credit tier set"
      {...frame}
    >
      <FormProvider {...form}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 0.5 }}>
          <TextInput name="name" label="Name" required maxLength={100} autoFocus={!record} />
          <MultiSelectInput
            name="scoreModels"
            label="Score models"
            required
            helperText="A column pair per model; the first is read when a report's model has no ranges here."
            options={creditScoreModels.map((m) => ({ value: m, label: m }))}
          />
        </Box>
        <Box>
          <Typography variant="subtitle2">Tiers</Typography>
          <Typography variant="body2" color="text.secondary">
            Best tier first. An application is in the first tier whose range for its score model includes its score
            (both ends count) and whose conditions all hold. For each model the tiers must cover their scores with no
            gap and no overlap.
          </Typography>
        </Box>
        <Box sx={{ overflowX: 'auto' }}>
          <RowTable
            label="Tiers"
            fields={tiers.fields}
            rowTestId="tier-row"
            spacedHead
            head={
              <>
                <tr>
                  <th rowSpan={2} style={{ width: 36 }}>
                    #
                  </th>
                  <th rowSpan={2} style={{ minWidth: 110 }}>
                    Tier
                  </th>
                  {models.map((m) => (
                    <th key={m} colSpan={2} className="group">
                      {m}
                    </th>
                  ))}
                  <th rowSpan={2}>Conditions</th>
                  <RowActionsHeader width={120} rowSpan={2} />
                </tr>
                <tr>
                  {models.flatMap((m) =>
                    scoreEnds.map(({ end, header }) => (
                      <th key={`${m}-${end}`} style={{ minWidth: 72 }}>
                        {header}
                      </th>
                    )),
                  )}
                </tr>
              </>
            }
            cells={(i) => (
              <>
                <td>
                  <CellInput name={`tiers.${i}.name`} label={`Tier ${i + 1} name`} maxLength={20} />
                </td>
                {models.flatMap((m) =>
                  scoreEnds.map(({ end, word }) => (
                    <td key={`${m}-${end}`}>
                      <CellInput
                        name={`tiers.${i}.ranges.${slot(m)}.${end}`}
                        label={`Tier ${i + 1}${one ? '' : ` ${m}`} ${word} score`}
                        inputMode="numeric"
                        maxLength={4}
                      />
                    </td>
                  )),
                )}
                <td>
                  <TierConditions tier={i} />
                </td>
              </>
            )}
            controls={{ noun: 'tier', onMove: (from, to) => tiers.move(from, to), onRemove: (i) => tiers.remove(i) }}
            add={{
              text: 'Add Tier',
              most: 30,
              onAdd: () =>
                tiers.append(emptyTier(creditScoreModels), { focusName: `tiers.${tiers.fields.length}.name` }),
            }}
          />
        </Box>
      </FormProvider>
    </PolicyEditorFrame>
  );
};

export default CreditTierSetEditor;
