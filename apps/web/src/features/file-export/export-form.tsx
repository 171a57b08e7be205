import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  HMDA_LAR_KIND,
  fileExportFormatLabels,
  fileExportMessages,
  queueGridNames,
  queueTitles,
  type FileExportKind,
  type FileExportRequest,
  type QueueFilterItem,
  type QueueGridName,
} from '@credence/contracts';
import { DayFilterField } from '../../components/form/day-filter-field.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { toasts, showApiErrorToast } from '../../lib/toast.tsx';
import { useQueueValueOptions, useStartExport } from './api.ts';
import { HmdaFilerFields, hmdaFilerFilters, initialHmdaFiler } from './hmda-filer-fields.tsx';

type Option = { value: string | number; label: string };

/** The fields in five even columns (two on a narrow screen), never wider than a wide screen needs. */
const FORM_MAX_WIDTH = 1280;
const fieldGrid = {
  display: 'grid',
  gap: 2,
  maxWidth: FORM_MAX_WIDTH,
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
} as const;

/** A multiple choice shown as "3 selected" (the list stays one line whatever is chosen). */
const MultiSelect = ({
  label,
  options,
  value,
  onChange,
  allLabel,
}: {
  label: string;
  options: readonly Option[];
  value: (string | number)[];
  onChange: (next: (string | number)[]) => void;
  allLabel: string;
}) => (
  <TextField
    select
    size="small"
    label={label}
    value={value}
    fullWidth
    slotProps={{
      select: {
        multiple: true,
        displayEmpty: true,
        renderValue: (selected) => {
          const chosen = selected as (string | number)[];
          if (chosen.length === 0) return allLabel;
          if (chosen.length === 1) return options.find((o) => o.value === chosen[0])?.label ?? '';
          return `${chosen.length} selected`;
        },
        MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
      },
      inputLabel: { shrink: true },
    }}
    onChange={(event) => onChange(event.target.value as unknown as (string | number)[])}
  >
    {options.map((o) => (
      <MenuItem key={String(o.value)} value={o.value} dense>
        <Checkbox size="small" checked={value.includes(o.value)} sx={{ p: 0.5, mr: 1 }} />
        <ListItemText primary={o.label} />
      </MenuItem>
    ))}
  </TextField>
);

/** The filter items of the queue's search request the chosen lists stand for (each "is any of"). */
const filterItems = (choices: Record<'state' | 'loanProduct' | 'dealer', (string | number)[]>): QueueFilterItem[] =>
  (Object.entries(choices) as [string, (string | number)[]][])
    .filter(([, values]) => values.length > 0)
    .map(([field, values]) => ({ field, operator: 'isAnyOf', value: values }));

/**
 * The new export (issue 33): what (kind), as what (format), which rows (a queue, statuses, products, dealers, a
 * period) and which columns (the kind's default set first). Started as a job: the page then shows its progress.
 */
export const ExportForm = ({
  kinds,
  onStarted,
}: {
  kinds: readonly FileExportKind[];
  onStarted: (id: number) => void;
}) => {
  const [kindKey, setKindKey] = useState(kinds[0]?.kind ?? '');
  const kind = kinds.find((k) => k.kind === kindKey) ?? kinds[0];
  const [format, setFormat] = useState<string>(kind?.formats[0] ?? 'csv');
  const [gridName, setGridName] = useState<QueueGridName>('allApplicationsQueue');
  const [states, setStates] = useState<(string | number)[]>([]);
  const [products, setProducts] = useState<(string | number)[]>([]);
  const [dealers, setDealers] = useState<(string | number)[]>([]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [year, setYear] = useState(String(new Date().getFullYear() - 1));
  const [columnsByKind, setColumnsByKind] = useState<Record<string, string[]>>({});
  const [filer, setFiler] = useState(() => initialHmdaFiler(kinds.find((k) => k.kind === HMDA_LAR_KIND)));
  const options = useQueueValueOptions();
  const start = useStartExport();

  const valueOptions = useMemo(() => {
    const of = (field: string): Option[] =>
      options.data?.columns
        .find((c) => c.field === field)
        ?.valueOptions?.map((o) => ({ value: o.value, label: o.label })) ?? [];
    return { state: of('state'), loanProduct: of('loanProduct'), dealer: of('dealer') };
  }, [options.data]);

  if (!kind) return null;
  const columns = columnsByKind[kind.kind] ?? kind.columns.filter((c) => c.default).map((c) => c.field);
  const chooseKind = (next: string) => {
    setKindKey(next);
    const formats = kinds.find((k) => k.kind === next)?.formats ?? [];
    if (!formats.includes(format as never)) setFormat(formats[0] ?? 'csv');
  };

  const request = (): FileExportRequest => {
    const period = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
    switch (kind.filterSet) {
      case 'queue':
        return {
          kind: kind.kind,
          format: format as FileExportRequest['format'],
          filters: {
            criteria: {
              gridName,
              filter: { logic: 'and', filters: filterItems({ state: states, loanProduct: products, dealer: dealers }) },
            },
            columns: kind.columns.filter((c) => columns.includes(c.field)).map((c) => c.field),
            ...period,
          },
        };
      case 'year':
        return {
          kind: kind.kind,
          format: format as FileExportRequest['format'],
          filters: {
            year: Number(year),
            ...(kind.kind === HMDA_LAR_KIND ? { hmdaFiler: hmdaFilerFilters(filer) } : {}),
          },
        };
      case 'day':
        return { kind: kind.kind, format: format as FileExportRequest['format'], filters: to ? { day: to } : {} };
    }
  };

  const onStart = () =>
    start.mutate(request(), {
      onSuccess: (created) => {
        toasts.success(fileExportMessages.started);
        onStarted(created.id);
      },
      onError: showApiErrorToast,
    });

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-labelledby="new-export-title">
      <Typography id="new-export-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {fileExportMessages.newExport}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {kind.description}
      </Typography>
      <Box sx={fieldGrid}>
        <TextField
          select
          size="small"
          label="Export"
          value={kind.kind}
          onChange={(event) => chooseKind(event.target.value)}
          fullWidth
        >
          {kinds.map((k) => (
            <MenuItem key={k.kind} value={k.kind}>
              {k.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Format"
          value={format}
          onChange={(event) => setFormat(event.target.value)}
          fullWidth
        >
          {kind.formats.map((f) => (
            <MenuItem key={f} value={f}>
              {fileExportFormatLabels[f]}
            </MenuItem>
          ))}
        </TextField>
        {kind.filterSet === 'queue' ? (
          <>
            <TextField
              select
              size="small"
              label="Queue"
              value={gridName}
              onChange={(event) => setGridName(event.target.value as QueueGridName)}
              fullWidth
            >
              {queueGridNames.map((g) => (
                <MenuItem key={g} value={g}>
                  {queueTitles[g]}
                </MenuItem>
              ))}
            </TextField>
            <MultiSelect
              label="Columns"
              options={kind.columns.map((c) => ({ value: c.field, label: c.header }))}
              value={columns}
              onChange={(next) => setColumnsByKind({ ...columnsByKind, [kind.kind]: next as string[] })}
              allLabel="Choose columns"
            />
            <Box sx={{ display: { xs: 'none', md: 'block' } }} />

            <MultiSelect
              label="Status"
              options={valueOptions.state}
              value={states}
              onChange={setStates}
              allLabel="All statuses"
            />
            <MultiSelect
              label="Loan product"
              options={valueOptions.loanProduct}
              value={products}
              onChange={setProducts}
              allLabel="All products"
            />
            <MultiSelect
              label="Dealer"
              options={valueOptions.dealer}
              value={dealers}
              onChange={setDealers}
              allLabel="All dealers"
            />
            <DayFilterField
              label={kind.kind === 'loans' ? 'Funded from' : 'Created from'}
              value={from}
              onDay={setFrom}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
            <DayFilterField
              label="To"
              value={to}
              onDay={setTo}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
          </>
        ) : kind.filterSet === 'year' ? (
          <>
            <TextField
              size="small"
              label="Calendar year"
              type="number"
              value={year}
              onChange={(event) => setYear(event.target.value)}
              fullWidth
            />
            {kind.kind === HMDA_LAR_KIND ? (
              <HmdaFilerFields
                filer={filer}
                onChange={setFiler}
                errors={isApiError(start.error) ? start.error.errors : []}
              />
            ) : null}
          </>
        ) : (
          <DayFilterField label="Day" value={to} onDay={setTo} slotProps={{ inputLabel: { shrink: true } }} fullWidth />
        )}
      </Box>
      <Box sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end', maxWidth: FORM_MAX_WIDTH }}>
        <Button
          variant="contained"
          startIcon={<PlayArrowIcon />}
          onClick={onStart}
          disabled={start.isPending || (kind.columns.length > 0 && columns.length === 0)}
        >
          {fileExportMessages.start}
        </Button>
      </Box>
    </Paper>
  );
};
