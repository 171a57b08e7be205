import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';

/**
 * The reports' demo history (issue 33). The demo's decisions are made through the decision service when the seed
 * runs, so they would all be dated today, months after the applications were submitted: the Pipeline's weekly flow
 * would show every decision in this week and the adverse action register every notice due 30 or 90 days from now.
 * A loan officer decides within days, so each demo decision is dated a few hours to five days after its application
 * was submitted (never later than an hour ago): its receipt row and the receipt's `decidedAt` together. Runs as the
 * owner in the demo seed's transaction, after the decisions and fundings (loans stay funded today: the dashboard
 * shows this month's fundings) — the receipts are insert-only for the application's role, not for the owner.
 */
export const seedReportDemo = async (tx: DbExecutor) => {
  await tx.execute(sql`
    with dated as (
      select d.id,
             greatest(a.created_at, least(a.created_at + make_interval(hours => 3 + (a.id * 37) % 117, mins => d.version),
                                          now() - interval '1 hour')) as decided_at
        from application_decisions d join applications a on a.id = d.application_id)
    update application_decisions d
       set created_at = dated.decided_at,
           receipt = jsonb_set(d.receipt, '{decidedAt}',
                               to_jsonb(to_char(dated.decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
      from dated
     where dated.id = d.id`);
};
