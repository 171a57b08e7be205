import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { withTenant, type TenantTx } from '../db/tenancy.ts';

/** Content moves to and from the store in pieces of this size: no whole file is held in memory. */
export const FILE_CHUNK_BYTES = 1024 * 1024;

/** Content to store: its size and SHA-256 known beforehand, its bytes read piece by piece (e.g. from a temp file). */
export type FileContent = { size: number; sha256: string; chunks: () => AsyncIterable<Buffer> };

/**
 * Where uploaded file content lives. The default keeps it in PostgreSQL (`file_contents.content`, bytea), in
 * the same transaction as the metadata, so an upload is committed whole or not at all. Content is written and
 * read in pieces of `FILE_CHUNK_BYTES`, never whole. An object store (S3, Azure Blob) implements the same calls:
 * it writes the object before the metadata commits and names it by the returned id; objects whose id no
 * committed row names are swept later.
 */
export type FileStore = {
  put: (tx: TenantTx, lenderId: number, content: FileContent) => Promise<string>;
  /** The stored size in bytes; undefined when there is no such content. */
  size: (tx: TenantTx, fileId: string) => Promise<number | undefined>;
  /** `length` bytes from `offset` (0-based). */
  read: (tx: TenantTx, fileId: string, offset: number, length: number) => Promise<Buffer>;
  remove: (tx: TenantTx, fileId: string) => Promise<void>;
};

type Row = Record<string, unknown>;
const rowsOf = async (query: Promise<{ rows: Row[] }>) => (await query).rows;

/**
 * PostgreSQL bytea without holding a file whole in the API process and without a schema change: the pieces
 * are appended to a transaction-local large object (`lo_put`, linear: each byte written once, whereas
 * `content = content || $piece` would rewrite the growing value for every piece), then copied into the bytea
 * column with one server-side `lo_get` and the large object unlinked — all in the caller's transaction, so an
 * upload that fails leaves neither the row nor the large object behind. Downloads read `substring(content …)`
 * pieces; an uncompressed TOASTed value is sliced without reading the rest.
 */
export const postgresFileStore: FileStore = {
  put: async (tx, lenderId, content) => {
    const [created] = await rowsOf(tx.execute(sql`select lo_create(0)::bigint as oid`));
    const oid = Number(created!.oid);
    let offset = 0;
    for await (const chunk of content.chunks()) {
      await tx.execute(sql`select lo_put(${oid}::oid, ${offset}::bigint, ${chunk}::bytea)`);
      offset += chunk.length;
    }
    if (offset !== content.size) throw new Error(`file content: read ${offset} bytes, expected ${content.size}`);
    const [row] = await rowsOf(
      tx.execute(
        sql`insert into file_contents (lender_id, content, sha256, size)
            values (${lenderId}, lo_get(${oid}::oid), ${content.sha256}, ${content.size})
            returning id`,
      ),
    );
    await tx.execute(sql`select lo_unlink(${oid}::oid)`);
    return String(row!.id);
  },
  size: async (tx, fileId) => {
    const [row] = await rowsOf(tx.execute(sql`select size from file_contents where id = ${fileId}`));
    return row === undefined ? undefined : Number(row.size);
  },
  read: async (tx, fileId, offset, length) => {
    const [row] = await rowsOf(
      tx.execute(
        sql`select substring(content from ${offset + 1}::int for ${length}::int) as piece
            from file_contents where id = ${fileId}`,
      ),
    );
    return (row?.piece as Buffer | undefined) ?? Buffer.alloc(0);
  },
  remove: async (tx, fileId) => {
    await tx.execute(sql`delete from file_contents where id = ${fileId}`);
  },
};

/** The file store the configuration names (PostgreSQL is the one built in). */
export const createFileStore = (_config: Config): FileStore => postgresFileStore;

/**
 * Stored content as a stream for a download: piece by piece, each piece read in its own short tenant transaction
 * (a slow client holds no transaction open), so memory holds one piece whatever the size.
 */
export const storedContentStream = (db: Db, lenderId: number, store: FileStore, fileId: string, size: number) => {
  async function* pieces() {
    for (let offset = 0; offset < size; offset += FILE_CHUNK_BYTES) {
      const length = Math.min(FILE_CHUNK_BYTES, size - offset);
      yield await withTenant(db, lenderId, (tx) => store.read(tx, fileId, offset, length));
    }
  }
  return Readable.from(pieces(), { objectMode: false, highWaterMark: FILE_CHUNK_BYTES });
};
