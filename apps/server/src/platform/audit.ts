import { sql } from 'drizzle-orm';
import { auditEvents } from '../db/schema/index.ts';
import type { TenantTx } from '../db/tenancy.ts';
import type { AuthContext } from './auth.ts';

/** The audit rows of SSN lookups (written by the queue search, listed by the audit page's SSN-lookup log). */
export const SSN_LOOKUP_AREA = 'applications';
export const SSN_LOOKUP_ACTION = 'ssnLookup';

export type AuditEntry = {
  /** The area or noun the record belongs to ('applications', 'branches', …). */
  area: string;
  action: string;
  recordId?: string | number | null;
  /** What changed (old → new) or what was seen; never a password, a token or an SSN. */
  details?: Record<string, unknown>;
};

/**
 * Writes one row of the append-only audit in the caller's tenant transaction, so the row exists exactly when the
 * work it records was committed.
 */
export const recordAudit = (tx: TenantTx, auth: AuthContext, entry: AuditEntry) =>
  tx.insert(auditEvents).values({
    lenderId: auth.lenderId,
    actorUserId: auth.userId,
    impersonating: auth.lenderId !== auth.homeLenderId,
    area: entry.area,
    action: entry.action,
    recordId: entry.recordId === undefined || entry.recordId === null ? null : String(entry.recordId),
    details: entry.details ?? {},
  });

/** Serialises one user's work of one kind inside the transaction (released at commit or rollback). */
export const lockForUser = (tx: TenantTx, namespace: number, userId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(${namespace}::int, ${userId}::int)`);
