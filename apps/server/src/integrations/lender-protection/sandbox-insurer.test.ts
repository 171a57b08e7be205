import { describe, expect, it } from 'vitest';
import { decideSandbox } from './sandbox-insurer.ts';
import type { LenderProtectionRequest } from './insurer.ts';

/** A band A direct deal: value 30,000, no add-ons, 24,000 over 60 months, a 2024 vehicle, income 8,000. */
const base: LenderProtectionRequest = {
  credentials: { userName: 'u', password: 'password1', programCode: 'LP-AUTO' },
  reference: '1',
  asOf: '2026-11-29',
  applicantSsnLast4: ['6789'],
  creditScore: 740,
  creditReportDate: '2026-11-20',
  creditFileProblem: null,
  hasBankruptcy: false,
  amountFinanced: '24000.00',
  addOns: '0.00',
  termMonths: 60,
  collateralValue: '30000.00',
  vehicleYear: 2024,
  vehicleMileage: 12000,
  monthlyIncome: '8000.00',
  channel: 'Direct',
};

describe('the sandbox Lend Pro (README)', () => {
  it('approves within the limits, valid 30 days from the report, and is the same every time', () => {
    const answer = decideSandbox(base);
    expect(answer).toMatchObject({ status: 'Approved', totalLoanAmount: '24000.00', validUntil: '2026-12-20' });
    expect(decideSandbox(base)).toEqual(answer);
  });
  it('indirect loans: 5 points less LTV (a band A loan at 122 % is countered at 120 %)', () => {
    const at122 = { ...base, amountFinanced: '36600.00' };
    expect(decideSandbox(at122).status).toBe('Approved');
    const indirect = decideSandbox({ ...at122, channel: 'Indirect' });
    expect(indirect).toMatchObject({ status: 'Counter', totalLoanAmount: '36000.00' });
    expect(indirect.stipulations).toContain('Signed Lend Pro dealer enrollment form');
  });
  it('vehicles of 6–7 model years up to 60 months; older ones, frozen files and bankruptcies are refused', () => {
    expect(decideSandbox({ ...base, vehicleYear: 2020, termMonths: 72 })).toMatchObject({
      status: 'Counter',
      approvedTerm: 60,
    });
    expect(decideSandbox({ ...base, vehicleYear: 2018 }).denialReasons).toEqual([
      'The vehicle is 8 model years old; the program insures vehicles up to 7.',
    ]);
    expect(decideSandbox({ ...base, creditFileProblem: 'frozen' })).toMatchObject({
      status: 'Failed',
      failureReasons: ['The credit file is frozen: no score could be read.'],
    });
    expect(decideSandbox({ ...base, hasBankruptcy: true }).status).toBe('Denied');
  });
  it('a payment-to-income above the band maximum is countered at the amount the payment allows', () => {
    const tight = decideSandbox({ ...base, monthlyIncome: '2000.00' });
    expect(tight.status).toBe('Counter');
    expect(tight.reasons.join(' ')).toContain('payment-to-income');
    expect(Number(tight.measures.pti)).toBeLessThanOrEqual(20);
  });
  it('an amount under the $5,000 minimum is an application error, never a payment that cannot be priced', () => {
    expect(decideSandbox({ ...base, amountFinanced: '0.01' })).toMatchObject({
      status: 'Eligible',
      applicationErrors: ['The amount financed must be at least $5,000.00.'],
    });
  });
});
