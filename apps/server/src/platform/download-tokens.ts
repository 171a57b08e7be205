import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** How long a download token may wait to be used. */
export const DOWNLOAD_TOKEN_SECONDS = 60;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * What one token opens: one file of one application (issue 10, item 6), or one export's file (issue 33, the File
 * Export area). The route that serves it names the same grant from its path (`downloadGrantOfRoute`).
 */
export type DownloadGrant = { applicationId: number; fileId: number; includeDeleted: boolean } | { exportId: number };

const isExportGrant = (grant: DownloadGrant): grant is { exportId: number } => 'exportId' in grant;

/**
 * Issues a token that opens one file once, within DOWNLOAD_TOKEN_SECONDS, for this session: a file opened in a new
 * window cannot send the Authorization header, and the session token must never sit in a URL, a browser history
 * or a proxy log. Spent and stale tokens are swept as new ones are issued.
 */
export const issueDownloadToken = async (db: Db, sessionId: string, grant: DownloadGrant) => {
  const token = randomBytes(32).toString('base64url');
  const [applicationId, fileId, includeDeleted, exportId] = isExportGrant(grant)
    ? [null, null, false, grant.exportId]
    : [grant.applicationId, grant.fileId, grant.includeDeleted, null];
  await db.execute(sql`delete from file_download_tokens where expires_at < now() - interval '1 hour'`);
  const result = await db.execute<{ expires_at: string }>(sql`
    insert into file_download_tokens (token_hash, session_id, application_id, file_id, include_deleted, export_id,
                                      expires_at)
    values (${hashOf(token)}, ${sessionId}, ${applicationId}, ${fileId}, ${includeDeleted}, ${exportId},
            now() + make_interval(secs => ${DOWNLOAD_TOKEN_SECONDS}))
    returning to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at`);
  return { token, expiresAt: result.rows[0]!.expires_at };
};

/** Spends a token for exactly this grant: at most one request ever gets its session, and only in time. */
export const spendDownloadToken = async (db: Db, token: string, grant: DownloadGrant) => {
  const opens = isExportGrant(grant)
    ? sql`export_id = ${grant.exportId}`
    : sql`application_id = ${grant.applicationId} and file_id = ${grant.fileId}
          and include_deleted = ${grant.includeDeleted}`;
  const result = await db.execute<{ session_id: string }>(sql`
    update file_download_tokens set used_at = now()
     where token_hash = ${hashOf(token)} and used_at is null and expires_at > now() and ${opens}
    returning session_id`);
  return result.rows[0]?.session_id ?? null;
};

const pathId = (value: unknown) =>
  typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number.parseInt(value, 10) : null;

/**
 * The grant a download route serves, from its path parameters and query: `/api/fileExports/:id/download` an
 * export's file, `/api/applications/:id/files/:fileId` an application's file. Null for anything else.
 */
export const downloadGrantOfRoute = (
  pattern: string | undefined,
  params: Record<string, unknown>,
  query: Record<string, unknown>,
): DownloadGrant | null => {
  const id = pathId(params.id);
  if (id === null) return null;
  if (pattern?.startsWith('/api/fileExports/')) return { exportId: id };
  const fileId = pathId(params.fileId);
  return fileId === null ? null : { applicationId: id, fileId, includeDeleted: query.includeDeleted === 'true' };
};
