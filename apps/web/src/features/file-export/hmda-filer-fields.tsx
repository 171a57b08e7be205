import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { hmdaFederalAgencies, usStates, type FieldError, type FileExportKind } from '@credence/contracts';

/** The HMDA filer's fields as typed (contracts `hmdaFilerSchema`): every one a text, '' when empty. */
export type HmdaFilerForm = Record<(typeof filerFields)[number]['key'], string>;

const filerFields = [
  { key: 'lei', label: 'LEI', placeholder: '20 letters or digits' },
  { key: 'taxId', label: 'Tax id', placeholder: '99-9999999' },
  { key: 'federalAgency', label: 'Federal agency', options: hmdaFederalAgencies.map((a) => [a.code, a.label]) },
  { key: 'contactName', label: 'Contact name' },
  { key: 'contactPhone', label: 'Contact phone', placeholder: '999-999-9999' },
  { key: 'contactEmail', label: 'Contact e-mail' },
  { key: 'contactStreet', label: 'Office street' },
  { key: 'contactCity', label: 'Office city' },
  { key: 'contactState', label: 'Office state', options: usStates.map((s) => [s, s]) },
  { key: 'contactZip', label: 'Office ZIP' },
] as const satisfies readonly { key: string; label: string; placeholder?: string; options?: readonly string[][] }[];

/** The filer as the page starts it: the lender's most recent HMDA export's (the kinds' `prefill`), else NCUA. */
export const initialHmdaFiler = (kind: FileExportKind | undefined): HmdaFilerForm => {
  const given = (kind?.prefill?.hmdaFiler ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof given[key] === 'string' ? given[key] : '');
  return Object.fromEntries(
    filerFields.map((f) => [f.key, text(f.key) || (f.key === 'federalAgency' ? '5' : '')]),
  ) as HmdaFilerForm;
};

/** The filer as the request carries it: the fields typed (an empty one is missing; the edits name it). */
export const hmdaFilerFilters = (filer: HmdaFilerForm) =>
  Object.fromEntries(Object.entries(filer).filter(([, v]) => v.trim() !== ''));

/**
 * The HMDA filer's identity, asked when the HMDA LAR is chosen: the transmittal sheet's LEI, tax id, federal
 * agency and HMDA contact (Credence keeps none of them; they come back from the last HMDA export). The server's
 * field errors (422) show under each field.
 */
export const HmdaFilerFields = ({
  filer,
  onChange,
  errors,
}: {
  filer: HmdaFilerForm;
  onChange: (next: HmdaFilerForm) => void;
  errors: readonly FieldError[];
}) => (
  <>
    <Box sx={{ gridColumn: '1 / -1', mt: 1 }}>
      <Typography variant="subtitle2" component="h3">
        HMDA filer (transmittal sheet)
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Filled in from the lender’s last HMDA export, if any. A missing field fails the export with the FFIEC edit that
        asks for it.
      </Typography>
    </Box>
    {filerFields.map((f) => {
      const error = errors.find((e) => e.field === `filters.hmdaFiler.${f.key}`)?.message;
      const options = 'options' in f ? f.options : undefined;
      return (
        <TextField
          key={f.key}
          select={options !== undefined}
          size="small"
          label={f.label}
          value={filer[f.key]}
          onChange={(event) => onChange({ ...filer, [f.key]: event.target.value })}
          error={error !== undefined}
          helperText={error}
          placeholder={'placeholder' in f ? f.placeholder : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
        >
          {options?.map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {value === label ? value : `${label} (${value})`}
            </MenuItem>
          ))}
        </TextField>
      );
    })}
  </>
);
