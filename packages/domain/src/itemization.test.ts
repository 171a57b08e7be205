import { describe, expect, it } from 'vitest';
import { calculateItemization, estimatedAmountFinanced, type ItemizationInput } from './itemization.ts';

describe('calculateItemization', () => {
  it.each<[string, ItemizationInput, Record<string, string>]>([
    ['all zero when empty', {}, { fees: '0.00', down: '0.00', front: '0.00', back: '0.00', total: '0.00' }],
    [
      'a dealer purchase with every item',
      {
        salesPrice: '27995.00',
        ttlEstimate: '2239.60',
        cashDown: '3000.00',
        rebate: '500.00',
        tradeInValue: '4250.00',
        otherFrontEndFees: ['399.00', '125.50'],
        gap: '595.00',
        creditDisability: '210.10',
        creditLife: '180.45',
        warranty: '1895.00',
        otherBackEndFees: '49.99',
      },
      { fees: '524.50', down: '7750.00', front: '23009.10', back: '2930.54', total: '25939.64' },
    ],
    [
      'negative fee rows (a dealer credit) are allowed',
      { salesPrice: '10000.00', otherFrontEndFees: ['200.00', '-350.00'] },
      { fees: '-150.00', down: '0.00', front: '9850.00', back: '0.00', total: '9850.00' },
    ],
    [
      'fees given as a total, empty strings as zero',
      { salesPrice: '15000.10', ttlEstimate: '', otherFrontEndFees: '0.20', cashDown: null },
      { fees: '0.20', down: '0.00', front: '15000.30', back: '0.00', total: '15000.30' },
    ],
    [
      'a negative-equity trade in raises the amount',
      { salesPrice: '20000.00', tradeInValue: '-2500.00' },
      { fees: '0.00', down: '-2500.00', front: '22500.00', back: '0.00', total: '22500.00' },
    ],
    [
      'a manual total front-end amount wins over the calculated one',
      { salesPrice: '20000.00', cashDown: '1000.00', totalFrontEndAmountOverride: '18500.00', gap: '400.00' },
      { fees: '0.00', down: '1000.00', front: '18500.00', back: '400.00', total: '18900.00' },
    ],
    [
      'cents add up exactly where binary floats would not',
      { salesPrice: '0.10', ttlEstimate: '0.20', otherFrontEndFees: ['0.10', '0.20'], warranty: '0.30' },
      { fees: '0.30', down: '0.00', front: '0.60', back: '0.30', total: '0.90' },
    ],
  ])('%s', (_name, input, expected) => {
    const r = calculateItemization(input);
    expect({
      fees: r.totalFrontEndFees.toFixed(2),
      down: r.totalDownPayment.toFixed(2),
      front: r.totalFrontEndAmount.toFixed(2),
      back: r.totalBackEndFees.toFixed(2),
      total: r.totalLoanAmount.toFixed(2),
    }).toEqual(expected);
  });

  it('keeps the calculated front-end amount beside an override', () => {
    const r = calculateItemization({ salesPrice: '100.00', totalFrontEndAmountOverride: '90.00' });
    expect(r.calculatedFrontEndAmount.toFixed(2)).toBe('100.00');
  });

  it('adds many random cents exactly (property: total = front + back, in integer cents)', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const cents = () => Math.floor(rand() * 5_000_000) - 100_000;
    const asMoney = (c: number) => (c / 100).toFixed(2);
    for (let i = 0; i < 500; i++) {
      const items = Array.from({ length: 11 }, cents);
      const [price, ttl, down, rebate, trade, fee1, fee2, gap, disability, life, warranty] = items as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      const r = calculateItemization({
        salesPrice: asMoney(price),
        ttlEstimate: asMoney(ttl),
        cashDown: asMoney(down),
        rebate: asMoney(rebate),
        tradeInValue: asMoney(trade),
        otherFrontEndFees: [asMoney(fee1), asMoney(fee2)],
        gap: asMoney(gap),
        creditDisability: asMoney(disability),
        creditLife: asMoney(life),
        warranty: asMoney(warranty),
      });
      const front = fee1 + fee2 + price + ttl - (down + rebate + trade);
      const back = gap + disability + life + warranty;
      expect(r.totalLoanAmount.times(100).toNumber()).toBe(front + back);
    }
  });
});

describe('estimatedAmountFinanced', () => {
  const itemization = { salesPrice: '30000.00', cashDown: '5000.00', gap: '500.00' };
  it.each([
    ['CREDIT_CARD', '7500.00'],
    ['PERSONAL', '12000.00'],
    ['CD_SHARE', '12000.00'],
    ['HEL', '12000.00'],
    ['AUTOMOTIVE', '25500.00'],
    ['BOAT', '25500.00'],
    ['RV', '25500.00'],
  ] as const)('%s comes to %s', (controlType, expected) => {
    const result = estimatedAmountFinanced({
      controlType,
      requestedAmount: '7500.00',
      amount: '12000.00',
      itemization,
    });
    expect(result?.toFixed(2)).toBe(expected);
  });

  it('is empty when the figure it comes from is empty', () => {
    expect(estimatedAmountFinanced({ controlType: 'CREDIT_CARD', amount: '1.00', itemization })).toBeNull();
    expect(estimatedAmountFinanced({ controlType: 'PERSONAL', requestedAmount: '1.00', itemization })).toBeNull();
    expect(estimatedAmountFinanced({ controlType: 'AUTOMOTIVE', itemization: {} })?.toFixed(2)).toBe('0.00');
  });
});
