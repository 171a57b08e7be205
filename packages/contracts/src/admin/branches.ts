import { z } from 'zod';
import {
  optionalAddressInputSchema,
  optionalAddressSchema,
  optionalPhone,
  optionalText,
  requiredText,
} from '../applications/common.ts';
import { booleanQuery } from '../kit/list.ts';
import { defineResource } from '../kit/resource.ts';
import { adminMessages } from '../admin-messages.ts';

/**
 * A lender's branch (spec 2: fields not shown). Chosen here: a name, the branch number the core knows it by, the
 * address and phone a member would call; users belong to one (Administration › Users).
 */
export const branchInputSchema = z.object({
  name: requiredText(100),
  branchNumber: optionalText(20),
  ...optionalAddressInputSchema.shape,
  phoneNumber: optionalPhone,
  enabled: z
    .boolean()
    .optional()
    .transform((v) => v ?? true),
});
export type BranchInput = z.input<typeof branchInputSchema>;

export const branchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  branchNumber: z.string().nullable(),
  ...optionalAddressSchema.shape,
  phoneNumber: z.string().nullable(),
  enabled: z.boolean(),
});
export type Branch = z.infer<typeof branchSchema>;

/** Administration › Branches (/admin/branches): list, get, save, enable, disable (spec 2 §4, §7). */
export const branchesResource = defineResource({
  name: 'branches',
  title: 'Branches',
  singular: 'Branch',
  path: '/api/branches',
  right: 'canManageBranches',
  // The users editor and the queues choose among them.
  readAccess: 'signedIn',
  row: branchSchema,
  input: branchInputSchema,
  verbs: ['list', 'get', 'create', 'update', 'enable', 'disable', 'isUnique'],
  unique: { field: 'name', message: adminMessages.branches.nameTaken },
  labelField: 'name',
  list: {
    sort: ['name', 'branchNumber', 'city', 'state', 'enabled'],
    text: ['name', 'branchNumber', 'city', 'state'],
    filters: { enabled: booleanQuery },
  },
});
