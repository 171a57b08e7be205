import type { AddOnPlan, AddOnVendor, EligibilityVendor } from '@credence/contracts';
import { addOnPlanInputSchema } from '@credence/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { addOnVendorPlans, addOnVendors, type StoredPlanOption } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';
import { fieldError } from '../../platform/errors.ts';

type PlanInput = z.output<typeof addOnPlanInputSchema>;
type PlanRow = typeof addOnVendorPlans.$inferSelect;

/** A stored percentage without its trailing zeros ('120.0000' → '120'). */
export const percentText = (value: string | null): string | null =>
  value === null ? null : value.includes('.') ? value.replace(/\.?0+$/, '') : value;

export const toPlan = (p: PlanRow): AddOnPlan => ({
  id: p.id,
  product: p.product as AddOnPlan['product'],
  title: p.title,
  description: p.description,
  termMonths: p.termMonths,
  miles: p.miles,
  dealerCost: p.dealerCost,
  retailPrice: p.retailPrice,
  maxLtv: percentText(p.maxLtv),
  options: p.options,
});

export const plansOf = (tx: TenantTx, vendorId: number) =>
  tx
    .select()
    .from(addOnVendorPlans)
    .where(eq(addOnVendorPlans.vendorId, vendorId))
    .orderBy(asc(addOnVendorPlans.sortOrder), asc(addOnVendorPlans.id));

export const toVendor = async (tx: TenantTx, v: typeof addOnVendors.$inferSelect): Promise<AddOnVendor> => ({
  id: v.id,
  name: v.name,
  eligibility: v.eligibility as EligibilityVendor,
  products: v.products as AddOnVendor['products'],
  plans: (await plansOf(tx, v.id)).map(toPlan),
  enabled: v.enabled,
});

/** A plan's options with their ids: a saved option keeps its id, a new one takes the next free number. */
const optionsWithIds = (input: PlanInput['options'], stored: readonly StoredPlanOption[]): StoredPlanOption[] => {
  const known = new Set(stored.map((o) => o.id));
  let next = Math.max(0, ...stored.map((o) => o.id), ...input.map((o) => o.id ?? 0)) + 1;
  return input.map((o) => ({
    id: o.id !== undefined && known.has(o.id) ? o.id : next++,
    title: o.title,
    cost: o.cost,
  }));
};

/**
 * Saves a vendor's plans as the form sent them: a plan with the id of one of its plans is updated (its id kept, so a
 * quote's plan keeps its meaning), one without is added, the others are removed. An id of another vendor's plan is
 * a 422 on it.
 */
export const savePlans = async (tx: TenantTx, lenderId: number, vendorId: number, plans: readonly PlanInput[]) => {
  const stored = await plansOf(tx, vendorId);
  const byId = new Map(stored.map((p) => [p.id, p]));
  const kept = new Set<number>();
  for (const [i, plan] of plans.entries()) {
    const existing = plan.id === undefined ? undefined : byId.get(plan.id);
    if (plan.id !== undefined && !existing)
      throw fieldError(`plans.${i}.id`, 'This plan is not one of the vendor’s plans.');
    const values = {
      product: plan.product,
      title: plan.title,
      description: plan.description,
      termMonths: plan.termMonths,
      miles: plan.miles,
      dealerCost: plan.dealerCost,
      retailPrice: plan.retailPrice,
      maxLtv: plan.maxLtv,
      options: optionsWithIds(plan.options, existing?.options ?? []),
      sortOrder: i,
    };
    if (existing) {
      kept.add(existing.id);
      await tx
        .update(addOnVendorPlans)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(addOnVendorPlans.id, existing.id));
    } else {
      await tx.insert(addOnVendorPlans).values({ ...values, lenderId, vendorId });
    }
  }
  const removed = stored.filter((p) => !kept.has(p.id)).map((p) => p.id);
  if (removed.length > 0) await tx.delete(addOnVendorPlans).where(inArray(addOnVendorPlans.id, removed));
};
