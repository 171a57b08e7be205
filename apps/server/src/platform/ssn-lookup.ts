/**
 * SSN lookups (issue 10, item 1; issue 30, item 5). Staff may find an application by its applicant's SSN (the
 * queues' search) or a member's debt at the core by SSN (`applications/debt`), but neither may become an oracle
 * that confirms guessed SSNs: every SSN-shaped lookup is written to the append-only audit
 * (who, when, which applications matched — never the SSN), and each user has a per-minute and a per-day budget
 * (429 with Retry-After beyond it). The count and the write happen under a per-user lock in the same transaction,
 * so parallel lookups cannot overrun the budget.
 */
import { messages } from '@credence/contracts';
import { normalizeSsn } from '@credence/domain';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { TenantTx } from '../db/tenancy.ts';
import { lockForUser, recordAudit, SSN_LOOKUP_ACTION, SSN_LOOKUP_AREA } from './audit.ts';
import type { AuthContext } from './auth.ts';
import { AppError } from './errors.ts';

const SSN_LOOKUP_LOCK = 0x55_4e; // advisory lock namespace of SSN lookups

/** Whether a search text is looked up as an SSN (nine digits, with or without dashes). */
export const isSsnLookup = (text: string | null | undefined): boolean => !!text && normalizeSsn(text) !== null;

type Budget = { minute: number; day: number; minuteRetry: number; dayRetry: number };

/** Takes one SSN lookup from the user's budget, or answers 429 with the seconds until one is free again. */
export const takeSsnLookup = async (tx: TenantTx, auth: AuthContext, config: Config) => {
  await lockForUser(tx, SSN_LOOKUP_LOCK, auth.userId);
  const result = await tx.execute<Budget>(sql`
    select count(*) filter (where occurred_at > now() - interval '1 minute')::int as minute,
           count(*)::int as day,
           coalesce(ceil(extract(epoch from min(occurred_at) filter (where occurred_at > now() - interval '1 minute')
                                 + interval '1 minute' - now())), 0)::int as "minuteRetry",
           coalesce(ceil(extract(epoch from min(occurred_at) + interval '1 day' - now())), 0)::int as "dayRetry"
      from audit_events
     where actor_user_id = ${auth.userId} and action = ${SSN_LOOKUP_ACTION}
       and occurred_at > now() - interval '1 day'`);
  const budget = result.rows[0] ?? { minute: 0, day: 0, minuteRetry: 0, dayRetry: 0 };
  const retry =
    budget.day >= config.ssnLookupsPerDay
      ? budget.dayRetry
      : budget.minute >= config.ssnLookupsPerMinute
        ? budget.minuteRetry
        : null;
  if (retry !== null)
    throw new AppError(429, 'RATE_LIMITED', messages.queues.ssnLookupLimit, undefined, {
      'Retry-After': String(Math.max(1, retry)),
    });
};

/** The audit row of one SSN lookup: the applications it matched (ids only) and how many there were. */
export const recordSsnLookup = (tx: TenantTx, auth: AuthContext, matchedIds: number[], total: number) =>
  recordAudit(tx, auth, {
    area: SSN_LOOKUP_AREA,
    action: SSN_LOOKUP_ACTION,
    recordId: matchedIds.length === 1 ? matchedIds[0] : null,
    details: { matchedApplicationIds: matchedIds, total },
  });
