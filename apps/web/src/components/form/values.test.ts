import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { moneySchema, positiveMoneySchema } from '@credence/contracts';
import { contractResolver } from './resolver.ts';
import {
  compactRows,
  formPath,
  hundredthsText,
  moneyText,
  type RowMap,
  toHundredths,
  toInt,
  toMoney,
} from './values.ts';

describe('money in forms', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['25000', '25000.00'],
    ['25,000.5', '25000.50'],
    ['$1,234.56', '1234.56'],
    ['.5', '0.50'],
    ['-250', '-250.00'],
    ['-0', '0.00'],
    ['0.1', '0.10'],
  ])('toMoney(%j) is %j', (text, expected) => {
    expect(toMoney(text)).toBe(expected);
  });

  it('keeps what does not read as money, so the contract rejects it', () => {
    expect(toMoney('12.345')).toBe('12.345');
    expect(toMoney('abc')).toBe('abc');
    expect(toMoney('-')).toBe('-');
  });

  it('shows stored amounts grouped, to the cent', () => {
    expect(moneyText('1234567.80')).toBe('1,234,567.80');
    expect(moneyText('-250.00')).toBe('-250.00');
    expect(moneyText(null)).toBe('');
    expect(moneyText('0.1')).toBe('0.10');
  });

  it('adds cents exactly (no binary floating point)', () => {
    expect(toMoney('0.10')).toBe('0.10');
    expect(toMoney('999999999999.99')).toBe('999999999999.99');
  });
});

describe('numbers and percentages', () => {
  it('reads whole numbers, NaN for anything else', () => {
    expect(toInt('')).toBeNull();
    expect(toInt('1,200')).toBe(1200);
    expect(toInt('12.5')).toBeNaN();
  });

  it('keeps percentages in hundredths and shows them with 1 to 2 decimals', () => {
    expect(toHundredths('50.25')).toBe(5025);
    expect(toHundredths('100')).toBe(10000);
    expect(toHundredths('1.234')).toBeNaN();
    expect(hundredthsText(5025)).toBe('50.25');
    expect(hundredthsText(5000)).toBe('50.0');
    expect(hundredthsText(null)).toBe('');
  });
});

describe('rows left blank', () => {
  it('are dropped, and payload paths map back to the form rows', () => {
    const rows: RowMap = {};
    const kept = compactRows(
      ['a', '', 'c'],
      (r) => r === '',
      (r) => r.toUpperCase(),
      'list',
      rows,
    );
    expect(kept).toEqual(['A', 'C']);
    expect(formPath('list.1', rows)).toBe('list.2');
    expect(formPath(['list', 0], rows)).toBe('list.0');
    expect(formPath('other.1', rows)).toBe('other.1');
  });
});

describe('money problems named by the resolver (issue 17, item 5)', () => {
  const schema = z.object({ price: positiveMoneySchema.nullable(), rebate: moneySchema.nullable() });
  type Values = { price: string; rebate: string };
  const resolver = contractResolver<Values, z.input<typeof schema>>(schema, (v) => ({
    payload: { price: toMoney(v.price), rebate: toMoney(v.rebate) },
    rows: {},
  }));
  const errorsOf = async (values: Values) => {
    const result = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    return Object.fromEntries(
      Object.entries(result.errors).map(([name, error]) => [name, (error as { message?: string }).message]),
    );
  };

  it.each([
    ['abc', 'Enter a number, e.g. 1234.50'],
    ['99999999999999', 'Must be at most 999,999,999,999.99'],
    ['12.345', 'Enter at most two decimals (cents)'],
    ['-5', 'Must be at least 0.01'],
  ])('%j in a price says %j, without throwing', async (typed, message) => {
    expect(await errorsOf({ price: typed, rebate: '' })).toEqual({ price: message });
  });

  it('takes a negative amount where the contract does, and pasted text', async () => {
    expect(await errorsOf({ price: '$21,500.50', rebate: '-200' })).toEqual({});
  });
});
