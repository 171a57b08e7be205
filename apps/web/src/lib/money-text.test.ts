import { describe, expect, it } from 'vitest';
import { MONEY_PATTERN, messages } from '@credence/contracts';
import { displayMoneyText, groupMoney, moneyTextError, moneyTextMessages, parseMoneyText } from './money-text.ts';

const valueOf = (text: string) => {
  const result = parseMoneyText(text);
  return result.ok ? result.value : result.problem;
};

describe('reading a typed or pasted money text', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['25000', '25000.00'],
    ['25,000', '25000.00'],
    ['25,000.5', '25000.50'],
    ['$1,234.50', '1234.50'],
    [' $1,234.50 ', '1234.50'],
    ['1 234.50', '1234.50'],
    ['.5', '0.50'],
    ['5.', '5.00'],
    ['007', '7.00'],
    ['-200', '-200.00'],
    ['−200', '-200.00'],
    ['-$200', '-200.00'],
    ['$-200', '-200.00'],
    ['(1,234.50)', '-1234.50'],
    ['-0', '0.00'],
    ['-0.00', '0.00'],
    ['999999999999.99', '999999999999.99'],
    ['999,999,999,999.99', '999999999999.99'],
  ])('%j reads as %j', (text, expected) => {
    expect(valueOf(text)).toBe(expected);
  });

  it.each([
    ['abc', 'notNumber'],
    ['a', 'notNumber'],
    ['12a', 'notNumber'],
    ['1e5', 'notNumber'],
    ['-', 'notNumber'],
    ['.', 'notNumber'],
    ['$', 'notNumber'],
    ['1.2.3', 'notNumber'],
    ['1..2', 'notNumber'],
    ['--5', 'notNumber'],
    ['(-5)', 'notNumber'],
    ['5-', 'notNumber'],
    ['1234,50', 'notNumber'],
    ['12,34', 'notNumber'],
    ['Infinity', 'notNumber'],
    ['0x10', 'notNumber'],
    ['12.345', 'tooManyDecimals'],
    ['0.001', 'tooManyDecimals'],
    ['99999999999999', 'tooLarge'],
    ['1000000000000', 'tooLarge'],
    ['99999999999999.123', 'tooManyDecimals'],
  ])('%j is refused: %s', (text, problem) => {
    expect(valueOf(text)).toBe(problem);
  });

  it('refuses a negative amount only where the field does not take one', () => {
    expect(parseMoneyText('-200', { allowNegative: false })).toMatchObject({ ok: false, problem: 'negative' });
    expect(parseMoneyText('-0', { allowNegative: false })).toEqual({ ok: true, value: '0.00' });
    expect(parseMoneyText('-200')).toEqual({ ok: true, value: '-200.00' });
  });

  it('names each problem with its own message', () => {
    expect(moneyTextError('abc')).toBe(moneyTextMessages.notNumber);
    expect(moneyTextError('12.345')).toBe(moneyTextMessages.tooManyDecimals);
    expect(moneyTextError('99999999999999')).toBe('Must be at most 999,999,999,999.99');
    expect(moneyTextError('-1', { allowNegative: false })).toBe(messages.validation.notNegative);
    expect(moneyTextError('1,234.50')).toBeNull();
    expect(moneyTextError('')).toBeNull();
    const distinct = new Set(Object.values(moneyTextMessages));
    expect(distinct.size).toBe(4);
    expect(distinct.has(messages.validation.money)).toBe(false);
  });

  it('never throws, whatever is typed', () => {
    for (const text of ['\u0000', '😀', '$$', '()', '-(1)', ',', ',000', '1,,000', '9'.repeat(400), '.'.repeat(50)])
      expect(() => parseMoneyText(text)).not.toThrow();
  });

  it('reads exactly what the wire accepts: every value read matches the contracts MONEY_PATTERN', () => {
    for (const text of ['0', '0.01', '-0.01', '999999999999.99', '-999999999999.99', '12,345,678.9', '(5)']) {
      const result = parseMoneyText(text);
      expect(result.ok && result.value !== null && MONEY_PATTERN.test(result.value)).toBe(true);
    }
    expect(MONEY_PATTERN.test('1000000000000.00')).toBe(false);
    expect(valueOf('1000000000000')).toBe('tooLarge');
  });
});

describe('showing an amount', () => {
  it('groups thousands once the field is left, and keeps what does not read as typed', () => {
    expect(groupMoney('1234567.80')).toBe('1,234,567.80');
    expect(groupMoney('-250.00')).toBe('-250.00');
    expect(displayMoneyText('$1234.5')).toBe('1,234.50');
    expect(displayMoneyText('-0')).toBe('0.00');
    expect(displayMoneyText('abc')).toBe('abc');
    expect(displayMoneyText('')).toBe('');
    expect(displayMoneyText(null)).toBe('');
  });
});
