import type { Right } from '@credence/contracts';
import { isRight, messages } from '@credence/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { queryPrepared, type Db } from '../db/client.ts';
import { AppError, forbidden, unauthenticated } from './errors.ts';
import { downloadGrantOfRoute, spendDownloadToken } from './download-tokens.ts';
import { verifyAccessToken } from './tokens.ts';

/** Who is calling, in which lender, with which rights. Set on every guarded request. */
export type AuthContext = {
  sessionId: string;
  userId: number;
  homeLenderId: number;
  lenderId: number;
  rights: ReadonlySet<Right>;
  passwordExpired: boolean;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyContextConfig {
    /** Reachable without a session (login, settings, health, docs). */
    public?: boolean;
    /** The right the caller's role must hold in the current lender. */
    right?: Right;
    /** Rights of which the caller's role must hold at least one (the loan policy check: decide or fund). */
    anyRight?: readonly Right[];
    /** Reachable while the password is expired (change password, me, logout). */
    allowExpiredPassword?: boolean;
    /**
     * Also accepts a single-use download token as `?dt=` (a file opened in a new window cannot send a
     * header): it opens only the file it was issued for, once, within a minute, for a session still live.
     */
    downloadToken?: boolean;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The authenticated context of a guarded route; throws if a route forgot its guard. */
export const authOf = (request: FastifyRequest): AuthContext => {
  if (!request.auth) throw unauthenticated();
  return request.auth;
};

type SessionRow = {
  session_id: string;
  user_id: number;
  current_lender_id: number;
  home_lender_id: number;
  enabled: boolean;
  revoked: boolean;
  expired: boolean;
  idle: boolean;
  password_expired: boolean;
  member: boolean;
  rights: string[];
};

/** Seconds of silence after which the server ends a session: the client's idle time plus its countdown. */
export const sessionIdleLimitSeconds = (config: Config) => config.idleSeconds + config.idleTimeoutSeconds;

/**
 * Reads the session and records this request as its latest activity in one statement. The idle decision compares
 * the previous activity (the row as it was before this request) with now. A live request moves last_seen_at to
 * now once the stored time is older than the touch interval (a second, or a tenth of the idle limit when that is
 * shorter), so idle is measured at most that interval early, however short the idle limit (issue 10: refreshing
 * only every 15 s ended active sessions under an idle limit of a few seconds). The requests in between find it
 * fresh, write nothing and wait for no disk flush; concurrent requests of one session (a worksheet opens with
 * several) do not queue on the row's lock. An idle, revoked or expired session is not refreshed. One HOT update
 * of a narrow row at most, in the same round trip.
 */
const loadSession = async (db: Db, sessionId: string, idleLimit: number): Promise<SessionRow | undefined> => {
  const touchEvery = Math.min(1, idleLimit / 10);
  // Prepared once per connection (queryPrepared): it runs on every request.
  const [row] = await queryPrepared<SessionRow>(
    db,
    'credence_session_check',
    sql`
    with touched as (
      update sessions set last_seen_at = now()
       where id = ${sessionId} and revoked_at is null and expires_at > now()
         and last_seen_at >= now() - make_interval(secs => ${idleLimit})
         and last_seen_at < now() - make_interval(secs => ${touchEvery})
    )
    select s.id as session_id, s.user_id, s.current_lender_id, u.home_lender_id, u.enabled,
           s.revoked_at is not null as revoked,
           s.expires_at <= now() as expired,
           s.last_seen_at < now() - make_interval(secs => ${idleLimit}) as idle,
           u.password_expires_at <= now() as password_expired,
           exists (select 1 from user_lenders ul where ul.user_id = s.user_id and ul.lender_id = s.current_lender_id) as member,
           coalesce((select array_agg(rr.right order by rr.right) from user_lenders ul
                     join role_rights rr on rr.role_id = ul.role_id
                     where ul.user_id = s.user_id and ul.lender_id = s.current_lender_id), '{}') as rights
      from sessions s join users u on u.id = s.user_id
     where s.id = ${sessionId}`,
  );
  return row;
};

/**
 * The live session's context (its activity recorded), or null when it is unknown, another user's, revoked, expired,
 * of a disabled user, of a lender the user left, or idle (then revoked here).
 */
export const liveSession = async (
  db: Db,
  sessionId: string,
  claimedUserId: number | null,
  idleLimit: number,
): Promise<AuthContext | null> => {
  const row = await loadSession(db, sessionId, idleLimit);
  if (
    !row ||
    (claimedUserId !== null && row.user_id !== claimedUserId) ||
    row.revoked ||
    row.expired ||
    !row.enabled ||
    !row.member
  ) {
    return null;
  }
  if (row.idle) {
    await revokeSession(db, row.session_id, 'idle');
    return null;
  }
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    homeLenderId: row.home_lender_id,
    lenderId: row.current_lender_id,
    rights: new Set(row.rights.filter(isRight)),
    passwordExpired: row.password_expired,
  };
};

/** The session a `?dt=` download token was issued to, if the token is for this very file and still unspent. */
const sessionOfDownloadToken = async (db: Db, request: FastifyRequest): Promise<string | null> => {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const grant = downloadGrantOfRoute(
    request.routeOptions.url,
    (request.params ?? {}) as Record<string, unknown>,
    query,
  );
  return typeof query.dt === 'string' && grant ? spendDownloadToken(db, query.dt, grant) : null;
};

export const revokeSession = (db: Db, sessionId: string, reason: string) =>
  db.execute(sql`update sessions set revoked_at = now(), revoked_reason = ${reason}
                 where id = ${sessionId} and revoked_at is null`);

/**
 * Every route under /api needs a live session unless its config says `public: true`; a route with
 * `right` also needs that right in the session's current lender. Checked before the body is read. The route
 * is known by the pattern the router matched, not by the URL as sent: '/%61pi/…' or an absolute-form request
 * line ('GET http://host/api/… HTTP/1.1') reach the same route and meet the same guard.
 */
export const registerAuthGuard = (app: FastifyInstance, deps: { db: Db; config: Config }) => {
  const idleLimit = sessionIdleLimitSeconds(deps.config);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    // No matched pattern: the not-found answer follows, which serves nothing behind the guard.
    const pattern = request.routeOptions.url;
    if (config.public || pattern === undefined || !pattern.startsWith('/api')) return;
    const header = request.headers.authorization;
    let sessionId: string | null = null;
    let claimedUserId: number | null = null;
    if (header?.startsWith('Bearer ')) {
      const claims = await verifyAccessToken(deps.config.jwtSecret, header.slice(7).trim());
      if (!claims) throw unauthenticated();
      sessionId = claims.sessionId;
      claimedUserId = claims.userId;
    } else if (config.downloadToken) {
      sessionId = await sessionOfDownloadToken(deps.db, request);
    }
    if (!sessionId) throw unauthenticated();
    request.auth = await liveSession(deps.db, sessionId, claimedUserId, idleLimit);
    if (!request.auth) throw unauthenticated();
    if (request.auth.passwordExpired && !config.allowExpiredPassword) {
      throw new AppError(403, 'PASSWORD_EXPIRED', messages.password.expired);
    }
    if (config.right && !request.auth.rights.has(config.right)) throw forbidden();
    if (config.anyRight && !config.anyRight.some((right) => request.auth!.rights.has(right))) throw forbidden();
  });
};
