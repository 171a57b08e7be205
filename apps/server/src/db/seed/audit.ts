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

type Change = { old: unknown; new: unknown };
type DemoChange = {
  username: string;
  daysAgo: number;
  hoursAgo: number;
  action: 'create' | 'update' | 'disable' | 'enable';
  changes: Record<string, Change>;
};

/**
 * The configuration history of two of Summit's dealers, in the format the resource kit writes (area, record id,
 * action, details = { label, changes: { field: { old, new } } }), so the Audit History page and its as-of view
 * have a real record to show: Mile High Honda was created 40 days ago, its contact and phone were changed, it was
 * disabled and enabled again, and its values now are those the history ends with. Valley Motors (closed) was
 * only disabled since the audit began (a record older than its audit).
 */
const seedDealerHistory = async (tx: DbExecutor) => {
  const found = await tx.execute<{
    id: number;
    lender_id: number;
    name: string;
    address_line1: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    phone_number: string | null;
    main_contact_name: string | null;
    main_contact_email: string | null;
  }>(sql`
    select d.id, d.lender_id, d.name, d.address_line1, d.city, d.state, d.zip, d.phone_number, d.main_contact_name,
           d.main_contact_email
      from dealers d join lenders l on l.id = d.lender_id
     where l.name = 'Summit Federal Credit Union' and d.name in ('Mile High Honda', 'Valley Motors (closed)')`);
  const honda = found.rows.find((d) => d.name === 'Mile High Honda');
  const valley = found.rows.find((d) => d.name !== 'Mile High Honda');
  const write = async (dealer: { id: number; lender_id: number; name: string }, entry: DemoChange) => {
    await tx.execute(sql`
      insert into audit_events (occurred_at, lender_id, actor_user_id, area, record_id, action, details)
      select now() - make_interval(days => ${entry.daysAgo}, hours => ${entry.hoursAgo}), ${dealer.lender_id}, u.id,
             'dealers', ${String(dealer.id)}, ${entry.action},
             ${JSON.stringify({ label: dealer.name, changes: entry.changes })}::jsonb
        from users u where u.username = ${entry.username}`);
  };
  if (honda) {
    const oldPhone = honda.phone_number ? `${honda.phone_number.slice(0, 6)}0199` : null;
    const history: DemoChange[] = [
      {
        username: 'admin',
        daysAgo: 40,
        hoursAgo: 2,
        action: 'create',
        changes: {
          name: { old: null, new: honda.name },
          addressLine1: { old: null, new: honda.address_line1 },
          city: { old: null, new: honda.city },
          state: { old: null, new: honda.state },
          zip: { old: null, new: honda.zip },
          phoneNumber: { old: null, new: oldPhone },
          mainContactName: { old: null, new: 'Jordan Price' },
          mainContactEmail: { old: null, new: 'jordan@milehighhonda.example' },
          enabled: { old: null, new: true },
        },
      },
      {
        username: 'admin',
        daysAgo: 21,
        hoursAgo: 5,
        action: 'update',
        changes: {
          mainContactName: { old: 'Jordan Price', new: honda.main_contact_name },
          mainContactEmail: { old: 'jordan@milehighhonda.example', new: honda.main_contact_email },
        },
      },
      {
        username: 'admin',
        daysAgo: 14,
        hoursAgo: 3,
        action: 'update',
        changes: { phoneNumber: { old: oldPhone, new: honda.phone_number } },
      },
      {
        username: 'admin',
        daysAgo: 9,
        hoursAgo: 6,
        action: 'disable',
        changes: { enabled: { old: true, new: false } },
      },
      { username: 'admin', daysAgo: 4, hoursAgo: 1, action: 'enable', changes: { enabled: { old: false, new: true } } },
    ];
    for (const entry of history) await write(honda, entry);
  }
  if (valley) {
    await write(valley, {
      username: 'admin',
      daysAgo: 30,
      hoursAgo: 4,
      action: 'disable',
      changes: { enabled: { old: true, new: false } },
    });
  }
};

export const seedAuditDemo = async (tx: DbExecutor) => {
  await seedDealerHistory(tx);
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
