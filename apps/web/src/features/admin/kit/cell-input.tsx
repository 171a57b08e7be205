import { useController, useFormContext } from 'react-hook-form';
import TextField from '@mui/material/TextField';

/**
 * A compact input of a row editor (a tier's score, a term set's range), bound to the form by name: named for a
 * screen reader and a test by `label` ('Tier 2 lowest score'), its error under it.
 */
export const CellInput = ({
  name,
  label,
  placeholder,
  inputMode = 'text',
  maxLength = 24,
  width,
}: {
  name: string;
  label: string;
  placeholder?: string;
  inputMode?: 'text' | 'numeric' | 'decimal';
  maxLength?: number;
  width?: number | string;
}) => {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  return (
    <TextField
      size="small"
      hiddenLabel
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error}
      helperText={fieldState.error?.message}
      placeholder={placeholder}
      sx={{ width: width ?? '100%' }}
      slotProps={{
        htmlInput: { 'aria-label': label, maxLength, inputMode, autoComplete: 'off', spellCheck: false },
        formHelperText: { sx: { mx: 0.5 } },
      }}
    />
  );
};
