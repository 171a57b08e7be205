import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRUTH_IN_LENDING_TERM_MAX, type TruthInLending, type TruthInLendingRequest } from '@credence/contracts';
import { amountForPayment, money } from '@credence/domain';
import { PaymentCalculatorPage, calculatorTexts } from './payment-calculator-page.tsx';

/**
 * The Payment Calculator's inputs and its 'What can I afford?' mode (issue 41, items 5 and 6), without a
 * server: `fetch` answers the disclosure call with a canned disclosure and keeps the bodies it was sent. The
 * figures themselves are the server's (truth-in-lending.int.test.ts); the browser test keeps the way there
 * (shell.spec.ts).
 */
const answer = (over: Partial<TruthInLending> = {}): TruthInLending => ({
  numberOfPayments: 3,
  payment: '340.02',
  firstPayment: '340.02',
  finalPayment: '340.03',
  balloonAmount: '0.00',
  firstPaymentDate: '2027-02-15',
  lastPaymentDate: '2027-04-15',
  oddDays: 0,
  oddDaysInterest: '0.00',
  prepaidFinanceCharge: '0.00',
  amountFinanced: '1000.00',
  financeCharge: '20.07',
  totalOfPayments: '1020.07',
  apr: '6.000',
  aprTolerance: '0.125',
  aprIrregular: false,
  aprWithinTolerance: true,
  financeChargeTolerance: '5.00',
  financeChargeWithinTolerance: true,
  schedule: [
    { number: 1, date: '2027-02-15', payment: '340.02', interest: '5.00', principal: '335.02', balance: '664.98' },
    { number: 2, date: '2027-03-15', payment: '340.02', interest: '3.32', principal: '336.70', balance: '328.28' },
    { number: 3, date: '2027-04-15', payment: '340.03', interest: '1.75', principal: '328.28', balance: '0.00' },
  ],
  ...over,
});

type Reply = () => Promise<Response>;
/** `fetch` as the server: each call answered by `reply` (by default the canned disclosure); the bodies kept. */
const serve = (reply: (body: TruthInLendingRequest) => Reply | Response = () => Response.json(answer())) => {
  const bodies: TruthInLendingRequest[] = [];
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as TruthInLendingRequest;
    bodies.push(body);
    const answered = reply(body);
    return answered instanceof Response ? Promise.resolve(answered) : answered();
  });
  return bodies;
};

const open = () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PaymentCalculatorPage />
    </QueryClientProvider>,
  );
};

/**
 * The level payment by the textbook formula P·r / (1 − (1 + r)^−n), r the annual rate over 12, in 40-digit decimals
 * and to the cent: a reference worked here, not by the domain's payment functions.
 */
const referencePayment = (amount: string, annualRatePercent: string, months: number) => {
  const r = money(annualRatePercent).div(1200);
  return money(amount)
    .times(r)
    .div(money(1).minus(r.plus(1).pow(-months)))
    .toDecimalPlaces(2)
    .toFixed(2);
};

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const typeDate = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const pick = (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
};
const result = (label: string) => screen.getByLabelText(label, { selector: 'p' });
const results = () => screen.getByTestId('calculator-results');
/** The machine may be busy (a CI run beside): the answers and their renders get time. */
const slow = { timeout: 5_000 };

/** A loan the rules accept: $1,000 at 6 % over 3 months. */
const fillLoan = () => {
  type('Loan Amount', '1000');
  type('Interest Rate (%)', '6');
  type('Term (months)', '3');
  typeDate('Contract Date', '2027-01-15');
  typeDate('First Payment Date', '2027-02-15');
};

describe('Payment Calculator', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the disclosure once the inputs rest, with the new inputs, and shows its figures', async () => {
    const bodies = serve(() =>
      Response.json(answer({ amountFinanced: '500.00', prepaidFinanceCharge: '500.00', aprTolerance: '0.25' })),
    );
    open();
    fillLoan();
    type('Prepaid Finance Charges', '500');
    type('Balloon Amount', '100');
    pick('Odd-Days Interest', 'Prepaid at closing');
    pick('Day Count', '30/360');
    await waitFor(() => expect(result('Amount Financed').textContent).toBe('$500.00'), slow);
    // One call, after the typing stopped.
    expect(bodies).toEqual([
      {
        amount: '1000.00',
        annualRate: '6',
        term: 3,
        paymentFrequencyId: 'Monthly',
        contractDate: '2027-01-15',
        firstPaymentDate: '2027-02-15',
        prepaidFinanceCharges: [{ name: 'Prepaid finance charges', amount: '500.00' }],
        dayCount: 'thirty360',
        oddDays: 'prepaid',
        balloonAmount: '100.00',
      },
    ]);
    expect(result('Payment').textContent).toBe('$340.02');
    expect(result('APR').textContent).toBe('6.000%');
    expect(result('Finance Charge').textContent).toBe('$20.07');
    expect(result('Total of Payments').textContent).toBe('$1,020.07');
    expect(results().textContent).toContain('Accurate within 1/4 point');
    expect(screen.getByTestId('payment-schedule-text').textContent).toContain(
      'Payment Schedule: 2 payments of $340.02 monthly beginning 02/15/2027, 1 final payment of $340.03 on 04/15/2027',
    );
    expect(screen.getByRole('table', { name: 'Amortization Schedule' })).toBeTruthy();
  });

  it('sends no prepaid charge and no balloon when they are left empty, and the defaults of the selects', async () => {
    const bodies = serve();
    open();
    fillLoan();
    await waitFor(() => expect(result('Payment').textContent).toBe('$340.02'), slow);
    expect(bodies[0]).toMatchObject({
      prepaidFinanceCharges: [],
      balloonAmount: null,
      oddDays: 'firstPayment',
      dayCount: 'actual365',
    });
    expect(results().textContent).toContain('Accurate within 1/8 point');
  });

  it('refuses what the rules refuse on the field, without asking the server', async () => {
    const bodies = serve();
    open();
    fillLoan();
    // One month past the longest term the disclosure takes.
    const tooLong = String(TRUTH_IN_LENDING_TERM_MAX + 1);
    const refused: [label: string, value: string, message: string][] = [
      ['Prepaid Finance Charges', '-5', 'Prepaid Finance Charges cannot be negative.'],
      ['Prepaid Finance Charges', '1000', 'Prepaid Finance Charges must be less than the Loan Amount.'],
      ['Prepaid Finance Charges', '1.234', 'Prepaid Finance Charges has at most two decimals.'],
      ['Balloon Amount', '1000.01', 'Balloon Amount cannot be more than the Loan Amount.'],
      ['Balloon Amount', 'abc', 'Balloon Amount must be a valid number.'],
      ['Interest Rate (%)', '6.1234', 'Interest Rate has at most three decimals.'],
      ['Interest Rate (%)', '100', 'Interest Rate cannot exceed 99.999%.'],
      ['Term (months)', tooLong, `Term cannot exceed ${TRUTH_IN_LENDING_TERM_MAX} months.`],
    ];
    for (const [label, value, message] of refused) {
      const before = screen.getByRole('textbox', { name: label }).getAttribute('value') ?? '';
      type(label, value);
      expect(screen.getByText(message)).toBeTruthy();
      expect(result('Payment').textContent).toBe('—');
      type(label, before);
    }
    type('Term (months)', tooLong);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(bodies).toEqual([]);
  });

  it('shows a 422 on the field it names, and another failure as a short message that can be tried again', async () => {
    let fail: 'validation' | 'server' | null = 'validation';
    serve(() => {
      if (fail === 'validation')
        return Response.json(
          {
            code: 'VALIDATION',
            message: 'Validation failed',
            errors: [{ field: 'balloonAmount', message: 'The balloon is too large for this term.' }],
          },
          { status: 422 },
        );
      if (fail === 'server') return Response.json({ code: 'INTERNAL', message: 'Boom' }, { status: 500 });
      return Response.json(answer());
    });
    open();
    fillLoan();
    type('Balloon Amount', '900');
    expect(await screen.findByText('The balloon is too large for this term.', {}, slow)).toBeTruthy();
    expect(result('Payment').textContent).toBe('—');

    fail = 'server';
    type('Balloon Amount', '800');
    expect(await screen.findByText(calculatorTexts.failed, {}, slow)).toBeTruthy();
    expect(screen.queryByText('The balloon is too large for this term.')).toBeNull();

    fail = null;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(result('Payment').textContent).toBe('$340.02'), slow);
    expect(screen.queryByText(calculatorTexts.failed)).toBeNull();
  });

  it('keeps the figures shown, busy, while a new answer is on its way', async () => {
    let release: (() => void) | null = null;
    serve((body) => {
      if (body.annualRate === '6') return Response.json(answer());
      return () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(Response.json(answer({ payment: '341.00', apr: '7.000' })));
        });
    });
    open();
    fillLoan();
    await waitFor(() => expect(result('Payment').textContent).toBe('$340.02'), slow);
    expect(results().getAttribute('aria-busy')).toBe('false');

    type('Interest Rate (%)', '7');
    expect(results().getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(release).not.toBeNull(), slow);
    expect(result('Payment').textContent).toBe('$340.02');
    act(() => release!());
    await waitFor(() => expect(result('Payment').textContent).toBe('$341.00'), slow);
    expect(results().getAttribute('aria-busy')).toBe('false');

    // A broken rule clears the figures at once.
    type('Term (months)', '0');
    expect(result('Payment').textContent).toBe('—');
  });

  it('solves for the loan amount a payment buys, and discloses that amount', async () => {
    const bodies = serve((body) => Response.json(answer({ amountFinanced: body.amount })));
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Loan Amount' }));
    expect(screen.queryByRole('textbox', { name: 'Loan Amount' })).toBeNull();
    expect(screen.getByTestId('payment-schedule-text').textContent).toContain(calculatorTexts.solvePrompt);
    type('Payment', '483.32');
    type('Interest Rate (%)', '6');
    type('Term (months)', '60');
    typeDate('Contract Date', '2027-01-15');
    typeDate('First Payment Date', '2027-02-15');
    const amount = amountForPayment({
      payment: '483.32',
      annualRatePercent: '6',
      termMonths: 60,
      frequency: 'Monthly',
    }).toFixed(2);
    expect(amount).toMatch(/^2500[01]\.\d\d$/);
    await waitFor(() => expect(bodies).toHaveLength(1), slow);
    expect(bodies[0]?.amount).toBe(amount);
    const shown = `$${amount.replace(/^(\d\d)(\d{3})/, '$1,$2')}`;
    await waitFor(() => expect(result('Loan Amount').textContent).toBe(shown), slow);
    expect(result('Amount Financed').textContent).toBe(shown);
    expect(screen.getByText(calculatorTexts.solveHelp)).toBeTruthy();

    // A payment that buys nothing is refused on the Payment field.
    type('Payment', '0');
    expect(await screen.findByText('Payment must be greater than 0.', {}, slow)).toBeTruthy();

    // Back to solving for the payment: the loan amount found is carried into the Loan Amount.
    type('Payment', '483.32');
    await waitFor(() => expect(result('Loan Amount').textContent).toBe(shown), slow);
    fireEvent.click(screen.getByRole('button', { name: 'Payment' }));
    expect(screen.getByRole('textbox', { name: 'Loan Amount' })).toHaveProperty('value', shown.slice(1));
  });

  it('solves for the interest rate whose payment is the one typed, and discloses at that rate', async () => {
    // $25,000 over 60 monthly payments at 7.49 % pays $500.83; solving from it must give 7.490 %.
    const payment = referencePayment('25000', '7.49', 60);
    expect(payment).toBe('500.83');
    const bodies = serve((body) => Response.json(answer({ payment, apr: body.annualRate })));
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Interest Rate' }));
    expect(screen.queryByRole('textbox', { name: 'Interest Rate (%)' })).toBeNull();
    expect(screen.getByTestId('payment-schedule-text').textContent).toContain(calculatorTexts.solveRatePrompt);
    type('Loan Amount', '25000');
    type('Payment', payment);
    type('Term (months)', '60');
    typeDate('Contract Date', '2027-01-15');
    typeDate('First Payment Date', '2027-02-15');
    await waitFor(() => expect(result('Interest Rate').textContent).toBe('7.490%'), slow);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ amount: '25000.00', annualRate: '7.490', term: 60 });
    expect(result('Payment').textContent).toBe('$500.83');

    // Back to solving for the payment: the rate found is carried into the Interest Rate.
    fireEvent.click(screen.getByRole('button', { name: 'Payment' }));
    expect(screen.getByRole('textbox', { name: 'Interest Rate (%)' })).toHaveProperty('value', '7.490');
    expect(screen.getByRole('textbox', { name: 'Loan Amount' })).toHaveProperty('value', '25000');
  });

  it('refuses a payment no interest rate gives, on the Payment field with the payment to enter', async () => {
    const bodies = serve((body) => Response.json(answer({ apr: body.annualRate })));
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Interest Rate' }));
    type('Loan Amount', '25000');
    type('Term (months)', '60');
    typeDate('Contract Date', '2027-01-15');
    typeDate('First Payment Date', '2027-02-15');

    // Below the interest-free payment: $25,000 / 60 = $416.67 to the cent.
    type('Payment', '416.66');
    expect(screen.getByText('No rate gives this payment: enter at least $416.67, the payment at 0%.')).toBeTruthy();
    expect(result('Interest Rate').textContent).toBe('—');

    // Above the payment at the highest rate the field takes, 99.999 %.
    expect(referencePayment('25000', '99.999', 60)).toBe('2100.56');
    type('Payment', '2200');
    expect(screen.getByText('No rate up to 99.999% gives this payment: enter at most $2,100.56.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(bodies).toEqual([]);

    // The bounds themselves are answered.
    type('Payment', '2100.56');
    await waitFor(() => expect(result('Interest Rate').textContent).toBe('99.999%'), slow);
    type('Payment', '416.67');
    // 20 cents of interest over five years: 0.0003 %, the payment at 0.000 %.
    await waitFor(() => expect(bodies.at(-1)?.annualRate).toBe('0.000'), slow);
    // $1,000 in 3 payments: $333.33 is the payment at 0 % (the last one $333.34), so it is answered 0 %.
    type('Loan Amount', '1000');
    type('Term (months)', '3');
    type('Payment', '333.33');
    await waitFor(() => expect(result('Interest Rate').textContent).toBe('0.000%'), slow);
    expect(screen.queryByText(/No rate/)).toBeNull();
  });
});
