/**
 * The lending history of the bulk applications (bench-database.ts seeds applications only), written once, set-based:
 * a first decision for each one past review and a funded loan with its add-ons for each funded one. bench:widgets
 * and bench:reports read them.
 */
import { out, type BenchDatabase } from './bench-database.ts';

/**
 * Once: a first decision for every bulk application past review (approved, counter-offered, declined, funded —
 * the funded ones approved), 1 to 72 hours after submission, so Turn Times has work at scale.
 */
export const ensureDecisions = async (bench: BenchDatabase) => {
  const missing = await bench.q1<{ n: number }>(
    `select count(*)::int as n from applications a
      where a.state in ('approved', 'counteroffer', 'declined', 'funded')
        and not exists (select 1 from application_decisions d where d.application_id = a.id)`,
  );
  if (missing.n === 0) return;
  out(`Writing ${missing.n} first decisions (once)…`);
  const t0 = performance.now();
  await bench.bare.query(
    `insert into application_decisions (lender_id, application_id, version, entry_kind, decision_type, source,
                                        state_before, state_after, receipt, created_at)
     select a.lender_id, a.id, 1, 'decision',
            case a.state when 'funded' then 'approve' when 'declined' then 'decline' when 'approved' then 'approve'
                         else 'counteroffer' end,
            'manual', 'reviewed', case a.state when 'funded' then 'approved' else a.state end, '{}'::jsonb,
            least(now(), a.created_at + (1 + a.id % 72) * interval '1 hour')
       from applications a
      where a.state in ('approved', 'counteroffer', 'declined', 'funded')
        and not exists (select 1 from application_decisions d where d.application_id = a.id)`,
  );
  // Loans written by an earlier run of this benchmark, before it wrote decisions: funded after their approval.
  await bench.bare.query(
    `update loans l set decision_id = d.id, funded_at = least(now(), greatest(l.funded_at, d.created_at + interval '8 hours'))
       from application_decisions d
      where d.application_id = l.application_id and d.version = 1 and l.decision_id is null`,
  );
  await bench.bare.query('vacuum analyze application_decisions, loans');
  out(`  written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
};

/**
 * Once: a funded loan for every bulk application in the funded state that has none (the bulk seeder writes
 * applications only): its amount, a funding time up to three weeks after the application, and 0–3 of the
 * lender's add-ons sold with it (prices from the catalogue).
 */
export const ensureFundedLoans = async (bench: BenchDatabase) => {
  const missing = await bench.q1<{ n: number }>(
    `select count(*)::int as n from applications a
      where a.state = 'funded' and not exists (select 1 from loans l where l.application_id = a.id)`,
  );
  if (missing.n === 0) return;
  out(`Writing ${missing.n} funded loans with their add-ons (once)…`);
  const t0 = performance.now();
  await bench.bare.query(
    `with c as (select lender_id, array_agg(jsonb_build_object('id', id, 'name', name, 'feeType', fee_type,
                        'amount', coalesce(flat_amount, 450.00), 'selected', true, 'financeCharge', false) order by id) as adds
                  from loan_additions group by lender_id)
     insert into loans (lender_id, application_id, amount, term_months, interest_rate, payment_frequency, direct,
                        additions, is_funded, funded_at, funding_sequence, decision_id)
     select a.lender_id, a.id, coalesce(a.requested_amount, 15000.00), coalesce(a.term_months, 60), 6.49, 'Monthly',
            a.direct,
            coalesce((select jsonb_agg(x) from unnest(c.adds) with ordinality u(x, i)
                       where (a.id + i) % 3 = 0), '[]'::jsonb),
            true, least(now(), a.created_at + (a.id % 21) * interval '1 day' + interval '80 hours'), 1,
            (select d.id from application_decisions d where d.application_id = a.id and d.version = 1)
       from applications a join c on c.lender_id = a.lender_id
      where a.state = 'funded' and not exists (select 1 from loans l where l.application_id = a.id)`,
  );
  await bench.bare.query('vacuum analyze loans');
  out(`  written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
};
