import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { creditScoreModels, creditTierSetsResource, messages, type RowOf } from '@credence/contracts';
import { SelectInput, TextInput } from '../../../components/form/fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { noRows } from '../../../components/form/values.ts';
import { CellInputs, type CellSpec } from '../kit/cell-input.tsx';
import { usePolicyFormEditor } from '../kit/policy-editor.ts';
import { PolicyEditorFrame } from '../kit/policy-editor-frame.tsx';
import { RowActionsHeader, RowTable } from '../kit/row-controls.tsx';
import type { EditorProps } from '../kit/types.ts';

type TierSetRow = RowOf<typeof creditTierSetsResource>;
type TierValues = { name: string; minScore: string; maxScore: string };
type Values = { name: string; scoreModel: string; tiers: TierValues[] };

const scoreMessage = 'Enter a whole score from 0 to 1000.';
const scoreText = z
  .string()
  .trim()
  .min(1, messages.validation.required)
  .regex(/^\d{1,4}$/, scoreMessage)
  .refine((v) => !/^\d+$/.test(v) || Number(v) <= 1000, scoreMessage);
const formSchema = z.object({
  name: z.string().trim().min(1, messages.validation.required).max(100),
  scoreModel: z.enum(creditScoreModels, { message: 'Choose the score model the tiers read.' }),
  tiers: z
    .array(
      z.object({
        name: z.string().trim().min(1, messages.validation.required).max(20, 'At most 20 characters.'),
        minScore: scoreText,
        maxScore: scoreText,
      }),
    )
    .min(1)
    .max(30),
});

/** The rules across fields: a range that runs backwards, a tier name used twice. */
const crossRules = (values: Values) => {
  const found: Record<string, string> = {};
  const seen = new Map<string, number>();
  values.tiers.forEach((tier, i) => {
    const min = Number(tier.minScore);
    const max = Number(tier.maxScore);
    if (/^\d+$/.test(tier.minScore.trim()) && /^\d+$/.test(tier.maxScore.trim()) && min > max)
      found[`tiers.${i}.maxScore`] = 'The highest score is below the lowest.';
    const key = tier.name.trim().toLowerCase();
    if (key && seen.has(key)) found[`tiers.${i}.name`] = 'Each tier name once.';
    else if (key) seen.set(key, i);
  });
  return found;
};
const resolver = contractResolver<Values, Values>(formSchema, noRows, crossRules);

/** A tier's inputs, in order. */
const tierCells: CellSpec<keyof TierValues>[] = [
  { key: 'name', label: 'name', maxLength: 20 },
  { key: 'minScore', label: 'lowest score', inputMode: 'numeric', maxLength: 4 },
  { key: 'maxScore', label: 'highest score', inputMode: 'numeric', maxLength: 4 },
];
const emptyTier = (): TierValues => ({ name: '', minScore: '', maxScore: '' });
const toValues = (record: TierSetRow | null): Values => ({
  name: record?.name ?? '',
  scoreModel: record?.config.scoreModel ?? 'FICO Auto 8',
  tiers: record
    ? record.config.tiers.map((t) => ({ name: t.name, minScore: String(t.minScore), maxScore: String(t.maxScore) }))
    : [emptyTier()],
});

/**
 * Administration › Credit Tier Sets (issue 12, item 5): a set's name, the score model its tiers read and its
 * tiers in order (best first, as the decision engine reports them): each a name and an inclusive score range.
 * Rows are added, removed and moved; each field is checked as it is typed (a whole score 0–1000, the highest
 * not below the lowest, each name once) and the server's check of the whole set (overlapping tiers, a gap
 * between two) is listed above the tiers. Save Draft keeps a draft; Save and Publish puts it in effect.
 */
const CreditTierSetEditor = ({ record, onClose }: EditorProps<TierSetRow>) => {
  const form = useForm<Values>({ defaultValues: toValues(record), resolver, mode: 'onChange' });
  const tiers = useFieldArray({ control: form.control, name: 'tiers' });
  const frame = usePolicyFormEditor({
    form,
    resource: creditTierSetsResource,
    record,
    onClose,
    toConfig: (values) => ({
      scoreModel: values.scoreModel,
      tiers: values.tiers.map((t) => ({
        name: t.name.trim(),
        minScore: Number(t.minScore),
        maxScore: Number(t.maxScore),
      })),
    }),
  });

  return (
    <PolicyEditorFrame
      title={record ? `Edit Credit Tier Set: ${record.name}` : 'Add Credit Tier Set'}
      testId="credit-tier-set-editor"
      what="credit tier set"
      {...frame}
    >
      <FormProvider {...form}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, gap: 2, pt: 0.5 }}>
          <TextInput name="name" label="Name" required maxLength={100} autoFocus={!record} />
          <SelectInput
            name="scoreModel"
            label="Score model"
            required
            options={creditScoreModels.map((m) => ({ value: m, label: m }))}
          />
        </Box>
        <Box>
          <Typography variant="subtitle2">Tiers</Typography>
          <Typography variant="body2" color="text.secondary">
            Best tier first. Each range includes both scores; together the tiers must cover their scores with no gap and
            no overlap.
          </Typography>
        </Box>
        <RowTable
          label="Tiers"
          fields={tiers.fields}
          rowTestId="tier-row"
          spacedHead
          head={
            <tr>
              <th style={{ width: 36 }}>#</th>
              <th>Tier</th>
              <th>Lowest score</th>
              <th>Highest score</th>
              <RowActionsHeader width={120} />
            </tr>
          }
          cells={(i) => <CellInputs prefix={`tiers.${i}`} labelPrefix={`Tier ${i + 1}`} cells={tierCells} />}
          controls={{ noun: 'tier', onMove: (from, to) => tiers.move(from, to), onRemove: (i) => tiers.remove(i) }}
          add={{
            text: 'Add Tier',
            most: 30,
            onAdd: () => tiers.append(emptyTier(), { focusName: `tiers.${tiers.fields.length}.name` }),
          }}
        />
      </FormProvider>
    </PolicyEditorFrame>
  );
};

export default CreditTierSetEditor;
