import {
  collateralTypeLabel,
  collateralTypeOptions,
  collateralTypes,
  coreCodeTypes,
  MAX_ID,
  paymentFrequencyOptions,
  type CoreCodeMapping,
  type CoreCodeType,
  type CoreCodeValues,
} from '@credence/contracts';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  branches,
  coreCodeMappings,
  lenderDisbursalMethods,
  loanAdditions,
  loanProducts,
} from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';

type Stored = typeof coreCodeMappings.$inferSelect;

/** The kinds whose value is the id of one of the lender's records, and that record's table. */
const recordTables = {
  loanProduct: loanProducts,
  disbursalMethod: lenderDisbursalMethods,
  addition: loanAdditions,
  branch: branches,
} as const;
type RecordKind = keyof typeof recordTables;
type NamedTable = PgTable & { id: AnyPgColumn; name: AnyPgColumn };

const recordName = (table: NamedTable) =>
  sql`(select ${table.name} from ${table} where ${table.id}::text = ${coreCodeMappings.credenceValue})`;

/**
 * What a mapping's value names, as a list column (sort, quick search): the record's name for the kinds that are
 * records, the value itself otherwise; row-level security keeps the records to the lender's.
 */
export const credenceLabelColumn: SQL = sql`lower(coalesce(case ${coreCodeMappings.codeType}
  when 'loanProduct' then ${recordName(loanProducts)}
  when 'disbursalMethod' then ${recordName(lenderDisbursalMethods)}
  when 'addition' then ${recordName(loanAdditions)}
  when 'branch' then ${recordName(branches)}
  end, ${coreCodeMappings.credenceValue}))`;

const isIdText = (value: string) => /^[1-9]\d{0,9}$/.test(value) && Number(value) <= MAX_ID;

const findRecordName = async (tx: TenantTx, kind: RecordKind, value: string): Promise<string | undefined> => {
  if (!isIdText(value)) return undefined;
  const table = recordTables[kind] as unknown as NamedTable;
  const [row] = await tx
    .select({ name: sql<string>`${table.name}` })
    .from(table)
    .where(eq(table.id, Number(value)));
  return row?.name;
};

/**
 * What a value of a kind names ('New Auto', 'Bi-Weekly', 'Travel Trailer'), or undefined when the value is not one
 * of the kind (another lender's record, a record that does not exist, a name not in the list).
 */
export const credenceValueLabel = async (
  tx: TenantTx,
  codeType: CoreCodeType,
  value: string,
): Promise<string | undefined> => {
  switch (codeType) {
    case 'loanProduct':
    case 'disbursalMethod':
    case 'addition':
    case 'branch':
      return findRecordName(tx, codeType, value);
    case 'paymentFrequency':
      return paymentFrequencyOptions.find((option) => option.id === value)?.name;
    case 'collateralType':
      return (collateralTypes as readonly string[]).includes(value) ? collateralTypeLabel(value) : undefined;
  }
};

/** A stored mapping as the API answers it. */
export const toCoreCodeMapping = async (tx: TenantTx, row: Stored): Promise<CoreCodeMapping> => {
  const codeType = row.codeType as CoreCodeType;
  return {
    id: row.id,
    codeType,
    credenceValue: row.credenceValue,
    credenceLabel: (await credenceValueLabel(tx, codeType, row.credenceValue)) ?? row.credenceValue,
    coreCode: row.coreCode,
    description: row.description,
  };
};

const recordValues = async (tx: TenantTx, kind: RecordKind) => {
  const table = recordTables[kind] as unknown as NamedTable & { enabled: AnyPgColumn };
  const rows = await tx
    .select({ id: sql<number>`${table.id}`, name: sql<string>`${table.name}`, enabled: sql<boolean>`${table.enabled}` })
    .from(table)
    .orderBy(sql`lower(${table.name})`, asc(table.id));
  return rows.map((r) => ({ value: String(r.id), label: r.enabled ? r.name : `${r.name} (disabled)` }));
};

/** Every value each kind can translate: the lender's records (disabled ones marked) and the fixed lists. */
export const listCoreCodeValues = async (tx: TenantTx): Promise<CoreCodeValues> => {
  const result: CoreCodeValues = [];
  for (const codeType of coreCodeTypes) {
    switch (codeType) {
      case 'loanProduct':
      case 'disbursalMethod':
      case 'addition':
      case 'branch':
        result.push({ codeType, values: await recordValues(tx, codeType) });
        break;
      case 'paymentFrequency':
        result.push({ codeType, values: paymentFrequencyOptions.map((o) => ({ value: o.id, label: o.name })) });
        break;
      case 'collateralType':
        result.push({ codeType, values: collateralTypeOptions.map((o) => ({ value: o.value, label: o.label })) });
        break;
    }
  }
  return result;
};

/** Every mapping of the lender: kind → Credence value → core code (every kind present, maybe empty). */
export const loadCoreCodeMap = async (tx: TenantTx): Promise<Map<CoreCodeType, Map<string, string>>> => {
  const map = new Map<CoreCodeType, Map<string, string>>(coreCodeTypes.map((type) => [type, new Map()]));
  const rows = await tx
    .select({
      codeType: coreCodeMappings.codeType,
      credenceValue: coreCodeMappings.credenceValue,
      coreCode: coreCodeMappings.coreCode,
    })
    .from(coreCodeMappings);
  for (const row of rows) map.get(row.codeType as CoreCodeType)?.set(row.credenceValue, row.coreCode);
  return map;
};
