import type { ClipboardEvent, FocusEvent, ReactNode, Ref } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { displayMoneyText, groupMoney, parseMoneyText } from '../lib/money-text.ts';

/*
 * The one money input of the app (issue 17, item 5): '$' in front, right-aligned, typed freely and read by
 * lib/money-text.ts (digits, one decimal point, two decimals, a sign where the field allows it), grouped as
 * 1,234.50 once left. Pasting '$1,234.50' or '(200.00)' into an empty or fully selected input puts the amount
 * in as it reads. It never throws on what is typed: a text that does not read as money stays as typed and the
 * form's rule names the problem (form-utils' resolver, or `moneyTextError` for a form of its own).
 */

/** Why the text changed: typed, pasted, or grouped when the field was left. */
export type MoneyChangeReason = 'input' | 'paste' | 'format';

export type MoneyTextFieldProps = {
  value: string;
  onChange: (text: string, reason: MoneyChangeReason) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  label: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  error?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  readOnly?: boolean;
  fullWidth?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
  size?: TextFieldProps['size'];
  sx?: TextFieldProps['sx'];
  testId?: string;
};

export const MoneyTextField = ({
  value,
  onChange,
  onBlur,
  label,
  name,
  inputRef,
  error,
  helperText,
  disabled,
  required,
  readOnly,
  fullWidth = true,
  autoFocus,
  placeholder,
  size,
  sx,
  testId,
}: MoneyTextFieldProps) => {
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const wholeValue = input.value === '' || (input.selectionStart === 0 && input.selectionEnd === input.value.length);
    if (!wholeValue) return;
    const pasted = parseMoneyText(event.clipboardData.getData('text'));
    if (!pasted.ok || pasted.value === null) return;
    event.preventDefault();
    onChange(groupMoney(pasted.value), 'paste');
  };
  return (
    <TextField
      label={label}
      name={name}
      value={value}
      onChange={(event) => onChange(event.target.value, 'input')}
      onBlur={(event) => {
        const shown = displayMoneyText(value);
        if (shown !== value) onChange(shown, 'format');
        onBlur?.(event);
      }}
      inputRef={inputRef}
      error={error}
      helperText={helperText}
      disabled={disabled}
      required={required}
      fullWidth={fullWidth}
      autoFocus={autoFocus}
      placeholder={placeholder}
      size={size}
      sx={sx}
      slotProps={{
        input: {
          readOnly,
          startAdornment: <InputAdornment position="start">$</InputAdornment>,
        },
        htmlInput: {
          inputMode: 'decimal',
          onPaste,
          autoComplete: 'off',
          style: { textAlign: 'right' },
          'data-testid': testId,
        },
      }}
    />
  );
};
