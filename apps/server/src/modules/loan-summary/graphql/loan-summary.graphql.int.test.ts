import {
  GET_LOAN_INFO,
  GET_LOAN_SUMMARY,
  GRAPHQL_BATCH_MAX,
  GRAPHQL_PATH,
  messages,
  type Applicant,
  type CollateralsResponse,
  type CommentPage,
  type LoanInfo,
  type LoanSummaryApplication,
} from '@credence/contracts';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../../platform/auth.ts';
import { AppError } from '../../../platform/errors.ts';
import { SHARE_MAX_WAIT_MS } from '../../../platform/user-share.ts';
import { findSeededApplication, HARBOR, signIn, SUMMIT, type ApiClient } from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  GRAPHQL_RETRY_AFTER_SECONDS,
  GRAPHQL_USER_BURST_POINTS,
  GRAPHQL_USER_READS,
  GRAPHQL_USER_RUNNING,
  GRAPHQL_USER_SHARE_POINTS,
  GRAPHQL_USER_WAITING,
  graphqlLoadOf,
  graphqlPoints,
  graphqlShareOf,
  MAX_BATCH_COST,
  MAX_OPERATION_COST,
  QUERY_DEPTH_LIMIT,
} from './loan-summary.graphql.ts';
import { readLoanSummary } from './loan-summary.graphql.service.ts';

type GraphqlError = { message: string; path?: string[]; extensions?: { code?: string } };
type GraphqlResult<T> = { data: T | null; errors?: GraphqlError[] };

let t: TestApp;
let officer: ApiClient;
let harbor: ApiClient;

/** Counts the statements the app sends to PostgreSQL while `counting` is on (every pooled connection). */
let counting = false;
let statements = 0;
/** The tenant transactions begun while `counting` is on (a resolver's read: it sets app.lender_id). */
let tenantReads = 0;
const COUNTED = Symbol('counted');

beforeAll(async () => {
  t = await createTestApp();
  t.pool.on('acquire', (client: pg.PoolClient & { [COUNTED]?: true }) => {
    if (client[COUNTED]) return;
    client[COUNTED] = true;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      if (counting) {
        statements += 1;
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown } | undefined)?.text;
        if (typeof text === 'string' && text.includes("'app.lender_id'") && !text.includes("''")) tenantReads += 1;
      }
      return query(...args);
    };
  });
  officer = await signIn(t, 'officer', 'Officer2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
});
afterAll(() => t.close());

const post = (client: ApiClient | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: GRAPHQL_PATH,
    headers: client ? t.bearer(client.token) : {},
    payload: payload as Record<string, unknown>,
  });

const summary = async (client: ApiClient, applicationId: number) => {
  const response = await post(client, {
    query: GET_LOAN_SUMMARY,
    variables: { applicationId },
    operationName: 'GetLoanSummary',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<GraphqlResult<{ application: LoanSummaryApplication | null }>>();
};

/** The statements one GetLoanSummary request costs (the session check included). */
const countSummary = async (applicationId: number) => {
  statements = 0;
  counting = true;
  try {
    const result = await summary(officer, applicationId);
    expect(result.errors).toBeUndefined();
  } finally {
    counting = false;
  }
  return statements;
};

describe('GraphQL at /api/graphql', () => {
  it('answers 401 without a session, as every guarded route', async () => {
    const response = await post(null, { query: GET_LOAN_INFO, variables: { applicationId: 10001 } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('GetLoanSummary answers what the REST reads answer for the same application', async () => {
    const id = await findSeededApplication(
      t,
      SUMMIT,
      `exists (select 1 from loans l where l.application_id = a.id)
       and exists (select 1 from comments c where c.application_id = a.id)
       and exists (select 1 from collaterals c where c.application_id = a.id)`,
    );
    const result = await summary(officer, id);
    expect(result.errors).toBeUndefined();
    const app = result.data!.application!;
    expect(app.id).toBe(id);

    const applicants = (await officer.get(`/api/applications/${id}/applicants`)).json<{ applicants: Applicant[] }>();
    expect(app.applicants.map((a) => [a.id, a.applicantRole, a.firstName, a.lastName, a.socialSecurityNumber])).toEqual(
      applicants.applicants.map((a) => [a.id, a.applicantRole, a.firstName, a.lastName, a.socialSecurityNumber]),
    );
    // Masked as the REST read masks them.
    for (const a of app.applicants) {
      if (a.socialSecurityNumber) expect(a.socialSecurityNumber).toMatch(/^\*\*\*-\*\*-\d{4}$/);
      for (const g of a.govtIssuedIds) if (g.number) expect(g.number).toMatch(/^\*+\d{4}$/);
    }
    expect(app.applicants[0]!.addresses).toEqual(
      applicants.applicants[0]!.addresses.map((x) => ({
        addressLine1: x.addressLine1,
        addressLine2: x.addressLine2,
        city: x.city,
        state: x.state,
        zip: x.zip,
      })),
    );

    const collaterals = (await officer.get(`/api/applications/${id}/collaterals`)).json<CollateralsResponse>();
    expect(app.collaterals.map((c) => [c.id, c.type, c.identificationNumber, c.value, c.make, c.model])).toEqual(
      collaterals.collaterals.map((c) => [c.id, c.type, c.identificationNumber, c.value, c.make, c.model]),
    );

    const comments = (await officer.get(`/api/applications/${id}/comments`)).json<CommentPage>();
    const shown = app.comments.filter((c) => !c.isDeleted);
    expect(new Set(shown.map((c) => [c.id, c.type, c.message, c.user?.lastName ?? null].join('|')))).toEqual(
      new Set(comments.data.map((c) => [c.id, c.type, c.message, c.user?.lastName ?? null].join('|'))),
    );

    const worksheet = (await officer.get(`/api/applicationloan/${id}`)).json<{
      loan: { id: number; amount: string; term: number; interestRate: string; isFunded: boolean };
    }>();
    expect(app.loan).toMatchObject({
      id: worksheet.loan.id,
      amount: worksheet.loan.amount,
      term: worksheet.loan.term,
      isFunded: worksheet.loan.isFunded,
    });
    expect(Number(app.loan!.interestRate)).toBe(Number(worksheet.loan.interestRate));

    const decisions = (await officer.get(`/api/applications/${id}/decisions`)).json<
      { id: number; entryKind: string; decisionType: string; amount: string | null; apr: string | null }[]
    >();
    const latest = decisions[0];
    if (latest && latest.entryKind === 'decision') {
      expect(app.decision).toMatchObject({ id: latest.id, decisionType: latest.decisionType });
      if (app.decision!.approval) expect(app.decision!.approval.amount).toBe(latest.amount);
      if (latest.apr) expect(app.decision!.disclosures?.apr).toBe(latest.apr);
    } else {
      expect(app.decision).toBeNull();
    }
    // Money and times as strings: never numbers.
    expect(typeof app.createdUtcTime).toBe('string');
    expect(new Date(app.createdUtcTime).toISOString()).toBe(app.createdUtcTime);
    if (app.estAmtFinanced !== null) expect(app.estAmtFinanced).toMatch(/^-?\d+\.\d{2}$/);
  });

  it("answers another lender's application as not found, with no data", async () => {
    const summitId = await findSeededApplication(t, SUMMIT);
    const asHarbor = await summary(harbor, summitId);
    expect(asHarbor.data).toEqual({ application: null });
    expect(asHarbor.errors).toEqual([
      expect.objectContaining({ path: ['application'], extensions: { code: 'NOT_FOUND' } }),
    ]);

    const harborId = await findSeededApplication(t, HARBOR);
    const asSummit = await summary(officer, harborId);
    expect(asSummit.data).toEqual({ application: null });
    expect(asSummit.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await summary(harbor, harborId)).data?.application?.id).toBe(harborId);
  });

  it('costs the same number of statements for 1 applicant as for 4 applicants, 4 collaterals and many comments', async () => {
    const id = await findSeededApplication(
      t,
      SUMMIT,
      `(select count(*) from applicants p where p.application_id = a.id) = 1
       and (select count(*) from collaterals c where c.application_id = a.id) = 1
       and exists (select 1 from credit_reports r where r.application_id = a.id and r.is_active)`,
    );
    const before = await countSummary(id);
    const small = (await summary(officer, id)).data!.application!;
    expect(small.applicants).toHaveLength(1);

    // Three more applicants with addresses, phones and e-mails, three more collaterals with accessories and
    // grantors, forty comments (written as the owner: the counting is about reading).
    await t.pool.query(
      `insert into applicants (lender_id, application_id, role, first_name, last_name, sort_order)
       select a.lender_id, a.id, 'CO_SIGNER', 'Extra', 'Signer ' || g, 10 + g
         from applications a, generate_series(1, 3) g where a.id = $1`,
      [id],
    );
    await t.pool.query(
      `insert into applicant_addresses (lender_id, applicant_id, address_line1, city, state, zip, sort_order)
       select p.lender_id, p.id, g || ' Main St', 'Denver', 'CO', '80202', g
         from applicants p, generate_series(0, 1) g where p.application_id = $1 and p.first_name = 'Extra'`,
      [id],
    );
    await t.pool.query(
      `insert into applicant_emails (lender_id, applicant_id, email, sort_order)
       select p.lender_id, p.id, 'extra' || p.id || '@example.com', 0
         from applicants p where p.application_id = $1 and p.first_name = 'Extra'`,
      [id],
    );
    await t.pool.query(
      `insert into collaterals (lender_id, application_id, family, type, make, model, year, value, sort_order)
       select a.lender_id, a.id, 'Auto', 'AUTO', 'Make' || g, 'Model', 2020, 10000 + g, 10 + g
         from applications a, generate_series(1, 3) g where a.id = $1`,
      [id],
    );
    await t.pool.query(
      `insert into collateral_accessories (lender_id, collateral_id, code, description, is_selected, sort_order)
       select c.lender_id, c.id, 'ACC' || g, 'Accessory ' || g, g % 2 = 0, g
         from collaterals c, generate_series(1, 4) g where c.application_id = $1`,
      [id],
    );
    await t.pool.query(
      `insert into collateral_grantors (lender_id, collateral_id, first_name, last_name, sort_order)
       select c.lender_id, c.id, 'Grant', 'Or', 0 from collaterals c where c.application_id = $1`,
      [id],
    );
    await t.pool.query(
      `insert into comments (lender_id, application_id, type, message, sender)
       select a.lender_id, a.id, case when g % 2 = 0 then 'JOURNAL' else 'DEALER' end, 'Note ' || g, 'Dealer system'
         from applications a, generate_series(1, 40) g where a.id = $1`,
      [id],
    );

    const after = await countSummary(id);
    const big = (await summary(officer, id)).data!.application!;
    expect(big.applicants).toHaveLength(4);
    expect(big.collaterals).toHaveLength(4);
    expect(big.comments.length).toBeGreaterThanOrEqual(40);
    expect(big.collaterals.flatMap((c) => c.accessories).length).toBeGreaterThanOrEqual(12);
    expect(after).toBe(before);
    // The bound itself (session check, tenant transaction, one statement per kind of row): for the benchmark line.
    expect(after).toBeLessThanOrEqual(40);
    // eslint-disable-next-line no-console -- the benchmark line of issue 15 quotes this figure
    console.info(`GetLoanSummary: ${after} SQL statements per request`);
  });

  it(`refuses a query deeper than ${QUERY_DEPTH_LIMIT} levels`, async () => {
    const response = await post(officer, {
      query: '{ __schema { types { fields { type { ofType { ofType { ofType { ofType { name } } } } } } } } }',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<GraphqlResult<unknown>>();
    expect(body.data).toBeNull();
    expect(body.errors?.[0]?.message).toMatch(/depth/i);
    // The same depth through a fragment.
    const viaFragment = await post(officer, {
      query:
        '{ __schema { ...F } } fragment F on __Schema { types { fields { type { ofType { ofType { ofType { ofType { name } } } } } } } }',
    });
    expect(viaFragment.statusCode).toBe(400);
    expect(viaFragment.json<GraphqlResult<unknown>>().errors?.[0]?.message).toMatch(/depth/i);
  });

  it('refuses a document that repeats the summary under many aliases', async () => {
    const aliased = Array.from({ length: 12 }, (_, i) => `a${i}: application(id: $id) { id }`).join(' ');
    const response = await post(officer, { query: `query Q($id: Int!) { ${aliased} }`, variables: { id: 10001 } });
    expect(response.statusCode).toBe(400);
    expect(response.json<GraphqlResult<unknown>>().errors?.[0]?.message).toMatch(/aliases/);
  });

  it('answers a batch of 2 operations with 2 results, in order', async () => {
    const summitId = await findSeededApplication(t, SUMMIT);
    const response = await post(officer, [
      { query: GET_LOAN_INFO, variables: { applicationId: summitId }, operationName: 'GetLoanInfo' },
      { query: GET_LOAN_SUMMARY, variables: { applicationId: summitId }, operationName: 'GetLoanSummary' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const [info, full] =
      response.json<
        [GraphqlResult<{ application: LoanInfo }>, GraphqlResult<{ application: LoanSummaryApplication }>]
      >();
    expect(info!.data!.application.id).toBe(summitId);
    expect(full!.data!.application.id).toBe(summitId);
    expect(full!.data!.application.estAmtFinanced).toBe(info!.data!.application.estAmtFinanced);
  });

  it(`refuses a batch of more than ${GRAPHQL_BATCH_MAX} operations, before running any`, async () => {
    const operation = { query: GET_LOAN_INFO, variables: { applicationId: 10001 }, operationName: 'GetLoanInfo' };
    const response = await post(
      officer,
      Array.from({ length: GRAPHQL_BATCH_MAX + 1 }, () => operation),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<GraphqlResult<unknown>>().errors?.[0]).toMatchObject({
      message: expect.stringContaining(`at most ${GRAPHQL_BATCH_MAX} operations`),
      extensions: { code: 'BATCH_TOO_LARGE' },
    });
  });

  it('answers errors without stack traces or SQL, and offers no GraphiQL', async () => {
    const response = await post(officer, { query: '{ application(id: "x") { id } }' });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toMatch(/\bat \/|select |\.ts:\d+/i);
    // Not GraphQL at all (Mercurius would read it as a document AST): the client's 400 as well.
    const notGraphql = await post(officer, { query: '25000.00', operationName: '10001' });
    expect(notGraphql.statusCode, notGraphql.body).toBe(400);
    expect(notGraphql.json<GraphqlResult<unknown>>().errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    const ide = await t.app.inject({ method: 'GET', url: '/graphiql', headers: t.bearer(officer.token) });
    expect(ide.statusCode).toBe(404);
  });

  it('readLoanSummary reads GetLoanSummary in-process, and 404s on an application of another lender', async () => {
    const id = await findSeededApplication(t, SUMMIT);
    const { rows } = await t.pool.query<{ id: number; lender_id: number }>(
      `select u.id, l.id as lender_id from users u, lenders l where u.username = 'officer' and l.name = $1`,
      [SUMMIT],
    );
    const auth: AuthContext = {
      sessionId: 'in-process',
      userId: rows[0]!.id,
      homeLenderId: rows[0]!.lender_id,
      lenderId: rows[0]!.lender_id,
      rights: new Set(),
      passwordExpired: false,
    };
    const inProcess = await readLoanSummary(t.app, auth, id);
    expect(inProcess).toEqual((await summary(officer, id)).data!.application);
    const harborId = await findSeededApplication(t, HARBOR);
    const error = await readLoanSummary(t.app, auth, harborId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(404);
  });
});

/** The selection of GetLoanSummary under `application(...)`, as a fragment on Application. */
const wholeSummaryFragment = (name: string) => {
  const head = 'application(id: $applicationId)';
  const body = GET_LOAN_SUMMARY.slice(GET_LOAN_SUMMARY.indexOf(head) + head.length).trim();
  return `fragment ${name} on Application ${body.slice(0, body.lastIndexOf('}'))}`;
};
/** Issue 30 item 2: ten aliases, each spreading one fragment of the whole summary (the size limit counted it once). */
const amplified = (id: number) => ({
  query: `query Amplified($id: Int!) { ${Array.from({ length: 10 }, (_, i) => `a${i}: application(id: $id) { ...S }`).join(' ')} } ${wholeSummaryFragment('S')}`,
  variables: { id },
  operationName: 'Amplified',
});

/** Runs `work` and answers what it sent to PostgreSQL: all statements, and the tenant transactions (reads). */
const measured = async <T>(work: () => Promise<T>) => {
  statements = 0;
  tenantReads = 0;
  counting = true;
  try {
    const result = await work();
    return { result, statements, tenantReads };
  } finally {
    counting = false;
  }
};

describe('GraphQL cost and concurrency (issue 30, items 2 and 12)', () => {
  // The officer's share of GraphQL work (item 13) is spent by the many summaries of this file; these tests are about
  // the lines and costs, so each starts with a full bucket (the share has its own test below).
  beforeEach(async () => {
    const { rows } = await t.pool.query<{ id: number }>(`select id from users where username = 'officer'`);
    graphqlShareOf(t.app).forgive(rows[0]!.id);
  });

  it('refuses aliases × a fragment of the whole summary by its expanded cost, before any read', async () => {
    const id = await findSeededApplication(t, SUMMIT);
    // The yardstick: a refusal by validation (the alias limit) reads nothing either.
    const baseline = await measured(() =>
      post(officer, {
        query: `query Q($id: Int!) { ${Array.from({ length: 12 }, (_, i) => `a${i}: application(id: $id) { id }`).join(' ')} }`,
        variables: { id },
      }),
    );
    expect(baseline.result.statusCode).toBe(400);

    const one = await measured(() => post(officer, amplified(id)));
    expect(one.result.statusCode, one.result.body).toBe(400);
    const body = one.result.json<GraphqlResult<unknown>>();
    expect(body.data).toBeNull();
    expect(body.errors).toEqual([
      {
        message: expect.stringMatching(new RegExp(`cost is 4490 .*at most ${MAX_OPERATION_COST} is allowed`)),
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      },
    ]);
    expect(one.tenantReads).toBe(0);
    expect(one.statements).toBeLessThanOrEqual(baseline.statements);

    // Ten of them in a batch: refused whole, nothing read.
    const batch = await measured(() =>
      post(
        officer,
        Array.from({ length: 10 }, () => amplified(id)),
      ),
    );
    expect(batch.result.statusCode).toBe(400);
    expect(batch.result.json<GraphqlResult<unknown>>().errors?.[0]?.message).toMatch(/cost is 4490/);
    expect(batch.tenantReads).toBe(0);
  });

  it('refuses a document whose fragments double at every level, quickly; a fragment cycle is refused as such', async () => {
    let doubling = 'query Doubling { application(id: 1) { ...F0 } }';
    for (let i = 0; i < 40; i++) doubling += ` fragment F${i} on Application { ...F${i + 1} ...F${i + 1} }`;
    doubling += ' fragment F40 on Application { id }';
    const started = Date.now();
    const response = await post(officer, { query: doubling });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(response.statusCode).toBe(400);
    expect(response.json<GraphqlResult<unknown>>().errors?.[0]).toMatchObject({
      message: expect.stringMatching(new RegExp(`cost is over \\d+ .*at most ${MAX_OPERATION_COST}`)),
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });

    const cycle = await post(officer, {
      query:
        '{ application(id: 1) { ...A } } fragment A on Application { id ...B } fragment B on Application { id ...A }',
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json<GraphqlResult<unknown>>().errors?.[0]?.message).toMatch(
      /Cannot spread fragment "A" within itself/,
    );
  });

  it(`refuses a batch whose operations cost more than ${MAX_BATCH_COST} together; the web's batch still answers`, async () => {
    const id = await findSeededApplication(t, SUMMIT);
    const full = { query: GET_LOAN_SUMMARY, variables: { applicationId: id }, operationName: 'GetLoanSummary' };
    // Four whole summaries: each within the operation's limit, 4 × 449 together over the batch's.
    const over = await measured(() => post(officer, [full, full, full, full]));
    expect(over.result.statusCode, over.result.body).toBe(400);
    expect(over.result.json<GraphqlResult<unknown>>()).toEqual({
      data: null,
      errors: [
        {
          message: expect.stringMatching(new RegExp(`batch's cost is 1796 .*at most ${MAX_BATCH_COST}`)),
          extensions: { code: 'BATCH_TOO_COSTLY' },
        },
      ],
    });
    expect(over.tenantReads).toBe(0);

    // What the loan summary page and dialog send at once: GetLoanInfo, the settings query and GetLoanSummary.
    const web = await post(officer, [
      { query: GET_LOAN_INFO, variables: { applicationId: id }, operationName: 'GetLoanInfo' },
      {
        query: `query GetLoanSummarySettings($applicationId: Int!) {
          application(id: $applicationId) { id lenderSettings { salesWorksheetEnabled salesDisplayOption } } }`,
        variables: { applicationId: id },
        operationName: 'GetLoanSummarySettings',
      },
      full,
    ]);
    expect(web.statusCode, web.body).toBe(200);
    const answers = web.json<GraphqlResult<{ application: { id: number } }>[]>();
    expect(answers.map((a) => [a.errors, a.data?.application.id])).toEqual([
      [undefined, id],
      [undefined, id],
      [undefined, id],
    ]);
  });

  it(`runs ${GRAPHQL_USER_RUNNING} requests of one user at a time, queues ${GRAPHQL_USER_WAITING}, refuses more with 429; other users are served`, async () => {
    const id = await findSeededApplication(t, SUMMIT);
    const harborId = await findSeededApplication(t, HARBOR);
    const { rows } = await t.pool.query<{ id: number }>(`select id from users where username = 'officer'`);
    const officerId = rows[0]!.id;
    const load = () => graphqlLoadOf(t.app, officerId);
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(done()).toBe(true);
    };
    const full = { query: GET_LOAN_SUMMARY, variables: { applicationId: id }, operationName: 'GetLoanSummary' };

    // Hold the summaries up: they read comments, which a transaction here locks (GetLoanInfo does not read them).
    const locker = await t.pool.connect();
    let locked = true;
    const unlock = async () => {
      if (!locked) return;
      locked = false;
      await locker.query('rollback');
      locker.release();
    };
    try {
      await locker.query('begin');
      await locker.query('lock table comments in access exclusive mode');

      const admitted = Array.from({ length: GRAPHQL_USER_RUNNING + GRAPHQL_USER_WAITING }, () => post(officer, full));
      await until(() => load().requests.running === GRAPHQL_USER_RUNNING);
      await until(() => load().requests.waiting === GRAPHQL_USER_WAITING);
      expect(load().reads.running).toBe(GRAPHQL_USER_READS);

      // One more of the same user: its line is full, refused at once with the house body and Retry-After.
      const refused = await post(officer, full);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(GRAPHQL_RETRY_AFTER_SECONDS));
      expect(refused.json()).toEqual({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/Too many GraphQL requests/),
      });

      // Another lender's user meanwhile: served at once.
      const other = await post(harbor, {
        query: GET_LOAN_INFO,
        variables: { applicationId: harborId },
        operationName: 'GetLoanInfo',
      });
      expect(other.statusCode, other.body).toBe(200);
      expect(other.json<GraphqlResult<LoanInfo>>().errors).toBeUndefined();
      // The user's other REST calls are not behind the line either.
      expect((await officer.get('/api/user/me')).statusCode).toBe(200);

      await unlock();
      for (const response of await Promise.all(admitted)) {
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json<GraphqlResult<{ application: { id: number } }>>().data?.application.id).toBe(id);
      }
    } finally {
      await unlock();
    }
    expect(load()).toEqual({ requests: { running: 0, waiting: 0 }, reads: { running: 0, waiting: 0 } });
  });

  it('frees the slots on every path: errors, refusals and clients that leave', async () => {
    const id = await findSeededApplication(t, SUMMIT);
    const harborId = await findSeededApplication(t, HARBOR);
    const { rows } = await t.pool.query<{ id: number }>(`select id from users where username = 'officer'`);
    const load = () => graphqlLoadOf(t.app, rows[0]!.id);
    const idle = { requests: { running: 0, waiting: 0 }, reads: { running: 0, waiting: 0 } };

    // A resolver's error (another lender's application), a bad variable, a validation error.
    expect((await summary(officer, harborId)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await post(officer, { query: GET_LOAN_INFO, variables: { applicationId: 'x' } })).statusCode).toBe(400);
    expect((await post(officer, { query: '{ application(id: 1) { nope } }' })).statusCode).toBe(400);
    expect(load()).toEqual(idle);

    // Clients that leave (their connections close: a real listener, as inject has no socket to close): two while
    // running — their reads go on, so their slots stay taken until the reads end — and one waiting in line, which
    // leaves the line at once.
    const full = { query: GET_LOAN_SUMMARY, variables: { applicationId: id }, operationName: 'GetLoanSummary' };
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 300 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(done()).toBe(true);
    };
    const locker = await t.pool.connect();
    let locked = true;
    const unlock = async () => {
      if (!locked) return;
      locked = false;
      await locker.query('rollback');
      locker.release();
    };
    try {
      await locker.query('begin');
      await locker.query('lock table comments in access exclusive mode');
      const leaving = Array.from({ length: GRAPHQL_USER_RUNNING + 1 }, () => new AbortController());
      const sent = leaving.map((controller) =>
        fetch(`${origin}${GRAPHQL_PATH}`, {
          method: 'POST',
          headers: { ...t.bearer(officer.token), 'content-type': 'application/json' },
          body: JSON.stringify(full),
          signal: controller.signal,
        }).catch((error: unknown) => error),
      );
      await until(() => load().requests.waiting === 1);
      expect(load().requests.running).toBe(GRAPHQL_USER_RUNNING);
      for (const controller of leaving) controller.abort();
      await Promise.all(sent);
      await until(() => load().requests.waiting === 0);
      expect(load().requests.running).toBe(GRAPHQL_USER_RUNNING);
      await unlock();
      // The abandoned executions finish their reads, then give their slots back.
      await until(() => load().requests.running === 0);
    } finally {
      await unlock();
    }
    expect(load()).toEqual(idle);
    expect((await summary(officer, id)).data?.application?.id).toBe(id);
  });
});

describe('GraphQL under production settings', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => prod.close());

  it(`charges each user its GraphQL work (cost and answer size; ${GRAPHQL_USER_SHARE_POINTS} points a second): in debt a request waits it out, or past ${SHARE_MAX_WAIT_MS / 1000} s is refused with Retry-After; others are served`, async () => {
    // Its own user (admin): the debt left at the end must not slow the other tests' officer down.
    const admin = await signIn(t, 'admin', 'Admin2026');
    const { rows } = await t.pool.query<{ id: number }>(`select id from users where username = 'admin'`);
    const adminId = rows[0]!.id;
    const id = await findSeededApplication(t, SUMMIT);
    const info = { query: GET_LOAN_INFO, variables: { applicationId: id }, operationName: 'GetLoanInfo' };
    const share = graphqlShareOf(t.app);

    // A request is charged its cost and a point per KiB of its answer (time refills a few points meanwhile).
    expect(share.balanceOf(adminId)).toBe(GRAPHQL_USER_BURST_POINTS);
    const answered = await post(admin, info);
    expect(answered.statusCode).toBe(200);
    const points = graphqlPoints(52, Buffer.byteLength(answered.body));
    const charged = GRAPHQL_USER_BURST_POINTS - share.balanceOf(adminId);
    expect(charged).toBeLessThanOrEqual(points);
    expect(charged).toBeGreaterThan(points - 40);

    // 0.3 s of points in debt: the next request waits for it, then runs.
    share.charge(adminId, share.balanceOf(adminId) + 0.3 * GRAPHQL_USER_SHARE_POINTS);
    const started = performance.now();
    const waited = await post(admin, info);
    expect(waited.statusCode, waited.body).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);

    // 40 s of points in debt: refused at once with the seconds to wait; another user meanwhile is served.
    share.charge(adminId, share.balanceOf(adminId) + 40 * GRAPHQL_USER_SHARE_POINTS);
    const refused = await post(admin, info);
    expect(refused.statusCode, refused.body).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(SHARE_MAX_WAIT_MS / 1000);
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: messages.limits.graphqlOverShare(seconds) });
    expect((await post(officer, info)).statusCode).toBe(200);
    expect(graphqlLoadOf(t.app, adminId).requests).toEqual({ running: 0, waiting: 0 });
    share.forgive(adminId);
  });

  it('refuses introspection', async () => {
    const token = (await prod.login('officer', 'Officer2026')).access_token;
    const response = await prod.app.inject({
      method: 'POST',
      url: GRAPHQL_PATH,
      headers: prod.bearer(token),
      payload: { query: '{ __schema { queryType { name } } }' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<GraphqlResult<unknown>>().errors?.[0]?.message).toMatch(/introspection/i);
    // The pinned queries still run.
    const id = (await prod.pool.query<{ id: number }>(`select min(id) as id from applications`)).rows[0]!.id;
    const ok = await prod.app.inject({
      method: 'POST',
      url: GRAPHQL_PATH,
      headers: prod.bearer(token),
      payload: { query: GET_LOAN_INFO, variables: { applicationId: id }, operationName: 'GetLoanInfo' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  // Issue 30 item 10: suggestions name the schema's fields, arguments and types, as introspection would.
  const misspelt: [query: string, hidden: string][] = [
    ['{ application(id: 1) { applicant { id } } }', '"applicants"'],
    ['{ application(id: 1, idd: 2) { id } }', '"id"'],
    ['{ applicaton(id: 1) { id } }', '"application"'],
    ['{ application(id: 1) { ...F } } fragment F on Applicaton { id }', '"Application"'],
    ['query ($id: Itn!) { application(id: $id) { id } }', '"Int"'],
  ];
  const ask = async (app: TestApp, query: string) => {
    const token = (await app.login('officer', 'Officer2026')).access_token;
    const response = await app.app.inject({
      method: 'POST',
      url: GRAPHQL_PATH,
      headers: app.bearer(token),
      payload: { query },
    });
    const messages = (response.json<GraphqlResult<unknown>>().errors ?? []).map((e) => e.message).join('\n');
    return { status: response.statusCode, messages };
  };

  it('answers a misspelt field, argument or type without "Did you mean" (development still suggests)', async () => {
    for (const [query, hidden] of misspelt) {
      const { status, messages } = await ask(prod, query);
      expect(status, query).toBe(400);
      expect(messages, query).toMatch(/Cannot query field|Unknown (argument|type)/);
      expect(messages, query).not.toMatch(/did you mean/i);
      expect(messages, query).not.toContain(hidden);
    }
    for (const [query, hidden] of misspelt) {
      expect((await ask(t, query)).messages, query).toContain(`Did you mean ${hidden}`);
    }
  });
});
