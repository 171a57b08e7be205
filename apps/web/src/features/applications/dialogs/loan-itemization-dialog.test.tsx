import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { frontEndFeeTexts } from '@credence/contracts';
import { LoanItemizationDialog, ITEMIZATION_RECALC_MS } from './loan-itemization-dialog.tsx';
import { blankRequest, type ItemizationValues } from '../forms/request-model.ts';

/**
 * The Loan Itemization dialog's own rules (spec 1 §5, issue 17 item 5), without a server: its totals, the
 * recalculation 150 ms after a change unless typed over, the messages of malformed amounts, the fee rows' rules and
 * their finance-charge mark.
 * The browser suite keeps the way there and back (money-input.spec.ts, decision-retraction.spec.ts).
 */
const start = (over: Partial<ItemizationValues> = {}): ItemizationValues & { otherFees: string } => ({
  ...blankRequest(),
  negotiatedPrice: '20,000.00',
  ttlEstimate: '1,200.00',
  cashDown: '2,000.00',
  ...over,
});

const open = (over: Partial<ItemizationValues> = {}) => {
  const onApply = vi.fn();
  const onClose = vi.fn();
  render(<LoanItemizationDialog start={start(over)} onApply={onApply} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Loan Itemization' });
  const field = (name: string) => within(dialog).getByRole('textbox', { name }) as HTMLInputElement;
  const total = (testId: string) => within(dialog).getByTestId(testId) as HTMLInputElement;
  const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
  return { dialog, field, total, type, onApply, onClose };
};

/** Lets the dialog's 150 ms recalculation run. */
const afterRecalculation = () => act(() => vi.advanceTimersByTimeAsync(ITEMIZATION_RECALC_MS + 10));

describe('Loan Itemization dialog', () => {
  it('opens with its totals: down payment, front-end amount and the loan amount', () => {
    const { field, total } = open();
    expect(total('total-down-payment').value).toBe('2,000.00');
    expect(field('Total Front-End Amount').value).toBe('19,200.00');
    expect(total('total-loan-amount').value).toBe('19,200.00');
  });

  it('recalculates the total front-end amount 150 ms after a change, not before', async () => {
    vi.useFakeTimers();
    try {
      const { field, total, type } = open();
      type('Sales Price', '21000');
      await act(() => vi.advanceTimersByTimeAsync(ITEMIZATION_RECALC_MS - 50));
      expect(field('Total Front-End Amount').value).toBe('19,200.00');
      await afterRecalculation();
      expect(field('Total Front-End Amount').value).toBe('20,200.00');
      expect(total('total-loan-amount').value).toBe('20,200.00');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a total typed over, says it was entered manually, and Auto-calculate brings the sum back', async () => {
    vi.useFakeTimers();
    try {
      const { dialog, field, type } = open();
      const autoCalculate = within(dialog).getByRole('button', {
        name: 'Auto-calculate total front-end amount',
      }) as HTMLButtonElement;
      expect(autoCalculate.disabled).toBe(true);
      type('Total Front-End Amount', '18000');
      expect(within(dialog).getByText('Entered manually')).toBeTruthy();
      type('Sales Price', '25000');
      await afterRecalculation();
      expect(field('Total Front-End Amount').value).toBe('18000');
      expect(autoCalculate.disabled).toBe(false);
      fireEvent.click(autoCalculate);
      expect(field('Total Front-End Amount').value).toBe('24,200.00');
      expect(within(dialog).getByText('Calculated')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('names a malformed amount and shows no total counted from it; negative amounts are taken', async () => {
    const { dialog, total, type } = open();
    type('Sales Price', 'abc');
    expect(await within(dialog).findByText('Enter a number, e.g. 1234.50')).toBeTruthy();
    expect(total('total-loan-amount').value).toBe('—');
    type('Sales Price', '20000');
    type('Trade In', '-1500');
    await vi.waitFor(() => expect(within(dialog).queryByText('Enter a number, e.g. 1234.50')).toBeNull());
    expect(total('total-down-payment').value).toBe('500.00');
  });

  it('adds fee rows that need a name and an amount, and counts them in the fees total', async () => {
    const { dialog, total, onApply } = open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Fee' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(await within(dialog).findAllByText('Required.')).toHaveLength(2);
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Fee Name' }), { target: { value: 'Doc fee' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Amount' }), { target: { value: '199.50' } });
    expect(total('total-front-end-fees').value).toBe('199.50');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await vi.waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
    expect(onApply.mock.calls[0]![0]).toMatchObject({
      otherFrontEndFees: [{ name: 'Doc fee', value: '199.50', financeCharge: false }],
    });
  });

  it('marks a fee row as a finance charge and hands the mark back with the fees (issue 41)', async () => {
    const { dialog, onApply } = open({
      otherFrontEndFees: [
        { name: 'Loan fee', value: '250.00', financeCharge: true },
        { name: 'Title fee', value: '75.00', financeCharge: false },
      ],
    });
    const marks = () => within(dialog).getAllByRole('checkbox', { name: 'Finance charge' }) as HTMLInputElement[];
    expect(marks().map((box) => box.checked)).toEqual([true, false]);
    fireEvent.click(marks()[1]!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete fee 1' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Fee' }));
    expect(marks().map((box) => box.checked)).toEqual([true, false]);
    fireEvent.change(within(dialog).getAllByRole('textbox', { name: 'Fee Name' })[1]!, {
      target: { value: 'Doc fee' },
    });
    fireEvent.change(within(dialog).getAllByRole('textbox', { name: 'Amount' })[1]!, { target: { value: '99' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await vi.waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
    expect(onApply.mock.calls[0]![0]).toMatchObject({
      otherFrontEndFees: [
        { name: 'Title fee', value: '75.00', financeCharge: true },
        { name: 'Doc fee', value: '99', financeCharge: false },
      ],
    });
  }, 20_000);

  it('refuses a negative fee marked as a finance charge, on its amount', async () => {
    const { dialog, onApply } = open({
      otherFrontEndFees: [{ name: 'Dealer credit', value: '-50.00', financeCharge: false }],
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Finance charge' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(await within(dialog).findByText(frontEndFeeTexts.negativeFinanceCharge)).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
  }, 20_000);
});
