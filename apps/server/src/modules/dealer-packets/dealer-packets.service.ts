import { historyActions, latestDealerPacketDate, messages, type DealerPacket } from '@credence/contracts';
import { formatUsDate } from '@credence/domain';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { recordHistory } from '../application-history/application-history.repository.ts';
import { annotateApplication } from '../application-locks/application-locks.service.ts';
import * as repo from './dealer-packets.repository.ts';

const view = (receivedDate: string | null): DealerPacket => ({ received: receivedDate !== null, receivedDate });

export const getDealerPacket = (db: Db, auth: AuthContext, applicationId: number) =>
  withTenant(db, auth.lenderId, async (tx) => {
    const row = await repo.findPacketReceivedDate(tx, applicationId);
    if (!row) throw notFound();
    return view(row.receivedDate);
  });

/**
 * Save: the received date, or null when not received. See `annotateApplication` for why no lock is needed.
 * A date in the future (not yet begun anywhere) is refused: 422 on receivedDate.
 */
export const saveDealerPacket = (
  db: Db,
  auth: AuthContext,
  applicationId: number,
  body: { received: boolean; receivedDate: string | null },
) => {
  if (body.receivedDate !== null && body.receivedDate > latestDealerPacketDate()) {
    throw fieldError('receivedDate', messages.dealerPacket.dateInFuture);
  }
  return annotateApplication(db, auth, applicationId, async (tx, application) => {
    const before = application.packetReceivedDate;
    await repo.updatePacketReceivedDate(tx, applicationId, body.receivedDate);
    if (before !== body.receivedDate) {
      await recordHistory(tx, {
        lenderId: auth.lenderId,
        applicationId,
        userId: auth.userId,
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
