import { z } from 'zod';
import { idParamsSchema, MAX_ID, userRefSchema } from './applications/common.ts';
import { endpoint, type Access } from './kit/endpoint.ts';
import { isUniqueSchema } from './kit/list.ts';
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

const signedIn: Access = 'signedIn';
const manage: Access = { right: 'canManageSearchFilters' };
const tag = 'searchFilters';
const base = '/api/SearchFilters';
const item = `${base}/:id`;

/**
 * Every saved filter and queue call (spec 1 §7), paths as the spec writes them: the server registers these and
 * the web client calls them. The caller's own calls need a session only (ownership is the service's rule: a
 * filter of someone else that the caller sees is a 403, one they do not see a 404); publishing and the admin
 * variants need canManageSearchFilters. Static segments (IsUnique, order, admin) win over `:id` in the router.
 */
export const searchFilterEndpoints = {
  list: endpoint({
    method: 'GET',
    path: base,
    access: signedIn,
    tag,
    summary:
      "The caller's filters and queues (enabled or not) and the enabled ones published to the caller's enabled user groups (isMine false), by sort order then name",
    response: searchFilterListSchema,
  }),
  isUnique: endpoint({
    method: 'GET',
    path: `${base}/IsUnique`,
    access: signedIn,
    tag,
    summary: "Is the name free among the caller's filters of that type (trimmed, ignoring case), leaving out id?",
    query: isUniqueQuerySchema,
    response: isUniqueSchema,
  }),
  order: endpoint({
    method: 'PUT',
    path: `${base}/order`,
    access: signedIn,
    tag,
    summary:
      "Reorder the caller's own filters {ordering: [{id, sortOrder}]} (an id not the caller's: 403 or 404, nothing changed); answers the caller's list",
    body: searchFilterOrderSchema,
    response: searchFilterListSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: base,
    access: signedIn,
    tag,
    summary: 'Create a filter or queue of the caller, placed after their last one (userGroupIds is ignored)',
    body: searchFilterInputSchema,
    response: searchFilterSchema,
    status: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: item,
    access: signedIn,
    tag,
    summary: 'One filter or queue the caller owns or that is published to them',
    params: idParamsSchema,
    response: searchFilterSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: item,
    access: signedIn,
    tag,
    summary: "Update one of the caller's own filters or queues (userGroupIds is ignored)",
    params: idParamsSchema,
    body: searchFilterInputSchema,
    response: searchFilterSchema,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: item,
    access: signedIn,
    tag,
    summary: "Delete one of the caller's own filters or queues (204, no body)",
    params: idParamsSchema,
    response: z.null().optional(),
    status: 204,
  }),
  enable: endpoint({
    method: 'POST',
    path: `${item}/enable`,
    access: signedIn,
    tag,
    summary: "Enable one of the caller's own filters or queues; answers it",
    params: idParamsSchema,
    response: searchFilterSchema,
  }),
  disable: endpoint({
    method: 'POST',
    path: `${item}/disable`,
    access: signedIn,
    tag,
    summary: "Disable one of the caller's own filters or queues; answers it",
    params: idParamsSchema,
    response: searchFilterSchema,
  }),
  userGroups: endpoint({
    method: 'GET',
    path: `${item}/UserGroups`,
    access: manage,
    tag,
    summary:
      "The Publish Filter dialog of one of the caller's filters: every user group of the lender {id, name, enabled} and the chosen ids",
    params: idParamsSchema,
    response: searchFilterUserGroupsSchema,
  }),
  publish: endpoint({
    method: 'PUT',
    path: `${item}/Publish`,
    access: manage,
    tag,
    summary:
      "Publish one of the caller's filters to {userGroupIds} (at least one, of this lender), replacing the earlier groups; answers the filter",
    params: idParamsSchema,
    body: publishSearchFilterSchema,
    response: searchFilterSchema,
  }),
  unpublish: endpoint({
    method: 'DELETE',
    path: `${item}/Unpublish`,
    access: manage,
    tag,
    summary: "Unpublish one of the caller's filters (removes every user group); answers the filter",
    params: idParamsSchema,
    response: searchFilterSchema,
  }),
  adminList: endpoint({
    method: 'GET',
    path: `${base}/admin`,
    access: manage,
    tag,
    summary: 'Every filter and queue of the lender, with the user who created it',
    response: searchFilterListSchema,
  }),
  adminCreate: endpoint({
    method: 'POST',
    path: `${base}/admin`,
    access: manage,
    tag,
    summary: 'Create a filter or queue of the caller and publish it to userGroupIds, in one transaction',
    body: searchFilterInputSchema,
    response: searchFilterSchema,
    status: 201,
  }),
  adminGet: endpoint({
    method: 'GET',
    path: `${item}/admin`,
    access: manage,
    tag,
    summary: 'Any filter or queue of the lender',
    params: idParamsSchema,
    response: searchFilterSchema,
  }),
  adminUpdate: endpoint({
    method: 'PUT',
    path: `${item}/admin`,
    access: manage,
    tag,
    summary:
      'Update any filter or queue of the lender; userGroupIds, when given, replaces its user groups (empty: unpublished)',
    params: idParamsSchema,
    body: searchFilterInputSchema,
    response: searchFilterSchema,
  }),
};
