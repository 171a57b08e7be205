import { applicationStates, controlTypes, type ControlType } from '@credence/contracts';
import { eq } from 'drizzle-orm';
import { createDataProtector, type DataProtector } from '../../platform/crypto.ts';
import type { DbExecutor } from '../client.ts';
import { dealers, lenders, loanProducts, userLenders, users } from '../schema/index.ts';
import { planApplication, type ApplicationPlan, type SeedContext, type SeedProduct } from './application-generator.ts';
import { writeApplicationPlans } from './application-writer.ts';
import { coloradoPlaces, pacificPlaces, type Place } from './demo-data.ts';
import { createRandom } from './random.ts';

type ProductDefinition = Omit<SeedProduct, 'id'> & { enabled?: boolean };
const product = (
  name: string,
  controlType: ControlType,
  options: Partial<Omit<ProductDefinition, 'name' | 'controlType'>> = {},
): ProductDefinition => ({
  name,
  controlType,
  directAllowed: true,
  indirectAllowed: false,
  requiresVin: false,
  gathersInsurance: false,
  isBusinessLoan: false,
  ...options,
});

/** Every lender gets a product of every control type, a business loan, and a disabled product. */
const productsByLender: Record<string, ProductDefinition[]> = {
  'Summit Federal Credit Union': [
    product('New Auto', 'AUTOMOTIVE', { indirectAllowed: true, requiresVin: true, gathersInsurance: true }),
    product('Used Auto', 'AUTOMOTIVE', { indirectAllowed: true, requiresVin: true, gathersInsurance: true }),
    product('Boat Loan', 'BOAT', { indirectAllowed: true, gathersInsurance: true }),
    product('RV Loan', 'RV', { indirectAllowed: true, requiresVin: true, gathersInsurance: true }),
    product('Visa Platinum', 'CREDIT_CARD'),
    product('Personal Loan', 'PERSONAL'),
    product('Home Equity Loan', 'HEL'),
    product('Share Secured Loan', 'CD_SHARE'),
    product('Business Vehicle Loan', 'AUTOMOTIVE', { requiresVin: true, gathersInsurance: true, isBusinessLoan: true }),
    product('Signature Loan (retired)', 'PERSONAL', { enabled: false }),
  ],
  'Harbor Auto Finance': [
    product('Dealer Auto', 'AUTOMOTIVE', {
      directAllowed: false,
      indirectAllowed: true,
      requiresVin: true,
      gathersInsurance: true,
    }),
    product('Direct Auto Refinance', 'AUTOMOTIVE', { requiresVin: true, gathersInsurance: true }),
    product('Marine', 'BOAT', { indirectAllowed: true, gathersInsurance: true }),
    product('Motorhome and Trailer', 'RV', { indirectAllowed: true, requiresVin: true, gathersInsurance: true }),
    product('Harbor Rewards Card', 'CREDIT_CARD'),
    product('Personal Installment', 'PERSONAL'),
    product('Home Equity', 'HEL'),
    product('CD Secured', 'CD_SHARE'),
    product('Fleet Vehicle', 'AUTOMOTIVE', { requiresVin: true, gathersInsurance: true, isBusinessLoan: true }),
  ],
};

const dealersByLender: Record<string, { name: string; place: Place; street: string; contact: string }[]> = {
  'Summit Federal Credit Union': [
    { name: 'Front Range Toyota', place: coloradoPlaces[0]!, street: '4250 S Broadway', contact: 'Dana Whitfield' },
    { name: 'Mile High Honda', place: coloradoPlaces[1]!, street: '15905 E Colfax Ave', contact: 'Marcus Bell' },
    { name: 'Rocky Mountain Marine', place: coloradoPlaces[2]!, street: '7800 W Colfax Ave', contact: 'Jenna Ortiz' },
    { name: 'Peak RV Center', place: coloradoPlaces[4]!, street: '3150 N Nevada Ave', contact: 'Tom Reilly' },
  ],
  'Harbor Auto Finance': [
    { name: 'Bayside Chevrolet', place: pacificPlaces[0]!, street: '2100 Pacific Hwy', contact: 'Luis Navarro' },
    { name: 'Desert Ford', place: pacificPlaces[4]!, street: '1610 E Camelback Rd', contact: 'Kim Tran' },
    { name: 'Capitol Subaru', place: pacificPlaces[2]!, street: '2500 Fulton Ave', contact: 'Renee Park' },
    { name: 'Silver State Powersports', place: pacificPlaces[6]!, street: '6200 W Sahara Ave', contact: 'Ray Coleman' },
  ],
};

const asSeedProduct = (p: typeof loanProducts.$inferSelect): SeedProduct => ({
  ...p,
  controlType: p.controlType as ControlType,
});

/** What the generator needs of a lender: its places, enabled dealers and staff (who create and comment). */
export const loadSeedContext = async (
  tx: DbExecutor,
  lender: { id: number; name: string },
  protector: DataProtector,
  now: Date,
): Promise<SeedContext> => {
  const dealerRows = await tx.select().from(dealers).where(eq(dealers.lenderId, lender.id));
  const members = await tx
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .innerJoin(userLenders, eq(userLenders.userId, users.id))
    .where(eq(userLenders.lenderId, lender.id));
  const staff = members.filter((m) => !m.email.startsWith('erin.') && !m.email.startsWith('ethan.'));
  return {
    lenderId: lender.id,
    places: lender.name.startsWith('Harbor') ? pacificPlaces : coloradoPlaces,
    dealers: dealerRows.filter((d) => d.enabled).map((d) => ({ id: d.id, name: d.name })),
    users: staff.length > 0 ? staff : members,
    protector,
    now,
  };
};

/** The enabled loan products of a lender. */
export const loadSeedProducts = async (tx: DbExecutor, lenderId: number) =>
  (await tx.select().from(loanProducts).where(eq(loanProducts.lenderId, lenderId)))
    .filter((p) => p.enabled)
    .map(asSeedProduct);

/**
 * The application demo of every lender: products of every control type, dealers, and applications in every
 * state for every control type (plus business loans), with applicants, request, collateral, transaction,
 * comments and history. Deterministic: the same pseudo-random seed every time. Runs in the demo seed's
 * transaction, as the owner.
 */
export const seedApplicationDemo = async (tx: DbExecutor, dataEncryptionKey: Buffer, now = new Date()) => {
  const protector = createDataProtector(dataEncryptionKey);
  const lenderRows = await tx.select().from(lenders).orderBy(lenders.id);
  let seed = 20_260_101;
  for (const lender of lenderRows) {
    const definitions = productsByLender[lender.name] ?? productsByLender['Summit Federal Credit Union']!;
    const products = await tx
      .insert(loanProducts)
      .values(definitions.map((d) => ({ ...d, lenderId: lender.id })))
      .returning();
    const places = lender.name.startsWith('Harbor') ? pacificPlaces : coloradoPlaces;
    await tx.insert(dealers).values([
      ...(dealersByLender[lender.name] ?? []).map((d, i) => ({
        lenderId: lender.id,
        name: d.name,
        addressLine1: d.street,
        city: d.place.city,
        state: d.place.state,
        zip: `${d.place.zip}${String(10 + i * 7).padStart(2, '0')}`,
        phoneNumber: `${d.place.areaCode}5550${110 + i}`,
        faxNumber: `${d.place.areaCode}5550${150 + i}`,
        mainContactName: d.contact,
        mainContactEmail: `${d.contact.split(' ')[0]!.toLowerCase()}@${d.name.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
      })),
      {
        lenderId: lender.id,
        name: 'Valley Motors (closed)',
        city: places[0]!.city,
        state: places[0]!.state,
        enabled: false,
      },
    ]);
    const context = await loadSeedContext(tx, lender, protector, now);
    const random = createRandom(seed++);
    const enabled = products.filter((p) => p.enabled).map(asSeedProduct);
    const plans: ApplicationPlan[] = [];
    let index = 0;
    for (const state of applicationStates) {
      for (const controlType of controlTypes) {
        const choices = enabled.filter((p) => p.controlType === controlType && !p.isBusinessLoan);
        const chosen = choices[index % choices.length]!;
        plans.push(planApplication(random, context, { product: chosen, state, index: index++ }));
      }
    }
    const business = enabled.find((p) => p.isBusinessLoan);
    if (business) {
      for (const state of ['new', 'approved', 'funded'] as const) {
        plans.push(planApplication(random, context, { product: business, state, index: index++ }));
      }
    }
    await writeApplicationPlans(tx, plans);
  }
};
