import type { ReactNode } from 'react';
import { useController, useFormContext, type ControllerFieldState, type ControllerRenderProps } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { MoneyTextField } from '../money-input.tsx';
import { formatPhone } from './phone.ts';

/*
 * Inputs bound to the surrounding react-hook-form (FormProvider) by field name. They show the field's error
 * under the input, and are disabled with the form when `disabled` is passed.
 */

type BaseProps = {
  name: string;
  label: string;
  disabled?: boolean;
  required?: boolean;
  helperText?: ReactNode;
  sx?: TextFieldProps['sx'];
  fullWidth?: boolean;
};

/** The field's registered value, error and handlers. */
const useField = (name: string) => {
  const { control } = useFormContext();
  return useController({ name, control });
};

/** What every text-like input takes from its field: name, blur, ref, and the error in place of the help text. */
const bound = (
  field: ControllerRenderProps,
  fieldState: ControllerFieldState,
  { label, disabled, required, helperText, sx, fullWidth = true }: BaseProps,
) => ({
  label,
  name: field.name,
  onBlur: field.onBlur,
  inputRef: field.ref,
  error: !!fieldState.error,
  helperText: fieldState.error?.message ?? helperText,
  disabled,
  required,
  fullWidth,
  sx,
});

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

export const TextInput = ({
  multiline,
  minRows,
  maxLength,
  inputMode,
  transform,
  placeholder,
  autoFocus,
  ...base
}: BaseProps & {
  multiline?: boolean;
  minRows?: number;
  maxLength?: number;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email';
  /** Applied to what is typed (e.g. upper-casing a VIN). */
  transform?: (value: string) => string;
  placeholder?: string;
  autoFocus?: boolean;
}) => {
  const { field, fieldState } = useField(base.name);
  return (
    <TextField
      {...bound(field, fieldState, base)}
      value={textOf(field.value)}
      onChange={(event) => field.onChange(transform ? transform(event.target.value) : event.target.value)}
      placeholder={placeholder}
      autoFocus={autoFocus}
      multiline={multiline}
      minRows={minRows}
      slotProps={{ htmlInput: { maxLength, inputMode, autoComplete: 'off' } }}
    />
  );
};

/**
 * A phone number: typed freely (digits are what is sent, `phonePayload`), shown as (303) 555-1234 once the
 * field is left with ten digits in it (`formatPhone`, the app's one phone formatter).
 */
export const PhoneInput = ({ maxLength = 16, ...base }: BaseProps & { maxLength?: number }) => {
  const { field, fieldState } = useField(base.name);
  return (
    <TextField
      {...bound(field, fieldState, base)}
      value={textOf(field.value)}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={() => {
        const typed = textOf(field.value);
        const digits = typed.replace(/\D/g, '');
        if (digits.length === 10 && formatPhone(digits) !== typed) field.onChange(formatPhone(digits));
        field.onBlur();
      }}
      slotProps={{ htmlInput: { maxLength, inputMode: 'tel', autoComplete: 'off' } }}
    />
  );
};

/**
 * A money input bound to the form: the app's one money input (components/money-input.tsx). The form's
 * resolver says what is wrong with a typed amount (not a number, too many decimals, too large, negative
 * where the field does not allow it).
 */
export const MoneyInput = ({
  readOnly,
  onUserChange,
  ...base
}: BaseProps & { readOnly?: boolean; onUserChange?: (value: string) => void }) => {
  const { field, fieldState } = useField(base.name);
  return (
    <MoneyTextField
      {...bound(field, fieldState, base)}
      value={textOf(field.value)}
      onChange={(text, reason) => {
        field.onChange(text);
        if (reason !== 'format') onUserChange?.(text);
      }}
      readOnly={readOnly}
    />
  );
};

/** A value shown like an input but not editable (a computed total). */
export const ReadOnlyAmount = ({ label, value, testId }: { label: string; value: string; testId?: string }) => (
  <TextField
    label={label}
    value={value}
    fullWidth
    slotProps={{
      input: { readOnly: true, startAdornment: <InputAdornment position="start">$</InputAdornment> },
      htmlInput: { style: { textAlign: 'right', fontWeight: 600 }, 'data-testid': testId, tabIndex: -1 },
    }}
    sx={{ '& .MuiInputBase-root': { bgcolor: 'action.hover' } }}
  />
);

export type Option = { value: string | number; label: string; disabled?: boolean };

export const SelectInput = ({
  options,
  emptyLabel,
  numeric,
  onUserChange,
  ...base
}: BaseProps & {
  options: readonly Option[];
  /** Offer an empty choice with this label (e.g. 'None'). */
  emptyLabel?: string;
  /** The values are numbers (e.g. a phone type id). */
  numeric?: boolean;
  /** Called after the user picks a value (to adjust other fields). */
  onUserChange?: (value: string | number) => void;
}) => {
  const { field, fieldState } = useField(base.name);
  const value = (field.value as string | number | null | undefined) ?? '';
  return (
    <TextField
      select
      {...bound(field, fieldState, base)}
      value={options.some((o) => o.value === value) ? value : ''}
      onChange={(event) => {
        const next = numeric && event.target.value !== '' ? Number(event.target.value) : event.target.value;
        field.onChange(next);
        onUserChange?.(next);
      }}
    >
      {emptyLabel !== undefined ? (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      ) : null}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
};

export const DateInput = ({
  max,
  ...base
}: BaseProps & { /** The latest date the picker offers (yyyy-mm-dd). */ max?: string }) => {
  const { field, fieldState } = useField(base.name);
  return (
    <TextField
      type="date"
      {...bound(field, fieldState, base)}
      value={textOf(field.value)}
      onChange={(event) => field.onChange(event.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: max ? { max } : undefined }}
    />
  );
};

export const CheckboxInput = ({
  name,
  label,
  disabled,
  onUserChange,
}: {
  name: string;
  label: string;
  disabled?: boolean;
  onUserChange?: (checked: boolean) => void;
}) => {
  const { field } = useField(name);
  return (
    <FormControlLabel
      label={label}
      disabled={disabled}
      control={
        <Checkbox
          name={field.name}
          checked={field.value === true}
          onChange={(event) => {
            field.onChange(event.target.checked);
            onUserChange?.(event.target.checked);
          }}
          onBlur={field.onBlur}
          slotProps={{ input: { ref: field.ref } }}
          size="small"
        />
      }
    />
  );
};

/** Options of an enumeration, labelled from its SCREAMING_CASE value ('SITE_BUILT' -> 'Site Built'). */
export const enumOptions = (values: readonly string[], labels?: Partial<Record<string, string>>): Option[] =>
  values.map((value) => ({ value, label: labels?.[value] ?? enumLabel(value) }));

export const enumLabel = (value: string): string =>
  value
    .toLowerCase()
    .split('_')
    .map((word) => (word ? word[0]!.toUpperCase() + word.slice(1) : word))
    .join(' ');

/** A required yes or no question as two radio buttons; the value is true, false or null (not answered). */
export const YesNoInput = ({ name, label, disabled }: { name: string; label: string; disabled?: boolean }) => {
  const { field, fieldState } = useField(name);
  const value = field.value === true ? 'yes' : field.value === false ? 'no' : '';
  return (
    <FormControl error={!!fieldState.error} disabled={disabled} component="fieldset" sx={{ display: 'block' }}>
      <FormLabel component="legend" sx={{ fontSize: 14 }}>
        {label}
      </FormLabel>
      <RadioGroup
        row
        name={field.name}
        value={value}
        onChange={(event) => field.onChange(event.target.value === 'yes')}
        onBlur={field.onBlur}
      >
        <FormControlLabel
          value="yes"
          control={<Radio size="small" slotProps={{ input: { ref: field.ref } }} />}
          label="Yes"
        />
        <FormControlLabel value="no" control={<Radio size="small" />} label="No" />
      </RadioGroup>
      {fieldState.error ? <FormHelperText sx={{ mt: -0.5 }}>{fieldState.error.message}</FormHelperText> : null}
    </FormControl>
  );
};

/**
 * Several choices of a list (user groups, members): typed to search, each chosen one shown as a chip. The value is
 * the array of the chosen options' values; a value with no option (a choice no longer offered) is kept silently.
 */
export const MultiSelectInput = ({
  options,
  placeholder,
  ...base
}: BaseProps & { options: readonly Option[]; placeholder?: string }) => {
  const { field, fieldState } = useField(base.name);
  const values = Array.isArray(field.value) ? (field.value as (string | number)[]) : [];
  const chosen = options.filter((o) => values.includes(o.value));
  const hidden = values.filter((v) => !options.some((o) => o.value === v));
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      options={options}
      value={chosen}
      disabled={base.disabled}
      getOptionLabel={(option) => option.label}
      getOptionDisabled={(option) => option.disabled === true}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      onChange={(_event, next) => field.onChange([...hidden, ...next.map((o) => o.value)])}
      onBlur={field.onBlur}
      size="small"
      renderInput={(params) => (
        <TextField
          {...params}
          label={base.label}
          name={field.name}
          inputRef={field.ref}
          required={base.required}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? base.helperText}
          placeholder={chosen.length === 0 ? placeholder : undefined}
        />
      )}
    />
  );
};
