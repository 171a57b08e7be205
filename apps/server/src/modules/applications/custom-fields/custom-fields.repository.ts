import { and, asc, eq } from 'drizzle-orm';
import { applicationCustomFieldValues, applications, customFieldDefinitions } from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

export type CustomFieldDefinitionRow = typeof customFieldDefinitions.$inferSelect;

/** The enabled custom fields of a loan product, in their order. */
export const listDefinitions = (tx: TenantTx, loanProductId: number) =>
  tx
    .select()
    .from(customFieldDefinitions)
    .where(and(eq(customFieldDefinitions.loanProductId, loanProductId), eq(customFieldDefinitions.enabled, true)))
    .orderBy(asc(customFieldDefinitions.sortOrder), asc(customFieldDefinitions.id));

export const listValues = (tx: TenantTx, applicationId: number) =>
  tx
    .select({ customFieldId: applicationCustomFieldValues.customFieldId, value: applicationCustomFieldValues.value })
    .from(applicationCustomFieldValues)
    .where(eq(applicationCustomFieldValues.applicationId, applicationId));

export const findApplicationProduct = async (tx: TenantTx, applicationId: number) => {
  const [row] = await tx
    .select({ loanProductId: applications.loanProductId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return row;
};

/** Replaces the application's values with these (empty values are simply not stored). */
export const replaceValues = async (
  tx: TenantTx,
  keys: { lenderId: number; applicationId: number },
  values: { customFieldId: number; value: string }[],
) => {
  await tx
    .delete(applicationCustomFieldValues)
    .where(eq(applicationCustomFieldValues.applicationId, keys.applicationId));
  if (values.length > 0) {
    await tx.insert(applicationCustomFieldValues).values(values.map((v) => ({ ...v, ...keys })));
  }
};
