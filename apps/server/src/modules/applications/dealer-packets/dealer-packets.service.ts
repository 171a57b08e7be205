import { historyActions, latestDealerPacketDate, messages, type DealerPacket } from '@credence/contracts';
import { formatUsDate } from '@credence/domain';
import { withTenant } from '../../../db/tenancy.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { fieldError, notFound } from '../../../platform/errors.ts';
import * as repo from './dealer-packets.repository.ts';
import type { ApplicationContext } from '../application-context.ts';

const view = (receivedDate: string | null): DealerPacket => ({ received: receivedDate !== null, receivedDate });

export const getDealerPacket = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  withTenant(ctx.db, auth.lenderId, async (tx) => {
    const row = await repo.findPacketReceivedDate(tx, applicationId);
    if (!row) throw notFound();
    return view(row.receivedDate);
  });

/**
 * Save: the received date, or null when not received. See `annotateApplication` for why no lock is needed.
 * A date in the future (not yet begun anywhere) is refused: 422 on receivedDate.
 */
export const saveDealerPacket = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  body: { received: boolean; receivedDate: string | null },
) => {
  if (body.receivedDate !== null && body.receivedDate > latestDealerPacketDate()) {
    throw fieldError('receivedDate', messages.dealerPacket.dateInFuture);
  }
  return ctx.annotate(auth, applicationId, async (tx, application, history) => {
    const before = application.packetReceivedDate;
    await repo.updatePacketReceivedDate(tx, applicationId, body.receivedDate);
    if (before !== body.receivedDate) {
      await history({
        action: historyActions.dealerPacketUpdated,
        description: body.receivedDate
          ? `Dealer packet received ${formatUsDate(body.receivedDate)}`
          : 'Dealer packet not received',
        entity: 'DealerPacket',
        changes: [
          {
            entity: 'DealerPacket',
            entityId: applicationId,
            property: 'receivedDate',
            oldValue: before,
            newValue: body.receivedDate,
          },
        ],
      });
    }
    return view(body.receivedDate);
  });
};
