import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** How long a download token may wait to be used. */
export const DOWNLOAD_TOKEN_SECONDS = 60;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export type DownloadGrant = { applicationId: number; fileId: number; includeDeleted: boolean };

/**
 * Issues a token that opens one file once, within DOWNLOAD_TOKEN_SECONDS, for this session (issue 10, item 6):
 * a file opened in a new window cannot send the Authorization header, and the session token must never sit in a
 * URL, a browser history or a proxy log. Spent and stale tokens are swept as new ones are issued.
 */
export const issueDownloadToken = async (db: Db, sessionId: string, grant: DownloadGrant) => {
  const token = randomBytes(32).toString('base64url');
  await db.execute(sql`delete from file_download_tokens where expires_at < now() - interval '1 hour'`);
  const result = await db.execute<{ expires_at: string }>(sql`
    insert into file_download_tokens (token_hash, session_id, application_id, file_id, include_deleted, expires_at)
    values (${hashOf(token)}, ${sessionId}, ${grant.applicationId}, ${grant.fileId}, ${grant.includeDeleted},
            now() + make_interval(secs => ${DOWNLOAD_TOKEN_SECONDS}))
    returning to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at`);
  return { token, expiresAt: result.rows[0]!.expires_at };
};

/** Spends a token for exactly this file: at most one request ever gets its session, and only in time. */
export const spendDownloadToken = async (db: Db, token: string, grant: DownloadGrant) => {
  const result = await db.execute<{ session_id: string }>(sql`
    update file_download_tokens set used_at = now()
     where token_hash = ${hashOf(token)} and used_at is null and expires_at > now()
       and application_id = ${grant.applicationId} and file_id = ${grant.fileId}
       and include_deleted = ${grant.includeDeleted}
    returning session_id`);
  return result.rows[0]?.session_id ?? null;
};
