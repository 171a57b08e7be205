import type pg from 'pg';
import { createDataProtector, protectedPurposes } from '../../platform/crypto.ts';

/**
 * Set-based synthetic applications for the queue EXPLAIN test and the 1M-row benchmark: applications with a
 * primary applicant each, spread over the lender's products, dealers and users, states weighted like a real
 * book (most closed), amounts 2 000–80 000 (requested and estimated amount financed alike), terms 24–84, created over the last three years. Runs as the
 * database owner (no row-level security); the triggers fill the primary applicant columns and the counters.
 */
const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Christopher',
  'Lisa',
  'Daniel',
  'Nancy',
  'Matthew',
  'Betty',
  'Anthony',
  'Margaret',
  'Mark',
  'Sandra',
  'Donald',
  'Ashley',
  'Steven',
  'Kimberly',
  'Paul',
  'Emily',
  'Andrew',
  'Donna',
  'Joshua',
  'Michelle',
  'Kenneth',
  'Carol',
  'Kevin',
  'Amanda',
  'Brian',
  'Dorothy',
  'George',
  'Melissa',
  'Timothy',
  'Deborah',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Gomez',
  'Phillips',
  'Evans',
  'Turner',
  'Diaz',
  'Parker',
  'Cruz',
  'Edwards',
  'Collins',
  'Reyes',
  'Stewart',
  'Morris',
  'Morales',
  'Murphy',
  'Cook',
  'Rogers',
  'Gutierrez',
  'Ortiz',
  'Morgan',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Ramos',
  'Kim',
  'Cox',
  'Ward',
  'Richardson',
  'Watson',
  'Brooks',
  'Chavez',
  'Wood',
  'James',
  'Bennett',
  'Gray',
  'Mendoza',
  'Ruiz',
  'Hughes',
  'Price',
  'Alvarez',
  'Castillo',
  'Sanders',
  'Patel',
  'Myers',
  'Long',
  'Ross',
  'Foster',
  'Jimenez',
];
/** States weighted like a working book: a third open, two thirds closed. */
const STATES = [
  'new',
  'new',
  'reviewed',
  'pending',
  'approved',
  'approved',
  'counteroffer',
  'declined',
  'declined',
  'declined',
  'cancelled',
  'funded',
  'funded',
  'funded',
  'funded',
  'funded',
];
const SOURCES = ['LENDER', 'LENDER', 'LENDER', 'DEALER', 'DEALER', 'CONSUMER_WEB', 'CROSS_SELL'];

/** The SSNs some applicants get (one in ten): their keyed hashes and ciphertexts, computed once. */
export const bulkSsns = (dataEncryptionKey: Buffer, n = 500) => {
  const protector = createDataProtector(dataEncryptionKey);
  const digits = Array.from({ length: n }, (_, i) => String(101_010_001 + i * 7919).padStart(9, '0'));
  return {
    digits,
    hashes: digits.map((d) => protector.hash(d, protectedPurposes.ssn)),
    encrypted: digits.map((d) => protector.encrypt(d, protectedPurposes.ssn)),
  };
};

type Queryable = Pick<pg.Pool, 'query'>;

/**
 * Inserts `count` applications of one lender in chunks (each chunk two statements: applications, then their
 * primary applicants). Member numbers are 7 digits from 2 000 000, unique per application.
 */
export const seedQueueApplications = async (
  db: Queryable,
  options: {
    lenderId: number;
    count: number;
    dataEncryptionKey: Buffer;
    chunk?: number;
    onChunk?: (n: number) => void;
  },
) => {
  const ssns = bulkSsns(options.dataEncryptionKey);
  const chunk = options.chunk ?? 100_000;
  for (let done = 0; done < options.count; done += chunk) {
    const size = Math.min(chunk, options.count - done);
    const { rows } = await db.query<{ max: number | null }>('select max(id) as max from applications');
    const before = rows[0]?.max ?? 0;
    await db.query(
      `with p as (select array_agg(id order by id) as ids from loan_products where lender_id = $1),
            d as (select coalesce(array_agg(id order by id), '{}') as ids from dealers where lender_id = $1),
            u as (select array_agg(user_id order by user_id) as ids from user_lenders where lender_id = $1),
            r as (select g, random() as r1, random() as r2, random() as r3, random() as r4, random() as r5,
                         random() as r6, random() as r7, random() as r8, random() as r9
                    from generate_series(1, $2::int) g)
       insert into applications (lender_id, loan_product_id, state, source, direct, dealer_id, requested_amount,
                                 est_amt_financed, term_months, average_credit_score, created_by_user_id, created_at, updated_at,
                                 packet_received_date)
       select $1, p.ids[1 + floor(r1 * cardinality(p.ids))::int], s.state,
              ($4::text[])[1 + floor(r3 * cardinality($4::text[]))::int],
              s.direct,
              case when not s.direct and cardinality(d.ids) > 0 then d.ids[1 + floor(r4 * cardinality(d.ids))::int] end,
              s.amount, s.amount,
              (array[24, 36, 48, 60, 60, 72, 72, 84])[1 + floor(r6 * 8)::int],
              case when s.state <> 'new' then 520 + floor(r8 * r2 * 330)::int end,
              u.ids[1 + floor(r7 * cardinality(u.ids))::int],
              s.created_at, least(now(), s.created_at + r8 * interval '45 days'),
              case when s.state in ('approved', 'counteroffer') and r9 < 0.5 then s.created_at::date + 7 end
         from r cross join p cross join d cross join u
         cross join lateral (select ($3::text[])[1 + floor(r2 * cardinality($3::text[]))::int] as state,
                                    r4 < 0.45 as direct,
                                    case when r5 < 0.02 then null
                                         else round((2000 + r5 * r5 * 78000)::numeric, 2) end as amount,
                                    now() - (1 - ($5::int + g)::float8 / $6::int) * interval '3 years'
                                      - r9 * interval '3 hours' as created_at) s`,
      [options.lenderId, size, STATES, SOURCES, done, options.count],
    );
    await db.query(
      `insert into applicants (lender_id, application_id, role, first_name, last_name, member_number,
                               ssn_encrypted, ssn_hash, ssn_last4, sort_order)
       select a.lender_id, a.id, 'PRIMARY',
              ($2::text[])[1 + floor(random() * cardinality($2::text[]))::int],
              ($3::text[])[1 + floor(power(random(), 1.6) * cardinality($3::text[]))::int],
              case when a.id % 10 = 0 then null else (2000000 + a.id)::text end,
              case when x.k is not null then ($5::text[])[x.k] end,
              case when x.k is not null then ($4::text[])[x.k] end,
              case when x.k is not null then right(($6::text[])[x.k], 4) end,
              0
         from applications a
         cross join lateral (select case when a.id % 10 = 3 then 1 + (a.id / 10) % cardinality($4::text[]) end as k) x
        where a.id > $1 and a.lender_id = $7`,
      [before, FIRST_NAMES, LAST_NAMES, ssns.hashes, ssns.encrypted, ssns.digits, options.lenderId],
    );
    options.onChunk?.(done + size);
  }
};
