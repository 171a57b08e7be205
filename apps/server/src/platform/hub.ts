import { createAdapter } from '@socket.io/redis-streams-adapter';
import { hubGroups, type HubGroup, type Right } from '@credence/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { withTenant } from '../db/tenancy.ts';
import type { App } from './app-types.ts';
import { liveSession, sessionIdleLimitSeconds, type AuthContext } from './auth.ts';
import { loggableError } from './errors.ts';
import { HUB_CHANNEL, hubEventNames, hubRooms, type ReceivedHubSignal } from './hub-signal.ts';
import { verifyAccessToken } from './tokens.ts';

/**
 * The real-time hub (issue 31, items 3, 4 and 7; spec 1 §4): Socket.IO on the API's own port at /socket.io/.
 *
 * - **Who**: the handshake carries the access token (`auth: { token }`); the session must be live (as for any API
 *   call). Every `HUB_SESSION_CHECK_MS` the sessions of the connected sockets are checked again (without counting
 *   as activity): a revoked, expired or idle one, a disabled user or one who lost the lender is disconnected; a
 *   revocation is also signalled at once (trigger on sessions) and closes its sockets immediately.
 * - **Rooms**: a socket is put in its user's room (`user:{lender}:{user}`) and its session's; it may join the
 *   groups `widgets` (canViewDashboard), `queueCount` and `queues` of its lender, and one application's room
 *   (`application`, with its id: the application must be its lender's) — checked on every join.
 * - **Events**: signals come from the database (NOTIFY `credence_hub`, sent by triggers and `signalHub` in the
 *   transaction of the change: at commit, never on rollback). Every API process LISTENs and tells its own sockets,
 *   so an event caused through process A reaches a client of process B. A signal only says what changed; the
 *   client reads it through the API. An event of a lender's room is also stored (hub_events) and the socket's
 *   event carries its id (`{ id, ...data }`): on every reconnection the client reads the events it missed
 *   (GET /api/hub/events, modules/hub-events) and applies each id once, so nothing is lost.
 * - **Many processes**: with REDIS_URL the Redis streams adapter joins the processes' Socket.IO servers (socket
 *   operations across processes: a session's sockets on every process are closed by the one that saw it end).
 */
export type Hub = { io: Server; close: () => Promise<void> };

type HubSocket = Socket & { data: { auth: AuthContext } };

const groupRights: Partial<Record<HubGroup, Right>> = { widgets: 'canViewDashboard' };

const roomOfGroup = (auth: AuthContext, group: Exclude<HubGroup, 'application'>): string =>
  group === 'widgets' ? hubRooms.user(auth.lenderId, auth.userId) : hubRooms.lender(auth.lenderId, group);

/** The handshake's session, or an error the client sees as `connect_error` (its message: 'unauthorized'). */
const authenticate = async (db: Db, config: Config, token: unknown): Promise<AuthContext> => {
  if (typeof token !== 'string' || token.length > 4096) throw new Error('unauthorized');
  const claims = await verifyAccessToken(config.jwtSecret, token);
  if (!claims) throw new Error('unauthorized');
  const auth = await liveSession(db, claims.sessionId, claims.userId, sessionIdleLimitSeconds(config));
  if (!auth || auth.passwordExpired) throw new Error('unauthorized');
  return auth;
};

type JoinRequest = { group?: unknown; applicationId?: unknown };
type JoinAnswer = { ok: true; room: string } | { ok: false; error: 'forbidden' | 'notFound' | 'invalid' };

const applicationRoom = async (db: Db, auth: AuthContext, id: unknown): Promise<JoinAnswer> => {
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647)
    return { ok: false, error: 'invalid' };
  const found = await withTenant(
    db,
    auth.lenderId,
    async (tx) => (await tx.execute(sql`select 1 from applications where id = ${id}`)).rows.length > 0,
  );
  return found ? { ok: true, room: hubRooms.application(auth.lenderId, id) } : { ok: false, error: 'notFound' };
};

/** Which room a join asks for, after the rights and tenant checks. */
const roomToJoin = async (db: Db, auth: AuthContext, request: JoinRequest): Promise<JoinAnswer> => {
  if (request.group === 'application') return applicationRoom(db, auth, request.applicationId);
  const group = hubGroups.find((g) => g === request.group);
  if (!group || group === 'application') return { ok: false, error: 'invalid' };
  const right = groupRights[group];
  if (right && !auth.rights.has(right)) return { ok: false, error: 'forbidden' };
  return { ok: true, room: roomOfGroup(auth, group) };
};

const onConnection = (db: Db, socket: HubSocket) => {
  const { auth } = socket.data;
  void socket.join([hubRooms.user(auth.lenderId, auth.userId), hubRooms.session(auth.sessionId)]);
  // A socket's joins and leaves take effect in the order they were sent: each waits for the one before (a leave
  // whose check answered after a later join's would otherwise take the socket out of a room it had just joined).
  let previous: Promise<unknown> = Promise.resolve();
  const inTurn = (change: (room: string) => Promise<void> | void) => (request: JoinRequest, ack?: unknown) => {
    previous = previous.then(async () => {
      const answer = await roomToJoin(db, auth, request ?? {}).catch((): JoinAnswer => ({
        ok: false,
        error: 'invalid',
      }));
      if (answer.ok) await change(answer.room);
      if (typeof ack === 'function') (ack as (answer: JoinAnswer) => void)(answer);
    });
    // One that failed must not stop the ones after it.
    previous = previous.catch(() => undefined);
  };
  socket.on(
    'join',
    inTurn((room) => socket.join(room)),
  );
  socket.on(
    'leave',
    inTurn((room) => socket.leave(room)),
  );
};

/** A well-formed signal from the database (anything else is dropped). */
const parseSignal = (payload: string | undefined): ReceivedHubSignal | null => {
  try {
    const signal = JSON.parse(payload ?? '') as ReceivedHubSignal;
    if (typeof signal.room !== 'string' || !hubEventNames.includes(signal.event)) return null;
    if (signal.id != null && !Number.isSafeInteger(signal.id)) return null;
    return signal;
  } catch {
    return null;
  }
};

/** LISTENs on the hub's channel with a connection of its own; reconnects after a failure. */
const listen = (url: string, onSignal: (signal: ReceivedHubSignal) => void, log: App['log']) => {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, application_name: 'credence-hub' });
    next.on('notification', (message) => {
      const signal = parseSignal(message.payload);
      if (signal) onSignal(signal);
    });
    next.on('error', (error) => {
      log.warn({ err: loggableError(error) }, 'hub listener lost its connection');
      retry();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${HUB_CHANNEL}`);
      client = next;
    } catch (error) {
      log.warn({ err: loggableError(error) }, 'hub listener could not connect');
      void next.end().catch(() => undefined);
      retry();
    }
  };
  const retry = () => {
    if (stopped || timer) return;
    client = undefined;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, 1000);
    timer.unref();
  };
  return {
    ready: connect(),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
};

/** Disconnects the sockets whose session is no longer live or moved to another lender (read only: no activity). */
const checkSessions = async (db: Db, config: Config, io: Server) => {
  const sockets = (await io.local.fetchSockets()) as unknown as HubSocket[];
  const ids = [...new Set(sockets.map((s) => s.data.auth.sessionId))];
  if (ids.length === 0) return;
  const idle = sessionIdleLimitSeconds(config);
  const live = await db.execute<{ id: string; lender_id: number }>(sql`
    select s.id, s.current_lender_id as lender_id from sessions s join users u on u.id = s.user_id
     where s.id::text = any(string_to_array(${ids.join(',')}, ',')) and s.revoked_at is null and s.expires_at > now() and u.enabled
       and s.last_seen_at >= now() - make_interval(secs => ${idle})
       and exists (select 1 from user_lenders ul where ul.user_id = s.user_id and ul.lender_id = s.current_lender_id)`);
  // A session now in another lender (the lender picker) reconnects, to be put in that lender's rooms.
  const lenderOf = new Map(live.rows.map((r) => [r.id, r.lender_id]));
  for (const socket of sockets)
    if (lenderOf.get(socket.data.auth.sessionId) !== socket.data.auth.lenderId) socket.disconnect(true);
};

/** Starts the hub on the app's HTTP server; `databaseUrl` is where it LISTENs (a connection of its own). */
export const startHub = async (app: App, deps: { db: Db; config: Config; databaseUrl: string }): Promise<Hub> => {
  const { db, config } = deps;
  const redis = config.redisUrl ? createClient({ url: config.redisUrl }) : undefined;
  if (redis) {
    redis.on('error', (error: unknown) => app.log.warn({ err: loggableError(error) }, 'hub redis error'));
    await redis.connect();
  }
  const io = new Server(app.server, {
    path: '/socket.io/',
    serveClient: false,
    // Same origin only (the web app is served by this server); no cookies are involved: the token is the proof.
    cors: { origin: false },
    maxHttpBufferSize: 16 * 1024,
    ...(redis ? { adapter: createAdapter(redis) } : {}),
  });
  io.use((socket, next) => {
    authenticate(db, config, (socket.handshake.auth as { token?: unknown } | undefined)?.token)
      .then((auth) => {
        (socket as HubSocket).data.auth = auth;
        next();
      })
      .catch(() => next(new Error('unauthorized')));
  });
  io.on('connection', (socket) => onConnection(db, socket as HubSocket));

  const listener = listen(
    deps.databaseUrl,
    (signal) => {
      if (signal.event === 'revoked') io.in(signal.room).disconnectSockets(true);
      else
        io.local
          .to(signal.room)
          .emit(signal.event, { ...signal.data, ...(signal.id == null ? {} : { id: signal.id }) });
    },
    app.log,
  );
  await listener.ready;
  const check = setInterval(() => {
    checkSessions(db, config, io).catch((error: unknown) =>
      app.log.warn({ err: loggableError(error) }, 'hub session check failed'),
    );
  }, config.hubSessionCheckMs);
  check.unref();

  return {
    io,
    close: async () => {
      clearInterval(check);
      await listener.stop();
      // Not io.close(): it would close the HTTP server, which is the app's to close. The connections are dropped, not
      // disconnected: a client told 'io server disconnect' would not come back (its session ended); a dropped one
      // reconnects — to another process, or to this one once restarted — and catches up.
      io.engine.close();
      await redis?.quit().catch(() => undefined);
    },
  };
};
