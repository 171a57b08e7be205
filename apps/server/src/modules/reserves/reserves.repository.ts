import type { Reserve, ReserveMatrix, ReserveMatrixRow, ReserveMethod } from '@credence/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { loanProducts, reserveMatrices, reserves } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';

type StoredReserve = typeof reserves.$inferSelect;
type StoredMatrix = typeof reserveMatrices.$inferSelect;

/** A stored reserve as the API answers it. */
export const toReserve = (row: StoredReserve): Reserve => ({
  id: row.id,
  name: row.name,
  method: row.method as ReserveMethod,
  flatAmount: row.flatAmount,
  percentOfAmount: row.percentOfAmount,
  participationPercent: row.participationPercent,
  maxSpread: row.maxSpread,
  capAmount: row.capAmount,
  enabled: row.enabled,
});

/** The stored rows of a matrix (written only through the validated input, so already of the pinned shape). */
export const matrixRows = (row: StoredMatrix): ReserveMatrixRow[] =>
  row.rows.map((r) => {
    const v = r as Partial<ReserveMatrixRow>;
    return {
      loanProductIds: v.loanProductIds ?? [],
      minTermMonths: v.minTermMonths ?? null,
      maxTermMonths: v.maxTermMonths ?? null,
      minAmount: v.minAmount ?? null,
      maxAmount: v.maxAmount ?? null,
      direct: v.direct ?? null,
      reserveId: v.reserveId ?? 0,
    };
  });

/** A stored matrix as the API answers it, its default reserve named. */
export const toReserveMatrix = (row: StoredMatrix, defaultReserveName: string): ReserveMatrix => {
  const rows = matrixRows(row);
  return {
    id: row.id,
    name: row.name,
    defaultReserveId: row.defaultReserveId,
    defaultReserveName,
    rows,
    rowCount: rows.length,
    enabled: row.enabled,
  };
};

/** The default reserve's name as a list column (sort); row-level security keeps it to the lender. */
export const defaultReserveNameColumn = sql`coalesce((select ${reserves.name} from ${reserves} where ${reserves.id} = ${reserveMatrices.defaultReserveId}), '')`;
export const rowCountColumn = sql`jsonb_array_length(${reserveMatrices.rows})`;

/** The lender's reserves with these ids, enabled or not (row-level security hides another lender's). */
export const findReserves = async (tx: TenantTx, ids: readonly number[]): Promise<StoredReserve[]> =>
  ids.length === 0
    ? []
    : tx
        .select()
        .from(reserves)
        .where(inArray(reserves.id, [...new Set(ids)]));

export const findReserve = async (tx: TenantTx, id: number): Promise<StoredReserve | undefined> =>
  (await tx.select().from(reserves).where(eq(reserves.id, id)))[0];

export const findReserveMatrix = async (tx: TenantTx, id: number): Promise<StoredMatrix | undefined> =>
  (await tx.select().from(reserveMatrices).where(eq(reserveMatrices.id, id)))[0];

/** Every reserve of the lender, by name. */
export const listReserves = async (tx: TenantTx): Promise<StoredReserve[]> =>
  tx
    .select()
    .from(reserves)
    .orderBy(sql`lower(${reserves.name})`, asc(reserves.id));

/** Every reserve matrix of the lender, by name. */
export const listReserveMatrices = async (tx: TenantTx, enabledOnly = false): Promise<StoredMatrix[]> =>
  tx
    .select()
    .from(reserveMatrices)
    .where(enabledOnly ? eq(reserveMatrices.enabled, true) : undefined)
    .orderBy(sql`lower(${reserveMatrices.name})`, asc(reserveMatrices.id));

/** Which of these product ids are not the lender's (row-level security hides another lender's products). */
export const unknownProductIds = async (tx: TenantTx, ids: readonly number[]): Promise<Set<number>> => {
  if (ids.length === 0) return new Set();
  const found = new Set(
    (
      await tx
        .select({ id: loanProducts.id })
        .from(loanProducts)
        .where(inArray(loanProducts.id, [...new Set(ids)]))
    ).map((r) => r.id),
  );
  return new Set(ids.filter((id) => !found.has(id)));
};
