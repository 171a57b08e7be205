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

/** One input of a row editor's row: its field, its name after the row's ('lowest score') and its input's kind. */
export type CellSpec<Key extends string> = {
  key: Key;
  label: string;
  placeholder?: string;
  inputMode?: 'text' | 'numeric' | 'decimal';
  maxLength?: number;
};

/** A row's inputs, a cell each: `${prefix}.${key}`, named '`${labelPrefix}` `label`' ('Tier 2 lowest score'). */
export const CellInputs = <Key extends string>({
  prefix,
  labelPrefix,
  cells,
}: {
  prefix: string;
  labelPrefix: string;
  cells: readonly CellSpec<Key>[];
}) =>
  cells.map((cell) => (
    <td key={cell.key}>
      <CellInput
        name={`${prefix}.${cell.key}`}
        label={`${labelPrefix} ${cell.label}`}
        placeholder={cell.placeholder}
        inputMode={cell.inputMode}
        maxLength={cell.maxLength}
      />
    </td>
  ));
