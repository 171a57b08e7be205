import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';

/**
 * Signals to the real-time hub (platform/hub.ts), sent with PostgreSQL's NOTIFY on channel `credence_hub`: inside a
 * transaction they are delivered when it commits and never when it rolls back, to every API process (each LISTENs
 * and tells its own sockets). A signal says only that something changed and where; the client then reads the
 * change through the API, so the database stays the one source of truth and a missed signal loses nothing.
 *
 * A signal to a room of a lender (user:, lender:, application:) is also stored as an event (table hub_events, in the
 * same transaction: migration 0037) and its NOTIFY carries the event's id; a client that was disconnected catches up
 * with what it missed (GET /api/hub/events, modules/hub-events) and applies each id once. Both triggers and
 * `signalHub` go through the SQL function `credence_hub_signal`, so they cannot differ.
 *
 * Rooms: `user:{lender}:{user}` (a user in a lender: notifications, widgets), `session:{id}` (one sign-in: revoked),
 * `lender:{lender}:{group}` (a spec group of the lender: queueCount, queues), `application:{lender}:{id}`.
 */
export const HUB_CHANNEL = 'credence_hub';

export type HubSignal = { room: string; event: HubEventName; data?: Record<string, string | number | null> | null };
/** A signal as the hub receives it: with its stored event's id (none for a session's revocation). */
export type ReceivedHubSignal = HubSignal & { id?: number | null };
export const hubEventNames = [
  'notification',
  'widgets',
  'queueCount',
  'queues',
  'application',
  'revoked',
  'fileExport',
] as const;
export type HubEventName = (typeof hubEventNames)[number];

export const hubRooms = {
  user: (lenderId: number, userId: number) => `user:${lenderId}:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  lender: (lenderId: number, group: 'queueCount' | 'queues') => `lender:${lenderId}:${group}`,
  application: (lenderId: number, applicationId: number) => `application:${lenderId}:${applicationId}`,
};

/**
 * Tells the hub (at commit when `executor` is in a transaction; at once otherwise) and stores the event of a
 * lender's room — in a tenant transaction, only a room of its own lender (row-level security).
 */
export const signalHub = (executor: DbExecutor, signal: HubSignal) =>
  executor.execute(
    sql`select credence_hub_signal(${signal.room}, ${signal.event}, ${signal.data ? JSON.stringify(signal.data) : null}::jsonb)`,
  );
