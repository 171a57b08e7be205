import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';

/** Why the demo's officers waived an optional stipulation (Policy exceptions, Dealer scorecard), in turn. */
const waiveReasons = [
  'Member’s payroll deposits on file at the credit union for two years.',
  'Dealer confirmed the figures on the buyer’s order by phone.',
  'Insurance agent e-mailed the declarations page; binder not needed.',
];

/**
 * Stipulations waived (issue 33, reports 4 and 7): of the demo's decided applications carrying optional
 * stipulations (not required, so no queue changes), every third application's first optional stipulation is
 * waived by the officer who decided it, with a reason — a day after the decision, but not before the stipulation
 * was recorded (the seed records them when it runs). Runs after the decisions are dated (it reads their dates).
 */
const waiveOptionalStipulations = async (tx: DbExecutor) => {
  await tx.execute(sql`
    with firsts as (
      select distinct on (r.application_id) r.id, r.application_id, r.created_at
        from application_funding_requirements r
       where not r.required and r.status = 'outstanding'
       order by r.application_id, r.id),
    chosen as (
      select f.id, row_number() over (order by f.application_id) as n,
             (select d.created_by_user_id from application_decisions d where d.application_id = f.application_id
               order by d.version desc limit 1) as user_id,
             greatest(f.created_at, least((select max(d.created_at) from application_decisions d
                                             where d.application_id = f.application_id) + interval '1 day',
                                          now())) as at
        from firsts f)
    update application_funding_requirements r
       set status = 'waived', status_changed_at = c.at, status_changed_by_user_id = c.user_id, cleared_at = c.at,
           waive_reason = (array[${waiveReasons[0]!}, ${waiveReasons[1]!}, ${waiveReasons[2]!}]::text[])[1 + (c.n / 3) % 3],
           updated_at = c.at
      from chosen c
     where c.id = r.id and c.n % 3 = 0 and c.at is not null`);
};

/**
 * The reports' demo history (issue 33). The demo's decisions are made through the decision service when the seed
 * runs, so they would all be dated today, months after the applications were submitted: the Pipeline's weekly flow
 * would show every decision in this week and the adverse action register every notice due 30 or 90 days from now.
 * A loan officer decides within days, so each demo decision is dated a few hours to five days after its application
 * was submitted (never later than an hour ago): its receipt row and the receipt's `decidedAt` together. Runs as the
 * owner in the demo seed's transaction, after the decisions and fundings (loans stay funded today: the dashboard
 * shows this month's fundings) — the receipts are insert-only for the application's role, not for the owner.
 * Then a few optional stipulations are waived (`waiveOptionalStipulations`).
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
  await waiveOptionalStipulations(tx);
};
