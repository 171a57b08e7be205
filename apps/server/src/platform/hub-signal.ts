import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';

/**
 * Signals to the real-time hub (platform/hub.ts), sent with PostgreSQL's NOTIFY on channel `credence_hub`: inside a
 * transaction they are delivered when it commits and never when it rolls back, to every API process (each LISTENs
 * and tells its own sockets). A signal says only that something changed and where; the client then reads the
 * change through the API, so the database stays the one source of truth and a missed signal loses nothing (the
 * client reads again on every reconnection).
 *
 * Rooms: `user:{lender}:{user}` (a user in a lender: notifications, widgets), `session:{id}` (one sign-in: revoked),
 * `lender:{lender}:{group}` (a spec group of the lender: queueCount, queues), `application:{lender}:{id}`.
 */
export const HUB_CHANNEL = 'credence_hub';

export type HubSignal = { room: string; event: HubEventName; data?: Record<string, string | number | null> };
export const hubEventNames = ['notification', 'widgets', 'queueCount', 'queues', 'application', 'revoked'] as const;
export type HubEventName = (typeof hubEventNames)[number];

export const hubRooms = {
  user: (lenderId: number, userId: number) => `user:${lenderId}:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  lender: (lenderId: number, group: 'queueCount' | 'queues') => `lender:${lenderId}:${group}`,
  application: (lenderId: number, applicationId: number) => `application:${lenderId}:${applicationId}`,
};

/** Tells the hub (at commit when `executor` is in a transaction; at once otherwise). */
export const signalHub = (executor: DbExecutor, signal: HubSignal) =>
  executor.execute(sql`select pg_notify(${HUB_CHANNEL}, ${JSON.stringify(signal)})`);
