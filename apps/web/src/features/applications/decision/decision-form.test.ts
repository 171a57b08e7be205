import { describe, expect, it } from 'vitest';
import { truthInLendingRequestSchema, type DecisionWorksheet } from '@credence/contracts';
import {
  afterTermOrAmount,
  applyCell,
  disclosureRequestOf,
  figuresOf,
  initialForm,
  submitBodyOf,
} from './decision-form.ts';

const terms = {
  contractDate: null,
  firstPaymentDate: null,
  amount: null,
  monthlyPayment: null,
  term: null,
  interestRate: null,
  paymentFrequencyId: null,
  paymentFrequency: null,
  paymentMethodId: null,
  balloonAmount: null,
  approvalConditionCodeIds: [],
  fundingRequirements: [],
};

const worksheet: DecisionWorksheet = {
  id: 41,
  state: 'reviewed',
  loanProductId: 3,
  loanProductName: 'Used Auto',
  loanProductControlType: 'AUTOMOTIVE',
  direct: true,
  approval: terms,
  pending: terms,
  additions: [
    {
      id: 1,
      name: 'GAP',
      flatAmount: '695.00',
      feeType: 'flat',
      selected: false,
      isDefault: true,
      financeCharge: false,
    },
    {
      id: 2,
      name: 'Credit Life',
      flatAmount: '2.50',
      feeType: 'per1000',
      selected: false,
      isDefault: false,
      financeCharge: true,
    },
  ],
  negotiatedPrice: '30000.00',
  otherFees: null,
  saleTax: null,
  cashDown: '5000.00',
  netTradeIn: null,
  rebate: null,
  estAmtFinanced: '25000.00',
  requestedAmount: null,
  requestedTerm: 60,
  requestedPaymentFrequencyId: 'Monthly',
  value: '25000.00',
  existingLienBalance: null,
  year: 2022,
  mileage: 30000,
  maximumSpread: '2.000',
  rateMatching: false,
  hasLoanLimitMatrix: true,
  disclosureTerms: { dayCount: 'actual365', oddDays: 'firstPayment', securedByDwelling: false },
  frontEndFinanceCharges: [],
  rateGrid: [
    {
      term: 60,
      cells: [
        { ltv: '80', rate: '5.49' },
        { ltv: '100', rate: '5.99' },
        { ltv: '120', rate: '6.99' },
      ],
      maxLoan: '40000.00',
      maxLtv: '120',
    },
    { term: 72, cells: [{ ltv: '100', rate: '6.49' }], maxLoan: '24000.00', maxLtv: '100' },
  ],
  derived: {
    loanAmount: '25000.00',
    totalDown: '5000.00',
    percentDown: '16.67',
    ltv: '100',
    requestedLtv: '100',
    vehicleAge: 4,
    totalBackEnd: '0.00',
  },
  policy: {
    policyRunId: 9,
    workflowName: 'Auto approval',
    outcome: 'ManualReview',
    tier: 'B',
    suggestedRate: '6.25',
    maxAmount: '30000.00',
    maxLtv: '120',
    terms: [60, 72],
    reasonCodes: [],
    trace: [],
    ranAt: null,
  },
  applicants: [
    { id: 7, name: 'Ana Diaz', role: 'Primary', monthlyIncome: '5000.00', monthlyDebts: '800.00', declineReasons: [] },
    { id: 8, name: 'Luis Diaz', role: 'Co-Applicant', monthlyIncome: null, monthlyDebts: null, declineReasons: [] },
  ],
  decline: null,
  policyException: null,
  decision: null,
  codes: [
    { id: 31, codeType: 'declineReason', code: 'D01', description: 'Insufficient income' },
    { id: 41, codeType: 'counterReason', code: 'C01', description: 'Amount reduced' },
  ],
  paymentMethods: [{ id: 1, name: 'Coupon Book' }],
};

describe('the decision form', () => {
  it('opens on the request with the suggested rate, the grid cell of the request and default additions chosen', () => {
    const form = initialForm(worksheet, '2026-11-26');
    expect(form).toMatchObject({
      decisionType: 'approve',
      amount: '25,000.00',
      term: '60',
      interestRate: '6.25',
      paymentFrequency: 'Monthly',
      contractDate: '2026-11-26',
      firstPaymentDate: '2026-12-26',
      cell: { term: 60, ltv: '100' },
    });
    expect(form.additions.map((a) => a.selected)).toEqual([true, false]);
  });

  it('reopens a saved approval with its stipulations, so the result panel and the list keep them (issue 29, item 6)', () => {
    const decided = {
      ...terms,
      contractDate: '2026-11-20',
      firstPaymentDate: '2026-12-20',
      amount: '22000.00',
      term: 60,
      interestRate: '5.990',
      paymentFrequencyId: 'Monthly' as const,
      paymentFrequency: 'Monthly',
      balloonAmount: null,
      fundingRequirements: [{ description: 'Proof of income' }, { description: 'Verify HIN matches the title' }],
    };
    const form = initialForm({ ...worksheet, approval: decided }, '2026-11-26');
    expect(form.fundingRequirements).toEqual(decided.fundingRequirements);
    expect(form).toMatchObject({ amount: '22,000.00', term: '60', interestRate: '5.990' });
  });

  it("starts a decline from the policy's reasons (the lender's code of the same code), a saved decline from its own", () => {
    const bankruptcy = { id: 32, codeType: 'declineReason' as const, code: 'BANKRUPTCY', description: 'Bankruptcy' };
    const declined = {
      ...worksheet,
      policy: { ...worksheet.policy!, outcome: 'Decline', reasonCodes: ['bankruptcy', 'NO-SUCH-CODE'] },
      codes: [...worksheet.codes, bankruptcy],
    };
    expect(initialForm(declined, '2026-11-26').declines.map((d) => d.codeIds)).toEqual([[32], [32]]);
    const [ana, luis] = declined.applicants;
    const saved = {
      ...declined,
      applicants: [{ ...ana!, declineReasons: [{ codeId: 31, code: 'D01', text: 'Insufficient income' }] }, luis!],
    };
    expect(initialForm(saved, '2026-11-26').declines.map((d) => d.codeIds)).toEqual([[31], [32]]);
  });

  it('a grid cell sets term, rate and amount capped at the smallest of max loan, max amount and loan amount', () => {
    const form = initialForm(worksheet, '2026-11-26');
    const chosen = applyCell(form, worksheet, worksheet.rateGrid[0]!, worksheet.rateGrid[0]!.cells[2]!);
    expect(chosen).toMatchObject({ term: '60', interestRate: '6.99', amount: '25,000.00' }); // 30 000 capped
    const lower = applyCell(form, worksheet, worksheet.rateGrid[0]!, worksheet.rateGrid[0]!.cells[0]!);
    expect(lower).toMatchObject({ interestRate: '5.49', amount: '20,000.00', cell: { term: 60, ltv: '80' } });
    const row72 = applyCell(form, worksheet, worksheet.rateGrid[1]!, worksheet.rateGrid[1]!.cells[0]!);
    expect(row72).toMatchObject({ term: '72', amount: '24,000.00' }); // the row's max loan
  });

  it('a term without a grid row clears the rate; a new amount re-selects its bucket', () => {
    const form = initialForm(worksheet, '2026-11-26');
    expect(afterTermOrAmount({ ...form, term: '84' }, worksheet)).toMatchObject({ interestRate: '', cell: null });
    expect(afterTermOrAmount({ ...form, amount: '19,000.00' }, worksheet)).toMatchObject({
      interestRate: '5.49',
      cell: { term: 60, ltv: '80' },
    });
  });

  it('figures: payment and disclosure, the buy rate from the maximum spread, additions priced', () => {
    const form = initialForm(worksheet, '2026-11-26');
    const figures = figuresOf({ ...form, interestRate: '6' }, worksheet);
    expect(figures.disclosure!.payment.toFixed(2)).toBe('483.32');
    expect(figures.buyRate!.toString()).toBe('4');
    expect(figures.additions.total.toFixed(2)).toBe('695.00');
    expect(figures.ltv!.toString()).toBe('100');
  });

  it('an approval is sent with its terms, additions, stipulations and each applicant’s PTI', () => {
    const form = {
      ...initialForm(worksheet, '2026-11-26'),
      interestRate: '6',
      fundingRequirements: [{ description: ' Proof of income ' }, { description: '' }],
    };
    const body = submitBodyOf(form, worksheet, figuresOf(form, worksheet));
    expect(body).toMatchObject({
      applicationId: 41,
      decisionType: 'approve',
      ltv: '100',
      approval: { amount: '25000.00', term: 60, interestRate: '6', monthlyPayment: '483.32', paymentMethodId: 1 },
      additions: [
        { id: 1, flatAmount: '695.00', selected: true },
        { id: 2, flatAmount: '2.50', selected: false },
      ],
      fundingRequirements: [{ description: 'Proof of income' }],
      reasons: [],
    });
    expect(body.decisionApplicants).toEqual([
      { applicantId: 7, pti: '9.67', declineReasons: [] },
      { applicantId: 8, pti: null, declineReasons: [] },
    ]);
  });

  it('a decline sends each applicant’s codes and free-format reason, and no terms', () => {
    const form = {
      ...initialForm(worksheet, '2026-11-26'),
      decisionType: 'decline' as const,
      declines: [
        { applicantId: 7, codeIds: [31], freeFormat: '' },
        { applicantId: 8, codeIds: [], freeFormat: ' Too many inquiries ' },
      ],
    };
    const body = submitBodyOf(form, worksheet, figuresOf(form, worksheet));
    expect(body.approval).toBeNull();
    expect(body.additions).toEqual([]);
    expect(body.decisionApplicants).toEqual([
      { applicantId: 7, pti: null, declineReasons: [{ codeId: 31 }] },
      { applicantId: 8, pti: null, declineReasons: [{ freeFormatName: 'Too many inquiries' }] },
    ]);
  });

  it('a counter-offer sends its reasons with its terms', () => {
    const form = { ...initialForm(worksheet, '2026-11-26'), decisionType: 'counteroffer' as const, reasons: [41] };
    const body = submitBodyOf(form, worksheet, figuresOf(form, worksheet));
    expect(body.reasons).toEqual([41]);
    expect(body.approval).not.toBeNull();
  });

  it('opens with the request’s residual amount as the balloon, or the balloon decided (issue 41)', () => {
    const residual = { ...worksheet, approval: { ...terms, balloonAmount: '5000.00' } };
    expect(initialForm(residual, '2026-11-26').balloonAmount).toBe('5,000.00');
    expect(initialForm(worksheet, '2026-11-26').balloonAmount).toBe('');
  });

  it('sends the balloon typed with the terms; blank is none', () => {
    const form = { ...initialForm(worksheet, '2026-11-26'), interestRate: '6', balloonAmount: '5,000.00' };
    const body = submitBodyOf(form, worksheet, figuresOf(form, worksheet));
    expect(body.approval).toMatchObject({ amount: '25000.00', balloonAmount: '5000.00' });
    const none = { ...form, balloonAmount: ' ' };
    expect(submitBodyOf(none, worksheet, figuresOf(none, worksheet)).approval?.balloonAmount).toBeNull();
  });

  it('the payment amortizes to the balloon, as the server computes it', () => {
    const form = { ...initialForm(worksheet, '2026-11-26'), interestRate: '6' };
    const level = figuresOf(form, worksheet).disclosure!;
    const withBalloon = figuresOf({ ...form, balloonAmount: '5,000.00' }, worksheet).disclosure!;
    expect(withBalloon.payment.lt(level.payment)).toBe(true);
    // The last payment is the balloon and the last regular one: 60 regular payments and the balloon, to the cents.
    const scheduled = withBalloon.payment.times(60).plus(5000);
    expect(withBalloon.totalOfPayments.minus(scheduled).abs().lt(1)).toBe(true);
  });

  it('the disclosure request: the product’s day count and odd days, the prepaid charges priced at the amount decided, the balloon', () => {
    const ws: DecisionWorksheet = {
      ...worksheet,
      disclosureTerms: { dayCount: 'thirty360', oddDays: 'prepaid', securedByDwelling: false },
      frontEndFinanceCharges: [{ name: 'Documentation fee', amount: '195.00' }],
    };
    const form = {
      ...initialForm(ws, '2026-11-26'),
      interestRate: '6',
      amount: '20,000.00',
      balloonAmount: '4,000.00',
      // GAP (selected, not a finance charge) and Credit Life (a finance charge, $2.50 per $1,000).
      additions: [
        { id: 1, selected: true, flatAmount: '695.00' },
        { id: 2, selected: true, flatAmount: '2.50' },
      ],
    };
    const request = disclosureRequestOf(form, ws);
    expect(request).toEqual({
      amount: '20000.00',
      annualRate: '6',
      term: 60,
      paymentFrequencyId: 'Monthly',
      contractDate: '2026-11-26',
      firstPaymentDate: '2026-12-26',
      prepaidFinanceCharges: [
        { name: 'Documentation fee', amount: '195.00' },
        { name: 'Credit Life', amount: '50.00' },
      ],
      dayCount: 'thirty360',
      oddDays: 'prepaid',
      balloonAmount: '4000.00',
    });
    expect(truthInLendingRequestSchema.safeParse(request).success).toBe(true);
    // The payment shown takes the same terms: the prepaid charges do not change it, the balloon does.
    expect(figuresOf(form, ws).disclosure!.amountFinanced.toFixed(2)).toBe('19755.00');
  });

  it('no disclosure request while a term is missing or the balloon cannot be read', () => {
    const form = { ...initialForm(worksheet, '2026-11-26'), interestRate: '6' };
    expect(disclosureRequestOf(form, worksheet)).not.toBeNull();
    expect(disclosureRequestOf({ ...form, interestRate: '' }, worksheet)).toBeNull();
    expect(disclosureRequestOf({ ...form, term: '' }, worksheet)).toBeNull();
    expect(disclosureRequestOf({ ...form, firstPaymentDate: '2026-12' }, worksheet)).toBeNull();
    expect(disclosureRequestOf({ ...form, balloonAmount: 'abc' }, worksheet)).toBeNull();
  });
});
