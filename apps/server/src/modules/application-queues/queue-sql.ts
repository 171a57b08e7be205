import {
  DATE_MAX,
  DATE_MIN,
  queueColumnByField,
  type ParsedApplicationSearchRequest,
  type QueueFilterItem,
  type QueueGridName,
  type QueueSortItem,
} from '@credence/contracts';
import { normalizeSsn } from '@credence/domain';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The SQL of a queue page (spec 1 §3): one builder for the page, the capped count, the CSV export, the
 * side-menu counts, the EXPLAIN test and the benchmark, so they all run exactly the same statement.
 *
 * Safety: every column and operator comes from the fixed maps below (the request's fields and operators are
 * allow-listed by the contract schema before they get here, and an unknown one still yields no SQL); every
 * value is a bound parameter of the drizzle `sql` template, never spliced into the text.
 *
 * Performance: every condition is written so an index of applications serves it (see the schema), the
 * lender is always an explicit `a.lender_id = $lender` (row-level security adds the same), and the order
 * always ends with the id so paging is stable.
 */

/** Who asks: the current lender and the signed-in user (My Queue, Shared With Me). */
export type QueueCaller = { lenderId: number; userId: number };

/** What a page, count or export is filtered by: a search request or saved criteria (no paging). */
export type QueueCriteria = Pick<ParsedApplicationSearchRequest, 'filter' | 'text' | 'sort'>;

/** Keyed hash of an SSN's nine digits (the applicants' `ssn_hash`); without it the text never matches an SSN. */
export type SsnHasher = (digits: string) => string;

export const INT_MAX = 2_147_483_647;
const INT_MIN = -2_147_483_648;

type ColumnKind = 'int' | 'money' | 'text' | 'ciText' | 'time' | 'bool';
type ColumnSql = { expr: SQL; kind: ColumnKind; nullable: boolean; tieBreak?: SQL[] };

/**
 * Each filterable or sortable field and its SQL column on the `applications a` row. A column read here (or by
 * queueCondition) must also be a column of the view credence_lender_applications (migration 0029), which stands
 * for `applications a` when an applicant name filter is the source.
 */
const columnSql: Record<string, ColumnSql> = {
  applicationId: { expr: sql.raw('a.id'), kind: 'int', nullable: false },
  applicantName: { expr: sql.raw('a.primary_applicant_name'), kind: 'ciText', nullable: true },
  memberNumber: { expr: sql.raw('a.primary_member_number'), kind: 'text', nullable: true },
  loanProduct: { expr: sql.raw('a.loan_product_id'), kind: 'int', nullable: false },
  // The state index is (lender, state, created_at, id): the creation time orders ties before the id.
  state: { expr: sql.raw('a.state'), kind: 'text', nullable: false, tieBreak: [sql.raw('a.created_at')] },
  // In cents (a bigint generated column): its comparisons are leakproof, so the index serves them under RLS.
  requestedAmount: { expr: sql.raw('a.requested_amount_cents'), kind: 'money', nullable: true },
  // The estimated amount financed in cents (kept by a row trigger, migration 0016), leakproof like the above.
  amount: { expr: sql.raw('a.est_amt_financed_cents'), kind: 'money', nullable: true },
  termMonths: { expr: sql.raw('a.term_months'), kind: 'int', nullable: true },
  averageCreditScore: { expr: sql.raw('a.average_credit_score'), kind: 'int', nullable: true },
  dealer: { expr: sql.raw('a.dealer_id'), kind: 'int', nullable: true },
  direct: { expr: sql.raw('a.direct'), kind: 'bool', nullable: false },
  source: { expr: sql.raw('a.source'), kind: 'text', nullable: false },
  createdUtcTime: { expr: sql.raw('a.created_at'), kind: 'time', nullable: false },
  updatedUtcTime: { expr: sql.raw('a.updated_at'), kind: 'time', nullable: false },
};

/** The built-in queue of a grid (the generated `applications.queue` column), for the five state queues. */
export const stateQueueOf: Partial<Record<QueueGridName, string>> = {
  creditQueue: 'credit',
  pendingDecisionQueue: 'pendingDecision',
  decisionQueue: 'decision',
  requirementsQueue: 'requirements',
  fundingQueue: 'funding',
};

const queueCondition = (grid: QueueGridName, who: QueueCaller): SQL | undefined => {
  switch (grid) {
    case 'myQueue':
      // Matches the partial index applications_my_queue_idx (… where queue is not null).
      return sql`a.created_by_user_id = ${who.userId} and a.queue is not null`;
    case 'sharedWithMeQueue':
      // Shared with me directly, or with an enabled user group I belong to (as the Shared With Me page).
      return sql`a.id in (select s.application_id from application_shares s
        where s.lender_id = ${who.lenderId}
          and (s.user_id = ${who.userId}
               or s.user_group_id in (select m.user_group_id from user_group_members m
                                        join user_groups g on g.id = m.user_group_id
                                       where m.user_id = ${who.userId} and g.enabled)))`;
    case 'creditQueue':
    case 'pendingDecisionQueue':
    case 'decisionQueue':
    case 'requirementsQueue':
    case 'fundingQueue':
      return sql`a.queue = ${stateQueueOf[grid]}`;
    case 'allApplicationsQueue':
      return undefined;
  }
};

const isEmptyValue = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** `%`, `_` and the escape character itself are plain characters in a LIKE pattern built from user text. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const MINUTE_MS = 60_000;

/** An integer column compared with any number: out-of-range or fractional bounds never reach PostgreSQL. */
const intComparison = (col: SQL, operator: string, raw: number): SQL | undefined => {
  if (!Number.isFinite(raw)) return sql`false`;
  switch (operator) {
    case '=':
      return Number.isInteger(raw) && raw >= INT_MIN && raw <= INT_MAX ? sql`${col} = ${raw}` : sql`false`;
    case '!=':
      return Number.isInteger(raw) && raw >= INT_MIN && raw <= INT_MAX
        ? sql`${col} <> ${raw}`
        : sql`${col} is not null`;
    case '>':
    case '>=': {
      const bound = operator === '>' ? Math.floor(raw) + 1 : Math.ceil(raw);
      if (bound > INT_MAX) return sql`false`;
      return bound <= INT_MIN ? sql`${col} is not null` : sql`${col} >= ${bound}`;
    }
    case '<':
    case '<=': {
      const bound = operator === '<' ? Math.ceil(raw) - 1 : Math.floor(raw);
      if (bound < INT_MIN) return sql`false`;
      return bound >= INT_MAX ? sql`${col} is not null` : sql`${col} <= ${bound}`;
    }
    default:
      return undefined;
  }
};

/**
 * A money filter value (a decimal string with at most two decimals) as whole cents, exactly from its digits.
 * Numbers are refused: a JSON number has already been through binary floating point.
 */
export const filterCents = (v: unknown): number | null => {
  const text = typeof v === 'string' ? v.trim() : '';
  const m = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
};

const toInt = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d{1,10}$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= INT_MIN && n <= INT_MAX ? n : null;
};

const DATE_MIN_MS = Date.parse(`${DATE_MIN}T00:00:00.000Z`);
const DATE_END_MS = Date.parse(`${DATE_MAX}T23:59:00.000Z`);

/** The ILIKE pattern of an applicant name filter (contains, equals, startsWith), % and _ escaped. */
const applicantNamePattern = (item: QueueFilterItem): string | undefined => {
  if (columnSql[item.field]?.kind !== 'ciText' || isEmptyValue(item.value) || Array.isArray(item.value))
    return undefined;
  const text = escapeLike(String(item.value));
  return ({ contains: `%${text}%`, equals: text, startsWith: `${text}%` } as Record<string, string>)[item.operator];
};

/** One filter item as SQL, or undefined when it filters nothing (an empty value, as the MUI grid does). */
export const filterCondition = (item: QueueFilterItem): SQL | undefined => {
  const column = columnSql[item.field];
  const spec = queueColumnByField(item.field);
  if (!column || !spec || !spec.filterable || !(spec.operators as readonly string[]).includes(item.operator))
    return undefined;
  const col = column.expr;
  const { operator, value } = item;
  if (operator === 'isEmpty')
    return column.kind === 'text' || column.kind === 'ciText'
      ? sql`(${col} is null or ${col} = '')`
      : sql`${col} is null`;
  if (operator === 'isNotEmpty')
    return column.kind === 'text' || column.kind === 'ciText'
      ? sql`(${col} is not null and ${col} <> '')`
      : sql`${col} is not null`;
  if (isEmptyValue(value)) return undefined;

  if (operator === 'isAnyOf') {
    if (!Array.isArray(value)) return undefined;
    if (column.kind === 'int') {
      const ids = value.map(toInt).filter((v): v is number => v !== null);
      return ids.length === 0 ? sql`false` : sql`${col} in ${ids}`;
    }
    return sql`${col} in ${value.map(String)}`;
  }
  if (Array.isArray(value)) return undefined;

  switch (column.kind) {
    case 'int': {
      if (operator === 'is' || operator === 'not') {
        const id = toInt(value);
        if (operator === 'is') return id === null ? sql`false` : sql`${col} = ${id}`;
        return id === null ? undefined : sql`${col} is distinct from ${id}`;
      }
      return intComparison(col, operator, Number(value));
    }
    case 'money': {
      const cents = filterCents(value);
      const op = { '=': '=', '!=': '<>', '>': '>', '>=': '>=', '<': '<', '<=': '<=' }[operator];
      if (!op) return undefined;
      return cents === null ? sql`false` : sql`${col} ${sql.raw(op)} ${cents}::bigint`;
    }
    case 'ciText': {
      // Case-insensitive (ILIKE with % and _ escaped) through the view credence_lender_applications (migration
      // 0029): ILIKE is not leakproof, so under the row-level policy it could not use the trigram index. As a
      // top-level AND condition the view is the page's source instead (see buildQueue).
      const pattern = applicantNamePattern(item);
      return pattern === undefined
        ? undefined
        : sql`a.id in (select n.id from credence_lender_applications n where n.primary_applicant_name ilike ${pattern})`;
    }
    case 'text': {
      const text = String(value);
      if (operator === 'is') return sql`${col} = ${text}`;
      if (operator === 'not') return sql`${col} <> ${text}`;
      // Member numbers are identifiers (digits in practice): compared exactly, so the b-tree index serves them.
      if (operator === 'equals') return sql`${col} = ${text}`;
      if (operator === 'startsWith') {
        // The range is the index condition; LIKE keeps the answer exact under any collation.
        const upper = `${text}\u{10FFFF}`;
        return sql`(${col} >= ${text} and ${col} < ${upper} and ${col} like ${`${escapeLike(text)}%`})`;
      }
      if (operator === 'contains') return sql`${col} ilike ${`%${escapeLike(text)}%`}`;
      return undefined;
    }
    case 'time': {
      // dateTime filters have minute precision, as the grid's date-time input: 'is' = the same minute.
      const parsed = Date.parse(String(value));
      if (Number.isNaN(parsed)) return undefined;
      // Clamped to the documented date range (a saved filter may predate the contract's range check):
      // PostgreSQL has no year 0 and no year +275760.
      const ms = Math.min(Math.max(parsed, DATE_MIN_MS), DATE_END_MS);
      const start = new Date(Math.floor(ms / MINUTE_MS) * MINUTE_MS).toISOString();
      const end = new Date(Math.floor(ms / MINUTE_MS) * MINUTE_MS + MINUTE_MS).toISOString();
      switch (operator) {
        case 'is':
          return sql`(${col} >= ${start}::timestamptz and ${col} < ${end}::timestamptz)`;
        case 'not':
          return sql`(${col} < ${start}::timestamptz or ${col} >= ${end}::timestamptz)`;
        case 'after':
          return sql`${col} >= ${end}::timestamptz`;
        case 'onOrAfter':
          return sql`${col} >= ${start}::timestamptz`;
        case 'before':
          return sql`${col} < ${start}::timestamptz`;
        case 'onOrBefore':
          return sql`${col} < ${end}::timestamptz`;
        default:
          return undefined;
      }
    }
    case 'bool': {
      if (operator !== 'is') return undefined;
      const flag = value === true || value === 'true';
      return sql`${col} = ${flag}`;
    }
  }
};

/** The side-menu lookup (spec 1 §5) of a text: what it can match, resolved before building SQL. */
export type TextLookup = {
  text: string;
  lower: string;
  ssnHash: string | null;
  twoWords: [string, string] | null;
  applicationId: number | null;
};

export const resolveTextLookup = (text: string, hashSsn?: SsnHasher): TextLookup => {
  const trimmed = text.trim();
  const digits = normalizeSsn(trimmed);
  const words = trimmed.toLowerCase().split(/\s+/);
  const id = /^\d{1,10}$/.test(trimmed) ? Number(trimmed) : null;
  return {
    text: trimmed,
    lower: trimmed.toLowerCase(),
    ssnHash: digits && hashSsn ? hashSsn(digits) : null,
    twoWords: words.length === 2 ? [words[0]!, words[1]!] : null,
    applicationId: id !== null && id >= 1 && id <= INT_MAX ? id : null,
  };
};

/**
 * Lookup by equality on any applicant of the application: member number, SSN (keyed hash), first name, last
 * name, or "first last"; a number of up to 10 digits also matches the application id. The applicants are read
 * through the view credence_lender_applicants (migration 0031) and `a` is the view credence_lender_applications
 * then (see buildQueue): the statement touches no table under row-level security, so lower() (not leakproof) is
 * an index condition of the name indexes. The planner then chooses per text from the statistics: gather a rare
 * name's few matches, or walk the page's index and probe each application's applicants for a common one.
 */
const textCondition = (lookup: TextLookup): SQL => {
  const alternatives: SQL[] = [
    sql`p.member_number = ${lookup.text}`,
    sql`lower(p.first_name) = ${lookup.lower}`,
    sql`lower(p.last_name) = ${lookup.lower}`,
  ];
  if (lookup.ssnHash !== null) alternatives.push(sql`p.ssn_hash = ${lookup.ssnHash}`);
  if (lookup.twoWords)
    alternatives.push(
      sql`(lower(p.last_name) = ${lookup.twoWords[1]} and lower(p.first_name) = ${lookup.twoWords[0]})`,
    );
  const applicants = sql`select p.application_id from credence_lender_applicants p where ${sql.join(alternatives, sql` or `)}`;
  return lookup.applicationId === null
    ? sql`a.id in (${applicants})`
    : sql`a.id in (${applicants} union all select ${lookup.applicationId}::int)`;
};

export type BuiltQueue = {
  /**
   * What `a` is: `applications a`, or, when an applicant name filter is a top-level AND condition or a text is
   * looked up, the lender's applications seen through the view credence_lender_applications, so that the name
   * condition is read through the per-lender trigram index and the lookup's through the applicants' indexes.
   */
  from: SQL;
  /**
   * Whether the page and its count come from one statement (pageAndCountQuery): when counting reads every
   * match anyway — an applicant name filter's matches through the trigram index, or a text lookup's through the
   * applicants' indexes — so a separate count would read them all a second time. Not for the side menu's
   * lookup (one row, a count capped at 2): its page and its count each stop at the first matches.
   */
  countWithPage: boolean;
  /** `where …` over `a` (lender, queue, filters, text). */
  where: SQL;
  /** `order by …` (the request's sort, then the id; default newest first). */
  orderBy: SQL;
  /** Whether the request filters anything (a filter item with a value, or a text). */
  filtered: boolean;
  /** The planner settings its statements run with (queuePlannerSettings). */
  plannerSettings: SQL;
};

const sortItems = (sort: QueueSortItem[] | null): SQL => {
  const items = (sort ?? []).filter((s) => columnSql[s.field] && queueColumnByField(s.field)?.sortable);
  if (items.length === 0) return sql.raw('a.created_at desc, a.id desc');
  const parts: SQL[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.field)) continue;
    seen.add(item.field);
    parts.push(sql`${columnSql[item.field]!.expr} ${sql.raw(item.dir === 'asc' ? 'asc' : 'desc')}`);
  }
  const last = items[items.length - 1]!;
  const dir = sql.raw(last.dir === 'asc' ? 'asc' : 'desc');
  for (const extra of columnSql[last.field]!.tieBreak ?? []) parts.push(sql`${extra} ${dir}`);
  if (last.field !== 'applicationId') parts.push(sql`a.id ${dir}`);
  return sql.join(parts, sql`, `);
};

/** The conditions and order of a queue request. */
export const buildQueue = (
  grid: QueueGridName,
  who: QueueCaller,
  criteria: QueueCriteria,
  hashSsn?: SsnHasher,
): BuiltQueue => {
  const conditions: SQL[] = [sql`a.lender_id = ${who.lenderId}`];
  const queue = queueCondition(grid, who);
  if (queue) conditions.push(queue);
  const items = criteria.filter?.filters ?? [];
  const conjunctive = items.length === 1 || criteria.filter?.logic !== 'or';
  const nameItem = conjunctive ? items.find((item) => applicantNamePattern(item) !== undefined) : undefined;
  const filters = items
    .filter((item) => item !== nameItem)
    .map(filterCondition)
    .filter((c): c is SQL => c !== undefined);
  if (filters.length > 0)
    conditions.push(
      filters.length === 1
        ? filters[0]!
        : sql`(${sql.join(filters, criteria.filter?.logic === 'or' ? sql` or ` : sql` and `)})`,
    );
  if (criteria.text) conditions.push(textCondition(resolveTextLookup(criteria.text, hashSsn)));
  if (nameItem) conditions.push(sql`a.primary_applicant_name ilike ${applicantNamePattern(nameItem)!}`);
  return {
    from: sql.raw(nameItem || criteria.text ? 'credence_lender_applications a' : 'applications a'),
    countWithPage: nameItem !== undefined || !!criteria.text,
    where: sql`where ${sql.join(conditions, sql` and `)}`,
    orderBy: sql`order by ${sortItems(criteria.sort)}`,
    filtered: filters.length > 0 || !!criteria.text || nameItem !== undefined,
    plannerSettings: queuePlannerSettings(nameItem !== undefined && hasTrigram(String(nameItem.value))),
  };
};

/** The row of a page as the database returns it. */
export type QueueDbRow = {
  id: number;
  applicant_name: string | null;
  member_number: string | null;
  loan_product_id: number;
  loan_product_name: string;
  state: string;
  requested_amount: string | null;
  amount: string | null;
  term_months: number | null;
  average_credit_score: number | null;
  dealer_id: number | null;
  dealer_name: string | null;
  direct: boolean;
  source: string;
  created_at: Date;
  updated_at: Date;
  locking_user: string | null;
  created_by: string | null;
  decision_rate: string | null;
  decision_payment: string | null;
  decision_tier: string | null;
};

/**
 * Spec 3 §4 decision summary display (issue 13 item 7): rate, payment and tier of the application's current
 * decision when it approves, counters or pends (its newest receipt row; a retraction or another decision type
 * shows none). One backward step on application_decisions_application_idx (application_id, version) per row of
 * the page, after the page's ids are found: the queue's conditions and order never read it.
 */
const decisionSummaryJoin = sql.raw(`left join lateral (
      select d.receipt #>> '{approval,interestRate}' as rate, d.receipt #>> '{approval,monthlyPayment}' as payment,
             d.receipt #>> '{policy,tier}' as tier, d.entry_kind, d.decision_type
        from application_decisions d where d.application_id = a.id order by d.version desc limit 1) ds
      on ds.entry_kind = 'decision' and ds.decision_type in ('approve', 'counteroffer', 'pending')`);
const decisionSummaryColumns = sql.raw(
  'ds.rate as decision_rate, ds.payment as decision_payment, ds.tier as decision_tier',
);

/** The columns of a page row (QueueDbRow) from `a`, joined by `pageRowJoins`. */
const pageRowColumns = sql`a.id, a.primary_applicant_name as applicant_name, a.primary_member_number as member_number,
         a.loan_product_id, lp.name as loan_product_name, a.state, round(a.requested_amount, 2)::text as requested_amount,
         round(a.est_amt_financed, 2)::text as amount, a.term_months, a.average_credit_score, a.dealer_id, d.name as dealer_name, a.direct, a.source, a.created_at, a.updated_at,
         lu.full_name as locking_user, cu.full_name as created_by, ${decisionSummaryColumns}`;
const pageRowJoins = sql`join loan_products lp on lp.id = a.loan_product_id
    left join dealers d on d.id = a.dealer_id
    left join users lu on lu.id = a.locked_by_user_id and a.lock_expires_at > now()
    left join users cu on cu.id = a.created_by_user_id
    ${decisionSummaryJoin}`;

/** The rows of a page whose ids (`p.id`, and any other column of `p`) the given statement finds, in the page's order. */
export const pageOfIds = (built: BuiltQueue, ids: SQL, extra: SQL = sql``): SQL => sql`
  select ${extra}${pageRowColumns}
    from (${ids}) p
    join applications a on a.id = p.id
    ${pageRowJoins}
   ${built.orderBy}`;

/**
 * A page of rows: the ids are found first on the applications indexes (the order, the limit and the offset;
 * an index-only scan when the index covers the conditions, so a deep offset skips index entries, not rows),
 * then the 25 rows, their product, dealer, locking user (a live lock only) and creator are joined.
 */
export const pageQuery = (built: BuiltQueue, limit: number, offset: number): SQL =>
  pageOfIds(built, sql`select a.id from ${built.from} ${built.where} ${built.orderBy} limit ${limit} offset ${offset}`);

/** The ids of a page or an export, in order (the export then loads the rows in batches). */
export const idsQuery = (built: BuiltQueue, limit: number, offset = 0): SQL =>
  sql`select a.id from ${built.from} ${built.where} ${built.orderBy} limit ${limit} offset ${offset}`;

/** The rows of the given ids (any order). */
export const rowsByIdsQuery = (lenderId: number, ids: number[]): SQL => sql`
  select ${pageRowColumns}
    from applications a
    ${pageRowJoins}
   where a.lender_id = ${lenderId} and a.id in ${ids.length > 0 ? ids : [0]}`;

/**
 * Count up to `cap + 1` matching rows. The ORDER BY is the page's, so the planner walks the same index as
 * the page instead of scanning the table; more than `cap` means "at least cap". A lookup's count of three walks
 * like its page too: without an order, the planner may walk the applicants by application id from the first
 * lender's rows, its estimate assuming the matches spread evenly (150 ms for the second lender).
 */
export const cappedCountQuery = (built: BuiltQueue, cap: number): SQL =>
  sql`select count(*)::int as n from (select 1 from ${built.from} ${built.where} ${built.orderBy} limit ${cap + 1}) c`;

/** A page row with the count of all its matches (`total_count`). */
export type QueueDbRowWithCount = QueueDbRow & { total_count: number };

/**
 * The page and the count of its matches in one statement, for a request whose page and count would otherwise
 * each read every match (BuiltQueue.countWithPage): one read of the matches, narrow (the id and the order's
 * columns), counted whole by a window and sorted for the page; then the page's rows are
 * joined as in pageQuery. A page past the end has no row to carry the count: the caller counts then.
 */
export const pageAndCountQuery = (built: BuiltQueue, limit: number, offset: number): SQL =>
  pageOfIds(
    built,
    sql`select a.id, (count(*) over ())::int as total_count from ${built.from} ${built.where} ${built.orderBy}
         limit ${limit} offset ${offset}`,
    sql`p.total_count, `,
  );

/**
 * The planner settings every queue statement runs with (inside the tenant transaction, then restored): no
 * sequential scan of applications. Every condition has an index path and the ORDER BY … LIMIT bounds the
 * walk (the page and the count cap), whereas a sequential scan reads every row of every lender; the cost
 * model otherwise picks one for wide filters on small tables or unindexed columns (source, direct).
 *
 * An applicant name filter with a trigram reads its matches through the per-lender trigram index, and only
 * bitmap scans may read applications then. Its page counts every match, so the other way, walking a b-tree of
 * all the lender's applications in the page's order and testing each name, reads 500 000 names for 9 371
 * matches (330 ms against 25 ms); the cost model prices ILIKE like an integer comparison, so its choice between
 * the two flips with each ANALYZE's sample.
 *
 * The joins are planned in the order written (join_collapse_limit 1): a page's ids first, then one probe per row
 * into each table that decorates it. Searching the orders of those seven relations took a third of a page's
 * planning (1.3 ms → 0.9 ms on an idle machine), for the plan written anyway.
 */
export const queuePlannerSettings = (bitmapOnly = false): SQL => {
  const index = bitmapOnly ? 'off' : 'on';
  return sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', ${index}, true),
                    set_config('enable_indexonlyscan', ${index}, true), set_config('join_collapse_limit', '1', true)`;
};
export const QUEUE_PLANNER_SETTINGS = queuePlannerSettings();
export const RESTORE_PLANNER_SETTINGS = sql`select set_config('enable_seqscan', 'on', true),
  set_config('enable_indexscan', 'on', true), set_config('enable_indexonlyscan', 'on', true),
  set_config('join_collapse_limit', '8', true)`;

/** Whether pg_trgm can read a "contains" text through its index: a word of three characters at least. */
const hasTrigram = (text: string) => /[\p{L}\p{N}]{3}/u.test(text);
