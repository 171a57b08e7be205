import { z } from 'zod';
import { messages } from '../messages.ts';
import { textSchema } from '../primitives.ts';
import { MAX_ID } from './common.ts';

/** A promotion of a loan product (rate discount in percent, e.g. "0.250"); auto-selected ones come pre-ticked. */
export const promotionSchema = z.object({
  id: z.number().int(),
  loanProductId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  rateDiscount: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  autoSelect: z.boolean(),
});
export type Promotion = z.infer<typeof promotionSchema>;

/** Promotions Summary: the product's current promotions and the ones chosen for the application. */
export const applicationPromotionsSchema = z.object({
  applicationId: z.number().int(),
  loanProductId: z.number().int(),
  promotions: z.array(promotionSchema),
  promotionIds: z.array(z.number().int()),
});
export type ApplicationPromotions = z.infer<typeof applicationPromotionsSchema>;

export const PATCHABLE_PATHS = ['/promotionIds'] as const;
const promotionIdsValue = z.array(z.number().int().positive().max(MAX_ID)).max(50);

/**
 * PATCH application (spec 3 §7): a JSON patch (RFC 6902) of replace operations. Only `/promotionIds` is
 * accepted; any other operation or path is refused (422) with its index. The result is the last value given.
 */
export const applicationPatchSchema = z
  .array(
    z.object({
      op: textSchema().max(20),
      path: textSchema().max(200),
      value: z.unknown().optional(),
      from: textSchema().max(200).optional(),
    }),
  )
  .min(1)
  .max(10)
  .superRefine((ops, ctx) => {
    ops.forEach((op, i) => {
      if (op.op !== 'replace')
        ctx.addIssue({ code: 'custom', path: [i, 'op'], message: messages.promotions.patchNotAllowed });
      if (!(PATCHABLE_PATHS as readonly string[]).includes(op.path)) {
        ctx.addIssue({ code: 'custom', path: [i, 'path'], message: messages.promotions.patchNotAllowed });
      }
      const value = promotionIdsValue.safeParse(op.value);
      if (!value.success) {
        for (const issue of value.error.issues) {
          ctx.addIssue({ code: 'custom', path: [i, 'value', ...issue.path], message: issue.message });
        }
      }
    });
  })
  .transform((ops) => ({ promotionIds: [...new Set(promotionIdsValue.parse(ops.at(-1)!.value))] }));
export type ApplicationPatch = z.input<typeof applicationPatchSchema>;

export const applicationPatchQuerySchema = z.object({ confirmFunded: z.enum(['true', 'false']).optional() });
