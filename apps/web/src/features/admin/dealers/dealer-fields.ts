import { useController, useFormContext } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import MuiTextField from '@mui/material/TextField';
import type { DealerValues } from './dealer-form.ts';

type Name = keyof DealerValues;

const useField = (name: Name) => {
  const { control } = useFormContext<DealerValues>();
  return useController({ name, control });
};

/** A text input bound to the dealer form. */
export const TextField = ({
  name,
  label,
  required,
  maxLength,
  autoFocus,
}: {
  name: Name;
  label: string;
  required?: boolean;
  maxLength?: number;
  autoFocus?: boolean;
}) => {
  const { field, fieldState } = useField(name);
  return (
    <MuiTextField
      label={label}
      name={field.name}
      value={field.value as string}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      required={required}
      autoFocus={autoFocus}
      error={!!fieldState.error}
      helperText={fieldState.error?.message}
      fullWidth
      slotProps={{ htmlInput: { maxLength, autoComplete: 'off' } }}
    />
  );
};

export const SelectField = ({
  name,
  label,
  options,
}: {
  name: Name;
  label: string;
  options: { value: string; label: string }[];
}) => {
  const { field, fieldState } = useField(name);
  return (
    <MuiTextField
      select
      label={label}
      name={field.name}
      value={field.value as string}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error}
      helperText={fieldState.error?.message}
      fullWidth
    >
      <MenuItem value="">
        <em>None</em>
      </MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </MuiTextField>
  );
};

export const CheckboxField = ({ name, label }: { name: Name; label: string }) => {
  const { field } = useField(name);
  return (
    <FormControlLabel
      label={label}
      control={
        <Checkbox
          checked={field.value === true}
          onChange={(event) => field.onChange(event.target.checked)}
          size="small"
        />
      }
    />
  );
};
