import { useState } from 'react';
import { FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  CALENDAR_YEAR_MAX,
  CALENDAR_YEAR_MIN,
  MAX_HOLIDAYS_PER_YEAR,
  lenderCalendarEndpoints,
  lenderCalendarInputSchema,
  lenderCalendarTexts as texts,
  messages,
  type LenderCalendar,
  type LenderCalendarInput,
} from '@credence/contracts';
import {
  federalHolidayNamed,
  federalHolidays,
  formatUsDate,
  isIsoDate,
  legalPublicHolidays,
  weekday,
} from '@credence/domain';
import { DateInput, TextInput } from '../../../components/form/fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { noRows } from '../../../components/form/values.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { isSessionError } from '../../../lib/api-client.ts';
import { confirm } from '../../../lib/confirm.tsx';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { toasts } from '../../../lib/toast.tsx';
import { useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt.ts';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** The years offered around the lender's current year. */
const YEARS_BEFORE = 3;
const YEARS_AFTER = 5;

/** What is saved: the holidays as typed, names trimmed. */
const toInput = (values: LenderCalendarInput): LenderCalendarInput => ({
  year: values.year,
  lenderHolidays: values.lenderHolidays.map((h) => ({ date: h.date, name: h.name.trim() })),
});
const resolver = contractResolver<LenderCalendarInput, LenderCalendarInput>(lenderCalendarInputSchema, (values) =>
  noRows(toInput(values)),
);

/** A query that shows its own failure toast (spec 2 §8) instead of the generic one. */
const loadWith =
  <T,>(failure: string, load: () => Promise<T>) =>
  async (): Promise<T> => {
    try {
      return await load();
    } catch (error) {
      if (!isSessionError(error)) toasts.error(messages.errors.title, failure, { toastId: failure });
      throw error;
    }
  };

/**
 * Administration › Lender Calendar (spec 2 §3, §4, §7): the lender's holidays of one year — a lender business day is
 * Monday to Friday except these — edited as a list of date and name and saved whole (PUT lenderCalendar/{year},
 * 'Saved Lender Calendar'). 'Copy Previous Year' fills the list from the year before (federal holidays moved to
 * their dates in this year, the others on the same month and day); nothing is saved until Save. The lender's time
 * zone and today's date there are shown above.
 */
export const LenderCalendarPage = () => {
  const timeZone = useQuery({
    queryKey: ['lenderCalendar', 'timezone'],
    queryFn: loadWith(texts.getTimeZoneFailure, () => callEndpoint(lenderCalendarEndpoints.timeZone, {})),
    meta: { silentError: true },
  });
  const lenderDate = useQuery({
    queryKey: ['lenderCalendar', 'lenderDate'],
    queryFn: loadWith(texts.getLenderDateFailure, () => callEndpoint(lenderCalendarEndpoints.lenderDate, {})),
    meta: { silentError: true },
  });
  const today = lenderDate.data?.lenderDate;
  const currentYear = today ? Number(today.slice(0, 4)) : null;
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const year = chosenYear ?? currentYear;

  return (
    <>
      <PageTitle>Lender Calendar</PageTitle>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mb: 2 }} data-testid="lender-calendar-facts">
        <Typography variant="body2">
          <Box component="span" sx={{ color: 'text.secondary' }}>
            Time zone:{' '}
          </Box>
          <span data-testid="lender-time-zone">
            {timeZone.data?.timeZoneId ?? (timeZone.isError ? texts.getTimeZoneFailure : '…')}
          </span>
        </Typography>
        <Typography variant="body2">
          <Box component="span" sx={{ color: 'text.secondary' }}>
            Lender date:{' '}
          </Box>
          <span data-testid="lender-date">
            {today ? formatUsDate(today) : lenderDate.isError ? texts.getLenderDateFailure : '…'}
          </span>
        </Typography>
      </Box>
      {lenderDate.isError && year === null ? (
        <YearEditor year={new Date().getFullYear()} currentYear={new Date().getFullYear()} onYear={setChosenYear} />
      ) : year === null ? (
        <CircularProgress size={24} />
      ) : (
        <YearEditor key={year} year={year} currentYear={currentYear ?? year} onYear={setChosenYear} />
      )}
    </>
  );
};

const yearKey = (year: number) => ['lenderCalendar', 'year', year] as const;

const YearEditor = ({
  year,
  currentYear,
  onYear,
}: {
  year: number;
  currentYear: number;
  onYear: (year: number) => void;
}) => {
  const calendar = useQuery({
    queryKey: yearKey(year),
    queryFn: loadWith(texts.getListFailure, () => callEndpoint(lenderCalendarEndpoints.get, { params: { year } })),
    meta: { silentError: true },
  });
  if (calendar.isPending) return <CircularProgress size={24} />;
  if (calendar.isError)
    return (
      <Alert severity="error" sx={{ maxWidth: 1100 }}>
        {texts.getListFailure}
      </Alert>
    );
  return <HolidayList calendar={calendar.data} currentYear={currentYear} onYear={onYear} />;
};

const HolidayList = ({
  calendar,
  currentYear,
  onYear,
}: {
  calendar: LenderCalendar;
  currentYear: number;
  onYear: (year: number) => void;
}) => {
  const { year } = calendar;
  const queryClient = useQueryClient();
  const form = useForm<LenderCalendarInput>({ defaultValues: calendar, resolver, mode: 'onChange' });
  const rows = useFieldArray({ control: form.control, name: 'lenderHolidays' });
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [copying, setCopying] = useState(false);
  const { isDirty, isSubmitting } = form.formState;
  useUnsavedChangesPrompt(isDirty);
  const save = useMutation({
    mutationFn: (body: LenderCalendarInput) => callEndpoint(lenderCalendarEndpoints.save, { params: { year }, body }),
    onSuccess: (saved) => queryClient.setQueryData(yearKey(year), saved.value),
    meta: { silentError: true },
  });
  const watched = useWatch({ control: form.control, name: 'lenderHolidays' });

  const years = Array.from(
    new Set([
      ...Array.from({ length: YEARS_BEFORE + YEARS_AFTER + 1 }, (_, i) => currentYear - YEARS_BEFORE + i),
      year,
    ]),
  )
    .filter((y) => y >= CALENDAR_YEAR_MIN && y <= CALENDAR_YEAR_MAX)
    .sort((a, b) => a - b);

  const changeYear = async (next: number) => {
    if (next === year) return;
    if (isDirty && !(await confirm({ title: 'Unsaved Changes', message: messages.unsavedChanges }))) return;
    onYear(next);
  };

  const copyPreviousYear = async () => {
    if (
      rows.fields.length > 0 &&
      !(await confirm({
        title: 'Copy Previous Year',
        message: `Replace the holidays listed for ${year} with those of ${year - 1}, moved to ${year}? Nothing is saved until you save.`,
      }))
    )
      return;
    setCopying(true);
    try {
      const copied = await callEndpoint(lenderCalendarEndpoints.copyPreviousYear, { params: { year } });
      rows.replace(copied.lenderHolidays);
      if (copied.lenderHolidays.length === 0)
        toasts.info('Copy Previous Year', `There are no holidays in ${year - 1} to copy.`);
    } catch (error) {
      if (!isSessionError(error)) toasts.error(messages.errors.title, texts.copyPreviousYearFailure);
    } finally {
      setCopying(false);
    }
  };

  const onSave = form.handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      const saved = await save.mutateAsync(toInput(values));
      form.reset(saved.value);
      toasts.success('Success', texts.saved);
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) setFormErrors(applyServerErrors(form, error));
      toasts.error(messages.errors.title, texts.saveFailed);
    }
  });

  const describe = (date: string | undefined, name: string | undefined) => {
    if (!date || !isIsoDate(date)) return null;
    const day = WEEKDAYS[weekday(date)]!;
    const federal = name ? federalHolidayNamed(name) : null;
    // A federal holiday on its observed day, away from its statutory date (Saturday → Friday, Sunday → Monday).
    const year = Number(date.slice(0, 4));
    const observed =
      federal !== null &&
      federalHolidays(year).some((h) => h.name === federal && h.date === date) &&
      !legalPublicHolidays(year).some((h) => h.name === federal && h.date === date);
    return { day, weekend: weekday(date) === 0 || weekday(date) === 6, federal, observed };
  };

  return (
    <FormProvider {...form}>
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 1100 }}>
        <Box component="form" noValidate autoComplete="off" onSubmit={(event) => void onSave(event)}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
            <TextField
              select
              label="Year"
              value={year}
              onChange={(event) => void changeYear(Number(event.target.value))}
              sx={{ width: 140 }}
              slotProps={{ htmlInput: { 'data-testid': 'lender-calendar-year' } }}
            >
              {years.map((y) => (
                <MenuItem key={y} value={y}>
                  {y}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              startIcon={copying ? <CircularProgress size={16} /> : <ContentCopyIcon />}
              onClick={() => void copyPreviousYear()}
              disabled={copying || isSubmitting}
            >
              Copy Previous Year
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 320px' }}>
              Business days are Monday to Friday, except the holidays below. Funding dates move to the next business
              day.
            </Typography>
          </Box>
          {formErrors.length > 0 ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formErrors.join(' ')}
            </Alert>
          ) : null}
          {form.formState.errors.lenderHolidays?.message ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {form.formState.errors.lenderHolidays.message}
            </Alert>
          ) : null}
          {rows.fields.length === 0 ? (
            <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="lender-calendar-empty">
              No holidays in {year}.
            </Typography>
          ) : null}
          {rows.fields.map((row, index) => {
            const about = describe(watched[index]?.date, watched[index]?.name);
            return (
              <Box
                key={row.id}
                data-testid="lender-holiday-row"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: '190px minmax(0, 1fr) 230px auto',
                  gap: 1.5,
                  mb: 1.5,
                  alignItems: 'start',
                }}
              >
                <DateInput name={`lenderHolidays.${index}.date`} label="Date" required max={`${year}-12-31`} />
                <TextInput name={`lenderHolidays.${index}.name`} label="Name" required maxLength={100} />
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 40 }}>
                  {about ? (
                    <Typography variant="body2" color={about.weekend ? 'warning.main' : 'text.secondary'}>
                      {about.day}
                    </Typography>
                  ) : null}
                  {about?.federal ? (
                    <Tooltip
                      title={
                        about.observed
                          ? 'A federal holiday, observed on this day. For the right of rescission only the statutory date counts.'
                          : 'A federal holiday.'
                      }
                    >
                      <Chip size="small" label={about.observed ? 'Federal, observed' : 'Federal'} variant="outlined" />
                    </Tooltip>
                  ) : null}
                </Box>
                <Tooltip title="Remove">
                  <IconButton
                    aria-label={`Remove holiday ${index + 1}`}
                    onClick={() => rows.remove(index)}
                    sx={{ mt: 0.5 }}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            );
          })}
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'space-between', mt: 1 }}>
            <Button
              startIcon={<AddIcon />}
              onClick={() => rows.append({ date: '', name: '' })}
              disabled={rows.fields.length >= MAX_HOLIDAYS_PER_YEAR}
            >
              Add Holiday
            </Button>
            <Box sx={{ display: 'flex', gap: 1.5 }}>
              <Button onClick={() => form.reset(calendar)} disabled={!isDirty || isSubmitting}>
                Cancel
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={!isDirty || isSubmitting}
                startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
              >
                Save
              </Button>
            </Box>
          </Box>
        </Box>
      </Paper>
    </FormProvider>
  );
};
