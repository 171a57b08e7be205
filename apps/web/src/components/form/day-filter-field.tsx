import { useState } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { DATE_MAX, DATE_MIN } from '@credence/contracts';

/** A whole day the server accepts (YYYY-MM-DD, 1900 to 2199): a date field's value while its year is typed is not. */
export const isFilterDay = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= DATE_MIN && value <= DATE_MAX;

/**
 * A date filter (the audit history's, the reports'): the field keeps what is being typed (a year passes through
 * 0002, 0020, 0202 on its way to 2026) and hands on only a whole day the server accepts, or '' when cleared.
 */
export const DayFilterField = ({
  value,
  onDay,
  ...props
}: { value: string; onDay: (day: string) => void } & TextFieldProps) => {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // The URL changed (Clear filters, back, a link): show its day.
    setShown(value);
    setText(value);
  }
  return (
    <TextField
      {...props}
      size="small"
      type="date"
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        if (next === '' || isFilterDay(next)) {
          setShown(next);
          onDay(next);
        }
      }}
    />
  );
};
