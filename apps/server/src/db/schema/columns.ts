import { sql, type SQL } from 'drizzle-orm';
import { numeric, text, timestamp, type PgColumn } from 'drizzle-orm/pg-core';

/** Money: numeric(14,2), read as an exact string ("25000.00"). */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** `column in ('A', 'B')` for a check constraint over a fixed list (the lists come from the contracts). */
export const oneOf = (column: PgColumn, values: readonly (string | number)[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`)).join(', '))})`;

/** A postal address whose every part may be empty (dealers, branches). */
export const optionalAddressColumns = () => ({
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2'),
  city: text('city'),
  state: text('state'),
  zip: text('zip'),
});
