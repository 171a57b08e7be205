import type { DbExecutor } from '../client.ts';
import { addOnPriceCaps, addOnVendorPlans, addOnVendors } from '../schema/index.ts';

/**
 * The demo add-on vendors of a lender (Administration › Add-On Vendors, issue 34): Allied (GAP and service
 * contracts; asks the three eligibility questions) and Route66 (service contracts; two questions), with plans,
 * options and prices; and the price caps of Colorado (the greater of 4 % or $600) and Texas (5 %) on GAP and
 * debt protection.
 */
export const seedAddOnVendors = async (tx: DbExecutor, lenderId: number) => {
  const [allied, route66] = await tx
    .insert(addOnVendors)
    .values([
      { lenderId, name: 'Allied', eligibility: 'allied', products: ['gap', 'serviceContract', 'debtProtection'] },
      { lenderId, name: 'Route66', eligibility: 'route66', products: ['serviceContract'] },
    ])
    .returning({ id: addOnVendors.id });
  const plan = (
    vendorId: number,
    sortOrder: number,
    product: string,
    title: string,
    description: string,
    termMonths: number,
    miles: number | null,
    dealerCost: string,
    retailPrice: string,
    maxLtv: string | null,
    options: { id: number; title: string; cost: string }[] = [],
  ) => ({
    lenderId,
    vendorId,
    sortOrder,
    product,
    title,
    description,
    termMonths,
    miles,
    dealerCost,
    retailPrice,
    maxLtv,
    options,
  });
  await tx.insert(addOnVendorPlans).values([
    plan(allied!.id, 0, 'gap', 'GAP Essential', 'Covers the gap up to 125% LTV', 72, null, '225.00', '595.00', '125'),
    plan(
      allied!.id,
      1,
      'gap',
      'GAP Plus',
      'Covers the gap up to 150% LTV, $1,000 deductible',
      84,
      null,
      '310.00',
      '795.00',
      '150',
      [{ id: 1, title: 'Deductible reimbursement', cost: '100.00' }],
    ),
    plan(
      allied!.id,
      2,
      'serviceContract',
      'Powertrain 60',
      'Engine, transmission and drive axle',
      60,
      75000,
      '850.00',
      '1495.00',
      null,
      [
        { id: 1, title: 'Roadside assistance', cost: '95.00' },
        { id: 2, title: 'Rental car', cost: '125.00' },
      ],
    ),
    plan(
      allied!.id,
      3,
      'debtProtection',
      'Debt Protection Life + Disability',
      'Cancels the balance on death or disability',
      60,
      null,
      '180.00',
      '450.00',
      null,
    ),
    plan(
      route66!.id,
      0,
      'serviceContract',
      'Route66 Gold',
      'Exclusionary coverage',
      72,
      100000,
      '1200.00',
      '2195.00',
      null,
      [
        { id: 1, title: 'Wear and tear', cost: '395.00' },
        { id: 2, title: 'Tire and wheel', cost: '299.00' },
      ],
    ),
    plan(
      route66!.id,
      1,
      'serviceContract',
      'Route66 Silver',
      'Stated component coverage',
      48,
      60000,
      '700.00',
      '1295.00',
      null,
    ),
  ]);
  await tx.insert(addOnPriceCaps).values([
    {
      lenderId,
      name: 'Colorado GAP and debt cancellation',
      state: 'CO',
      products: ['gap', 'debtProtection'],
      percent: '4',
      minimumAmount: '600.00',
    },
    {
      lenderId,
      name: 'Texas GAP and debt cancellation',
      state: 'TX',
      products: ['gap', 'debtProtection'],
      percent: '5',
    },
  ]);
};
