import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { VendorPlan } from '@credence/contracts';
import { PlansDialog } from './plans-dialog.tsx';

const plans: VendorPlan[] = [
  {
    id: 11,
    product: 'serviceContract',
    title: 'Route66 Gold',
    description: 'Exclusionary coverage',
    term: 72,
    miles: 100000,
    cost: '2195.00',
    options: [
      { id: 1, description: 'Wear and tear', cost: '395.00' },
      { id: 2, description: 'Tire and wheel', cost: '299.10' },
    ],
  },
  {
    id: 12,
    product: 'serviceContract',
    title: 'Route66 Silver',
    description: null,
    term: 48,
    miles: null,
    cost: '1295.00',
    options: [{ id: 1, description: 'Roadside', cost: '0.10' }],
  },
];

const open = (props: Partial<Parameters<typeof PlansDialog>[0]> = {}) => {
  const onCreateQuote = vi.fn();
  const onCancel = vi.fn();
  render(
    <PlansDialog vendorName="Route66" plans={plans} onCreateQuote={onCreateQuote} onCancel={onCancel} {...props} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Plans: Route66' });
  const total = () => within(dialog).getByTestId('plans-total').textContent;
  const create = () => within(dialog).getByRole('button', { name: 'Create Quote' });
  return { dialog, total, create, onCreateQuote, onCancel };
};

describe('Plans dialog', () => {
  it('lists select, title, description, term, miles and cost', () => {
    const { dialog } = open();
    const headers = within(dialog)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Select', 'Title', 'Description', 'Term', 'Miles', 'Cost']);
    const gold = within(dialog).getByRole('row', { name: /Route66 Gold/ });
    expect(
      within(gold)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['', 'Route66 Gold', 'Exclusionary coverage', '72 mo', '100,000', '$2,195.00']);
    expect(within(dialog).getByRole('row', { name: /Route66 Silver/ }).textContent).toContain('Unlimited');
  });

  it('expands the selected plan’s options; the total is the plan and its chosen options; another plan resets them', () => {
    const { dialog, total, create, onCreateQuote } = open();
    expect(create()).toHaveProperty('disabled', true);
    expect(within(dialog).queryByTestId('plan-options')).toBeNull();
    expect(total()).toBe('Total Cost: $0.00');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Select Route66 Gold' }));
    expect(within(dialog).getByTestId('plan-options')).toBeTruthy();
    expect(total()).toBe('Total Cost: $2,195.00');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Wear and tear' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Tire and wheel' }));
    expect(total()).toBe('Total Cost: $2,889.10');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Wear and tear' }));
    expect(total()).toBe('Total Cost: $2,494.10');
    // Another plan: its own options, none chosen.
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Select Route66 Silver' }));
    expect(within(dialog).queryByRole('checkbox', { name: 'Tire and wheel' })).toBeNull();
    expect(within(dialog).getByRole('checkbox', { name: 'Roadside' })).toHaveProperty('checked', false);
    expect(total()).toBe('Total Cost: $1,295.00');
    // Back to the first: its options start afresh.
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Select Route66 Gold' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Tire and wheel' })).toHaveProperty('checked', false);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Tire and wheel' }));
    fireEvent.click(create());
    expect(onCreateQuote).toHaveBeenCalledWith({ planId: 11, optionIds: [2], total: '2494.10' });
  });

  it("says 'No Plans found' without plans, lists those left out with their reasons, and cancels", () => {
    const { dialog, create, onCancel } = open({
      plans: [],
      leftOut: [{ planId: 5, title: 'GAP Plus', rule: 'stateCap', reason: "The price of $795.00 exceeds CO's cap." }],
    });
    expect(within(dialog).getByText('No Plans found')).toBeTruthy();
    expect(within(dialog).getByTestId('plans-left-out').textContent).toBe(
      "Not offeredGAP Plus: The price of $795.00 exceeds CO's cap.",
    );
    expect(create()).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
