import { and, asc, eq, sql } from 'drizzle-orm';
import { applicationFiles, users } from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

export type FileRow = typeof applicationFiles.$inferSelect;

export const listFiles = (tx: TenantTx, applicationId: number, includeDeleted: boolean) =>
  tx
    .select({ file: applicationFiles, uploadedByName: users.fullName })
    .from(applicationFiles)
    .leftJoin(users, eq(users.id, applicationFiles.uploadedByUserId))
    .where(
      and(
        eq(applicationFiles.applicationId, applicationId),
        includeDeleted ? undefined : eq(applicationFiles.isDeleted, false),
      ),
    )
    .orderBy(asc(applicationFiles.createdAt), asc(applicationFiles.id));

export const findFile = async (tx: TenantTx, applicationId: number, appFileId: number) => {
  const [row] = await tx
    .select({ file: applicationFiles, uploadedByName: users.fullName })
    .from(applicationFiles)
    .leftJoin(users, eq(users.id, applicationFiles.uploadedByUserId))
    .where(and(eq(applicationFiles.applicationId, applicationId), eq(applicationFiles.id, appFileId)));
  return row;
};

export const insertFile = async (tx: TenantTx, values: typeof applicationFiles.$inferInsert) => {
  const [row] = await tx.insert(applicationFiles).values(values).returning({ id: applicationFiles.id });
  return row!.id;
};

export const updateFile = (tx: TenantTx, appFileId: number, values: Partial<typeof applicationFiles.$inferInsert>) =>
  tx.update(applicationFiles).set(values).where(eq(applicationFiles.id, appFileId));

/** The per-application lock of file uploads, held to the end of the transaction (count and insert as one). */
export const lockApplicationFiles = (tx: TenantTx, applicationId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('files'), ${applicationId}::int)`);

/** How many files an application holds, deleted ones included (their content is kept). */
export const countFiles = async (tx: TenantTx, applicationId: number) => {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(applicationFiles)
    .where(eq(applicationFiles.applicationId, applicationId));
  return row?.count ?? 0;
};
