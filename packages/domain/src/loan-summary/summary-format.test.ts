import { describe, expect, it } from 'vitest';
import {
  summaryAddress,
  summaryCount,
  summaryDate,
  summaryDateTime,
  summaryEnum,
  summaryLastFirst,
  summaryLtv,
  summaryMoney,
  summaryPer1000,
  summaryPercent,
  summaryRate,
  summaryYesNo,
} from './summary-format.ts';

describe('summaryMoney', () => {
  it('prints dollars with thousands separators and two decimals', () => {
    expect(summaryMoney('1234.56')).toBe('$1,234.56');
    expect(summaryMoney('1234567.8')).toBe('$1,234,567.80');
    expect(summaryMoney('0')).toBe('$0.00');
    expect(summaryMoney(999)).toBe('$999.00');
  });
  it('rounds ties half-up to the cent, away from zero', () => {
    expect(summaryMoney('0.005')).toBe('$0.01');
    expect(summaryMoney('2.675')).toBe('$2.68'); // 2.675 is 2.67499… as a binary float
    expect(summaryMoney('1.004')).toBe('$1.00');
    expect(summaryMoney('-0.005')).toBe('-$0.01');
    expect(summaryMoney('999.995')).toBe('$1,000.00');
  });
  it('puts the minus sign before the dollar sign', () => {
    expect(summaryMoney('-1')).toBe('-$1.00');
    expect(summaryMoney('-1234.5')).toBe('-$1,234.50');
    expect(summaryMoney('-0.001')).toBe('$0.00');
  });
  it('answers an empty string for absent or unparseable values', () => {
    expect(summaryMoney(null)).toBe('');
    expect(summaryMoney(undefined)).toBe('');
    expect(summaryMoney('')).toBe('');
    expect(summaryMoney('abc')).toBe('');
  });
});

describe('percentages', () => {
  it('LTV shows 1 to 2 decimals, half-up', () => {
    expect(summaryLtv('80')).toBe('80.0%');
    expect(summaryLtv('96.5')).toBe('96.5%');
    expect(summaryLtv('96.50')).toBe('96.5%');
    expect(summaryLtv('101.255')).toBe('101.26%');
    expect(summaryLtv('101.254')).toBe('101.25%');
    expect(summaryLtv(null)).toBe('');
  });
  it('rates show 1 to 3 decimals, half-up', () => {
    expect(summaryRate('6')).toBe('6.0%');
    expect(summaryRate('5.125')).toBe('5.125%');
    expect(summaryRate('5.1250')).toBe('5.125%');
    expect(summaryRate('4.99995')).toBe('5.0%');
    expect(summaryRate('3.0625')).toBe('3.063%');
    expect(summaryRate('')).toBe('');
  });
  it('the percent display format is 1.1-2', () => {
    expect(summaryPercent('25')).toBe('25.0%');
    expect(summaryPercent('33.333')).toBe('33.33%');
    expect(summaryPercent('12.345')).toBe('12.35%');
  });
  it('add-on rates read per $1,000', () => {
    expect(summaryPer1000('4.75')).toBe('$4.75 per $1,000');
    expect(summaryPer1000('12')).toBe('$12.00 per $1,000');
    expect(summaryPer1000(null)).toBe('');
  });
});

describe('dates', () => {
  it('prints calendar dates as MM/dd/yyyy', () => {
    expect(summaryDate('2026-03-10')).toBe('03/10/2026');
    expect(summaryDate('1985-12-01')).toBe('12/01/1985');
    expect(summaryDate(null)).toBe('');
  });
  it('prints a timestamp’s date in the given zone', () => {
    expect(summaryDate('2026-03-02T03:30:00.000Z', 'America/Chicago')).toBe('03/01/2026');
    expect(summaryDate('2026-03-02T03:30:00.000Z')).toBe('03/02/2026');
  });
  it('prints date-times in the lender’s zone with a 12-hour clock', () => {
    expect(summaryDateTime('2026-03-02T15:04:05.000Z', 'America/Chicago')).toBe('03/02/2026 9:04 AM');
    expect(summaryDateTime('2026-03-02T18:00:00.000Z', 'America/Chicago')).toBe('03/02/2026 12:00 PM');
    expect(summaryDateTime('2026-03-02T06:05:00.000Z', 'America/Chicago')).toBe('03/02/2026 12:05 AM');
    expect(summaryDateTime('2026-03-02T23:59:00.000Z', 'UTC')).toBe('03/02/2026 11:59 PM');
    // Daylight saving time: Chicago is UTC−5 in July.
    expect(summaryDateTime('2026-07-04T17:30:00.000Z', 'America/Chicago')).toBe('07/04/2026 12:30 PM');
    expect(summaryDateTime('2026-07-04T17:30:00.000Z', 'America/New_York')).toBe('07/04/2026 1:30 PM');
  });
  it('answers an empty string for absent or unparseable timestamps', () => {
    expect(summaryDateTime(null, 'UTC')).toBe('');
    expect(summaryDateTime('not a date', 'UTC')).toBe('');
  });
});

describe('labels', () => {
  it('title-cases enumeration values', () => {
    expect(summaryEnum('PRINCIPAL_RESIDENCE')).toBe('Principal Residence');
    expect(summaryEnum('funded')).toBe('Funded');
    expect(summaryEnum('counteroffer')).toBe('Counteroffer');
    expect(summaryEnum('SITE_BUILT')).toBe('Site Built');
    expect(summaryEnum('LINE_OF_CREDIT')).toBe('Line of Credit');
    expect(summaryEnum('RHS_OR_FSA')).toBe('RHS or FSA');
    expect(summaryEnum('LLC')).toBe('LLC');
  });
  it('leaves display names as written', () => {
    expect(summaryEnum('Mobile')).toBe('Mobile');
    expect(summaryEnum('FICO Score 8')).toBe('FICO Score 8');
    expect(summaryEnum(null)).toBe('');
  });
  it('names people last name first', () => {
    expect(summaryLastFirst({ firstName: 'John', lastName: 'Smith' })).toBe('Smith, John');
    expect(summaryLastFirst({ firstName: null, lastName: 'Smith' })).toBe('Smith');
    expect(summaryLastFirst(null)).toBe('');
  });
  it('prints addresses on one line without the missing parts', () => {
    expect(
      summaryAddress({ addressLine1: '1 Main St', addressLine2: null, city: 'Springfield', state: 'IL', zip: '62701' }),
    ).toBe('1 Main St, Springfield, IL 62701');
    expect(summaryAddress({ addressLine1: null, addressLine2: null, city: null, state: null, zip: null })).toBe('');
  });
  it('prints counts grouped and booleans as Yes/No', () => {
    expect(summaryCount(28450)).toBe('28,450');
    expect(summaryCount(null)).toBe('');
    expect(summaryYesNo(true)).toBe('Yes');
    expect(summaryYesNo(false)).toBe('No');
    expect(summaryYesNo(null)).toBe('');
  });
});
