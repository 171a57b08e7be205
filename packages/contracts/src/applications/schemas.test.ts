import { describe, expect, it } from 'vitest';
import { moneySchema } from '../money.ts';
import { applicantInputSchema } from './applicants.ts';
import { collateralInputSchema, collateralsSaveSchema } from './collaterals.ts';
import { messages } from '../messages.ts';
import { applicationRequestSaveSchema, missingRequestFields } from './request.ts';

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.path.join('.')) ?? []);

describe('moneySchema', () => {
  it.each([
    ['25000.00', true],
    ['0.00', true],
    ['-150.25', true],
    ['999999999999.99', true],
    ['25000', false],
    ['25000.5', false],
    ['1,000.00', false],
    ['01.00', false],
    ['-0.00', false],
    ['1000000000000.00', false],
    ['1e3', false],
  ])('%s is %s', (value, ok) => expect(moneySchema.safeParse(value).success).toBe(ok));
});

describe('application request save (spec 3 §5)', () => {
  const base = { loanProductId: 1, paymentFrequencyId: 'Monthly' };
  it.each([
    ['the minimum', {}, []],
    ['negotiated price 0.00 is refused', { negotiatedPrice: '0.00' }, ['negotiatedPrice']],
    ['negotiated price 0.01 is fine', { negotiatedPrice: '0.01' }, []],
    ['a negative sales tax is refused', { ttlEstimate: '-0.01' }, ['ttlEstimate']],
    ['sales tax 0 is fine', { ttlEstimate: '0.00' }, []],
    ['negative other fees are refused', { otherFees: '-5.00' }, ['otherFees']],
    ['a negative residual is refused', { residualAmount: '-1.00' }, ['residualAmount']],
    [
      'a residual above the amount financed is refused',
      { residualAmount: '10000.01', estAmtFinanced: '10000.00' },
      ['residualAmount'],
    ],
    ['a residual equal to the amount financed is fine', { residualAmount: '10000.00', estAmtFinanced: '10000.00' }, []],
    ['a negative net trade in (negative equity) is fine', { netTradeIn: '-2500.00' }, []],
    [
      'a fee name over 50 characters',
      { otherFrontEndFees: [{ name: 'x'.repeat(51), value: '1.00' }] },
      ['otherFrontEndFees.0.name'],
    ],
    ['a fee row may be negative', { otherFrontEndFees: [{ name: 'Dealer credit', value: '-100.00' }] }, []],
    // Spec 1 §5 (issue 17, item 5): itemization amounts may be negative, but for the price and TT&L.
    ['a negative rebate is fine', { rebate: '-200.00' }, []],
    ['a negative cash down is fine', { cashDown: '-50.00' }, []],
    [
      'negative back-end fees are fine',
      { gap: '-1.00', creditDisability: '-1.00', creditLife: '-1.00', warranty: '-1.00', otherBackEndFees: '-1.00' },
      [],
    ],
    ['a malformed rebate is refused, not thrown', { rebate: 'abc' }, ['rebate']],
    [
      '13 months paid quarterly is not a whole number of payments',
      { paymentFrequencyId: 'Quarterly', termMonths: 13 },
      ['termMonths'],
    ],
    ['1 month paid annually is refused', { paymentFrequencyId: 'Annually', termMonths: 1 }, ['termMonths']],
    ['13 months bi-weekly is refused', { paymentFrequencyId: 'BiWeekly', termMonths: 13 }, ['termMonths']],
    ['60 months bi-weekly (130 payments) is fine', { paymentFrequencyId: 'BiWeekly', termMonths: 60 }, []],
  ])('%s', (_name, extra, expected) => {
    expect(paths(applicationRequestSaveSchema.safeParse({ ...base, ...extra }))).toEqual(expected);
  });

  it('requires the payment frequency', () => {
    expect(paths(applicationRequestSaveSchema.safeParse({ loanProductId: 1 }))).toEqual(['paymentFrequencyId']);
  });
});

describe('collateral save', () => {
  it('sends an empty lien payoff amount and per diem as null', () => {
    const parsed = collateralsSaveSchema.parse({
      collaterals: [{ family: 'Auto', type: 'AUTO', liens: [{ lienholder: 'Ally', payoffAmount: '', perDiem: '' }] }],
    });
    expect(parsed.collaterals[0]!.liens[0]).toEqual({
      lienholder: 'Ally',
      accountNumber: null,
      payoffAmount: null,
      perDiem: null,
    });
  });

  it('keeps the type within its form', () => {
    expect(paths(collateralInputSchema.safeParse({ family: 'Boat', type: 'AUTO' }))).toEqual(['type']);
    expect(paths(collateralInputSchema.safeParse({ family: 'Trailer', type: 'TRAVEL_TRAILER' }))).toEqual([]);
  });
});

describe('applicant input', () => {
  it('needs first and last name for a person and a company name for a business', () => {
    expect(paths(applicantInputSchema.safeParse({ applicantRole: 'PRIMARY' }))).toEqual(['firstName', 'lastName']);
    expect(paths(applicantInputSchema.safeParse({ applicantRole: 'PRIMARY', isBusiness: true }))).toEqual([
      'companyName',
    ]);
  });

  it('defaults a new phone to type 1, not preferred', () => {
    const a = applicantInputSchema.parse({
      applicantRole: 'PRIMARY',
      firstName: 'Ann',
      lastName: 'Lee',
      phoneNumbers: [{ number: '3035550100' }],
    });
    expect(a.phoneNumbers).toEqual([{ number: '3035550100', phoneType: 1, preferredContact: false }]);
  });

  it.each([
    ['123-45-6789', true],
    ['123456789', true],
    ['***-**-6789', true],
    ['12345678', false],
    ['123-45-678x', false],
  ])('accepts the SSN %s: %s', (ssn, ok) => {
    const result = applicantInputSchema.safeParse({
      applicantRole: 'PRIMARY',
      firstName: 'A',
      lastName: 'B',
      socialSecurityNumber: ssn,
    });
    expect(result.success).toBe(ok);
  });
});

describe('missingRequestFields (what a new application needs by control type, issue 17 item 6)', () => {
  const none = { negotiatedPrice: null, estAmtFinanced: null, requestedAmount: null, termMonths: null };
  it.each([
    ['PERSONAL', none, ['estAmtFinanced', 'termMonths']],
    ['CD_SHARE', none, ['estAmtFinanced', 'termMonths']],
    ['HEL', { ...none, estAmtFinanced: '80000.00' }, ['termMonths']],
    ['AUTOMOTIVE', none, ['negotiatedPrice', 'termMonths']],
    ['BOAT', { ...none, estAmtFinanced: '5000.00', termMonths: 60 }, ['negotiatedPrice']],
    ['RV', { ...none, negotiatedPrice: '90000.00', termMonths: 120 }, []],
    ['CREDIT_CARD', none, ['requestedAmount']],
    ['CREDIT_CARD', { ...none, requestedAmount: '7500.00' }, []],
    ['PERSONAL', { ...none, estAmtFinanced: '12000.00', termMonths: 36 }, []],
  ] as const)('%s %j needs %j', (controlType, request, fields) => {
    expect(missingRequestFields(request, controlType).map((m) => m.field)).toEqual(fields);
  });

  it('names a zero amount and the missing sales price', () => {
    expect(missingRequestFields({ ...none, estAmtFinanced: '0.00', termMonths: 12 }, 'PERSONAL')).toEqual([
      { field: 'estAmtFinanced', message: messages.validation.atLeastOneCent },
    ]);
    expect(missingRequestFields({ ...none, termMonths: 12 }, 'AUTOMOTIVE')).toEqual([
      { field: 'negotiatedPrice', message: messages.applications.salesPriceRequired },
    ]);
  });
});
