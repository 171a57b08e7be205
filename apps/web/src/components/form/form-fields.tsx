import Box from '@mui/material/Box';
import {
  CheckboxInput,
  DateInput,
  MoneyInput,
  MultiSelectInput,
  PhoneInput,
  SelectInput,
  TextInput,
  YesNoInput,
  type Option,
} from './fields.tsx';

/** The kinds of input a declared field can be. */
export type FieldKind =
  'text' | 'multiline' | 'email' | 'select' | 'multiSelect' | 'checkbox' | 'yesNo' | 'date' | 'phone' | 'money';

/**
 * One field of a form, declared: the generic administration form (and any plain dialog) lays its inputs out
 * from a list of these instead of writing each input by hand.
 */
export type FieldDecl = {
  /** The form value's path ('name', 'address.city'). */
  name: string;
  label: string;
  kind: FieldKind;
  /** Marks the label with '*'; what is required is decided by the contract schema (the resolver). */
  required?: boolean;
  maxLength?: number;
  /** Choices of a select or multi-select. */
  options?: readonly Option[];
  /** A select's empty choice ('None'); none when omitted. */
  emptyLabel?: string;
  /** A select whose values are numbers (ids). */
  numeric?: boolean;
  /** Columns of the form's grid the field spans (of `columns`); all of them on a narrow screen. */
  span?: number;
  helperText?: string;
  autoFocus?: boolean;
  disabled?: boolean;
};

/** The input of one declared field. */
export const DeclaredField = ({ field, disabled }: { field: FieldDecl; disabled?: boolean }) => {
  const { name, label, required, helperText } = field;
  const common = { name, label, required, helperText, disabled: disabled || field.disabled };
  switch (field.kind) {
    case 'text':
    case 'email':
    case 'multiline':
      return (
        <TextInput
          {...common}
          maxLength={field.maxLength}
          autoFocus={field.autoFocus}
          inputMode={field.kind === 'email' ? 'email' : undefined}
          multiline={field.kind === 'multiline'}
          minRows={field.kind === 'multiline' ? 3 : undefined}
        />
      );
    case 'select':
      return (
        <SelectInput {...common} options={field.options ?? []} emptyLabel={field.emptyLabel} numeric={field.numeric} />
      );
    case 'multiSelect':
      return <MultiSelectInput {...common} options={field.options ?? []} />;
    case 'checkbox':
      return <CheckboxInput name={name} label={label} disabled={common.disabled} />;
    case 'yesNo':
      return <YesNoInput name={name} label={label} disabled={common.disabled} />;
    case 'date':
      return <DateInput {...common} />;
    case 'phone':
      return <PhoneInput {...common} maxLength={field.maxLength} />;
    case 'money':
      return <MoneyInput {...common} />;
  }
};

/**
 * Declared fields in a grid of `columns` columns (each field spans `span` of them, all by default); one column
 * on a narrow screen. The surrounding form (FormDialog) provides the values and errors.
 */
export const FormFields = ({
  fields,
  columns = 6,
  disabled,
}: {
  fields: readonly FieldDecl[];
  columns?: number;
  disabled?: boolean;
}) => (
  <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns}, minmax(0, 1fr))` } }}>
    {fields.map((field) => (
      <Box key={field.name} sx={{ gridColumn: { sm: `span ${Math.min(field.span ?? columns, columns)}` } }}>
        <DeclaredField field={field} disabled={disabled} />
      </Box>
    ))}
  </Box>
);
