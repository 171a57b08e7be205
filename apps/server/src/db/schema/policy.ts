import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  boolean,
} from 'drizzle-orm/pg-core';
import { applicationChildColumns, belongsToApplication } from './applications.ts';
import { oneOf, timestamptz } from './columns.ts';
import { lenders } from './lenders.ts';
import { users } from './users.ts';

/**
 * The decision engine's configuration (issue 12). Every policy object — a credit tier set, a matrix, a loan term
 * set, the decision-engine settings, a loan policy or auto-approval workflow, a decision-retraction rule set, a
 * rate table — is one `policy_objects` row (its name, kind, enabled, the products a workflow is active for) with
 * versions in `policy_versions`: at most one draft, published versions with an effective time, the newest
 * published one in effect being the one the engine compiles. The configuration itself is the version's JSON,
 * validated by the contracts' policy schemas and the domain's graph/matrix checks before it is saved.
 */
export const policyKinds = [
  'creditTierSet',
  'matrix',
  'loanTermSet',
  'decisionEngineConfig',
  'loanPolicyWorkflow',
  'autoApprovalWorkflow',
  'decisionRetractionRuleSet',
  'rateTable',
] as const;
export const policyVersionStatuses = ['draft', 'published'] as const;
export const policyRunKinds = ['loanPolicy', 'autoApproval', 'suggestedValues', 'metrics'] as const;
export const policyReplayStatuses = ['queued', 'running', 'done', 'failed'] as const;

export const policyObjects = pgTable(
  'policy_objects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    kind: text('kind').notNull(),
    /** Matrices only: LoanLimit, Fees, Rate, AdditionalRates, PassFail. */
    matrixType: text('matrix_type'),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Workflows: the loan products the workflow is active for (one active per product and kind). */
    loanProductIds: integer('loan_product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('policy_objects_id_lender_key').on(t.id, t.lenderId),
    uniqueIndex('policy_objects_lender_kind_name_key').on(
      t.lenderId,
      t.kind,
      sql`coalesce(${t.matrixType}, '')`,
      sql`lower(${t.name})`,
    ),
    check('policy_objects_kind_check', oneOf(t.kind, policyKinds)),
    check('policy_objects_matrix_type_check', sql`(${t.kind} = 'matrix') = (${t.matrixType} is not null)`),
  ],
);

export const policyVersions = pgTable(
  'policy_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    policyObjectId: integer('policy_object_id').notNull(),
    version: integer('version').notNull(),
    status: text('status').notNull().default('draft'),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    /** Published versions: from when the engine uses it (a later effective time can be scheduled). */
    effectiveAt: timestamptz('effective_at'),
    publishedAt: timestamptz('published_at'),
    publishedByUserId: integer('published_by_user_id').references(() => users.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'policy_versions_object_fk',
      columns: [t.policyObjectId, t.lenderId],
      foreignColumns: [policyObjects.id, policyObjects.lenderId],
    }).onDelete('cascade'),
    unique('policy_versions_id_lender_key').on(t.id, t.lenderId),
    unique('policy_versions_object_version_key').on(t.policyObjectId, t.version),
    uniqueIndex('policy_versions_one_draft_key')
      .on(t.policyObjectId)
      .where(sql`${t.status} = 'draft'`),
    index('policy_versions_effective_idx').on(t.policyObjectId, t.status, t.effectiveAt),
    check('policy_versions_status_check', oneOf(t.status, policyVersionStatuses)),
    check(
      'policy_versions_published_check',
      sql`(${t.status} = 'published') = (${t.effectiveAt} is not null and ${t.publishedAt} is not null)`,
    ),
  ],
);

/**
 * A run of the engine on an application (the loan policy check, the auto-approval workflow, suggested values,
 * metric evaluations), stored with the version it ran and its whole trace: what staff read as "why". Insert-only.
 */
export const policyRuns = pgTable(
  'policy_runs',
  {
    ...applicationChildColumns(),
    kind: text('kind').notNull(),
    policyObjectId: integer('policy_object_id'),
    policyVersionId: integer('policy_version_id'),
    outcome: text('outcome'),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
  },
  (t) => [
    belongsToApplication('policy_runs', t),
    foreignKey({
      name: 'policy_runs_version_fk',
      columns: [t.policyVersionId, t.lenderId],
      foreignColumns: [policyVersions.id, policyVersions.lenderId],
    }),
    index('policy_runs_application_idx').on(t.applicationId, t.kind, t.createdAt),
    check('policy_runs_kind_check', oneOf(t.kind, policyRunKinds)),
  ],
);

/** A replay of a draft against the lender's applications of a period, side by side with the published policy. */
export const policyReplays = pgTable(
  'policy_replays',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    policyObjectId: integer('policy_object_id').notNull(),
    draftVersionId: integer('draft_version_id').notNull(),
    publishedVersionId: integer('published_version_id'),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    status: text('status').notNull().default('queued'),
    processed: integer('processed').notNull().default(0),
    total: integer('total'),
    report: jsonb('report').$type<Record<string, unknown>>(),
    error: text('error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    foreignKey({
      name: 'policy_replays_object_fk',
      columns: [t.policyObjectId, t.lenderId],
      foreignColumns: [policyObjects.id, policyObjects.lenderId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'policy_replays_draft_fk',
      columns: [t.draftVersionId, t.lenderId],
      foreignColumns: [policyVersions.id, policyVersions.lenderId],
    }).onDelete('cascade'),
    check('policy_replays_status_check', oneOf(t.status, policyReplayStatuses)),
    check('policy_replays_period_check', sql`${t.fromDate} <= ${t.toDate}`),
    index('policy_replays_object_idx').on(t.policyObjectId, t.createdAt),
  ],
);
