import { eq } from 'drizzle-orm';
import { applications } from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

export const findPacketReceivedDate = async (tx: TenantTx, applicationId: number) => {
  const [row] = await tx
    .select({ receivedDate: applications.packetReceivedDate })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return row;
};

export const updatePacketReceivedDate = (tx: TenantTx, applicationId: number, receivedDate: string | null) =>
  tx.update(applications).set({ packetReceivedDate: receivedDate }).where(eq(applications.id, applicationId));
