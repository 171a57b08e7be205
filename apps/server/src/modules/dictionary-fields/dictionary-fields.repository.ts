import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { loanFormDictionaryFields } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';

/** Is another field of the lender defined with these three (vendor and code in any case, the path exactly)? */
export const isTaken = async (
  tx: TenantTx,
  key: { formVendor: string; formCode: string; jmesPath: string },
  exceptId: number | null | undefined,
) => {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(loanFormDictionaryFields)
    .where(
      and(
        sql`lower(${loanFormDictionaryFields.formVendor}) = lower(${key.formVendor})`,
        sql`lower(${loanFormDictionaryFields.formCode}) = lower(${key.formCode})`,
        eq(loanFormDictionaryFields.jmesPath, key.jmesPath),
        exceptId ? ne(loanFormDictionaryFields.id, exceptId) : undefined,
      ),
    );
  return (row?.n ?? 0) > 0;
};

/** The lender's fields (of one vendor, any case, when given), in the order they were defined. */
export const listFields = (tx: TenantTx, vendor: string | undefined) =>
  tx
    .select({
      formCode: loanFormDictionaryFields.formCode,
      jmesPath: loanFormDictionaryFields.jmesPath,
    })
    .from(loanFormDictionaryFields)
    .where(vendor ? sql`lower(${loanFormDictionaryFields.formVendor}) = lower(${vendor})` : undefined)
    .orderBy(asc(loanFormDictionaryFields.id));
