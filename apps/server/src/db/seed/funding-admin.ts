import { coreCodeTypes, collateralTypes, paymentFrequencyOptions, type CoreCodeType } from '@credence/contracts';
import { and, asc, eq, ilike } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';
import {
  branches,
  coreCodeMappings,
  disbursements,
  fundingRequirements,
  lenderDisbursalMethods,
  loanAdditions,
  loanProducts,
  userGroups,
} from '../schema/index.ts';

/** The control types whose collateral is titled (a title application, proof of insurance). */
const vehicleControlTypes = new Set(['AUTOMOTIVE', 'RV', 'BOAT']);

/** The demo's core codes of the fixed lists (a SymXchange-style one-letter frequency, two-digit collateral). */
const frequencyCodes: Record<string, string> = {
  Weekly: 'W',
  BiWeekly: 'B',
  SemiMonthly: 'S',
  Monthly: 'M',
  Quarterly: 'Q',
  SemiAnnually: 'H',
  Annually: 'A',
};

/** 'Vehicle Service Contract' → 'VSC'; 'GAP Protection' → 'GP'. */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => word.charAt(0).toUpperCase())
    .join('')
    .slice(0, 6);

/**
 * The funding administration of a demo lender (issue 14): disbursal methods (Check, ACH, Dealer Draft, Internal
 * Transfer, and a disabled Wire Transfer), the disbursements a funding can make, a core code for every loan
 * product, payment frequency, collateral type, disbursal method, add-on and branch of the lender, and the funding
 * requirements of its products (proof of insurance cleared by the funding group when it has one). Reads the
 * lender's products, add-ons, branches and groups (none is fine); runs on a fresh lender (not idempotent).
 */
export const seedFundingAdmin = async (tx: DbExecutor, lenderId: number): Promise<void> => {
  const methodNames = ['Check', 'ACH', 'Dealer Draft', 'Internal Transfer', 'Wire Transfer'];
  const methods = await tx
    .insert(lenderDisbursalMethods)
    .values(
      methodNames.map((name, index) => ({
        lenderId,
        name,
        sortOrder: (index + 1) * 10,
        enabled: name !== 'Wire Transfer',
      })),
    )
    .returning({ id: lenderDisbursalMethods.id, name: lenderDisbursalMethods.name });
  const method = (name: string) => methods.find((m) => m.name === name)!.id;

  const products = await tx
    .select({ id: loanProducts.id, controlType: loanProducts.controlType })
    .from(loanProducts)
    .where(eq(loanProducts.lenderId, lenderId))
    .orderBy(asc(loanProducts.id));
  const vehicleProducts = products.filter((p) => vehicleControlTypes.has(p.controlType)).map((p) => p.id);
  const personalProducts = products.filter((p) => p.controlType === 'PERSONAL').map((p) => p.id);
  const collateralProducts = products
    .filter((p) => vehicleControlTypes.has(p.controlType) || p.controlType === 'HEL')
    .map((p) => p.id);

  await tx.insert(disbursements).values([
    {
      lenderId,
      name: 'Dealer proceeds',
      payeeType: 'dealer',
      disbursalMethodId: method('Dealer Draft'),
      sortOrder: 10,
    },
    { lenderId, name: 'Lien payoff', payeeType: 'lienholder', disbursalMethodId: method('Check'), sortOrder: 20 },
    {
      lenderId,
      name: 'Member proceeds',
      payeeType: 'member',
      disbursalMethodId: method('Internal Transfer'),
      sortOrder: 30,
    },
    { lenderId, name: 'Member proceeds by ACH', payeeType: 'member', disbursalMethodId: method('ACH'), sortOrder: 40 },
    {
      lenderId,
      name: 'Title and registration fees',
      payeeType: 'other',
      disbursalMethodId: method('Check'),
      loanProductIds: vehicleProducts,
      sortOrder: 50,
      enabled: vehicleProducts.length > 0,
    },
  ]);

  const additions = await tx
    .select({ id: loanAdditions.id, name: loanAdditions.name })
    .from(loanAdditions)
    .where(eq(loanAdditions.lenderId, lenderId))
    .orderBy(asc(loanAdditions.id));
  const lenderBranches = await tx
    .select({ id: branches.id, number: branches.branchNumber })
    .from(branches)
    .where(eq(branches.lenderId, lenderId))
    .orderBy(asc(branches.id));
  const mapping = (codeType: CoreCodeType, credenceValue: string, coreCode: string, description: string | null) => ({
    lenderId,
    codeType,
    credenceValue,
    coreCode,
    description,
  });
  const rows = coreCodeTypes.flatMap((codeType) => {
    switch (codeType) {
      case 'loanProduct':
        return products.map((p, i) =>
          mapping(codeType, String(p.id), String(10 + i * 5).padStart(4, '0'), 'Loan type'),
        );
      case 'paymentFrequency':
        return paymentFrequencyOptions.map((f) => mapping(codeType, f.id, frequencyCodes[f.id] ?? f.id, null));
      case 'collateralType':
        return collateralTypes.map((c, i) => mapping(codeType, c, String(i + 1).padStart(2, '0'), 'Collateral code'));
      case 'disbursalMethod':
        return methods.map((m) =>
          mapping(codeType, String(m.id), initials(m.name).padEnd(3, 'X'), 'Disbursement code'),
        );
      case 'addition':
        return additions.map((a) => mapping(codeType, String(a.id), initials(a.name), 'Insurance or product code'));
      case 'branch':
        return lenderBranches.map((b, i) =>
          mapping(codeType, String(b.id), b.number ?? String(i + 1).padStart(3, '0'), null),
        );
    }
  });
  if (rows.length > 0) await tx.insert(coreCodeMappings).values(rows);

  const [fundingGroup] = await tx
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(and(eq(userGroups.lenderId, lenderId), ilike(userGroups.name, '%funding%')))
    .orderBy(asc(userGroups.id))
    .limit(1);
  const clearedByFunding = fundingGroup ? [fundingGroup.id] : [];
  // Requirements of some products only (`only`) are left out when the lender has none of them (empty means all).
  const requirements = [
    { description: 'Signed loan contract', only: null, clearUserGroupIds: [] as number[] },
    { description: 'Proof of insurance', only: collateralProducts, clearUserGroupIds: clearedByFunding },
    { description: 'Title application', only: vehicleProducts, clearUserGroupIds: clearedByFunding },
    { description: 'Proof of income', only: personalProducts, clearUserGroupIds: [] },
    { description: 'Payoff letter for the lien being refinanced', only: vehicleProducts, required: false },
    { description: 'Copy of government-issued photo ID', only: null, required: false },
  ]
    .filter((r) => r.only === null || r.only.length > 0)
    .map((r, i) => ({
      lenderId,
      description: r.description,
      required: r.required ?? true,
      loanProductIds: r.only ?? [],
      clearUserGroupIds: r.clearUserGroupIds ?? [],
      sortOrder: (i + 1) * 10,
    }));
  await tx.insert(fundingRequirements).values(requirements);
};
