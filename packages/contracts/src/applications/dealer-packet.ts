import { z } from 'zod';
import { messages } from '../messages.ts';
import { optionalDate } from './common.ts';

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

export const dealerPacketSchema = z.object({ received: z.boolean(), receivedDate: z.string().nullable() });
export type DealerPacket = z.infer<typeof dealerPacketSchema>;
