import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';
import { customFieldDefinitions, lenders, loanFormDictionaryFields, loanProducts } from '../schema/index.ts';

/** lender name → vendor → [form code, JMESPath] (read from the loan summary's document). */
const dictionaryByLender: Record<string, Record<string, [string, string][]>> = {
  'Summit Federal Credit Union': {
    'Compliance Systems': [
      ['BORROWER_FIRST_NAME', 'applicants[?isPrimary] | [0].firstName'],
      ['BORROWER_LAST_NAME', 'applicants[?isPrimary] | [0].lastName'],
      ['CO_BORROWER_LAST_NAME', 'applicants[?!isPrimary] | [0].lastName'],
      ['LOAN_PRODUCT', 'loanProduct.name'],
      ['AMOUNT_FINANCED', 'estAmtFinanced'],
      ['TERM_MONTHS', 'termMonths'],
      ['VEHICLE_VIN', 'collaterals[0].vin'],
    ],
    'Wolters Kluwer': [
      ['BuyerLastName', 'applicants[?isPrimary] | [0].lastName'],
      ['CashPrice', 'negotiatedPrice'],
      ['DownPayment', 'cashDown'],
    ],
  },
  'Harbor Auto Finance': {
    'Compliance Systems': [
      ['BORROWER_LAST_NAME', 'applicants[?isPrimary] | [0].lastName'],
      ['DEALER_NAME', 'dealer.name'],
    ],
  },
};

/** lender → product → custom fields the seed of the worksheet dialogs does not have (a MONEY field among them). */
const customFieldsByLender: Record<string, Record<string, { label: string; fieldType: string }[]>> = {
  'Summit Federal Credit Union': {
    'Used Auto': [
      { label: 'Dealer reserve', fieldType: 'MONEY' },
      { label: 'Certified pre-owned', fieldType: 'BOOLEAN' },
    ],
  },
};

/**
 * The demo of Administration › Dictionary Fields and Custom Fields (issue 38): a few fields of two form vendors per
 * lender, and Summit's Used Auto custom fields (a money field and a yes/no field).
 */
export const seedDictionaryDemo = async (tx: DbExecutor) => {
  for (const lender of await tx.select({ id: lenders.id, name: lenders.name }).from(lenders)) {
    const rows = Object.entries(dictionaryByLender[lender.name] ?? {}).flatMap(([formVendor, fields]) =>
      fields.map(([formCode, jmesPath]) => ({ lenderId: lender.id, formVendor, formCode, jmesPath })),
    );
    if (rows.length > 0) await tx.insert(loanFormDictionaryFields).values(rows).onConflictDoNothing();
    for (const [productName, fields] of Object.entries(customFieldsByLender[lender.name] ?? {})) {
      const [product] = await tx
        .select({ id: loanProducts.id })
        .from(loanProducts)
        .where(and(eq(loanProducts.lenderId, lender.id), eq(loanProducts.name, productName)));
      if (!product) continue;
      await tx
        .insert(customFieldDefinitions)
        .values(
          fields.map((f, i) => ({
            lenderId: lender.id,
            loanProductId: product.id,
            label: f.label,
            fieldType: f.fieldType,
            sortOrder: 10 + i,
          })),
        )
        .onConflictDoNothing();
    }
  }
};
