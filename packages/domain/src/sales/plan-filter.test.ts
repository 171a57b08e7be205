import { describe, expect, it } from 'vitest';
import {
  filterPlans,
  maprWith,
  stateCapAmount,
  type FilterPlan,
  type PlanFilterFacts,
  type PriceCapRule,
} from './plan-filter.ts';
import { planTotal } from './plan-total.ts';

const colorado: PriceCapRule = {
  state: 'CO',
  products: ['gap', 'debtProtection'],
  percent: '4',
  minimumAmount: '600.00',
};
const texas: PriceCapRule = { state: 'TX', products: ['gap', 'debtProtection'], percent: '5', minimumAmount: null };
const caps = [colorado, texas];

const facts = (over: Partial<PlanFilterFacts> = {}): PlanFilterFacts => ({
  amountFinanced: '20000.00',
  collateralValue: '25000.00',
  state: 'NE',
  salvagedTitle: false,
  usedCommercially: false,
  mlaCovered: false,
  terms: null,
  ...over,
});
const gap = (price: string, maxLtv: string | null = null): FilterPlan => ({
  id: 1,
  title: 'GAP',
  product: 'gap',
  price,
  maxLtv,
});
const service: FilterPlan = { id: 2, title: 'Powertrain', product: 'serviceContract', price: '1800.00', maxLtv: null };
const one = (plan: FilterPlan, f: PlanFilterFacts) => filterPlans([plan], f, caps)[0]!;
const reasonOf = (plan: FilterPlan, f: PlanFilterFacts) => {
  const d = one(plan, f);
  return d.offered ? null : d.refusal.reason;
};

describe('GAP on the title and use', () => {
  it('refuses GAP on a salvaged title and on commercial use, not the service contract', () => {
    const salvaged = filterPlans([gap('500.00'), service], facts({ salvagedTitle: true }), caps);
    expect(salvaged.map((d) => d.offered)).toEqual([false, true]);
    expect(reasonOf(gap('500.00'), facts({ salvagedTitle: true }))).toBe(
      'GAP is not offered on a salvaged or branded title.',
    );
    expect(reasonOf(gap('500.00'), facts({ usedCommercially: true }))).toBe(
      'GAP is not offered on a vehicle used commercially.',
    );
    expect(one(service, facts({ usedCommercially: true, salvagedTitle: true })).offered).toBe(true);
    expect(one(gap('500.00'), facts()).offered).toBe(true);
  });
});

describe("GAP plan's maximum LTV", () => {
  const f = facts({ amountFinanced: '12000.00', collateralValue: '10000.00' }); // LTV 120 %
  it('offers GAP at exactly its maximum LTV and refuses it a hundredth above', () => {
    expect(one(gap('500.00', '120'), f).offered).toBe(true);
    expect(reasonOf(gap('500.00', '119.99'), f)).toBe(
      "The loan's LTV of 120% exceeds this GAP plan's maximum of 119.99%.",
    );
  });
  it('refuses a GAP plan with a maximum LTV when the collateral has no value', () => {
    const d = one(gap('500.00', '125'), facts({ collateralValue: null }));
    expect(d.offered).toBe(false);
    expect(!d.offered && d.refusal.rule).toBe('gapLtv');
  });
});

describe('state price caps', () => {
  it('Colorado: the greater of 4 % of the amount financed or $600', () => {
    // 4 % of $10,000 is $400: the $600 floor is the cap.
    const small = facts({ state: 'CO', amountFinanced: '10000.00' });
    expect(stateCapAmount(colorado, '10000.00').toFixed(2)).toBe('600.00');
    expect(one(gap('600.00'), small).offered).toBe(true);
    expect(reasonOf(gap('600.01'), small)).toBe(
      "The price of $600.01 exceeds CO's cap of $600.00 (the greater of 4% of the amount financed or $600.00).",
    );
    // At $15,000 both are $600; above, 4 % is the cap.
    expect(stateCapAmount(colorado, '15000.00').toFixed(2)).toBe('600.00');
    const large = facts({ state: 'CO', amountFinanced: '20000.00' });
    expect(one(gap('800.00'), large).offered).toBe(true);
    expect(reasonOf(gap('800.01'), large)).toContain("CO's cap of $800.00");
    // 4 % of $17,512.63 = $700.5052: the cap is rounded to the cent ($700.51).
    expect(stateCapAmount(colorado, '17512.63').toFixed(2)).toBe('700.51');
  });
  it('Texas: at most 5 % of the amount financed, no floor; products not named are not capped', () => {
    const tx = facts({ state: 'TX', amountFinanced: '12000.00' });
    expect(one(gap('600.00'), tx).offered).toBe(true);
    expect(reasonOf(gap('600.01'), tx)).toBe(
      "The price of $600.01 exceeds TX's cap of $600.00 (5% of the amount financed).",
    );
    expect(reasonOf(gap('300.01'), facts({ state: 'TX', amountFinanced: '6000.00' }))).toContain('$300.00');
    expect(one({ ...service, price: '5000.00' }, tx).offered).toBe(true);
    expect(one(gap('5000.00'), facts({ state: 'NE' })).offered).toBe(true);
  });
});

describe('Military Lending Act MAPR', () => {
  // One annual payment, no odd days: the MAPR is exactly (amount × 1.2) / $1,000 − 1, checkable by hand.
  const terms = {
    annualRatePercent: '20',
    termMonths: 12,
    frequency: 'Annually' as const,
    contractDate: '2026-01-15',
    firstPaymentDate: '2027-01-15',
  };
  const covered = facts({ amountFinanced: '1000.00', mlaCovered: true, terms, collateralValue: null });
  const life = (price: string): FilterPlan => ({ id: 3, title: 'Life', product: 'creditLife', price, maxLtv: null });
  it('offers a plan at a MAPR of exactly 36 % and refuses it a cent above, with the figure', () => {
    // $1,133.33 × 1.2 = $1,359.996 → one payment of $1,360.00 on $1,000.00 financed: 36.000 %.
    expect(maprWith(terms, '1000.00', '133.33').toFixed(3)).toBe('36.000');
    expect(one(life('133.33'), covered).offered).toBe(true);
    // $1,133.34 × 1.2 = $1,360.008 → $1,360.01: 36.001 %.
    expect(reasonOf(life('133.34'), covered)).toBe(
      'A Military Lending Act covered borrower: the MAPR with this plan would be 36.001%, above 36%.',
    );
  });
  it('does not apply to a borrower who is not covered, nor to a service contract', () => {
    expect(one(life('500.00'), { ...covered, mlaCovered: false }).offered).toBe(true);
    expect(one({ ...service, price: '500.00' }, covered).offered).toBe(true);
  });
  it("refuses a covered borrower's credit-related plan while the loan's terms are not known", () => {
    const d = one(life('10.00'), { ...covered, terms: null });
    expect(!d.offered && d.refusal.rule).toBe('mapr');
  });
});

describe('plan total', () => {
  it('is the plan and its chosen options, exact', () => {
    expect(planTotal('1895.10', ['0.10', '0.20'])).toBe('1895.40');
    expect(planTotal('0.00', [])).toBe('0.00');
  });
});
