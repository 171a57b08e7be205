import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EligibilityVendor } from '@credence/contracts';
import { EligibilityDialog } from './eligibility-dialog.tsx';

const open = (eligibility: EligibilityVendor, vendorName: string) => {
  const onContinue = vi.fn();
  const onCancel = vi.fn();
  render(
    <EligibilityDialog vendorName={vendorName} eligibility={eligibility} onContinue={onContinue} onCancel={onCancel} />,
  );
  const dialog = screen.getByRole('dialog', { name: `Eligibility: ${vendorName}` });
  const groups = () => within(dialog).getAllByRole('radiogroup');
  const answer = (question: string, choice: 'Yes' | 'No') =>
    fireEvent.click(
      within(within(dialog).getByRole('radiogroup', { name: question })).getByRole('radio', { name: choice }),
    );
  const cont = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  return { dialog, groups, answer, cont, onContinue, onCancel };
};

const commercially = 'Is the vehicle used commercially?';
const salvaged = 'Does the vehicle have a salvaged or branded title?';
const individual = 'Is the vehicle titled to an individual?';

describe('Eligibility dialog', () => {
  it('asks Allied three yes/no questions, each required', () => {
    const { dialog, groups, answer, cont, onContinue } = open('allied', 'Allied');
    expect(groups().map((g) => g.getAttribute('aria-labelledby'))).toHaveLength(3);
    expect(within(dialog).getByText(individual)).toBeTruthy();
    answer(commercially, 'No');
    cont();
    expect(onContinue).not.toHaveBeenCalled();
    expect(within(dialog).getAllByText('Required')).toHaveLength(2);
    answer(salvaged, 'Yes');
    answer(individual, 'Yes');
    expect(within(dialog).queryByText('Required')).toBeNull();
    cont();
    expect(onContinue).toHaveBeenCalledWith({ usedCommercially: false, salvagedTitle: true, titledToIndividual: true });
  });

  it('asks Route66 only used commercially and salvaged title; Cancel closes', () => {
    const { dialog, groups, answer, cont, onContinue, onCancel } = open('route66', 'Route66');
    expect(groups()).toHaveLength(2);
    expect(within(dialog).queryByText(individual)).toBeNull();
    answer(commercially, 'Yes');
    answer(salvaged, 'No');
    cont();
    expect(onContinue).toHaveBeenCalledWith({ usedCommercially: true, salvagedTitle: false });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
