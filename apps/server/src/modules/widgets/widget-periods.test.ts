import {
  defaultWidgetSettings,
  widgetFrequencyText,
  type WidgetFrequencyValue,
  type WidgetSettings,
} from '@credence/contracts';
import { describe, expect, it } from 'vitest';
import { widgetPeriod } from './widget-periods.ts';

const of = (value: WidgetFrequencyValue): WidgetSettings => ({
  ...defaultWidgetSettings,
  frequency: { text: widgetFrequencyText(value), value },
});

describe('widgetPeriod', () => {
  it.each([
    ['thisMonth', '2026-11-28', '2026-11-01', '2026-11-30'],
    ['thisMonth', '2028-02-10', '2028-02-01', '2028-02-29'],
    ['lastMonth', '2026-11-28', '2026-10-01', '2026-10-31'],
    ['lastMonth', '2027-01-01', '2026-12-01', '2026-12-31'],
    ['thisQuarter', '2026-11-28', '2026-10-01', '2026-12-31'],
    ['thisQuarter', '2026-03-31', '2026-01-01', '2026-03-31'],
    ['thisQuarter', '2026-04-01', '2026-04-01', '2026-06-30'],
    ['thisYear', '2026-11-28', '2026-01-01', '2026-12-31'],
    ['lastYear', '2026-01-01', '2025-01-01', '2025-12-31'],
  ] as const)('%s on %s runs from %s to %s', (value, today, start, end) => {
    expect(widgetPeriod(of(value), today)).toEqual({ start, end });
  });

  it('takes the custom dates as they are', () => {
    const settings: WidgetSettings = { ...of('custom'), startDate: '2026-10-31', endDate: '2026-11-01' };
    expect(widgetPeriod(settings, '2026-11-28')).toEqual({ start: '2026-10-31', end: '2026-11-01' });
  });
});
