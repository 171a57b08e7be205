import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoanDisclosureView, TruthInLending, TruthInLendingRequest } from '@credence/contracts';
import { ApiError } from '../../lib/api-client.ts';
import { TruthInLendingBox } from './truth-in-lending-box.tsx';
import {
  disclosureFailureOf,
  disclosureTexts,
  scheduleLinesOf,
  viewOfAnswer,
  viewOfStored,
  type AnsweredDisclosure,
} from './truth-in-lending-model.ts';
import { useTruthInLending } from './index.ts';

/**
 * The Truth in Lending box of the worksheets (issue 41): what a lender reads off it — the four §1026.18 figures of
 * the answer, the payment schedule with the first payment (odd-days interest) and the final one with the Ballon
 * Amount, the prepaid finance charges, and whether the APR and the finance charge are within their tolerances.
 */
const request: TruthInLendingRequest = {
  amount: '25000.00',
  annualRate: '6.49',
  term: 60,
  paymentFrequencyId: 'Monthly',
  contractDate: '2026-11-26',
  firstPaymentDate: '2027-01-10',
  prepaidFinanceCharges: [
    { name: 'Documentation fee', amount: '195.00' },
    { name: 'Credit Life', amount: '62.50' },
  ],
  dayCount: 'actual365',
  oddDays: 'firstPayment',
  balloonAmount: '5000.00',
};

const answer = (over: Partial<TruthInLending> = {}): TruthInLending => ({
  numberOfPayments: 60,
  payment: '419.60',
  firstPayment: '481.82',
  finalPayment: '5419.57',
  balloonAmount: '5000.00',
  firstPaymentDate: '2027-01-10',
  lastPaymentDate: '2031-12-10',
  oddDays: 14,
  oddDaysInterest: '62.22',
  prepaidFinanceCharge: '257.50',
  amountFinanced: '24742.50',
  financeCharge: '7235.69',
  totalOfPayments: '31978.19',
  apr: '6.742',
  aprTolerance: '0.125',
  aprIrregular: false,
  aprWithinTolerance: true,
  financeChargeTolerance: '10.00',
  financeChargeWithinTolerance: true,
  schedule: [
    { number: 1, date: '2027-01-10', payment: '481.82', interest: '197.47', principal: '284.35', balance: '24715.65' },
    { number: 2, date: '2027-02-10', payment: '419.60', interest: '133.67', principal: '285.93', balance: '24429.72' },
  ],
  ...over,
});

const answered = (over: Partial<TruthInLending> = {}): AnsweredDisclosure => ({ request, answer: answer(over) });

const box = () => screen.getByTestId('til-disclosure');
const byTestId = (id: string) => within(box()).getByTestId(id);

describe('TruthInLendingBox', () => {
  it('shows the four §1026.18 figures of the answer with their descriptions', () => {
    render(<TruthInLendingBox disclosure={viewOfAnswer(answered())} />);
    expect(byTestId('til-apr').textContent).toBe('6.742%');
    expect(byTestId('til-finance-charge').textContent).toBe('$7,235.69');
    expect(byTestId('til-amount-financed').textContent).toBe('$24,742.50');
    expect(byTestId('til-total-of-payments').textContent).toBe('$31,978.19');
    for (const text of [
      'Annual Percentage Rate',
      'The cost of your credit as a yearly rate.',
      'Finance Charge',
      'The dollar amount the credit will cost you.',
      'Amount Financed',
      'The amount of credit provided to you or on your behalf.',
      'Total of Payments',
      'The amount you will have paid after you have made all payments as scheduled.',
    ])
      expect(within(box()).getByText(text)).toBeTruthy();
  });

  it('the schedule: the first payment with the odd-days interest, the level ones, the final one with the Ballon Amount', () => {
    render(<TruthInLendingBox disclosure={viewOfAnswer(answered())} />);
    const rows = within(within(box()).getByRole('table', { name: disclosureTexts.schedule })).getAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual([
      '1$481.8201/10/2027',
      '58$419.60Monthly beginning 02/10/2027',
      '1$5,419.5712/10/2031 (includes the Ballon Amount)',
    ]);
    expect(byTestId('til-payment').textContent).toBe('$419.60');
    expect(byTestId('til-number-of-payments').textContent).toBe('60 payments');
    expect(byTestId('til-last-payment').textContent).toBe('12/10/2031');
    expect(within(box()).getByText('Ballon Amount').textContent).toBe('Ballon Amount $5,000.00');
    expect(byTestId('til-balloon').textContent).toBe('$5,000.00');
  });

  it('itemizes the prepaid finance charges, the odd-days interest and its treatment, the day count', () => {
    render(<TruthInLendingBox disclosure={viewOfAnswer(answered())} />);
    const prepaid = byTestId('til-prepaid');
    expect(
      within(prepaid)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Documentation fee$195.00', 'Credit Life$62.50', 'Total prepaid finance charge$257.50']);
    expect(byTestId('til-odd-days').textContent).toBe('$62.22 · 14 days · Added to the first payment');
    expect(byTestId('til-day-count').textContent).toBe('Actual/365');
  });

  it('says the APR is within 1/8 point (1/4 for an irregular transaction) and the finance charge within its tolerance', () => {
    const { rerender } = render(<TruthInLendingBox disclosure={viewOfAnswer(answered())} />);
    expect(byTestId('til-tolerance').textContent).toBe(
      'APR within 1/8 point of the exact Appendix J figure · Finance charge within its tolerance of $10.00 (§1026.18(d))',
    );
    rerender(<TruthInLendingBox disclosure={viewOfAnswer(answered({ aprTolerance: '0.25', aprIrregular: true }))} />);
    expect(byTestId('til-tolerance').textContent).toContain(
      'APR within 1/4 point of the exact Appendix J figure (irregular transaction, §1026.22(a)(3))',
    );
    expect(within(box()).queryByRole('alert')).toBeNull();
  });

  it('warns when the APR is not within its tolerance', () => {
    render(<TruthInLendingBox disclosure={viewOfAnswer(answered({ aprWithinTolerance: false }))} />);
    const warning = byTestId('til-tolerance-warning');
    expect(warning.className).toContain('MuiAlert-colorWarning');
    expect(warning.textContent).toContain('The APR is not within 1/8 point of the exact Appendix J figure');
    expect(warning.textContent).not.toContain('finance charge');
    expect(within(box()).queryByTestId('til-tolerance')).toBeNull();
  });

  it('warns when the finance charge is not within its tolerance', () => {
    render(<TruthInLendingBox disclosure={viewOfAnswer(answered({ financeChargeWithinTolerance: false }))} />);
    expect(byTestId('til-tolerance-warning').textContent).toContain(
      'The finance charge is not within its tolerance (§1026.18(d)).',
    );
  });

  it('a level schedule is one line; no balloon, no Ballon Amount', () => {
    const level = answered({ firstPayment: '419.60', finalPayment: '419.60', balloonAmount: '0.00' });
    render(<TruthInLendingBox disclosure={viewOfAnswer(level)} />);
    const rows = within(box()).getAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual(['60$419.60Monthly beginning 01/10/2027']);
    expect(within(box()).queryByText('Ballon Amount')).toBeNull();
  });

  it('before any figures: the prompt; a failure in the box, with Try again when asking again may help', () => {
    const retry = vi.fn();
    const { rerender } = render(<TruthInLendingBox disclosure={null} prompt="Type the terms." />);
    expect(byTestId('til-prompt').textContent).toBe('Type the terms.');
    rerender(
      <TruthInLendingBox
        disclosure={null}
        failure={disclosureFailureOf(new ApiError(503, { message: 'down' }), () => true)}
        onRetry={retry}
      />,
    );
    expect(within(box()).getByRole('alert').textContent).toContain(disclosureTexts.failed);
    within(box()).getByRole('button', { name: 'Try again' }).click();
    expect(retry).toHaveBeenCalled();
  });

  it('shows a disclosure as a receipt keeps it (older ones without the details: only the four figures)', () => {
    const stored: LoanDisclosureView = {
      apr: '6.742',
      financeCharge: '7235.69',
      amountFinanced: '24742.50',
      totalOfPayments: '31978.19',
      prepaidFinanceCharges: [],
      prepaidFinanceCharge: null,
      dayCount: null,
      oddDays: null,
      oddDaysInterest: null,
      balloonAmount: null,
      firstPayment: null,
      finalPayment: null,
      aprTolerance: null,
      aprWithinTolerance: null,
      financeChargeWithinTolerance: null,
    };
    const { rerender } = render(<TruthInLendingBox disclosure={viewOfStored(stored)} />);
    expect(byTestId('til-apr').textContent).toBe('6.742%');
    expect(within(box()).queryByRole('table')).toBeNull();
    expect(within(box()).queryByTestId('til-tolerance')).toBeNull();
    expect(within(box()).queryByTestId('til-tolerance-warning')).toBeNull();
    // Since issue 41 a receipt keeps the first and final payments; the terms give the rest.
    const recorded = { ...stored, firstPayment: '481.82', finalPayment: '5419.57', balloonAmount: '5000.00' };
    const terms = {
      numberOfPayments: 60,
      payment: '419.60',
      frequency: 'Monthly' as const,
      firstPaymentDate: '2027-01-10',
      lastPaymentDate: '2031-12-10',
    };
    rerender(<TruthInLendingBox disclosure={viewOfStored(recorded, terms)} />);
    expect(
      within(box())
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      '1$481.8201/10/2027',
      '58$419.60Monthly beginning 02/10/2027',
      '1$5,419.5712/10/2031 (includes the Ballon Amount)',
    ]);
  });
});

describe('disclosureFailureOf and the schedule lines', () => {
  it('a 422 names its fields: the page shows those it has, the box the rest', () => {
    const error = new ApiError(422, {
      message: 'Validation',
      errors: [
        { field: 'balloonAmount', message: 'The balloon cannot be more than the amount.' },
        { field: 'prepaidFinanceCharges.0.amount', message: 'Enter an amount up to 100,000,000.00' },
      ],
    });
    const failure = disclosureFailureOf(error, (field) => field === 'balloonAmount');
    expect(failure.fields).toEqual({ balloonAmount: 'The balloon cannot be more than the amount.' });
    expect(failure.inline).toBe('Enter an amount up to 100,000,000.00');
    expect(failure.retryable).toBe(false);
    expect(disclosureFailureOf(error, () => true).inline).toBe(disclosureTexts.seeFields);
    expect(disclosureFailureOf(null, () => true).inline).toBeNull();
  });

  it('one payment is one line', () => {
    const one = viewOfAnswer(answered({ numberOfPayments: 1, payment: '25100.00', finalPayment: '25100.00' }));
    expect(scheduleLinesOf(one)).toEqual([{ kind: 'only', count: 1, amount: '25100.00', due: { date: '2031-12-10' } }]);
  });
});

describe('the box fed by the disclosure call', () => {
  afterEach(() => vi.unstubAllGlobals());

  const Harness = ({ ask }: { ask: TruthInLendingRequest | null }) => {
    const til = useTruthInLending(ask);
    return (
      <TruthInLendingBox
        disclosure={til.disclosure ? viewOfAnswer(til.disclosure) : null}
        busy={til.busy}
        failure={disclosureFailureOf(til.error, () => false)}
      />
    );
  };

  it('asks POST /api/tools/truthInLending with the request and shows its answer', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      bodies.push({ url, body: JSON.parse(String(init.body)) as unknown });
      return Promise.resolve(Response.json(answer({ apr: '6.750' })));
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Harness ask={request} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(byTestId('til-apr').textContent).toBe('6.750%'), { timeout: 5_000 });
    expect(bodies).toEqual([{ url: expect.stringMatching(/\/api\/tools\/truthInLending$/), body: request }]);
  });
});
