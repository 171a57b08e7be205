import { z } from 'zod';
import { MAX_ID, pathIdSchema, userRefSchema } from './applications/common.ts';
import { messages } from './messages.ts';
import { idValueSchema, textSchema } from './primitives.ts';
import { savedQueueCriteriaSchema } from './queues.ts';

/** Saved search filters and custom queues (spec 1 §3 "Search filter", §4, §5, §7). */
export const searchFilterTypes = ['filter', 'queue'] as const;
export type SearchFilterType = (typeof searchFilterTypes)[number];
export const SEARCH_FILTER_NAME_MAX = 50;
/** Spec 1 §9: the uniqueness check waits for typing to pause. */
export const SEARCH_FILTER_NAME_DEBOUNCE_MS = 300;

const idValue = idValueSchema;
export const searchFilterIdParamsSchema = z.object({ id: pathIdSchema() });

export const searchFilterNameSchema = textSchema({ error: messages.searchFilters.nameRequired })
  .trim()
  .min(1, messages.searchFilters.nameRequired)
  .max(SEARCH_FILTER_NAME_MAX, messages.searchFilters.nameTooLong);

/**
 * The `filter` JSON text: the queue it starts from and its criteria (see `savedQueueCriteriaSchema`). Kept as
 * text, as the spec says, but parsed and allow-listed on every save.
 */
export const searchFilterJsonSchema = textSchema({ multiline: true })
  .max(20_000)
  .superRefine((text, ctx) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: messages.searchFilters.invalidFilter });
      return;
    }
    const result = savedQueueCriteriaSchema.safeParse(parsed);
    if (!result.success)
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path as (string | number)[], message: issue.message });
  });

/** Create and update body (user and admin calls). userGroupIds is only honoured by the admin calls. */
export const searchFilterInputSchema = z.object({
  name: searchFilterNameSchema,
  type: z.enum(searchFilterTypes),
  filter: searchFilterJsonSchema,
  showOnSideMenu: z.boolean().default(false),
  enabled: z.boolean().default(true),
  userGroupIds: z.array(idValue).max(100).optional(),
});
export type SearchFilterInput = z.input<typeof searchFilterInputSchema>;

export const searchFilterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(searchFilterTypes),
  filter: z.string(),
  userGroupIds: z.array(z.number().int()),
  showOnSideMenu: z.boolean(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  createdByUser: userRefSchema.nullable(),
  /** The caller owns it (My Filters); otherwise it was published to one of the caller's groups. */
  isMine: z.boolean(),
});
export type SearchFilter = z.infer<typeof searchFilterSchema>;
export const searchFilterListSchema = z.array(searchFilterSchema);

export const isUniqueQuerySchema = z.object({
  name: textSchema().max(200),
  type: z.enum(searchFilterTypes),
  id: z.coerce.number().int().positive().max(MAX_ID).optional(),
});
export const isUniqueResponseSchema = z.object({ isUnique: z.boolean() });

/** The Publish Filter dialog's choices: every user group of the lender (disabled ones labelled), and the chosen. */
export const searchFilterUserGroupsSchema = z.object({
  userGroups: z.array(z.object({ id: z.number().int(), name: z.string(), enabled: z.boolean() })),
  userGroupIds: z.array(z.number().int()),
});
export type SearchFilterUserGroups = z.infer<typeof searchFilterUserGroupsSchema>;

/** Publish: at least one user group (spec 1 §5). */
export const publishSearchFilterSchema = z.object({
  userGroupIds: z
    .array(idValue)
    .min(1, messages.searchFilters.atLeastOneGroup)
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length),
});

/** Reorder the caller's own filters and queues. */
export const searchFilterOrderSchema = z.object({
  ordering: z
    .array(z.object({ id: idValue, sortOrder: z.number().int().min(0).max(10_000) }))
    .min(1)
    .max(500),
});
export type SearchFilterOrder = z.infer<typeof searchFilterOrderSchema>;
