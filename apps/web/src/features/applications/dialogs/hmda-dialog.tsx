import { useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useController, useForm, useFormContext, useWatch, type FieldErrors, type FieldPath } from 'react-hook-form';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import { hmdaSaveSchema, messages, type HmdaApplicant, type HmdaSave } from '@credence/contracts';
import {
  ethnicityFlags,
  HMDA_TEXT_MAX,
  hmdaDeliveryMethodLabels,
  hmdaFreeTexts,
  hmdaGenderLabels,
  raceFlags,
  toggleFlag,
  type FlagTable,
} from '@credence/domain';
import { saveHmda, useHmda } from '../dialogs-api.ts';
import { contractResolver, hasErrorsUnder } from '../../../components/form/resolver.ts';
import { enumLabel, SelectInput, TextInput, YesNoInput } from '../../../components/form/fields.tsx';
import {
  ethnicityOptions,
  freeTextLabels,
  freeTextShown,
  hmdaPayload,
  hmdaValues,
  raceOptions,
  verificationStatements,
  type FlagOption,
  type HmdaRecordValues,
  type HmdaValues,
} from '../forms/hmda-model.ts';
import { useWorksheet } from '../worksheet/worksheet-context.ts';
import { useWorksheetSave, useDialogOutcome } from '../worksheet/use-worksheet-save.ts';
import { LoadingDialog } from '../../../components/form/info-dialog.tsx';
import { FormDialog } from '../../../components/form/form-dialog.tsx';

/** Title, width and test id, the same while loading and when loaded. */
const FRAME = { title: 'HMDA', width: 1040, testId: 'hmda-dialog' } as const;

const deliveryOptions = Object.entries(hmdaDeliveryMethodLabels).map(([value, label]) => ({
  value: Number(value),
  label,
}));
const genderOptions = Object.entries(hmdaGenderLabels).map(([value, label]) => ({ value: Number(value), label }));

/** The government monitoring (HMDA) form of the application's applicants, one tab each (spec 3 §2, §5). */
export const HmdaDialog = ({ onClose }: { onClose: () => void }) => {
  const { applicationId } = useWorksheet();
  const { data, isError } = useHmda(applicationId);
  if (!data) {
    return <LoadingDialog {...FRAME} onClose={onClose} failed={isError} thing="HMDA data" />;
  }
  return <HmdaForm applicants={data} onClose={onClose} />;
};

const HmdaForm = ({ applicants, onClose }: { applicants: HmdaApplicant[]; onClose: () => void }) => {
  const { applicationId, canEdit, readOnlyReason } = useWorksheet();
  const save = useWorksheetSave();
  const [tab, setTab] = useState(0);
  const { formErrors, settle } = useDialogOutcome(onClose);
  const stored = useMemo(
    () => new Set(applicants.filter((a) => a.record !== null).map((a) => a.applicantId)),
    [applicants],
  );
  const hasData = stored.size > 0;
  const defaultValues = useMemo(() => hmdaValues(applicants), [applicants]);
  const resolver = useMemo(
    () => contractResolver<HmdaValues, HmdaSave>(hmdaSaveSchema, (v) => hmdaPayload(v, stored)),
    [stored],
  );
  // Errors show as fields change and, for every field, when Save is pressed (issue 17, item 7).
  const form = useForm<HmdaValues>({ defaultValues, resolver, mode: 'onChange' });
  const { errors } = form.formState;
  /** Save pressed with errors on another tab: that tab shows, and its first missing field takes the focus. */
  const onInvalid = (found: FieldErrors<HmdaValues>) => {
    const first = applicants.findIndex((_a, i) => hasErrorsUnder(found.records?.[i]));
    if (first < 0 || first === Math.min(tab, applicants.length - 1)) return;
    flushSync(() => setTab(first));
    const name = fieldOrder
      .map((field) => `records.${first}.${field}` as FieldPath<HmdaValues>)
      .find((n) => form.getFieldState(n).error);
    if (name) form.setFocus(name);
  };

  const onSave = (values: HmdaValues) =>
    settle(async () => {
      const { payload, rows } = hmdaPayload(values, stored);
      return save(form, (confirmFunded) => saveHmda(applicationId, { ...payload, confirmFunded }), {
        rows,
        success: { title: messages.hmda.updated },
      });
    });

  if (applicants.length === 0) {
    return <LoadingDialog {...FRAME} onClose={onClose} failed thing="applicants" />;
  }
  const current = Math.min(tab, applicants.length - 1);

  return (
    <FormDialog
      form={form}
      {...FRAME}
      onClose={onClose}
      onSave={onSave}
      onInvalid={onInvalid}
      summaryParts={(found) => applicants.filter((_a, i) => hasErrorsUnder(found.records?.[i])).map((a) => a.name)}
      saveDisabled={!canEdit}
      saveHint={readOnlyReason}
      savePristine
      formErrors={formErrors}
      saveLabel={hasData ? 'Update' : 'Save'}
      cancelLabel={hasData ? 'Cancel' : 'Add Later'}
    >
      <Tabs
        value={current}
        onChange={(_e, value: number) => setTab(value)}
        variant="scrollable"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        aria-label="Applicants"
      >
        {applicants.map((a, i) => (
          <Tab
            key={a.applicantId}
            value={i}
            label={`${a.name} (${enumLabel(a.role)})`}
            icon={hasErrorsUnder(errors.records?.[i]) ? <ErrorOutlineIcon color="error" fontSize="small" /> : undefined}
            iconPosition="end"
            sx={{ minHeight: 48 }}
          />
        ))}
      </Tabs>
      <HmdaRecordFields key={current} index={current} disabled={!canEdit} />
    </FormDialog>
  );
};

/** The fields of a tab in the order they read (the first missing one takes the focus). */
const fieldOrder = [
  'deliveryMethod',
  'gender',
  'verificationStatement1',
  'verificationStatement2',
  'verificationStatement3',
  'ethnicity',
  'ethnicityOtherHispanicOrLatino',
  'race',
  'raceAmericanIndianOrAlaskaNative',
  'raceOtherAsian',
  'raceOtherPacificIslander',
] as const;

/** One applicant's record: delivery method, gender, verification statements, race and ethnicity. */
const HmdaRecordFields = ({ index, disabled }: { index: number; disabled: boolean }) => {
  const base = `records.${index}`;
  return (
    <Box
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}
      data-testid={`hmda-record-${index}`}
    >
      <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <SelectInput
          name={`${base}.deliveryMethod`}
          label="Delivery Method"
          options={deliveryOptions}
          numeric
          required
          disabled={disabled}
        />
        <SelectInput
          name={`${base}.gender`}
          label="Gender"
          options={genderOptions}
          numeric
          required
          disabled={disabled}
        />
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          Verification
        </Typography>
        {verificationStatements.map((s) => (
          <YesNoInput key={s.field} name={`${base}.${s.field}`} label={s.label} disabled={disabled} />
        ))}
        <Box sx={{ mt: 1 }}>
          <FlagCheckboxes
            index={index}
            kind="ethnicity"
            label="Ethnicity"
            table={ethnicityFlags}
            options={ethnicityOptions}
            disabled={disabled}
          />
        </Box>
      </Box>
      <FlagCheckboxes
        index={index}
        kind="race"
        label="Race"
        table={raceFlags}
        options={raceOptions}
        disabled={disabled}
      />
    </Box>
  );
};

/**
 * Race or ethnicity checkboxes (spec 3 §4): ticking Not Provided clears the others, ticking another option
 * clears Not Provided; 1 to 5 options. The free text of an option shows under it while it is ticked.
 */
const FlagCheckboxes = <Name extends string>({
  index,
  kind,
  label,
  table,
  options,
  disabled,
}: {
  index: number;
  kind: 'race' | 'ethnicity';
  label: string;
  table: FlagTable<Name>;
  options: readonly FlagOption<Name>[];
  disabled: boolean;
}) => {
  const { control } = useFormContext<HmdaValues>();
  const { field, fieldState } = useController({ control, name: `records.${index}.${kind}` });
  const record = useWatch({ control, name: `records.${index}` }) as HmdaRecordValues;
  const selected = field.value as Name[];
  const texts = hmdaFreeTexts.filter((t) => t.kind === kind);
  return (
    <FormControl component="fieldset" error={!!fieldState.error} disabled={disabled} data-testid={`hmda-${kind}`}>
      <FormLabel component="legend" required sx={{ mb: 0.5 }}>
        {label}
      </FormLabel>
      {fieldState.error ? <FormHelperText sx={{ mx: 0, mb: 0.5 }}>{fieldState.error.message}</FormHelperText> : null}
      {options.map((option, i) => {
        const text = texts.find((t) => t.option === option.name);
        return (
          <Box key={option.name} sx={{ pl: option.sub ? 4 : 0 }}>
            <FormControlLabel
              label={option.label}
              sx={{ my: -0.25 }}
              control={
                <Checkbox
                  size="small"
                  checked={selected.includes(option.name)}
                  onChange={(event) => field.onChange(toggleFlag(table, selected, option.name, event.target.checked))}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: i === 0 ? field.ref : undefined } }}
                />
              }
            />
            {text && freeTextShown(text, record) ? (
              <Box sx={{ pl: 4, pr: 1, py: 0.75 }}>
                <FreeText
                  name={`records.${index}.${text.field}`}
                  label={freeTextLabels[text.field]}
                  required={text.required}
                  disabled={disabled}
                />
              </Box>
            ) : null}
          </Box>
        );
      })}
    </FormControl>
  );
};

/** A free text of at most 50 characters with its count out of 50. */
const FreeText = ({
  name,
  label,
  required,
  disabled,
}: {
  name: string;
  label: string;
  required: boolean;
  disabled: boolean;
}) => {
  const { control } = useFormContext();
  const value = (useWatch({ control, name }) as string | undefined) ?? '';
  return (
    <TextInput
      name={name}
      label={label}
      required={required}
      disabled={disabled}
      maxLength={HMDA_TEXT_MAX}
      helperText={messages.hmda.textCount(value.length)}
      sx={{ '& .MuiFormHelperText-root': { textAlign: 'right' } }}
    />
  );
};
