import { z } from 'zod';
import { endpoint } from '../kit/endpoint.ts';
import { messages } from '../messages.ts';
import { idParamsSchema, optionalDate } from './common.ts';

/**
 * Dealer Packet Status: received and the date received (spec 3 §4, §5). The date is required when received
 * is ticked; unticking saves a null date. The dialog defaults the date to today (UTC).
 */
export const dealerPacketSaveSchema = z
  .object({ received: z.boolean(), receivedDate: optionalDate })
  .superRefine((v, ctx) => {
    if (v.received && v.receivedDate === null) {
      ctx.addIssue({ code: 'custom', path: ['receivedDate'], message: messages.dealerPacket.dateRequired });
    }
  })
  .transform((v) => ({ received: v.received, receivedDate: v.received ? v.receivedDate : null }));
export type DealerPacketSave = z.input<typeof dealerPacketSaveSchema>;

/**
 * The latest date a packet can have been received: today where the day begins first (UTC+14). A later date has
 * not begun anywhere, so the server refuses it (422) whatever the lender's time zone; the dialog's date picker
 * stops at the user's own today.
 */
export const latestDealerPacketDate = (now: Date = new Date()): string =>
  new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);

export const dealerPacketSchema = z.object({ received: z.boolean(), receivedDate: z.string().nullable() });
export type DealerPacket = z.infer<typeof dealerPacketSchema>;

export const dealerPacketEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/applications/:id/packet',
    access: 'signedIn',
    tag: 'applications',
    summary: 'Dealer Packet Status: {received, receivedDate}',
    params: idParamsSchema,
    response: dealerPacketSchema,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/applications/:id/packet',
    access: 'signedIn',
    tag: 'applications',
    summary:
      'Save the dealer packet {received, receivedDate}: the date is required when received, null when not; no lock needed',
    params: idParamsSchema,
    body: dealerPacketSaveSchema,
    response: dealerPacketSchema,
  }),
};
