import type { ListQuery, ListSpec, Page } from '@credence/contracts';
import { and, asc, desc, getTableColumns, is, or, sql, type SQL } from 'drizzle-orm';
import { PgColumn, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { TenantTx } from '../db/tenancy.ts';

/** The SQL a list field reads: a column of the table, or an expression (a join's name, a count). */
export type ListColumns = Record<string, AnyPgColumn | SQL>;

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A text column (sorted without case); numeric columns also map to strings, so the SQL type decides. */
const isTextColumn = (column: AnyPgColumn | SQL) =>
  is(column, PgColumn) && /^(text|varchar|character varying|citext)/.test(column.getSQLType());

/**
 * One page of a table under the one list contract: the declared quick-search fields (contains, any case), the
 * declared filters (equality), one allow-listed sort field (text sorted without case) then id, and the total of
 * matching rows — every value bound, no field name taken from the request. The tenant transaction's row-level
 * security limits it to the lender.
 */
export const listPage = async <T extends PgTable & { id: AnyPgColumn }>(
  tx: TenantTx,
  table: T,
  columns: ListColumns,
  spec: ListSpec,
  query: ListQuery,
  where?: SQL,
): Promise<Page<T['$inferSelect']>> => {
  const column = (field: string) => {
    const found = columns[field];
    if (!found) throw new Error(`List field ${field} has no column`);
    return found;
  };
  const conditions: (SQL | undefined)[] = [where];
  if (query.text) {
    const pattern = `%${escapeLike(query.text)}%`;
    conditions.push(or(...spec.text.map((field) => sql`${column(field)} ilike ${pattern}`)));
  }
  for (const field of Object.keys(spec.filters)) {
    const value = query[field];
    if (value !== undefined && value !== null && value !== '') conditions.push(sql`${column(field)} = ${value}`);
  }
  const sortField = query.sort ?? spec.sort[0];
  const sortColumn = column(sortField);
  const sortBy = isTextColumn(sortColumn) ? sql`lower(${sortColumn})` : sortColumn;
  const direction = query.order === 'desc' ? desc : asc;
  const filter = and(...conditions);
  const rows = await tx
    .select({ row: getTableColumns(table), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(table as PgTable)
    .where(filter)
    .orderBy(direction(sortBy), direction(table.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  if (rows.length > 0 || query.page === 1) {
    return { data: rows.map((r) => r.row as T['$inferSelect']), total: rows[0]?.total ?? 0 };
  }
  // A page past the end: say how many there are.
  const [count] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(table as PgTable)
    .where(filter);
  return { data: [], total: count?.n ?? 0 };
};
