import { z } from 'zod';
import { creditBureauSchema, creditScoreModelSchema } from '../credit.ts';
import { endpoint } from '../kit/endpoint.ts';
import { adminMessages } from '../admin-messages.ts';

/**
 * Administration › Credit Bureaus (issue 11, item 6; spec 2: "credit bureaus with score models"): per bureau
 * whether the lender pulls from it, the score models its reports are scored with and the default model (the one
 * the queues' average score and the decision engine read), and the lender's two credit switches.
 */
export const creditBureauSettingSchema = z
  .object({
    creditBureau: creditBureauSchema,
    enabled: z.boolean(),
    scoreModels: z.array(creditScoreModelSchema).min(1, adminMessages.creditBureaus.oneModel).max(8),
    defaultScoreModel: creditScoreModelSchema,
  })
  .refine((b) => b.scoreModels.includes(b.defaultScoreModel), {
    message: adminMessages.creditBureaus.defaultInModels,
    path: ['defaultScoreModel'],
  });
export type CreditBureauSetting = z.infer<typeof creditBureauSettingSchema>;

export const creditBureauSettingsSchema = z
  .object({
    requireCommentOnAlerts: z.boolean(),
    internalCrossSellEnabled: z.boolean(),
    bureaus: z.array(creditBureauSettingSchema).length(3),
  })
  .refine((s) => new Set(s.bureaus.map((b) => b.creditBureau)).size === 3, {
    message: adminMessages.creditBureaus.eachOnce,
    path: ['bureaus'],
  })
  .refine((s) => s.bureaus.some((b) => b.enabled), {
    message: adminMessages.creditBureaus.oneEnabled,
    path: ['bureaus'],
  });
export type CreditBureauSettings = z.infer<typeof creditBureauSettingsSchema>;

export const creditBureauSettingsEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/creditBureaus',
    access: { right: 'canManageCreditBureaus' },
    tag: 'creditBureaus',
    summary: "The lender's credit bureaus, score models and credit switches",
    response: creditBureauSettingsSchema,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/creditBureaus',
    access: { right: 'canManageCreditBureaus' },
    tag: 'creditBureaus',
    summary: "Save the lender's credit bureaus, score models and credit switches (audited)",
    body: creditBureauSettingsSchema,
    response: creditBureauSettingsSchema,
  }),
};
