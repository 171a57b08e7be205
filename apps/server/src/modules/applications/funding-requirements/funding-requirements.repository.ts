import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  applicationFiles,
  applicationFundingRequirementFiles,
  applicationFundingRequirements,
  applications,
  fundingRequirements,
  userGroupMembers,
  userGroups,
  users,
} from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

export type RequirementRow = typeof applicationFundingRequirements.$inferSelect;

/** The application as the worksheet shows it (queue, state, packet). */
export const findApplication = async (tx: TenantTx, applicationId: number) => {
  const [row] = await tx
    .select({
      id: applications.id,
      lenderId: applications.lenderId,
      state: applications.state,
      queue: applications.queue,
      direct: applications.direct,
      packetReceivedDate: applications.packetReceivedDate,
      requirementsOutstanding: applications.requirementsOutstanding,
      loanProductId: applications.loanProductId,
    })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return row;
};

/**
 * The application's stipulations (withdrawn ones last), with the name of who last changed the status, the days
 * of ageing (creation until cleared or waived, or now) and the clear groups of a product requirement.
 */
export const listRequirements = (tx: TenantTx, applicationId: number) =>
  tx
    .select({
      requirement: applicationFundingRequirements,
      statusChangedBy: users.fullName,
      ageDays: sql<number>`(
        (case when ${applicationFundingRequirements.status} in ('cleared', 'waived')
              then coalesce(${applicationFundingRequirements.clearedAt}, ${applicationFundingRequirements.statusChangedAt}, now())
              else now() end)::date - ${applicationFundingRequirements.createdAt}::date)::int`,
      clearUserGroupIds: sql<number[]>`coalesce(${fundingRequirements.clearUserGroupIds}, '{}'::integer[])`,
    })
    .from(applicationFundingRequirements)
    .leftJoin(users, eq(users.id, applicationFundingRequirements.statusChangedByUserId))
    .leftJoin(fundingRequirements, eq(fundingRequirements.id, applicationFundingRequirements.fundingRequirementId))
    .where(eq(applicationFundingRequirements.applicationId, applicationId))
    .orderBy(
      sql`${applicationFundingRequirements.status} = 'withdrawn'`,
      asc(applicationFundingRequirements.createdAt),
      asc(applicationFundingRequirements.sortOrder),
      asc(applicationFundingRequirements.id),
    );

/** One stipulation of the application, locked for the change, with its clear groups. */
export const findRequirementForUpdate = async (tx: TenantTx, applicationId: number, requirementId: number) => {
  const [row] = await tx
    .select({
      requirement: applicationFundingRequirements,
      clearUserGroupIds: sql<
        number[]
      >`coalesce((select ${fundingRequirements.clearUserGroupIds} from ${fundingRequirements}
        where ${fundingRequirements.id} = ${applicationFundingRequirements.fundingRequirementId}), '{}'::integer[])`,
    })
    .from(applicationFundingRequirements)
    .where(
      and(
        eq(applicationFundingRequirements.applicationId, applicationId),
        eq(applicationFundingRequirements.id, requirementId),
      ),
    )
    .for('update');
  return row;
};

/** Names of user groups by id. */
export const findGroupNames = async (tx: TenantTx, ids: number[]) => {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await tx
    .select({ id: userGroups.id, name: userGroups.name })
    .from(userGroups)
    .where(inArray(userGroups.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
};

/** The user's groups in the current lender. */
export const findUserGroupIds = async (tx: TenantTx, userId: number) => {
  const rows = await tx
    .select({ id: userGroupMembers.userGroupId })
    .from(userGroupMembers)
    .where(eq(userGroupMembers.userId, userId));
  return new Set(rows.map((r) => r.id));
};

export const listRequirementFiles = (tx: TenantTx, applicationId: number) =>
  tx
    .select({
      requirementId: applicationFundingRequirementFiles.requirementId,
      applicationFileId: applicationFiles.id,
      name: applicationFiles.name,
      fileName: applicationFiles.fileName,
      contentType: applicationFiles.contentType,
      size: applicationFiles.size,
    })
    .from(applicationFundingRequirementFiles)
    .innerJoin(applicationFiles, eq(applicationFiles.id, applicationFundingRequirementFiles.applicationFileId))
    .innerJoin(
      applicationFundingRequirements,
      eq(applicationFundingRequirements.id, applicationFundingRequirementFiles.requirementId),
    )
    .where(and(eq(applicationFundingRequirements.applicationId, applicationId), eq(applicationFiles.isDeleted, false)))
    .orderBy(asc(applicationFundingRequirementFiles.attachedAt), asc(applicationFiles.id));

/** The application's files that are not deleted. */
export const listApplicationFiles = (tx: TenantTx, applicationId: number) =>
  tx
    .select({
      applicationFileId: applicationFiles.id,
      name: applicationFiles.name,
      fileName: applicationFiles.fileName,
      contentType: applicationFiles.contentType,
      size: applicationFiles.size,
      createdAt: applicationFiles.createdAt,
    })
    .from(applicationFiles)
    .where(and(eq(applicationFiles.applicationId, applicationId), eq(applicationFiles.isDeleted, false)))
    .orderBy(asc(applicationFiles.createdAt), asc(applicationFiles.id));

/** A file of this application that is not deleted (undefined otherwise). */
export const findLiveFile = async (tx: TenantTx, applicationId: number, applicationFileId: number) => {
  const [row] = await tx
    .select({ id: applicationFiles.id, name: applicationFiles.name })
    .from(applicationFiles)
    .where(
      and(
        eq(applicationFiles.applicationId, applicationId),
        eq(applicationFiles.id, applicationFileId),
        eq(applicationFiles.isDeleted, false),
      ),
    );
  return row;
};

export const insertRequirements = async (
  tx: TenantTx,
  rows: (typeof applicationFundingRequirements.$inferInsert)[],
) => {
  if (rows.length === 0) return [];
  return tx
    .insert(applicationFundingRequirements)
    .values(rows)
    .returning({ id: applicationFundingRequirements.id, description: applicationFundingRequirements.description });
};

/** The descriptions of the application's stipulations that are not withdrawn (lower case). */
export const findLiveDescriptions = async (tx: TenantTx, applicationId: number) => {
  const rows = await tx
    .select({ description: applicationFundingRequirements.description })
    .from(applicationFundingRequirements)
    .where(
      and(
        eq(applicationFundingRequirements.applicationId, applicationId),
        ne(applicationFundingRequirements.status, 'withdrawn'),
      ),
    );
  return new Set(rows.map((r) => r.description.trim().toLowerCase()));
};

/** The enabled product requirements of the lender that apply to this product (no product listed: every one). */
export const findProductRequirements = (tx: TenantTx, loanProductId: number | null) =>
  tx
    .select({
      id: fundingRequirements.id,
      description: fundingRequirements.description,
      required: fundingRequirements.required,
      sortOrder: fundingRequirements.sortOrder,
    })
    .from(fundingRequirements)
    .where(
      and(
        eq(fundingRequirements.enabled, true),
        loanProductId === null
          ? sql`cardinality(${fundingRequirements.loanProductIds}) = 0`
          : sql`(cardinality(${fundingRequirements.loanProductIds}) = 0 or ${loanProductId} = any(${fundingRequirements.loanProductIds}))`,
      ),
    )
    .orderBy(asc(fundingRequirements.sortOrder), asc(fundingRequirements.id));

export const updateRequirement = async (
  tx: TenantTx,
  requirementId: number,
  values: Partial<typeof applicationFundingRequirements.$inferInsert>,
) => {
  await tx
    .update(applicationFundingRequirements)
    .set({ ...values, updatedAt: sql`clock_timestamp()` })
    .where(eq(applicationFundingRequirements.id, requirementId));
};

/** Links a file; false when it was linked already. */
export const linkFile = async (
  tx: TenantTx,
  values: typeof applicationFundingRequirementFiles.$inferInsert,
): Promise<boolean> => {
  const rows = await tx
    .insert(applicationFundingRequirementFiles)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: applicationFundingRequirementFiles.applicationFileId });
  return rows.length > 0;
};

/** Unlinks a file; false when it was not linked. */
export const unlinkFile = async (tx: TenantTx, requirementId: number, applicationFileId: number) => {
  const rows = await tx
    .delete(applicationFundingRequirementFiles)
    .where(
      and(
        eq(applicationFundingRequirementFiles.requirementId, requirementId),
        eq(applicationFundingRequirementFiles.applicationFileId, applicationFileId),
      ),
    )
    .returning({ id: applicationFundingRequirementFiles.applicationFileId });
  return rows.length > 0;
};

/**
 * `applications.requirements_outstanding` from the stipulations: true while a required one is outstanding or
 * received (neither cleared, waived nor withdrawn). The generated `queue` column follows.
 */
/** The required stipulations not yet cleared or waived (outstanding or received), in the worksheet's order. */
export const listOpenRequired = (tx: TenantTx, applicationId: number) =>
  tx
    .select({
      id: applicationFundingRequirements.id,
      description: applicationFundingRequirements.description,
      status: applicationFundingRequirements.status,
    })
    .from(applicationFundingRequirements)
    .where(
      and(
        eq(applicationFundingRequirements.applicationId, applicationId),
        eq(applicationFundingRequirements.required, true),
        inArray(applicationFundingRequirements.status, ['outstanding', 'received']),
      ),
    )
    .orderBy(asc(applicationFundingRequirements.id));

export const refreshOutstandingFlag = async (tx: TenantTx, applicationId: number) => {
  await tx.execute(sql`
    update applications a
       set requirements_outstanding = exists (
             select 1 from application_funding_requirements r
              where r.application_id = a.id and r.required and r.status in ('outstanding', 'received'))
     where a.id = ${applicationId}`);
};
