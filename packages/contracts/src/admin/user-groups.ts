import { z } from 'zod';
import { requiredText } from '../applications/common.ts';
import { endpoint } from '../kit/endpoint.ts';
import { booleanQuery } from '../kit/list.ts';
import { defineResource } from '../kit/resource.ts';
import { adminMessages } from '../admin-messages.ts';
import { idValueSchema } from '../primitives.ts';

/** A user group of the lender (spec 2 §7: list, lookup, save): a name, members, enabled. */
export const userGroupInputSchema = z.object({
  name: requiredText(100),
  enabled: z
    .boolean()
    .optional()
    .transform((v) => v ?? true),
  /** Users of the current lender. */
  memberIds: z
    .array(idValueSchema)
    .max(1000)
    .optional()
    .transform((v) => [...new Set(v ?? [])].sort((a, b) => a - b)),
});
export type UserGroupInput = z.input<typeof userGroupInputSchema>;

export const userGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  memberIds: z.array(z.number().int()),
  memberCount: z.number().int(),
});
export type UserGroup = z.infer<typeof userGroupSchema>;

export const userGroupsResource = defineResource({
  name: 'userGroups',
  title: 'User Groups',
  singular: 'User Group',
  path: '/api/userGroups',
  right: 'canManageUserGroups',
  row: userGroupSchema,
  input: userGroupInputSchema,
  verbs: ['list', 'get', 'create', 'update', 'enable', 'disable', 'isUnique'],
  unique: { field: 'name', message: adminMessages.userGroups.nameTaken },
  labelField: 'name',
  list: {
    sort: ['name', 'memberCount', 'enabled'],
    text: ['name'],
    filters: { enabled: booleanQuery },
  },
});

export const userGroupOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type UserGroupOption = z.infer<typeof userGroupOptionSchema>;

export const userGroupsEndpoints = {
  /** Spec: "lookup" — the enabled groups for pickers (shares, the users editor). */
  lookup: endpoint({
    method: 'GET',
    path: '/api/userGroups/lookup',
    access: 'signedIn',
    tag: 'userGroups',
    summary: "The current lender's enabled user groups, for pickers",
    response: z.array(userGroupOptionSchema),
  }),
};
