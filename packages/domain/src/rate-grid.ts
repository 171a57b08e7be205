/**
 * Rate grid selection on the decision worksheet (spec 3 §4): rows by term, cells by LTV bucket. Choosing a
 * cell sets term, rate and amount (value × LTV, capped at the approved total); changing the term or the
 * amount re-selects the first bucket at or above the computed LTV (else the last); without a cell, rate and
 * payment are cleared; terms that do not fit the payment frequency are disabled.
 */
import { money, toCents, type Money, type MoneyInput } from './money.ts';
import { isValidTerm, type PaymentFrequency } from './payment.ts';
import { loanToValue } from './ratios.ts';

export type RateGridCell = { ltv: string; rate: string };
export type RateGridRow = { term: number; cells: RateGridCell[]; maxLoan?: string | null; maxLtv?: string | null };
export type RateGridSelection = { term: number; ltv: string | null; rate: string | null; amount: Money | null };

/** Whether a term row can be chosen at the payment frequency. */
export const isRateGridTermEnabled = (term: number, frequency: PaymentFrequency) => isValidTerm(term, frequency);

/** Choosing a cell: its term and rate, and the amount = value × LTV %, capped at the approved total. */
export const selectRateGridCell = (
  row: RateGridRow,
  cell: RateGridCell,
  value: MoneyInput,
  approvedTotal: MoneyInput,
): RateGridSelection => {
  const byValue = toCents(money(value).times(cell.ltv).div(100));
  const cap = money(approvedTotal);
  return { term: row.term, ltv: cell.ltv, rate: cell.rate, amount: byValue.gt(cap) ? toCents(cap) : byValue };
};

/** After the term or the amount changed: the cell of the first LTV bucket at or above the computed LTV. */
export const reselectRateGridCell = (
  grid: RateGridRow[],
  term: number,
  amount: MoneyInput,
  value: MoneyInput,
): RateGridSelection => {
  const row = grid.find((r) => r.term === term);
  const computed = loanToValue(amount, value);
  if (!row || row.cells.length === 0 || computed === null)
    return { term, ltv: null, rate: null, amount: money(amount) };
  const cell = row.cells.find((c) => money(c.ltv).gte(computed)) ?? row.cells[row.cells.length - 1]!;
  return { term, ltv: cell.ltv, rate: cell.rate, amount: money(amount) };
};
