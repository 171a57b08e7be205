import { and, asc, eq } from 'drizzle-orm';
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
