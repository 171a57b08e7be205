import {
  customFieldDefinitionsResource,
  customFieldDefinitionTexts,
  type CustomFieldDefinition,
  type CustomFieldType,
} from '@credence/contracts';
import { sql } from 'drizzle-orm';
import { customFieldDefinitions } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';
import { crudModule } from '../../platform/crud.ts';
import { fieldError } from '../../platform/errors.ts';
import { unknownLoanProductIds } from '../loan-additions/loan-additions.repository.ts';

type Stored = typeof customFieldDefinitions.$inferSelect;

/** The product's name, for the list's column, search and sort. */
const productName = sql<string>`(select p.name from loan_products p where p.id = ${customFieldDefinitions.loanProductId})`;

/** Has any application a value for this field? */
const hasValues = async (tx: TenantTx, id: number) => {
  const result = await tx.execute<{ used: boolean }>(
    sql`select exists (select 1 from application_custom_field_values v where v.custom_field_id = ${id}) as used`,
  );
  return result.rows[0]?.used === true;
};

const toRow = async (row: Stored, { tx }: { tx: TenantTx }): Promise<CustomFieldDefinition> => {
  const result = await tx.execute<{ name: string | null; used: boolean }>(
    sql`select (select p.name from loan_products p where p.id = ${row.loanProductId}) as name,
               exists (select 1 from application_custom_field_values v where v.custom_field_id = ${row.id}) as used`,
  );
  const facts = result.rows[0];
  return {
    id: row.id,
    loanProductId: row.loanProductId,
    loanProductName: facts?.name ?? '',
    label: row.label,
    fieldType: row.fieldType as CustomFieldType,
    required: row.required,
    options: row.options,
    maxLength: row.maxLength,
    sortOrder: row.sortOrder,
    enabled: row.enabled,
    inUse: facts?.used === true,
  };
};

/**
 * Administration › Custom Fields (/admin/customFields): the kit's verbs on custom_field_definitions, the table the
 * application's Custom Fields dialog reads (`modules/applications/custom-fields`), each write audited. A label is
 * unique within its loan product in any case (the unique index decides: a 422 on `label`); the product must be the
 * lender's. A field some application has a value for keeps its type and its product (a 422 saying why): its
 * values were checked against them. Never deleted — disabling takes it off the dialog and keeps the values.
 */
export const customFieldDefinitionsModule = crudModule(customFieldDefinitionsResource, {
  table: customFieldDefinitions,
  uniqueConstraint: 'custom_field_definitions_product_label_key',
  toRow,
  columns: { loanProductName: productName },
  beforeWrite: async ({ tx }, values, existing) => {
    const productId = values.loanProductId!;
    if ((await unknownLoanProductIds(tx, [productId])).length > 0) {
      throw fieldError('loanProductId', customFieldDefinitionTexts.unknownProduct);
    }
    if (!existing) return;
    const typeChanges = values.fieldType !== existing.fieldType;
    const productChanges = productId !== existing.loanProductId;
    if ((typeChanges || productChanges) && (await hasValues(tx, existing.id))) {
      throw typeChanges
        ? fieldError('fieldType', customFieldDefinitionTexts.typeInUse)
        : fieldError('loanProductId', customFieldDefinitionTexts.productInUse);
    }
  },
});
