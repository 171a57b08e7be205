import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { fileContents } from '../db/schema/index.ts';
import type { TenantTx } from '../db/tenancy.ts';

/**
 * Where uploaded file content lives. The default keeps it in PostgreSQL (`file_contents.content`, bytea), in
 * the same transaction as the metadata, so an upload is committed whole or not at all. An object store
 * (S3, Azure Blob) implements the same three calls: it writes the object before the metadata commits and
 * names it by the returned id; objects whose id no committed row names are swept later.
 */
export type FileStore = {
  put: (tx: TenantTx, lenderId: number, content: Buffer) => Promise<string>;
  get: (tx: TenantTx, fileId: string) => Promise<Buffer | undefined>;
  remove: (tx: TenantTx, fileId: string) => Promise<void>;
};

export const postgresFileStore: FileStore = {
  put: async (tx, lenderId, content) => {
    const sha256 = createHash('sha256').update(content).digest('hex');
    const [row] = await tx
      .insert(fileContents)
      .values({ lenderId, content, sha256, size: content.length })
      .returning({ id: fileContents.id });
    return row!.id;
  },
  get: async (tx, fileId) => {
    const [row] = await tx
      .select({ content: fileContents.content })
      .from(fileContents)
      .where(eq(fileContents.id, fileId));
    return row?.content;
  },
  remove: async (tx, fileId) => {
    await tx.delete(fileContents).where(eq(fileContents.id, fileId));
  },
};

/** The file store the configuration names (PostgreSQL is the one built in). */
export const createFileStore = (_config: Config): FileStore => postgresFileStore;
