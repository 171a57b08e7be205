import { describe, expect, it } from 'vitest';
import {
  applicantChanges,
  applicantMonthlyTotals,
  changesRetract,
  collateralChanges,
  requestChanges,
  type ApplicantRetractionFacts,
  type CollateralRetractionFacts,
  type RequestRetractionFacts,
} from './decision-retraction.ts';

const request: RequestRetractionFacts = {
  loanProductId: 1,
  dealerId: 4,
  requestedAmount: '20000.00',
  estAmtFinanced: '20000.00',
  termMonths: 60,
  cashDown: '1000.00',
  tradeInValue: null,
};

describe('requestChanges', () => {
  it('is empty when nothing a rule set names changed (amounts compared as decimals)', () =>
    expect(requestChanges(request, { ...request, requestedAmount: '20000', cashDown: '1000.0' })).toEqual([]));

  it('names each changed field', () =>
    expect(
      requestChanges(request, {
        loanProductId: 2,
        dealerId: null,
        requestedAmount: '20000.00',
        estAmtFinanced: '21000.00',
        termMonths: 72,
        cashDown: '0.00',
        tradeInValue: '500.00',
      }),
    ).toEqual(['loanProductId', 'requestedAmount', 'termMonths', 'cashDown', 'tradeInValue', 'dealer']));
});

const car: CollateralRetractionFacts = { key: 7, value: '25000.00', year: 2022, mileage: 30000, newUsed: 'Used' };

describe('collateralChanges', () => {
  it('compares collaterals by id', () => {
    expect(collateralChanges([car], [{ ...car, value: '25000' }])).toEqual([]);
    expect(collateralChanges([car], [{ ...car, mileage: 31000, value: '24000.00' }])).toEqual([
      'collateral.mileage',
      'collateral.value',
    ]);
  });

  it('counts an added or removed collateral as a change of the values it has', () => {
    expect(collateralChanges([], [{ ...car, key: null, year: null, mileage: null, newUsed: null }])).toEqual([
      'collateral.value',
    ]);
    expect(collateralChanges([car], [])).toEqual([
      'collateral.mileage',
      'collateral.newUsed',
      'collateral.value',
      'collateral.year',
    ]);
  });
});

const applicant: ApplicantRetractionFacts = {
  key: 3,
  income: '5000.00',
  housingPayment: '1200.00',
  ssn: 'hash-1',
  dateOfBirth: '1980-02-03',
};

describe('applicantChanges', () => {
  it('names income, housing payment, SSN and date of birth changes', () => {
    expect(applicantChanges([applicant], [{ ...applicant, income: '5000' }])).toEqual([]);
    expect(
      applicantChanges(
        [applicant],
        [{ ...applicant, income: '5100.00', housingPayment: null, ssn: 'hash-2', dateOfBirth: '1980-02-04' }],
      ),
    ).toEqual(['applicant.dateOfBirth', 'applicant.housingPayment', 'applicant.income', 'applicant.ssn']);
  });

  it('names an added and a removed applicant', () => {
    expect(applicantChanges([applicant], [applicant, { ...applicant, key: null }])).toEqual(['applicant.added']);
    expect(applicantChanges([applicant, { ...applicant, key: 4 }], [applicant])).toEqual(['applicant.removed']);
  });
});

describe('applicantMonthlyTotals', () => {
  it('adds current salaries at their pay period, income lines and a business income; obligations apart', () =>
    expect(
      applicantMonthlyTotals({
        employments: [
          { salary: '60000.00', payPeriod: 'Annually', isCurrent: true },
          { salary: '99999.00', payPeriod: 'Annually', isCurrent: false },
        ],
        finances: [
          { amount: '250.00', isIncome: true },
          { amount: '1200.00', isIncome: false },
        ],
        companyDebt: '100.00',
      }),
    ).toEqual({ income: '5250.00', housingPayment: '1300.00' }));

  it('is null when nothing is declared', () =>
    expect(applicantMonthlyTotals({ employments: [], finances: [] })).toEqual({ income: null, housingPayment: null }));
});

describe('changesRetract', () => {
  it('answers the changes the rule set names, and nothing without a match', () => {
    const fields = ['requestedAmount', 'collateral.value'];
    expect(changesRetract(fields, ['termMonths', 'requestedAmount'])).toEqual(['requestedAmount']);
    expect(changesRetract(fields, ['termMonths', 'dealer'])).toEqual([]);
    expect(changesRetract([], ['requestedAmount'])).toEqual([]);
  });
});
