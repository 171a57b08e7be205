import { widgetSettingsSchema, type Widget, type WidgetFrequencyValue, type WidgetSettings } from '@credence/contracts';

/**
 * A widget's period as its controls hold it (spec 1 §2 Home, §5): the frequency, and the custom dates as the date
 * inputs give them ('' while empty). What to save follows from it: nothing while a custom period lacks a date, the
 * contract's messages while it is wrong, otherwise the settings — and only when they differ from the saved ones.
 */
export type PeriodDraft = { frequency: WidgetFrequencyValue; startDate: string; endDate: string };
export type PeriodField = 'frequency' | 'startDate' | 'endDate';
export type PeriodErrors = Partial<Record<PeriodField, string>>;

export type PeriodCheck =
  | { kind: 'save'; settings: WidgetSettings }
  | { kind: 'unchanged' }
  | { kind: 'incomplete' }
  | { kind: 'invalid'; errors: PeriodErrors };

export const draftOf = (settings: Widget['settings']): PeriodDraft => ({
  frequency: settings.frequency.value,
  startDate: settings.startDate ?? '',
  endDate: settings.endDate ?? '',
});

const sameSettings = (a: WidgetSettings, b: Widget['settings']) =>
  a.frequency.value === b.frequency.value &&
  (a.startDate ?? null) === (b.startDate ?? null) &&
  (a.endDate ?? null) === (b.endDate ?? null);

const isPeriodField = (key: unknown): key is PeriodField =>
  key === 'frequency' || key === 'startDate' || key === 'endDate';

export const checkPeriod = (draft: PeriodDraft, saved: Widget['settings']): PeriodCheck => {
  const custom = draft.frequency === 'custom';
  if (custom && (draft.startDate === '' || draft.endDate === '')) return { kind: 'incomplete' };
  const parsed = widgetSettingsSchema.safeParse({
    frequency: { value: draft.frequency },
    startDate: custom ? draft.startDate : null,
    endDate: custom ? draft.endDate : null,
  });
  if (!parsed.success) {
    const errors: PeriodErrors = {};
    for (const issue of parsed.error.issues) {
      const field = isPeriodField(issue.path[0]) ? issue.path[0] : 'frequency';
      errors[field] ??= issue.message;
    }
    return { kind: 'invalid', errors };
  }
  return sameSettings(parsed.data, saved) ? { kind: 'unchanged' } : { kind: 'save', settings: parsed.data };
};

/** The server's 422 field errors on the period's controls (a field it names that is not one goes on the frequency). */
export const periodErrorsOf = (fieldErrors: readonly { field: string; message: string }[]): PeriodErrors => {
  const errors: PeriodErrors = {};
  for (const { field, message } of fieldErrors) {
    const name = field.split('.')[0];
    errors[isPeriodField(name) ? name : 'frequency'] ??= message;
  }
  return errors;
};
