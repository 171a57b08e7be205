import { describe, expect, it } from 'vitest';
import { collateralTitle, collateralTypeLabel } from './collateral-model.ts';

describe('collateral titles (issue 17, item 12)', () => {
  it.each([
    ['CD', 'Certificate of Deposit (CD)'],
    ['SHARE', 'Share'],
    ['TRAVEL_TRAILER', 'Travel Trailer'],
    ['ATV', 'ATV'],
    ['RV', 'RV'],
  ] as const)('type %s reads "%s"', (type, label) => {
    expect(collateralTypeLabel(type)).toBe(label);
  });

  const base = { year: null, make: null, model: null, accountNumber: null, addressLine: null } as const;

  it('a home is titled by its address, never by its year built', () => {
    expect(collateralTitle({ ...base, family: 'Home', type: 'HOME', year: 1971 })).toBe('Home');
    expect(
      collateralTitle({ ...base, family: 'Home', type: 'HOME', year: 1971, addressLine: '9 Oak Ln, Denver, CO' }),
    ).toBe('9 Oak Ln, Denver, CO');
  });

  it('a CD or share is titled by its type and account number', () => {
    expect(collateralTitle({ ...base, family: 'Cd', type: 'CD', accountNumber: '7781' })).toBe(
      'Certificate of Deposit (CD) 7781',
    );
    expect(collateralTitle({ ...base, family: 'Share', type: 'SHARE' })).toBe('Share');
  });

  it('a vehicle is titled by year, make and model, else by its type', () => {
    expect(collateralTitle({ ...base, family: 'Auto', type: 'AUTO', year: 2022, make: 'Honda', model: 'Civic' })).toBe(
      '2022 Honda Civic',
    );
    expect(collateralTitle({ ...base, family: 'Boat', type: 'JET_SKI' })).toBe('Jet Ski');
  });
});
