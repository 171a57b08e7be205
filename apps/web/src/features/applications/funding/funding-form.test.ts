import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loanSaveSchema, truthInLendingRequestSchema } from '@credence/contracts';
import {
  balanceOf,
  disclosureRequestOf,
  isWeekend,
  savePayloadOf,
  worksheetAnchorOf,
  type DisbursementLine,
  type FundingForm,
} from './funding-form.ts';
import { createDebouncedRunner } from './use-debounced-action.ts';

const line = (amount: string, extra: Partial<DisbursementLine> = {}): DisbursementLine => ({
  disbursementId: null,
  name: 'Other',
  payeeType: 'other',
  payeeName: 'Payee',
  disbursalMethodId: 1,
  amount,
  ...extra,
});

const form = (extra: Partial<FundingForm> = {}): FundingForm => ({
  contractDate: '2026-11-27',
  firstPaymentDate: '2026-12-27',
  rescissionDate: '2026-12-01',
  fundingDate: '2026-11-30',
  memberNumber: '',
  loanId: ' 0101 ',
  shareAccountNumber: '',
  reserveMatrixId: '',
  disbursements: [line('1,234.50'), line('0.10'), line('0.20')],
  ...extra,
});

describe('balanceOf: the running remaining of the disbursements, exact decimal', () => {
  it('is zero when the lines add up to the amount financed (0.10 + 0.20 is exactly 0.30)', () => {
    const b = balanceOf('1234.80', [line('1,234.50'), line('0.10'), line('0.20')]);
    expect(b.total.toFixed(2)).toBe('1234.80');
    expect(b.remaining?.toFixed(2)).toBe('0.00');
    expect(b.balanced).toBe(true);
  });
  it('says what is left, or over (negative)', () => {
    expect(balanceOf('25000.00', [line('24,999.99')]).remaining?.toFixed(2)).toBe('0.01');
    expect(balanceOf('100.00', [line('$100.01')]).remaining?.toFixed(2)).toBe('-0.01');
    expect(balanceOf('100.00', [line('100')]).balanced).toBe(true);
  });
  it('counts empty lines as nothing and has no remaining while an amount cannot be read', () => {
    expect(balanceOf('10.00', [line(''), line('10')]).balanced).toBe(true);
    const unreadable = balanceOf('10.00', [line('10.001')]);
    expect(unreadable.remaining).toBeNull();
    expect(unreadable.balanced).toBe(false);
    expect(balanceOf('10.00', [line('-10')]).balanced).toBe(false);
  });
  it('with no lines, the whole amount remains', () => {
    expect(balanceOf('5000.00', []).remaining?.toFixed(2)).toBe('5000.00');
  });
});

describe('savePayloadOf: only the editable fields, as the contract takes them', () => {
  it('empty texts are null, amounts two-decimal strings, ids trimmed', () => {
    const { payload } = savePayloadOf(form(), false);
    expect(payload).toMatchObject({
      contractDate: '2026-11-27',
      rescissionDate: null,
      memberNumber: null,
      loanId: '0101',
      shareAccountNumber: null,
      reserveMatrixId: null,
    });
    expect(payload.disbursements?.map((d) => d.amount)).toEqual(['1234.50', '0.10', '0.20']);
    expect(payload).not.toHaveProperty('amount');
    expect(loanSaveSchema.safeParse(payload).success).toBe(true);
  });
  it('sends the rescission date only when the product uses one', () => {
    expect(savePayloadOf(form(), true).payload.rescissionDate).toBe('2026-12-01');
  });
  it('a loan id over 100 characters is refused with the spec text', () => {
    const result = loanSaveSchema.safeParse(savePayloadOf(form({ loanId: 'x'.repeat(101) }), false).payload);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Loan Id exceeds max length.');
  });
  it('an amount that cannot be read is kept as typed so the contract refuses it', () => {
    const { payload } = savePayloadOf(form({ disbursements: [line('12.345')] }), false);
    expect(loanSaveSchema.safeParse(payload).success).toBe(false);
  });
});

describe('dates and fix links', () => {
  it('knows weekends', () => {
    expect(isWeekend('2026-11-28')).toBe(true); // Saturday
    expect(isWeekend('2026-11-29')).toBe(true); // Sunday
    expect(isWeekend('2026-11-30')).toBe(false); // Monday
    expect(isWeekend('not a date')).toBe(false);
  });
  it('a dry-run fixPath is a field of this worksheet (#id) or a page', () => {
    expect(worksheetAnchorOf('#fundingDate')).toBe('fundingDate');
    expect(worksheetAnchorOf('/admin/corecodemappings')).toBeNull();
    expect(worksheetAnchorOf(null)).toBeNull();
  });
});

describe('disclosureRequestOf: the loan’s Truth in Lending request at the dates being edited (issue 41)', () => {
  const loan = {
    amount: '25000.00',
    interestRate: '6.490',
    term: 60,
    paymentFrequencyId: 'Monthly' as const,
    balloonAmount: '5000.00',
    disclosureTerms: {
      dayCount: 'thirty360' as const,
      oddDays: 'prepaid' as const,
      prepaidFinanceCharges: [{ name: 'Documentation fee', amount: '195.00' }],
      securedByDwelling: false,
    },
  };
  it('takes the loan’s terms, balloon and disclosure terms with the dates typed', () => {
    const request = disclosureRequestOf(loan, { contractDate: '2026-11-27', firstPaymentDate: '2027-01-05' });
    expect(request).toEqual({
      amount: '25000.00',
      annualRate: '6.490',
      term: 60,
      paymentFrequencyId: 'Monthly',
      contractDate: '2026-11-27',
      firstPaymentDate: '2027-01-05',
      prepaidFinanceCharges: [{ name: 'Documentation fee', amount: '195.00' }],
      dayCount: 'thirty360',
      oddDays: 'prepaid',
      balloonAmount: '5000.00',
    });
    expect(truthInLendingRequestSchema.safeParse(request).success).toBe(true);
  });
  it('a home equity loan asks for the $100 finance charge tolerance (§1026.18(d)(1))', () => {
    const dates = { contractDate: '2026-11-27', firstPaymentDate: '2026-12-27' };
    const hel = { ...loan, disclosureTerms: { ...loan.disclosureTerms, securedByDwelling: true } };
    expect(disclosureRequestOf(hel, dates)).toMatchObject({ securedByDwelling: true });
    expect(disclosureRequestOf(loan, dates)).not.toHaveProperty('securedByDwelling');
  });
  it('none without a balloon is sent as null; no request until both dates are dates', () => {
    const dates = { contractDate: '2026-11-27', firstPaymentDate: '2026-12-27' };
    expect(disclosureRequestOf({ ...loan, balloonAmount: null }, dates)?.balloonAmount).toBeNull();
    expect(disclosureRequestOf(loan, { ...dates, contractDate: '' })).toBeNull();
    expect(disclosureRequestOf(loan, { ...dates, firstPaymentDate: '2026-12' })).toBeNull();
  });
});

describe('createDebouncedRunner: spec 3 §9, fund and save debounced 500 ms', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ten clicks in a row run the action once, 500 ms after the last', async () => {
    const action = vi.fn(() => Promise.resolve());
    const runner = createDebouncedRunner(action, 500);
    for (let i = 0; i < 10; i += 1) {
      runner.call();
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(action).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(400);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('clicks while the action runs are ignored; after it ends a click runs it again', async () => {
    let finish: () => void = () => undefined;
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const pending: boolean[] = [];
    const runner = createDebouncedRunner(action, 500, (p) => pending.push(p));
    runner.call();
    await vi.advanceTimersByTimeAsync(500);
    runner.call();
    runner.call();
    await vi.advanceTimersByTimeAsync(1000);
    expect(action).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(pending.at(-1)).toBe(false);
    runner.call();
    await vi.advanceTimersByTimeAsync(500);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('cancel drops a waiting click', async () => {
    const action = vi.fn(() => Promise.resolve());
    const runner = createDebouncedRunner(action, 500);
    runner.call();
    runner.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(action).not.toHaveBeenCalled();
  });
});
