import { describe, expect, it } from 'vitest';
import {
  buyRate,
  chooseRateGridCell,
  decisionAdditions,
  decisionDerivedValues,
  decisionDisclosure,
  derivedValuesForReceipt,
  formatRate,
  rateGridRowsFor,
  reselectAfterChange,
  type DecisionApprovalTerms,
} from './decision-worksheet.ts';
import { formatApr } from './apr.ts';
import type { RateGridRow } from './rate-grid.ts';

const asOf = '2026-11-26';

describe('derived values per control type (spec 3 §3)', () => {
  const auto = {
    negotiatedPrice: '30000.00',
    otherFees: '500.00',
    saleTax: '1800.00',
    cashDown: '3000.00',
    netTradeIn: '2000.00',
    rebate: '1000.00',
    gap: '695.00',
    warranty: '1500.00',
    creditLife: null,
    value: '28000.00',
    year: 2022,
    estAmtFinanced: '1.00', // ignored for vehicle products: the itemization decides
  };

  it('AUTOMOTIVE: loan amount from price, fees, tax, back-end fees less the down items', () => {
    const d = decisionDerivedValues({ controlType: 'AUTOMOTIVE', ...auto }, { asOf });
    expect(d.loanAmount!.toFixed(2)).toBe('28495.00'); // 500 + 30000 + 1800 − 6000 + 2195
    expect(d.totalDown.toFixed(2)).toBe('6000.00');
    expect(d.percentDown!.toString()).toBe('20');
    expect(d.totalBackEnd.toFixed(2)).toBe('2195.00');
    expect(d.requestedLtv!.toDecimalPlaces(2).toString()).toBe('101.77');
    expect(d.ltv!.toDecimalPlaces(2).toString()).toBe('101.77');
    expect(d.vehicleAge).toBe(4);
  });

  it('the LTV follows the decided amount; the requested LTV stays on the request', () => {
    const d = decisionDerivedValues({ controlType: 'AUTOMOTIVE', ...auto }, { asOf, decidedAmount: '25200' });
    expect(d.ltv!.toString()).toBe('90');
    expect(d.requestedLtv!.toDecimalPlaces(2).toString()).toBe('101.77');
  });

  it('BOAT and RV compute the same way; negative equity adds to the amount', () => {
    const rv = decisionDerivedValues(
      {
        controlType: 'RV',
        negotiatedPrice: '80000',
        cashDown: '10000',
        netTradeIn: '-4000',
        value: '80000',
        year: 2026,
      },
      { asOf },
    );
    expect(rv.loanAmount!.toFixed(2)).toBe('74000.00');
    expect(rv.totalDown.toFixed(2)).toBe('6000.00');
    expect(rv.percentDown!.toString()).toBe('7.5');
    expect(rv.ltv!.toString()).toBe('92.5');
    expect(rv.vehicleAge).toBe(0);
    const boat = decisionDerivedValues({ controlType: 'BOAT', ...auto }, { asOf });
    expect(boat.loanAmount!.toFixed(2)).toBe('28495.00');
  });

  it('PERSONAL, CD_SHARE: the estimated amount financed; no value → no LTV, no year → no age', () => {
    for (const controlType of ['PERSONAL', 'CD_SHARE'] as const) {
      const d = decisionDerivedValues(
        { controlType, estAmtFinanced: '10000', negotiatedPrice: null, year: null },
        { asOf },
      );
      expect(d.loanAmount!.toFixed(2)).toBe('10000.00');
      expect(d).toMatchObject({ ltv: null, requestedLtv: null, percentDown: null, vehicleAge: null });
      expect(d.totalDown.toFixed(2)).toBe('0.00');
    }
  });

  it('HEL: the estimated amount financed over the home value', () => {
    const d = decisionDerivedValues({ controlType: 'HEL', estAmtFinanced: '50000', value: '250000' }, { asOf });
    expect(d.loanAmount!.toFixed(2)).toBe('50000.00');
    expect(d.ltv!.toString()).toBe('20');
  });

  it('CREDIT_CARD: the estimated amount financed, else the requested limit', () => {
    expect(
      decisionDerivedValues({ controlType: 'CREDIT_CARD', requestedAmount: '5000' }, { asOf }).loanAmount!.toFixed(2),
    ).toBe('5000.00');
    expect(
      decisionDerivedValues(
        { controlType: 'CREDIT_CARD', requestedAmount: '5000', estAmtFinanced: '4500' },
        { asOf },
      ).loanAmount!.toFixed(2),
    ).toBe('4500.00');
    expect(decisionDerivedValues({ controlType: 'PERSONAL' }, { asOf }).loanAmount).toBeNull();
  });

  it('the receipt keeps them as decimal strings', () => {
    const d = decisionDerivedValues({ controlType: 'AUTOMOTIVE', ...auto }, { asOf });
    expect(derivedValuesForReceipt(d)).toEqual({
      loanAmount: '28495.00',
      totalDown: '6000.00',
      percentDown: '20',
      ltv: '101.7679',
      requestedLtv: '101.7679',
      vehicleAge: 4,
      totalBackEnd: '2195.00',
    });
  });
});

describe('buy rate (spec 3 §9)', () => {
  it('equals the approved rate when rate matching is on', () => {
    expect(buyRate('6.49', { rateMatching: true, maximumSpread: '2' })!.toString()).toBe('6.49');
  });
  it('otherwise the approved rate less the maximum spread, never below 0', () => {
    expect(buyRate('6.49', { rateMatching: false, maximumSpread: '2' })!.toString()).toBe('4.49');
    expect(buyRate('6.49', { rateMatching: false, maximumSpread: null })!.toString()).toBe('6.49');
    expect(buyRate('1.5', { rateMatching: false, maximumSpread: '2' })!.toString()).toBe('0');
    expect(buyRate(null, { rateMatching: false, maximumSpread: '2' })).toBeNull();
  });
});

describe('additions', () => {
  it('flat or per $1,000 of the loan amount; the total counts only the selected ones', () => {
    const { additions, total } = decisionAdditions(
      [
        { id: 1, feeType: 'flat', flatAmount: '695', selected: true },
        { id: 2, feeType: 'per1000', flatAmount: '2.50', selected: true },
        { id: 3, feeType: 'flat', flatAmount: '100', selected: false },
      ],
      '25450.00',
    );
    expect(additions.map((a) => a.amount.toFixed(2))).toEqual(['695.00', '63.63', '100.00']);
    expect(total.toFixed(2)).toBe('758.63');
  });
});

describe('rate grid on the approval (spec 3 §4)', () => {
  const grid: RateGridRow[] = [
    {
      term: 60,
      cells: [
        { ltv: '80', rate: '5.49' },
        { ltv: '100', rate: '5.99' },
        { ltv: '120', rate: '6.99' },
      ],
    },
    { term: 66, cells: [{ ltv: '100', rate: '6.25' }] },
    {
      term: 72,
      cells: [
        { ltv: '80', rate: '5.99' },
        { ltv: '100', rate: '6.49' },
      ],
    },
  ];
  const approval: DecisionApprovalTerms = {
    amount: '20000.00',
    term: 48,
    interestRate: '7.00',
    monthlyPayment: '478.92',
    paymentFrequency: 'Monthly',
  };

  it('choosing a cell sets term, rate and amount = value × LTV, and clears the payment to recompute', () => {
    expect(chooseRateGridCell(approval, grid[0]!, grid[0]!.cells[1]!, '25000', '30000')).toEqual({
      ...approval,
      term: 60,
      interestRate: '5.99',
      amount: '25000.00',
      monthlyPayment: null,
    });
  });

  it('the amount is capped at the approved total', () => {
    expect(chooseRateGridCell(approval, grid[0]!, grid[0]!.cells[2]!, '25000', '27500').amount).toBe('27500.00');
  });

  it('terms invalid for the frequency are disabled and cannot be chosen', () => {
    const annual = { ...approval, paymentFrequency: 'Annually' as const };
    expect(rateGridRowsFor(grid, 'Annually').map((r) => [r.term, r.enabled])).toEqual([
      [60, true],
      [66, false],
      [72, true],
    ]);
    expect(rateGridRowsFor(grid, 'Monthly').every((r) => r.enabled)).toBe(true);
    expect(chooseRateGridCell(annual, grid[1]!, grid[1]!.cells[0]!, '25000', '30000')).toBe(annual);
  });

  it('changing the term or the amount re-selects the first LTV bucket at or above, else the last', () => {
    const changed = reselectAfterChange({ ...approval, term: 72, amount: '21000' }, grid, '25000');
    expect(changed.cell).toEqual({ ltv: '100', rate: '6.49' }); // 84 %
    expect(changed.approval).toMatchObject({ term: 72, amount: '21000', interestRate: '6.49', monthlyPayment: null });
    expect(reselectAfterChange({ ...approval, term: 60, amount: '20000' }, grid, '25000').cell!.ltv).toBe('80');
    expect(reselectAfterChange({ ...approval, term: 60, amount: '40000' }, grid, '25000').cell!.ltv).toBe('120');
  });

  it('no cell for the term (or no value) clears the rate and the payment', () => {
    expect(reselectAfterChange({ ...approval, term: 84 }, grid, '25000')).toEqual({
      approval: { ...approval, term: 84, interestRate: null, monthlyPayment: null },
      cell: null,
    });
    expect(reselectAfterChange({ ...approval, term: 60 }, grid, null).approval.interestRate).toBeNull();
  });

  it('without a grid the typed terms stay', () => {
    expect(reselectAfterChange(approval, [], '25000')).toEqual({ approval, cell: null });
  });
});

describe('disclosure of the approved terms', () => {
  it('payment, last payment date, APR, finance charge and total of payments', () => {
    const { disclosure, error } = decisionDisclosure({
      amount: '10000.00',
      interestRate: '6',
      term: 60,
      paymentFrequency: 'Monthly',
      contractDate: '2026-01-01',
      firstPaymentDate: '2026-02-01',
    });
    expect(error).toBeNull();
    expect(disclosure!.payment.toFixed(2)).toBe('193.33');
    expect(disclosure!.lastPaymentDate).toBe('2031-01-01');
    expect(formatApr(disclosure!.apr)).toBe('6.000%');
    expect(disclosure!.amountFinanced.toFixed(2)).toBe('10000.00');
    expect(disclosure!.totalOfPayments.minus(disclosure!.amountFinanced).toFixed(2)).toBe(
      disclosure!.financeCharge.toFixed(2),
    );
    expect(disclosure!.totalOfPayments.toFixed(2)).toBe('11599.68');
  });

  it('a prepaid fee lowers the amount financed and raises the APR', () => {
    const { disclosure } = decisionDisclosure({
      amount: '10000.00',
      interestRate: '6',
      term: 60,
      paymentFrequency: 'Monthly',
      contractDate: '2026-01-01',
      firstPaymentDate: '2026-02-01',
      prepaidFinanceCharge: '200',
    });
    expect(disclosure!.amountFinanced.toFixed(2)).toBe('9800.00');
    expect(disclosure!.apr.gt(6.8)).toBe(true);
  });

  it('nothing until every figure is there; an error on the field when the terms cannot be computed', () => {
    const base = {
      amount: '10000',
      interestRate: '6',
      term: 60,
      paymentFrequency: 'Monthly' as const,
      contractDate: '2026-01-01',
      firstPaymentDate: '2026-02-01',
    };
    expect(decisionDisclosure({ ...base, interestRate: null })).toEqual({ disclosure: null, error: null });
    expect(decisionDisclosure({ ...base, firstPaymentDate: null })).toEqual({ disclosure: null, error: null });
    expect(decisionDisclosure({ ...base, term: 66, paymentFrequency: 'Annually' }).error!.field).toBe('term');
    expect(decisionDisclosure({ ...base, firstPaymentDate: '2025-12-01' }).error!.field).toBe('firstPaymentDate');
  });

  it('rates show 1 to 3 decimals', () => {
    expect(formatRate('5.99')).toBe('5.99%');
    expect(formatRate('6')).toBe('6.0%');
    expect(formatRate('5.1255')).toBe('5.126%');
    expect(formatRate(null)).toBe('');
  });
});
