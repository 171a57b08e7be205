import { money, toCents, type MoneyInput } from '../money.ts';

/** The Plans dialog's total cost (spec 3 §2): the plan's cost and its chosen options', exact to the cent. */
export const planTotal = (planCost: MoneyInput, optionCosts: readonly MoneyInput[]): string =>
  toCents(optionCosts.reduce<ReturnType<typeof money>>((sum, cost) => sum.plus(money(cost)), money(planCost))).toFixed(
    2,
  );
