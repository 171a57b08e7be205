import { asc, eq } from 'drizzle-orm';
import {
  applications,
  dealerPurchases,
  internalRefinances,
  liens,
  sellers,
  tradeIns,
} from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

type Values<T extends { $inferInsert: object }> = Omit<T['$inferInsert'], 'id' | 'lenderId' | 'applicationId'>;
export type TransactionParts = {
  tradeIns: Omit<Values<typeof tradeIns>, 'sortOrder'>[];
  dealerPurchase: Values<typeof dealerPurchases> | null;
  sellers: Omit<Values<typeof sellers>, 'sortOrder'>[];
  lien: Values<typeof liens> | null;
  internalRefinance: Values<typeof internalRefinances> | null;
};

export const loadTransactionParts = async (tx: TenantTx, applicationId: number) => {
  const [tradeInRows, [dealerPurchase], sellerRows, [lien], [internalRefinance]] = [
    await tx.select().from(tradeIns).where(eq(tradeIns.applicationId, applicationId)).orderBy(asc(tradeIns.sortOrder)),
    await tx.select().from(dealerPurchases).where(eq(dealerPurchases.applicationId, applicationId)),
    await tx.select().from(sellers).where(eq(sellers.applicationId, applicationId)).orderBy(asc(sellers.sortOrder)),
    await tx.select().from(liens).where(eq(liens.applicationId, applicationId)),
    await tx.select().from(internalRefinances).where(eq(internalRefinances.applicationId, applicationId)),
  ];
  return { tradeIns: tradeInRows, dealerPurchase, sellers: sellerRows, lien, internalRefinance };
};
export type LoadedTransactionParts = Awaited<ReturnType<typeof loadTransactionParts>>;

/** Replaces every transaction part of an application. */
export const replaceTransactionParts = async (
  tx: TenantTx,
  lenderId: number,
  applicationId: number,
  parts: TransactionParts,
) => {
  for (const table of [tradeIns, dealerPurchases, sellers, liens, internalRefinances]) {
    await tx.delete(table).where(eq(table.applicationId, applicationId));
  }
  const keys = { lenderId, applicationId };
  if (parts.tradeIns.length > 0) {
    await tx.insert(tradeIns).values(parts.tradeIns.map((t, sortOrder) => ({ ...t, ...keys, sortOrder })));
  }
  if (parts.sellers.length > 0) {
    await tx.insert(sellers).values(parts.sellers.map((s, sortOrder) => ({ ...s, ...keys, sortOrder })));
  }
  if (parts.dealerPurchase) await tx.insert(dealerPurchases).values({ ...parts.dealerPurchase, ...keys });
  if (parts.lien) await tx.insert(liens).values({ ...parts.lien, ...keys });
  if (parts.internalRefinance) await tx.insert(internalRefinances).values({ ...parts.internalRefinance, ...keys });
};

/** The transaction columns of an application. */
export const findTransactionColumns = async (tx: TenantTx, applicationId: number) => {
  const [row] = await tx
    .select({
      id: applications.id,
      transactionType: applications.transactionType,
      purpose: applications.purpose,
      dealerId: applications.dealerId,
    })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return row;
};

export const updateTransactionColumns = (
  tx: TenantTx,
  applicationId: number,
  values: { transactionType: string | null; purpose: string | null; dealerId: number | null },
) => tx.update(applications).set(values).where(eq(applications.id, applicationId));
