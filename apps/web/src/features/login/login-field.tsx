import { useId, type Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

type Props = UseFormRegisterReturn & {
  label: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: string;
};

/**
 * The sign-in form's outlined field, as MUI's TextField draws it (label, notch, helper text) but without TextField's
 * static import of Select, and so of Menu, Popover and Grow: the sign-in page's first load leaves them out (issue 36
 * gave the room to the lazily loaded second step's import).
 */
export const LoginField = ({ label, type, autoComplete, autoFocus, error, helperText, ref, ...field }: Props) => {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl fullWidth error={error} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        inputRef={ref as Ref<HTMLInputElement>}
        aria-describedby={helperText ? helperId : undefined}
        {...field}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
};
