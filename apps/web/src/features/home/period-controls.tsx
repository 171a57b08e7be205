import { useEffect, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { widgetFrequencies, type Widget, type WidgetFrequencyValue } from '@credence/contracts';
import { isFieldValidationError } from '../../components/form/server-errors.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useSaveWidget } from './api.ts';
import { checkPeriod, draftOf, periodErrorsOf, type PeriodDraft, type PeriodErrors } from './widget-period.ts';

/** A custom date is saved once typing has paused (a typed year passes through 0002, 0020, 0202 on its way). */
const DATE_SAVE_DELAY_MS = 600;

/**
 * The period of a widget (spec 1 §2 Home): the frequency, and the start and end dates when it is Custom. A change
 * saves the widget — a custom period once both dates are set and valid; the contract's and the server's messages
 * show on their fields.
 */
export const PeriodControls = ({ widget }: { widget: Widget }) => {
  const save = useSaveWidget();
  const [draft, setDraft] = useState<PeriodDraft>(() => draftOf(widget.settings));
  const [seen, setSeen] = useState(widget.settings);
  if (seen !== widget.settings && JSON.stringify(seen) !== JSON.stringify(widget.settings)) {
    // Saved here or elsewhere (the settings dialog, another tab): show what is saved now.
    setSeen(widget.settings);
    setDraft(draftOf(widget.settings));
  }
  const check = checkPeriod(draft, widget.settings);
  const { mutate, reset } = save;
  useEffect(() => {
    if (check.kind !== 'save') return;
    const timer = window.setTimeout(
      () =>
        mutate(
          { name: widget.name, settings: check.settings },
          // Not saved for another reason than its fields (the toast says so): the controls show what is saved.
          {
            onError: (error) => {
              if (!isFieldValidationError(error)) setDraft(draftOf(widget.settings));
            },
          },
        ),
      draft.frequency === 'custom' ? DATE_SAVE_DELAY_MS : 0,
    );
    return () => window.clearTimeout(timer);
    // Saved when the draft changes, not when a new snapshot of the same settings arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft]);

  const change = (next: Partial<PeriodDraft>) => {
    reset();
    setDraft((old) => ({ ...old, ...next }));
  };
  const serverErrors: PeriodErrors = isApiError(save.error) ? periodErrorsOf(save.error.errors) : {};
  const errors: PeriodErrors = check.kind === 'invalid' ? check.errors : serverErrors;
  const dateField = (field: 'startDate' | 'endDate', label: string) => (
    <TextField
      type="date"
      size="small"
      label={label}
      required
      value={draft[field]}
      onChange={(event) => change({ [field]: event.target.value })}
      error={!!errors[field]}
      helperText={errors[field]}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: 170 }}
    />
  );
  return (
    <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <TextField
        select
        size="small"
        label="Frequency"
        value={draft.frequency}
        onChange={(event) => change({ frequency: event.target.value as WidgetFrequencyValue })}
        error={!!errors.frequency}
        helperText={errors.frequency}
        sx={{ width: 170 }}
      >
        {widgetFrequencies.map((f) => (
          <MenuItem key={f.value} value={f.value}>
            {f.text}
          </MenuItem>
        ))}
      </TextField>
      {draft.frequency === 'custom' ? (
        <>
          {dateField('startDate', 'Start Date')}
          {dateField('endDate', 'End Date')}
        </>
      ) : null}
    </Stack>
  );
};
