import { describe, expect, it } from 'vitest';
import { defaultWidgetSettings, widgetMessages, type Widget } from '@credence/contracts';
import { checkPeriod, draftOf, periodErrorsOf, type PeriodDraft } from './widget-period.ts';

const saved: Widget['settings'] = defaultWidgetSettings;
const custom = (startDate: string, endDate: string): PeriodDraft => ({ frequency: 'custom', startDate, endDate });

describe('the period a widget saves (spec 1 §2 Home, §5)', () => {
  it('reads the saved settings, dates empty when there are none', () => {
    expect(draftOf(saved)).toEqual({ frequency: 'thisMonth', startDate: '', endDate: '' });
    expect(
      draftOf({ frequency: { text: 'Custom', value: 'custom' }, startDate: '2026-01-01', endDate: '2026-01-31' }),
    ).toEqual(custom('2026-01-01', '2026-01-31'));
  });

  it('saves a new frequency with its text and no dates; the same one is not saved again', () => {
    expect(checkPeriod({ frequency: 'lastYear', startDate: '', endDate: '' }, saved)).toEqual({
      kind: 'save',
      settings: { frequency: { text: 'Last Year', value: 'lastYear' }, startDate: null, endDate: null },
    });
    expect(checkPeriod(draftOf(saved), saved)).toEqual({ kind: 'unchanged' });
    // Dates left from a custom period are not sent with another frequency.
    expect(checkPeriod({ frequency: 'thisMonth', startDate: '2026-01-01', endDate: '' }, saved)).toEqual({
      kind: 'unchanged',
    });
  });

  it('waits for both custom dates, then saves them', () => {
    expect(checkPeriod(custom('', ''), saved)).toEqual({ kind: 'incomplete' });
    expect(checkPeriod(custom('2026-01-01', ''), saved)).toEqual({ kind: 'incomplete' });
    expect(checkPeriod(custom('2026-01-01', '2026-03-31'), saved)).toEqual({
      kind: 'save',
      settings: { frequency: { text: 'Custom', value: 'custom' }, startDate: '2026-01-01', endDate: '2026-03-31' },
    });
  });

  it("says what is wrong with the dates, in the contract's words", () => {
    expect(checkPeriod(custom('2026-03-01', '2026-01-01'), saved)).toEqual({
      kind: 'invalid',
      errors: { endDate: widgetMessages.customDatesOrder },
    });
    expect(checkPeriod(custom('2000-01-01', '2026-01-01'), saved)).toEqual({
      kind: 'invalid',
      errors: { startDate: widgetMessages.customTooLong },
    });
  });

  it("puts the server's field errors on the controls", () => {
    expect(
      periodErrorsOf([
        { field: 'endDate', message: 'late' },
        { field: 'frequency.value', message: 'odd' },
        { field: 'body', message: 'other' },
      ]),
    ).toEqual({ endDate: 'late', frequency: 'odd' });
  });
});
