import { z } from 'zod';
import { booleanQuery } from '../kit/list.ts';
import { defineResource } from '../kit/resource.ts';
import { messages } from '../messages.ts';
import { adminMessages } from '../admin-messages.ts';
import { dateTimeSchema } from '../primitives.ts';
import type { Right } from '../rights.ts';
import {
  creditTierSetSchema,
  currentCreditTierSetSchema,
  decisionRetractionRuleSetSchema,
  loanTermSetSchema,
  matrixSchema,
  matrixTypeSchema,
  workflowSchema,
} from '../policy.ts';

/**
 * The decision engine's configuration objects (issue 12) as administration resources: each kind is a resource
 * of its own (its path, right and configuration schema) over the one `policy_objects` table, versioned — a save
 * writes the draft, publishing makes it the version in effect from its effective time (at once by default).
 */
export const policyObjectKinds = [
  'matrix',
  'creditTierSet',
  'loanTermSet',
  'loanPolicyWorkflow',
  'autoApprovalWorkflow',
  'decisionRetractionRuleSet',
] as const;
export type PolicyObjectKind = (typeof policyObjectKinds)[number];

export const policyVersionInfoSchema = z.object({
  /** The published version in effect now (null: never published, or only scheduled). */
  version: z.number().int().nullable(),
  effectiveAt: z.string().nullable(),
  /** A draft saved since (its version number), published with `publish`. */
  draftVersion: z.number().int().nullable(),
  /** A published version whose effective time is still ahead. */
  scheduledVersion: z.number().int().nullable(),
  scheduledAt: z.string().nullable(),
  updatedAt: z.string(),
});

/** How a save asks to publish: now (no time) or from a later time. */
const publishFields = {
  publish: z.boolean().optional(),
  effectiveAt: dateTimeSchema.nullish(),
};

const policyResource = <C extends z.ZodType, const K extends PolicyObjectKind>(d: {
  kind: K;
  name: string;
  title: string;
  singular: string;
  path: string;
  right: Right;
  config: C;
  /** The configuration as answered, when it differs from what a save takes (a tier set: no upgrade of old ones). */
  rowConfig?: z.ZodType<z.output<C>>;
  withProducts?: boolean;
}) => {
  const row = z.object({
    id: z.number().int(),
    name: z.string(),
    kind: z.literal(d.kind),
    matrixType: matrixTypeSchema.nullable(),
    enabled: z.boolean(),
    loanProductIds: z.array(z.number().int()),
    /** The draft when there is one, else the version in effect. */
    config: (d.rowConfig ?? d.config) as C,
    ...policyVersionInfoSchema.shape,
  });
  const input = z.object({
    name: z.string().trim().min(1, messages.validation.required).max(100),
    enabled: z
      .boolean()
      .optional()
      .transform((v) => v ?? true),
    loanProductIds: z.array(z.number().int().positive()).max(200).default([]),
    config: d.config,
    ...publishFields,
  });
  return defineResource({
    name: d.name,
    title: d.title,
    singular: d.singular,
    path: d.path,
    right: d.right,
    row,
    input,
    verbs: ['list', 'get', 'create', 'update', 'enable', 'disable', 'isUnique'],
    unique: { field: 'name', message: adminMessages.policy.nameTaken(d.singular) },
    labelField: 'name',
    list: {
      sort: ['name', 'updatedAt', 'enabled'],
      text: ['name'],
      filters:
        d.kind === 'matrix'
          ? { enabled: booleanQuery, matrixType: matrixTypeSchema.optional() }
          : { enabled: booleanQuery },
    },
  });
};

/** Spec 2 §7 Matrices: GET matrices?matrixType, GET matrices/{id}, POST, PUT, isUnique, enable, disable. */
export const matricesResource = policyResource({
  kind: 'matrix',
  name: 'matrices',
  title: 'Matrices',
  singular: 'Matrix',
  path: '/api/matrices',
  right: 'canManageMatrices',
  config: matrixSchema,
});
export const creditTierSetsResource = policyResource({
  kind: 'creditTierSet',
  name: 'creditTierSets',
  title: 'Credit Tier Sets',
  singular: 'Credit Tier Set',
  path: '/api/creditTierSets',
  right: 'canManageCreditTierSets',
  config: creditTierSetSchema,
  rowConfig: currentCreditTierSetSchema,
});
export const loanTermSetsResource = policyResource({
  kind: 'loanTermSet',
  name: 'loanTermSets',
  title: 'Loan Term Sets',
  singular: 'Loan Term Set',
  path: '/api/loanTermSets',
  right: 'canManageLoanTermSets',
  config: loanTermSetSchema,
});
export const loanPolicyWorkflowsResource = policyResource({
  kind: 'loanPolicyWorkflow',
  name: 'loanPolicyWorkflows',
  title: 'Loan Policy Workflows',
  singular: 'Loan Policy Workflow',
  path: '/api/loanPolicyWorkflows',
  right: 'canManageLoanPolicyWorkflows',
  config: workflowSchema,
  withProducts: true,
});
export const autoApprovalWorkflowsResource = policyResource({
  kind: 'autoApprovalWorkflow',
  name: 'autoApprovalWorkflows',
  title: 'Auto-Approval Workflows',
  singular: 'Auto-Approval Workflow',
  path: '/api/autoApprovalWorkflows',
  right: 'canManageDecisionEngine',
  config: workflowSchema,
  withProducts: true,
});
/** Spec 2 §7 worksheetChangeRule (type decision retraction). */
export const decisionRetractionRuleSetsResource = policyResource({
  kind: 'decisionRetractionRuleSet',
  name: 'decisionRetractionRuleSets',
  title: 'Decision Retraction Rule Sets',
  singular: 'Rule Set',
  path: '/api/worksheetChangeRule',
  right: 'canManageDecisionRetraction',
  config: decisionRetractionRuleSetSchema,
});

export const policyResources = {
  matrix: matricesResource,
  creditTierSet: creditTierSetsResource,
  loanTermSet: loanTermSetsResource,
  loanPolicyWorkflow: loanPolicyWorkflowsResource,
  autoApprovalWorkflow: autoApprovalWorkflowsResource,
  decisionRetractionRuleSet: decisionRetractionRuleSetsResource,
} as const;
