import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';

/**
 * A few SSN lookups of past days in Summit's audit, so the Audit History page has rows to show on a fresh demo.
 * They are older than a day, so nobody's SSN-lookup budget is spent by them. Like a real lookup they record who
 * searched and which applications matched, never the number searched.
 */
const lookups = [
  { username: 'officer', daysAgo: 2, hoursAgo: 3, matches: 1 },
  { username: 'officer', daysAgo: 3, hoursAgo: 6, matches: 0 },
  { username: 'expiring', daysAgo: 5, hoursAgo: 1, matches: 1 },
  { username: 'admin', daysAgo: 8, hoursAgo: 4, matches: 2 },
];

export const seedAuditDemo = async (tx: DbExecutor) => {
  for (const [index, lookup] of lookups.entries()) {
    await tx.execute(sql`
      with lender as (select id from lenders where name = 'Summit Federal Credit Union'),
           matched as (
             select coalesce(array_agg(id order by id), '{}') as ids
               from (select a.id from applications a, lender
                      where a.lender_id = lender.id order by a.id offset ${index} limit ${lookup.matches}) m)
      insert into audit_events (occurred_at, lender_id, actor_user_id, area, record_id, action, details)
      select now() - make_interval(days => ${lookup.daysAgo}, hours => ${lookup.hoursAgo}), lender.id, u.id,
             'applications', case when cardinality(matched.ids) = 1 then matched.ids[1]::text end, 'ssnLookup',
             jsonb_build_object('matchedApplicationIds', to_jsonb(matched.ids), 'total', cardinality(matched.ids))
        from lender, matched, users u
       where u.username = ${lookup.username}`);
  }
};
