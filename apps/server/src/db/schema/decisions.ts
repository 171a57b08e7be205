import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { fundingRequirementSources, fundingRequirementStatuses } from '@credence/contracts';
import { applicationChildColumns, belongsToApplication } from './applications.ts';
import { oneOf, timestamptz } from './columns.ts';
import { lenders } from './lenders.ts';
import { users } from './users.ts';

/**
 * The decision worksheet's data (issue 13, spec 3 §3–§7).
 *
 * - `decision_codes`: the lender's codes by type — decline reasons (with the Regulation B principal reason they
 *   print as on the adverse action notice), approval conditions, counter-offer reasons and cancel reasons.
 * - `application_decisions`: the decision receipt. Every decision (approve, counteroffer, pending, decline,
 *   cancel) and every retraction of one is a new row with the next version number of the application; its
 *   `receipt` holds exactly what was known and why (application values, credit report ids and scores, metric
 *   values, the policy version and trace, the terms, the disclosures computed, the decline reasons per
 *   applicant). Insert-only: the application role may not UPDATE or DELETE it (migration 0025).
 * - `application_funding_requirements`: the stipulations a decision carries to funding (`includeOnDecision`),
 *   withdrawn when the decision is retracted; issue 14's requirements worksheet works them.
 * - `letter_templates`: the Letters area — the lender's templates with merge fields, one enabled per letter type.
 */
export const decisionCodeTypes = ['declineReason', 'approvalCondition', 'counterReason', 'cancelReason'] as const;
export const decisionTypes = ['approve', 'counteroffer', 'pending', 'decline', 'cancel'] as const;
/** A receipt row is a decision, or the retraction of the decision it names. */
export const decisionEntryKinds = ['decision', 'retraction'] as const;
export const decisionSources = ['manual', 'auto'] as const;
export const letterTypes = ['adverseAction', 'creditScoreDisclosure'] as const;

export const decisionCodes = pgTable(
  'decision_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    codeType: text('code_type').notNull(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('decision_codes_id_lender_key').on(t.id, t.lenderId),
    uniqueIndex('decision_codes_lender_type_code_key').on(t.lenderId, t.codeType, sql`lower(${t.code})`),
    check('decision_codes_type_check', oneOf(t.codeType, decisionCodeTypes)),
    index('decision_codes_lender_type_idx').on(t.lenderId, t.codeType, t.sortOrder),
  ],
);

export const applicationDecisions = pgTable(
  'application_decisions',
  {
    ...applicationChildColumns(),
    /** 1, 2, 3… per application: the receipt history in order. */
    version: integer('version').notNull(),
    entryKind: text('entry_kind').notNull().default('decision'),
    /** The decision type (a retraction carries the type of the decision it retracts). */
    decisionType: text('decision_type').notNull(),
    /** A retraction: the receipt row of the decision it retracts. */
    retractsDecisionId: integer('retracts_decision_id'),
    source: text('source').notNull().default('manual'),
    stateBefore: text('state_before').notNull(),
    stateAfter: text('state_after').notNull(),
    /** The whole receipt (contracts `DecisionReceipt`): inputs, policy version and trace, terms, disclosures. */
    receipt: jsonb('receipt').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
  },
  (t) => [
    belongsToApplication('application_decisions', t),
    unique('application_decisions_id_lender_key').on(t.id, t.lenderId),
    unique('application_decisions_application_version_key').on(t.applicationId, t.version),
    check('application_decisions_entry_kind_check', oneOf(t.entryKind, decisionEntryKinds)),
    check('application_decisions_type_check', oneOf(t.decisionType, decisionTypes)),
    check('application_decisions_source_check', oneOf(t.source, decisionSources)),
    check(
      'application_decisions_retraction_check',
      sql`(${t.entryKind} = 'retraction') = (${t.retractsDecisionId} is not null)`,
    ),
    index('application_decisions_application_idx').on(t.applicationId, t.version),
    // The Turn Times widget reads a period's decisions (issue 32).
    index('application_decisions_lender_created_idx').on(t.lenderId, t.createdAt),
  ],
);

export const applicationFundingRequirements = pgTable(
  'application_funding_requirements',
  {
    ...applicationChildColumns(),
    /** The decision (receipt row) that carried it, when it came from a decision. */
    decisionId: integer('decision_id'),
    /** The product requirement (administration › funding requirements) it came from, when source = 'product'. */
    fundingRequirementId: integer('funding_requirement_id'),
    description: text('description').notNull(),
    source: text('source').notNull().default('decision'),
    /** contracts `fundingRequirementStatuses`: outstanding → received → cleared, or waived; withdrawn. */
    status: text('status').notNull().default('outstanding'),
    /** A required stipulation keeps the application in the Requirements queue until cleared or waived. */
    required: boolean('required').notNull().default(true),
    waiveReason: text('waive_reason'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** When and by whom the status last changed (ageing counts from `created_at` until cleared or waived). */
    statusChangedAt: timestamptz('status_changed_at'),
    statusChangedByUserId: integer('status_changed_by_user_id').references(() => users.id),
    receivedAt: timestamptz('received_at'),
    clearedAt: timestamptz('cleared_at'),
  },
  (t) => [
    belongsToApplication('application_funding_requirements', t),
    unique('application_funding_requirements_id_lender_key').on(t.id, t.lenderId),
    check('application_funding_requirements_source_check', oneOf(t.source, fundingRequirementSources)),
    check('application_funding_requirements_status_check', oneOf(t.status, fundingRequirementStatuses)),
    check(
      'application_funding_requirements_waive_reason_check',
      sql`${t.status} <> 'waived' or ${t.waiveReason} is not null`,
    ),
    index('application_funding_requirements_application_idx').on(t.applicationId, t.status),
  ],
);

/** The application files that satisfy a stipulation (the requirements worksheet previews them inline). */
export const applicationFundingRequirementFiles = pgTable(
  'application_funding_requirement_files',
  {
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    requirementId: integer('requirement_id').notNull(),
    applicationFileId: integer('application_file_id').notNull(),
    attachedAt: timestamptz('attached_at').notNull().defaultNow(),
    attachedByUserId: integer('attached_by_user_id').references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.requirementId, t.applicationFileId] }),
    foreignKey({
      name: 'application_funding_requirement_files_requirement_fk',
      columns: [t.requirementId, t.lenderId],
      foreignColumns: [applicationFundingRequirements.id, applicationFundingRequirements.lenderId],
    }).onDelete('cascade'),
    index('application_funding_requirement_files_file_idx').on(t.applicationFileId),
  ],
);

export const letterTemplates = pgTable(
  'letter_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    letterType: text('letter_type').notNull(),
    name: text('name').notNull(),
    /** The template: text with merge fields ({{applicant.fullName}}, {{#each reasons}}…), see the Letters area. */
    body: text('body').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id),
  },
  (t) => [
    unique('letter_templates_id_lender_key').on(t.id, t.lenderId),
    uniqueIndex('letter_templates_lender_name_key').on(t.lenderId, sql`lower(${t.name})`),
    uniqueIndex('letter_templates_one_enabled_key')
      .on(t.lenderId, t.letterType)
      .where(sql`${t.enabled}`),
    check('letter_templates_type_check', oneOf(t.letterType, letterTypes)),
  ],
);
