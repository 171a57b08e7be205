/**
 * Mixed load, open model: requests leave at fixed arrival times whatever the answers (a slow server does not
 * slow the arrivals down, so queueing shows in the latencies), against the API started as `npm start` starts
 * it (its own process, apps/server/src/main.ts) on the benchmark database of bench:queues.
 *
 * The mix: 80 % reads — queue pages (POST /api/applicationqueues/{grid}/search), lookups (the side-menu text
 * search: id, member number, last name, SSN), worksheet loads (GET the application, its worksheet info, its
 * files or the first page of its journal comments, as the worksheet opens) — and 20 % writes — comments, request
 * edits (PUT .../request on an application the session holds the lock of) and locks (take, refresh, release).
 * Several signed-in sessions share it; each takes the locks of its edit set before the load (as an opened
 * worksheet does) and releases them at the end.
 * The writes stay in the database (comments, request purposes, history rows).
 *
 * Prints p50/p95/p99 per kind and overall, errors by status and the achieved rate; then a step search (rising
 * rates, shorter steps) for the highest rate that still meets the target: p95 <= 50 ms, p99 <= 150 ms, no errors.
 * Latency counts from the scheduled departure, so a late load generator shows as latency too.
 *
 * --noisy-neighbour (issue 30, item 13: one user's heavy requests must not starve the others; their p95 may rise
 * at most 2x): the main run is measured once as usual (without), then once more at the same rate and length
 * while one extra client — its own session of --noisy-user (default admin: every right, so every section prints)
 * — sends the heaviest summary the API allows in a closed loop (the next request when the last answers, no think
 * time): the loan summary PDF preview of every printable section of one funded application of its home lender,
 * topped up through the API to the comment bounds (500 comments, 200 000 characters), alternating with a GraphQL
 * batch of 3 GetLoanSummary (cost 3 x 449, under the batch budget of 1 500). That application is left out of the
 * others' mix. The heavy client's answers are not counted in the others' figures: printed apart, by status (429
 * and 503 are the server's bounds working). Prints the others' p50/p95/p99 without and with it, the p95 ratio and
 * 'ok' when it is <= 2x, 'over' otherwise; --noisy-calls pdf or graphql tells which of the two weighs. No step
 * search then. Give a --rate the machine holds without the heavy client (the 2-core machine: 40; at 200 the mix
 * alone saturates it, both phases time out and the ratio says nothing).
 *
 * Run: npm run bench:load   (defaults: 1 000 000 applications, 200 req/s for 60 s, then steps of 15 s)
 *      npm run bench:load -- --applications 20000 --data-dir .data/bench-small --duration 10 --step-max 300
 *      npm run bench:load -- --applications 20000 --data-dir .data/bench-small --duration 20 --warmup 5 --rate 40 \
 *        --noisy-neighbour --no-search
 * Flags: --help. Traffic only to 127.0.0.1; every phase is bounded in requests and time.
 * The bench API lifts the per-user SSN lookup limits (a few sessions stand for a whole office here).
 */
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  GET_LOAN_SUMMARY,
  MAX_COMMENT_CHARACTERS_PER_APPLICATION,
  MAX_COMMENT_LENGTH,
  MAX_COMMENTS_PER_APPLICATION,
  loanSummaryTexts,
  printableSections,
  type ApplicationRequest,
  type ApplicationRequestSave,
  type ApplicationSearchRequest,
  type QueueGridName,
  type SalesDisplayOption,
} from '@credence/contracts';
import { demoUsers } from '../apps/server/src/db/seed/demo.ts';
import { bulkSsns } from '../apps/server/src/modules/application-queues/queue-bulk-seed.ts';
import {
  BENCH_DATA_ENCRYPTION_KEY,
  ensureApplications,
  openBenchDatabase,
  out,
  percentile,
  signIn,
  type BenchDatabase,
  type Session,
} from './bench-database.ts';
import { startApi, stopApi } from './api-process.ts';

// ---------------------------------------------------------------------------------------------------- options

const { values: flags } = parseArgs({
  options: {
    rate: { type: 'string', default: '200' },
    duration: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '10' },
    applications: { type: 'string', default: process.env.BENCH_APPLICATIONS ?? '1000000' },
    'data-dir': { type: 'string' },
    users: { type: 'string', default: 'officer,admin,harbor' },
    sessions: { type: 'string', default: '2' },
    pool: { type: 'string', default: '10' },
    poisson: { type: 'boolean', default: false },
    seed: { type: 'string', default: '1' },
    timeout: { type: 'string', default: '5000' },
    'no-search': { type: 'boolean', default: false },
    'step-start': { type: 'string', default: '100' },
    'step-by': { type: 'string', default: '100' },
    'step-max': { type: 'string', default: '1000' },
    'step-duration': { type: 'string', default: '15' },
    'noisy-neighbour': { type: 'boolean', default: false },
    'noisy-user': { type: 'string', default: 'admin' },
    'noisy-calls': { type: 'string', default: 'pdf,graphql' },
    'cpu-prof': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (flags.help) {
  out(`npm run bench:load -- [flags]
  --rate N             requests per second of the main run (default 200)
  --duration S         seconds of the main run (default 60)
  --warmup S           unmeasured seconds at the main rate first (default 10)
  --applications N     benchmark database size, seeded once (default 1000000, or BENCH_APPLICATIONS)
  --data-dir DIR       embedded database directory (default .data/bench, or BENCH_DATA_DIR; DATABASE_URL wins)
  --users a,b,c        demo users signed in (default officer,admin,harbor)
  --sessions N         sessions per user (default 2)
  --pool N             the API's database pool (DATABASE_POOL_MAX, default 10)
  --poisson            exponential inter-arrival times instead of even spacing
  --seed N             random seed of the mix (default 1)
  --timeout MS         a request without an answer by then is an error (default 5000)
  --no-search          skip the step search
  --noisy-neighbour    after the main run (without), the same phase again with one extra client looping the
                       heaviest summary (PDF preview at the comment bounds, GraphQL GetLoanSummary batch of 3):
                       the others' p50/p95/p99 without and with it, the p95 ratio (ok when <= 2x); no step search
  --noisy-user NAME    the heavy client's demo user, its own session (default admin)
  --noisy-calls LIST   what it loops: pdf, graphql or both (default pdf,graphql)
  --cpu-prof DIR       write the API process's V8 CPU profile to DIR when it stops (open it in Chrome DevTools)
  --step-start N --step-by N --step-max N --step-duration S   the step search (100, 100, 1000, 15)`);
  process.exit(0);
}

const num = (name: keyof typeof flags, min: number, max: number) => {
  const value = Number(flags[name]);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new Error(`--${name} must be a number from ${min} to ${max} (got ${String(flags[name])})`);
  return value;
};
const RATE = num('rate', 1, 5000);
const DURATION = num('duration', 1, 600);
const WARMUP = num('warmup', 0, 60);
const APPLICATIONS = Math.round(num('applications', 100, 5_000_000));
const SESSIONS_PER_USER = Math.round(num('sessions', 1, 10));
const POOL = Math.round(num('pool', 1, 100));
const TIMEOUT_MS = num('timeout', 100, 60_000);
const STEP_START = num('step-start', 1, 5000);
const STEP_BY = num('step-by', 1, 5000);
const STEP_MAX = num('step-max', 1, 5000);
const STEP_DURATION = num('step-duration', 1, 120);
const MAX_STEPS = 20;
/** In flight beyond this, an arrival is not sent and counts as an error ('dropped'): memory stays bounded. */
const MAX_IN_FLIGHT = 2000;
const TARGET = { p95: 50, p99: 150 };
const NOISY = flags['noisy-neighbour'];
type NoisyCall = 'pdf' | 'graphql';
const NOISY_CALLS = flags['noisy-calls'].split(',').map((c) => c.trim()) as NoisyCall[];
if (NOISY_CALLS.length === 0 || NOISY_CALLS.some((c) => c !== 'pdf' && c !== 'graphql'))
  throw new Error(`--noisy-calls: pdf, graphql or both (got ${flags['noisy-calls']})`);
/** The others' p95 with the noisy neighbour may be at most this many times their p95 without it (issue 30, item 13). */
const NOISY_P95_RATIO_LIMIT = 2;
/** GetLoanSummary costs 449: three fit the per-request budget of 1 500 (four would be refused with 400). */
const NOISY_GRAPHQL_BATCH = 3;
/** The heavy client waits this long for an answer (the server stops a PDF after 10 s and answers 503). */
const NOISY_TIMEOUT_MS = 30_000;

// A small seeded generator, so two runs send the same mix.
let rngState = Math.round(num('seed', 0, 2 ** 31)) >>> 0;
const random = () => {
  rngState = (rngState + 0x6d2b79f5) >>> 0;
  let t = rngState;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const weighted = <T>(entries: readonly (readonly [number, T])[]): T => {
  const total = entries.reduce((sum, [w]) => sum + w, 0);
  let r = random() * total;
  for (const [w, value] of entries) if ((r -= w) < 0) return value;
  return entries[entries.length - 1]![1];
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ----------------------------------------------------------------------------------------------- the API process

const startLoadApi = (url: string) =>
  startApi(url, {
    env: { DATABASE_POOL_MAX: String(POOL) },
    nodeArgs: flags['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(flags['cpu-prof'])}`] : [],
  });

// ------------------------------------------------------------------------------------------------------- the mix

type Kind = 'queue' | 'lookup' | 'worksheet' | 'comment' | 'request edit' | 'lock';
const KINDS: readonly Kind[] = ['queue', 'lookup', 'worksheet', 'comment', 'request edit', 'lock'];
/** Percent of the requests: 80 reads, 20 writes. */
const MIX: readonly (readonly [number, Kind])[] = [
  [30, 'queue'],
  [20, 'lookup'],
  [30, 'worksheet'],
  [8, 'comment'],
  [6, 'request edit'],
  [6, 'lock'],
];

type LenderData = {
  ids: number[];
  members: string[];
  lastNames: string[];
  products: number[];
};
type LockState = 'free' | 'taking' | 'held' | 'releasing';
type Actor = {
  name: string;
  session: Session;
  data: LenderData;
  /** Applications this session holds the lock of and edits the request of (saved bodies, round robin). */
  edits: { id: number; body: ApplicationRequestSave }[];
  nextEdit: number;
  /** Applications whose lock this session takes and releases (one request at a time on each). */
  churn: Map<number, LockState>;
};
type Call = {
  kind: Kind;
  op: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  session: Session;
  /** Bookkeeping once answered (lock states). */
  done?: (ok: boolean) => void;
};

const SSNS = bulkSsns(Buffer.from(BENCH_DATA_ENCRYPTION_KEY, 'base64'), 60).digits.map(
  (d) => `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`,
);
const QUEUE_GRIDS: readonly QueueGridName[] = [
  'allApplicationsQueue',
  'creditQueue',
  'decisionQueue',
  'fundingQueue',
  'requirementsQueue',
  'myQueue',
];

const queueCall = (actor: Actor): Pick<Call, 'op' | 'path' | 'body'> => {
  const variant = weighted([
    [50, 'first page'],
    [25, 'later page'],
    [15, 'sorted + filtered'],
    [10, 'applicant contains'],
  ] as const);
  let grid: QueueGridName = pick(QUEUE_GRIDS);
  let body: ApplicationSearchRequest = {};
  if (variant === 'later page') body = { page: 2 + Math.floor(random() * 40) };
  if (variant === 'sorted + filtered') {
    grid = pick(['decisionQueue', 'allApplicationsQueue', 'creditQueue'] as const);
    body = {
      sort: [{ field: 'requestedAmount', dir: 'desc' }],
      filter: {
        logic: 'and',
        filters: [
          { field: 'requestedAmount', operator: '>=', value: pick(['5000', '20000', '50000']) },
          { field: 'loanProduct', operator: 'is', value: pick(actor.data.products) },
        ],
      },
    };
  }
  if (variant === 'applicant contains') {
    grid = 'allApplicationsQueue';
    body = {
      sort: [{ field: 'applicantName', dir: 'asc' }],
      filter: {
        logic: 'and',
        filters: [{ field: 'applicantName', operator: 'contains', value: pick(actor.data.lastNames).slice(0, 4) }],
      },
    };
  }
  return { op: variant, path: `/api/applicationqueues/${grid}/search`, body };
};

const lookupCall = (actor: Actor): Pick<Call, 'op' | 'path' | 'body'> => {
  const by = weighted([
    [35, 'application id'],
    [30, 'member number'],
    [25, 'last name'],
    [10, 'SSN'],
  ] as const);
  const text =
    by === 'application id'
      ? String(pick(actor.data.ids))
      : by === 'member number'
        ? pick(actor.data.members)
        : by === 'last name'
          ? pick(actor.data.lastNames)
          : pick(SSNS);
  return { op: by, path: '/api/applicationqueues/allApplicationsQueue/search', body: { text, pageSize: 1 } };
};

const nextCall = (actor: Actor, serial: number): Call => {
  const kind = weighted(MIX);
  const { session } = actor;
  switch (kind) {
    case 'queue':
      return { kind, method: 'POST', session, ...queueCall(actor) };
    case 'lookup':
      return { kind, method: 'POST', session, ...lookupCall(actor) };
    case 'worksheet': {
      const id = pick(actor.data.ids);
      const [op, suffix] = pick([
        ['GET application', ''],
        ['GET worksheetInfo', '/worksheetInfo'],
        ['GET files', '/files'],
        ['GET comments', '/comments?type=JOURNAL&limit=50'], // the comments panel's first page
      ] as const);
      return { kind, op, method: 'GET', path: `/api/applications/${id}${suffix}`, session };
    }
    case 'comment':
      return {
        kind,
        op: 'POST comment',
        method: 'POST',
        path: `/api/applications/${pick(actor.data.ids)}/comments`,
        body: { type: pick(['JOURNAL', 'JOURNAL', 'DEALER'] as const), message: `Load benchmark note ${serial}` },
        session,
      };
    case 'request edit': {
      const edit = actor.edits[actor.nextEdit++ % actor.edits.length]!;
      return {
        kind,
        op: 'PUT request',
        method: 'PUT',
        path: `/api/applications/${edit.id}/request`,
        body: { ...edit.body, purpose: `Load benchmark ${serial}` },
        session,
      };
    }
    case 'lock': {
      const states = [...actor.churn.entries()];
      const free = states.filter(([, s]) => s === 'free').map(([id]) => id);
      const held = states.filter(([, s]) => s === 'held').map(([id]) => id);
      const action = weighted([
        [free.length > 0 ? 1 : 0, 'take'],
        [held.length > 0 ? 1 : 0, 'release'],
        [1, 'refresh'],
      ] as const);
      if (action === 'refresh') {
        const id = pick(actor.edits).id;
        return { kind, op: 'POST lock (refresh)', method: 'POST', path: `/api/applications/${id}/lock`, session };
      }
      const id = pick(action === 'take' ? free : held);
      actor.churn.set(id, action === 'take' ? 'taking' : 'releasing');
      return {
        kind,
        op: action === 'take' ? 'POST lock (take)' : 'DELETE lock',
        method: action === 'take' ? 'POST' : 'DELETE',
        path: `/api/applications/${id}/lock`,
        session,
        // On a failure the state is unknown: the application leaves the churn set.
        done: (ok) => (ok ? actor.churn.set(id, action === 'take' ? 'held' : 'free') : actor.churn.delete(id)),
      };
    }
  }
};

// -------------------------------------------------------------------------------------------------- the runner

type Sample = { kind: Kind; op: string; ms: number; ok: boolean };
type PhaseResult = {
  rate: number;
  seconds: number;
  sent: number;
  samples: Sample[];
  errors: Map<string, number>;
  dropped: number;
  /** How late the generator sent (a busy machine): p99 and max, in ms. Latencies include it. */
  lagP99Ms: number;
  maxLagMs: number;
  /** From the first departure to the last answer. */
  elapsedSeconds: number;
};

let address = '';
let serial = 0;
/** A JSON content type only with a body (Fastify refuses an empty body declared as JSON). */
const headersFor = (session: Session, withBody: boolean) =>
  withBody ? session.headers : { authorization: session.headers.authorization! };

/**
 * The measured requests go through node:http with keep-alive connections, not fetch: fetch costs the load
 * generator about twice the CPU per request (1.6-2.2 ms against 0.8-1.0 ms on the 2-core machine), and the
 * generator shares the cores with the API and PostgreSQL.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });
const send = (
  call: Pick<Call, 'method' | 'path' | 'body' | 'session'>,
  timeoutMs = TIMEOUT_MS,
): Promise<string | number> =>
  new Promise((resolve) => {
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const url = new URL(call.path, address);
    let settled = false;
    const finish = (result: string | number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: call.method,
        agent,
        headers: {
          ...headersFor(call.session, body !== undefined),
          ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
        },
      },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => finish(response.statusCode ?? 0));
        response.on('error', (error: NodeJS.ErrnoException) => finish(`network ${error.code ?? error.name}`));
      },
    );
    const timer = setTimeout(() => {
      finish('timeout');
      request.destroy();
    }, timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => finish(`network ${error.code ?? error.name}`));
    request.end(body);
  });

/** Sends `rate * seconds` requests at fixed arrival times (even, or Poisson), never waiting for an answer. */
const runPhase = async (actors: Actor[], rate: number, seconds: number): Promise<PhaseResult> => {
  // The edit locks are refreshed first (not measured), so that none expires at a low rate.
  for (const actor of actors)
    for (const { id } of actor.edits) {
      const response = await fetch(`${address}/api/applications/${id}/lock`, {
        method: 'POST',
        headers: headersFor(actor.session, false),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${actor.name} lost the lock of application ${id}`);
    }
  const total = Math.max(1, Math.round(rate * seconds));
  const samples: Sample[] = [];
  const errors = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  let dropped = 0;
  const lags: number[] = [];
  const start = performance.now() + 10;
  let lastEnd = start;
  let next = start;
  for (let i = 0; i < total;) {
    const now = performance.now();
    if (next > now) {
      await sleep(next - now);
      continue;
    }
    // Everything due by now leaves now (timers are coarse); its latency still counts from its own due time.
    while (i < total && next <= performance.now()) {
      const due = next;
      lags.push(performance.now() - due);
      i++;
      next = flags.poisson ? next - (Math.log(1 - random()) * 1000) / rate : start + (i * 1000) / rate;
      if (inFlight.size >= MAX_IN_FLIGHT) {
        dropped++;
        errors.set('dropped (too many in flight)', (errors.get('dropped (too many in flight)') ?? 0) + 1);
        continue;
      }
      const call = nextCall(actors[i % actors.length]!, ++serial);
      const p = send(call).then((status) => {
        const end = performance.now();
        lastEnd = Math.max(lastEnd, end);
        const ok = typeof status === 'number' && status >= 200 && status < 300;
        call.done?.(ok);
        if (!ok) {
          const key = `${status} ${call.method} ${call.op}`;
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
        if (typeof status === 'number') samples.push({ kind: call.kind, op: call.op, ms: end - due, ok });
        inFlight.delete(p);
      });
      inFlight.add(p);
    }
  }
  await Promise.all(inFlight);
  return {
    rate,
    seconds,
    sent: total - dropped,
    samples,
    errors,
    dropped,
    lagP99Ms: percentile(
      lags.sort((a, b) => a - b),
      99,
    ),
    maxLagMs: lags[lags.length - 1]!,
    elapsedSeconds: (lastEnd - start) / 1000,
  };
};

type Figures = { n: number; p50: number; p95: number; p99: number; max: number; errors: number };
const figuresOf = (samples: Sample[]): Figures => {
  const times = samples.map((s) => s.ms).sort((a, b) => a - b);
  if (times.length === 0) return { n: 0, p50: NaN, p95: NaN, p99: NaN, max: NaN, errors: 0 };
  return {
    n: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times[times.length - 1]!,
    errors: samples.filter((s) => !s.ok).length,
  };
};
const errorCount = (r: PhaseResult) => [...r.errors.values()].reduce((a, b) => a + b, 0);
const meetsTarget = (r: PhaseResult) => {
  const all = figuresOf(r.samples);
  return all.p95 <= TARGET.p95 && all.p99 <= TARGET.p99 && errorCount(r) === 0;
};
const ms = (n: number) => (Number.isNaN(n) ? '      -' : n.toFixed(1).padStart(7));
const line = (label: string, f: Figures) =>
  `  ${label.padEnd(30)} n=${String(f.n).padStart(6)}  p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  p99 ${ms(f.p99)}  max ${ms(f.max)} ms  errors ${f.errors}`;

const report = (r: PhaseResult) => {
  for (const kind of KINDS) {
    const ofKind = r.samples.filter((s) => s.kind === kind);
    out(line(kind, figuresOf(ofKind)));
    const ops = [...new Set(ofKind.map((s) => s.op))].sort();
    if (ops.length > 1) for (const op of ops) out(line(`  ${op}`, figuresOf(ofKind.filter((s) => s.op === op))));
  }
  const all = figuresOf(r.samples);
  out(line('ALL', all));
  const reads = r.samples.filter((s) => ['queue', 'lookup', 'worksheet'].includes(s.kind)).length;
  out(
    `  mix: ${((100 * reads) / Math.max(1, r.samples.length)).toFixed(1)} % reads; sent ${r.sent} in ${r.seconds} s = ${(r.sent / r.seconds).toFixed(1)} req/s; answered ${r.samples.length} = ${(r.samples.length / r.elapsedSeconds).toFixed(1)} req/s over ${r.elapsedSeconds.toFixed(1)} s; generator lag p99 ${r.lagP99Ms.toFixed(1)} ms, max ${r.maxLagMs.toFixed(1)} ms`,
  );
  const errors = errorCount(r);
  out(`  errors: ${errors}${errors === 0 ? '' : ' (by status, method and request)'}`);
  for (const [key, n] of [...r.errors.entries()].sort((a, b) => b[1] - a[1]))
    out(`    ${String(n).padStart(6)}  ${key}`);
  out(
    `  target p95 <= ${TARGET.p95} ms, p99 <= ${TARGET.p99} ms, 0 errors: ${meetsTarget(r) ? 'MET' : 'MISSED'} (p95 ${all.p95.toFixed(1)}, p99 ${all.p99.toFixed(1)}, errors ${errors})`,
  );
};

// ------------------------------------------------------------------------------------------ the noisy neighbour

type Noisy = { name: string; session: Session; applicationId: number; sections: string[] };
type NoisySample = { call: NoisyCall; ms: number; status: string | number };

const noisyRequest = (noisy: Noisy, call: NoisyCall): Pick<Call, 'method' | 'path' | 'body' | 'session'> =>
  call === 'pdf'
    ? {
        method: 'POST',
        path: `/api/applications/${noisy.applicationId}/loanSummary/preview`,
        body: { sections: noisy.sections },
        session: noisy.session,
      }
    : {
        method: 'POST',
        path: '/api/graphql',
        body: Array.from({ length: NOISY_GRAPHQL_BATCH }, () => ({
          query: GET_LOAN_SUMMARY,
          variables: { applicationId: noisy.applicationId },
          operationName: 'GetLoanSummary',
        })),
        session: noisy.session,
      };

/** The heavy client: one request after the other (closed loop, no think time, whatever the answer) until stopped. */
const startNoisy = (noisy: Noisy) => {
  const samples: NoisySample[] = [];
  let stopped = false;
  const done = (async () => {
    for (let i = 0; !stopped; i++) {
      const call = NOISY_CALLS[i % NOISY_CALLS.length]!;
      const started = performance.now();
      const status = await send(noisyRequest(noisy, call), NOISY_TIMEOUT_MS);
      samples.push({ call, ms: performance.now() - started, status });
    }
  })();
  return {
    samples,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
};

/** A comment of exactly `length` characters (no leading or trailing space: the API trims). */
const filler = (n: number, length: number) => {
  const words = `Noisy neighbour note ${n}: the member called about the payoff, the dealer sent the title again and `;
  return words
    .repeat(Math.ceil(length / words.length))
    .slice(0, length)
    .replace(/\s$/, '.');
};

/**
 * Tops the application's comments up through the API to the bounds the comments module enforces (count, deleted
 * ones included, and characters of those not deleted), spread evenly, so its summary is the largest allowed.
 */
const fillComments = async (bare: BenchDatabase['bare'], noisy: Noisy) => {
  const counts = async () =>
    (
      await bare.query<{ n: number; c: number }>(
        `select count(*)::int as n, coalesce(sum(char_length(message)) filter (where not is_deleted), 0)::int as c
           from comments where application_id = $1`,
        [noisy.applicationId],
      )
    ).rows[0]!;
  let { n, c } = await counts();
  const added = { n: 0, started: performance.now() };
  while (n < MAX_COMMENTS_PER_APPLICATION) {
    const length = Math.min(
      MAX_COMMENT_LENGTH,
      Math.floor((MAX_COMMENT_CHARACTERS_PER_APPLICATION - c) / (MAX_COMMENTS_PER_APPLICATION - n)),
    );
    if (length < 1) break;
    const response = await fetch(`${address}/api/applications/${noisy.applicationId}/comments`, {
      method: 'POST',
      headers: noisy.session.headers,
      body: JSON.stringify({ type: 'JOURNAL', message: filler(n + 1, length) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`adding comment ${n + 1}: HTTP ${response.status} ${text.slice(0, 300)}`);
    n += 1;
    c += length;
    added.n += 1;
  }
  if (added.n > 0)
    out(`  added ${added.n} comments in ${((performance.now() - added.started) / 1000).toFixed(1)} s (once)`);
  return counts();
};

/** Latency figures of the heavy client's requests of one kind, with their statuses. */
const noisyLine = (label: string, samples: NoisySample[]) => {
  const times = samples.map((s) => s.ms).sort((a, b) => a - b);
  const statuses = new Map<string, number>();
  for (const s of samples) statuses.set(String(s.status), (statuses.get(String(s.status)) ?? 0) + 1);
  const byStatus = [...statuses.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([status, count]) => `${status} x ${count}`)
    .join(', ');
  return times.length === 0
    ? `  ${label.padEnd(30)} n=     0`
    : `  ${label.padEnd(30)} n=${String(times.length).padStart(6)}  p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}  max ${ms(times[times.length - 1]!)} ms  statuses: ${byStatus}`;
};

// ------------------------------------------------------------------------------------------------------ set-up

const bench = await openBenchDatabase({ dataDir: flags['data-dir'] });
let api: ChildProcess | undefined;
const actors: Actor[] = [];
let noisy: Noisy | undefined;
try {
  const { bare } = bench;
  out(
    `Credence load benchmark (${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, Node ${process.version}, PostgreSQL ${bench.serverVersion})`,
  );
  await ensureApplications(bench, APPLICATIONS);

  const lenderData = new Map<number, LenderData>();
  for (const lender of bench.lenders) {
    const ids = (
      await bare.query<{ id: number }>(
        'select id from applications where lender_id = $1 order by random() limit 5000',
        [lender.id],
      )
    ).rows.map((r) => r.id);
    const members = (
      await bare.query<{ m: string }>(
        `select member_number as m from applicants where lender_id = $1 and role = 'PRIMARY'
            and member_number is not null order by random() limit 2000`,
        [lender.id],
      )
    ).rows.map((r) => r.m);
    const lastNames = (
      await bare.query<{ n: string }>(
        `select distinct last_name as n from applicants
          where lender_id = $1 and last_name is not null and length(last_name) >= 2 limit 200`,
        [lender.id],
      )
    ).rows.map((r) => r.n);
    const products = (
      await bare.query<{ id: number }>('select id from loan_products where lender_id = $1', [lender.id])
    ).rows.map((r) => r.id);
    if (ids.length > 0 && members.length > 0 && products.length > 0)
      lenderData.set(lender.id, { ids, members, lastNames, products });
  }

  // The noisy neighbour's application: a funded one of its user's home lender with a collateral and a credit
  // report (a demo loan: every section has content), left out of the others' mix (their comments would meet the
  // bound it is filled to).
  const noisyUser = NOISY ? demoUsers.find((u) => u.username === flags['noisy-user']) : undefined;
  if (NOISY && !noisyUser) throw new Error(`--noisy-user: ${flags['noisy-user']} is not a demo user`);
  let noisyApplicationId = 0;
  if (noisyUser) {
    const lender = bench.lenders.find((l) => l.name === noisyUser.home)!;
    const row = (
      await bare.query<{ id: number }>(
        `select a.id from applications a where a.lender_id = $1
          order by (a.state = 'funded'
                    and exists (select 1 from collaterals c where c.application_id = a.id)
                    and exists (select 1 from credit_reports r where r.application_id = a.id and r.is_active)) desc,
                   a.id
          limit 1`,
        [lender.id],
      )
    ).rows[0];
    if (!row) throw new Error(`${lender.name} has no application for the noisy neighbour`);
    noisyApplicationId = row.id;
    const data = lenderData.get(lender.id);
    if (data) data.ids = data.ids.filter((id) => id !== noisyApplicationId);
    // The previews of earlier runs logged their prints: back to the application's own history, so the summary is
    // the same size on every run.
    await bare.query('delete from application_history where application_id = $1 and action = $2', [
      noisyApplicationId,
      loanSummaryTexts.historyAction,
    ]);
  }

  const started = await startLoadApi(bench.url);
  api = started.child;
  address = started.address;
  out(`API (apps/server/src/main.ts, NODE_ENV=production, pool ${POOL}) at ${address}`);

  // Sessions: several per user, each with its own applications to edit and to lock.
  const users = flags.users.split(',').map((u) => u.trim());
  const EDITS_PER_SESSION = 8;
  const CHURN_PER_SESSION = 12;
  for (const username of users) {
    const user = demoUsers.find((u) => u.username === username);
    if (!user) throw new Error(`--users: ${username} is not a demo user`);
    const lender = bench.lenders.find((l) => l.name === user.home)!;
    const data = lenderData.get(lender.id);
    if (!data) throw new Error(`${lender.name} has no applications to work on`);
    for (let s = 0; s < SESSIONS_PER_USER; s++) {
      const session = await signIn(address, user.username, user.password);
      actors.push({ name: `${username}#${s + 1}`, session, data, edits: [], nextEdit: 0, churn: new Map() });
    }
  }
  // Open applications nobody else holds; the edit set is locked and saved once (a save that the server refuses
  // as it stands, e.g. an odd seeded term, is left out).
  const taken = new Set<number>();
  for (const actor of actors) {
    const candidates = (
      await bare.query<{ id: number }>(
        `select a.id from applications a
          where a.id = any($1::int[]) and a.state not in ('funded', 'declined', 'cancelled')
            and (a.locked_by_user_id is null or a.lock_expires_at < now())`,
        [actor.data.ids],
      )
    ).rows
      .map((r) => r.id)
      .filter((id) => !taken.has(id));
    const call = async (method: string, p: string, body?: unknown) => {
      const response = await fetch(`${address}${p}`, {
        method,
        headers: headersFor(actor.session, body !== undefined),
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json().catch(() => null)) as unknown };
    };
    for (const id of candidates) {
      if (actor.edits.length >= EDITS_PER_SESSION && actor.churn.size >= CHURN_PER_SESSION) break;
      taken.add(id);
      if (actor.churn.size < CHURN_PER_SESSION) {
        actor.churn.set(id, 'free');
        continue;
      }
      if ((await call('POST', `/api/applications/${id}/lock`)).status !== 200) continue;
      const current = await call('GET', `/api/applications/${id}/request`);
      if (current.status !== 200) {
        await call('DELETE', `/api/applications/${id}/lock`);
        continue;
      }
      const r = current.json as ApplicationRequest;
      const body: ApplicationRequestSave = {
        loanProductId: r.loanProductId,
        dealerId: r.dealerId,
        negotiatedPrice: r.negotiatedPrice,
        ttlEstimate: r.ttlEstimate,
        cashDown: r.cashDown,
        rebate: r.rebate,
        netTradeIn: r.netTradeIn,
        otherFees: r.otherFees,
        otherFrontEndFees: r.otherFrontEndFees.map(({ name, value }) => ({ name, value })),
        totalFrontEndAmount: r.isTotalFrontEndAmountManual ? r.totalFrontEndAmount : null,
        gap: r.gap,
        creditDisability: r.creditDisability,
        creditLife: r.creditLife,
        warranty: r.warranty,
        otherBackEndFees: r.otherBackEndFees,
        requestedAmount: r.requestedAmount,
        estAmtFinanced: r.estAmtFinanced,
        residualAmount: r.residualAmount,
        value: r.value,
        termMonths: r.termMonths,
        paymentFrequencyId: r.paymentFrequencyId ?? 'Monthly',
        isOpenEnded: r.isOpenEnded,
        increaseExistingCreditLimit: r.increaseExistingCreditLimit,
        potentialLoanId: r.potentialLoanId,
        potentialShareAccountNumber: r.potentialShareAccountNumber,
        purpose: r.purpose,
      };
      if ((await call('PUT', `/api/applications/${id}/request`, body)).status === 200) actor.edits.push({ id, body });
      else await call('DELETE', `/api/applications/${id}/lock`);
    }
    if (actor.edits.length === 0) throw new Error(`${actor.name}: no application to edit`);
  }
  out(
    `Sessions: ${actors.length} (${users.join(', ')} x ${SESSIONS_PER_USER}); each edits ${actors[0]!.edits.length}` +
      ` locked applications and takes/releases the lock of ${actors[0]!.churn.size} others`,
  );
  out(`Mix: ${MIX.map(([w, k]) => `${k} ${w} %`).join(', ')}; ${flags.poisson ? 'Poisson' : 'evenly spaced'} arrivals`);

  if (noisyUser) {
    const session = await signIn(address, noisyUser.username, noisyUser.password);
    noisy = { name: noisyUser.username, session, applicationId: noisyApplicationId, sections: [] };
    out(`\nNoisy neighbour: ${noisy.name} (its own session), application ${noisy.applicationId}`);
    const filled = await fillComments(bare, noisy);
    // One of each alone (not measured in the phases): checks the answers and says how heavy they are.
    let t0 = performance.now();
    const graphql = await fetch(`${address}/api/graphql`, {
      method: 'POST',
      headers: session.headers,
      body: JSON.stringify(noisyRequest(noisy, 'graphql').body),
    });
    const graphqlText = await graphql.text();
    const graphqlMs = performance.now() - t0;
    const batch = JSON.parse(graphqlText) as {
      data?: { application: { lenderSettings: { salesWorksheetEnabled: boolean; salesDisplayOption: string } } };
      errors?: unknown[];
    }[];
    const first = Array.isArray(batch) ? batch[0] : undefined;
    if (graphql.status !== 200 || !first?.data || batch.some((r) => r.errors))
      throw new Error(`GetLoanSummary batch: HTTP ${graphql.status} ${graphqlText.slice(0, 300)}`);
    const settings = first.data.application.lenderSettings;
    noisy.sections = printableSections({
      enabled: settings.salesWorksheetEnabled,
      displayOption: settings.salesDisplayOption as SalesDisplayOption,
    });
    t0 = performance.now();
    const preview = await fetch(`${address}/api/applications/${noisy.applicationId}/loanSummary/preview`, {
      method: 'POST',
      headers: session.headers,
      body: JSON.stringify({ sections: noisy.sections }),
    });
    const previewText = await preview.text();
    const previewMs = performance.now() - t0;
    if (preview.status !== 200) throw new Error(`summary preview: HTTP ${preview.status} ${previewText.slice(0, 300)}`);
    const { pages } = JSON.parse(previewText) as { pages: number };
    out(
      `  ${filled.n} comments (bound ${MAX_COMMENTS_PER_APPLICATION}), ${filled.c} characters not deleted (bound ${MAX_COMMENT_CHARACTERS_PER_APPLICATION}); ` +
        `alone: the PDF preview of its ${noisy.sections.length} sections ${pages} pages in ${previewMs.toFixed(0)} ms, ` +
        `a GraphQL batch of ${NOISY_GRAPHQL_BATCH} GetLoanSummary ${(graphqlText.length / 1024).toFixed(0)} KiB in ${graphqlMs.toFixed(0)} ms`,
    );
    out(`  it loops: ${NOISY_CALLS.join(' then ')}, closed loop (no think time), ${NOISY_TIMEOUT_MS / 1000} s timeout`);
  }

  // ---------------------------------------------------------------------------------------------------- runs

  if (WARMUP > 0) {
    out(`\nWarm-up: ${RATE} req/s for ${WARMUP} s (not counted)`);
    await runPhase(actors, RATE, WARMUP);
    await sleep(1000);
  }
  out(
    `\nMain run${noisy ? ' (without the noisy neighbour)' : ''}: ${RATE} req/s for ${DURATION} s (open model; latency from the scheduled departure)`,
  );
  const main = await runPhase(actors, RATE, DURATION);
  report(main);

  if (noisy) {
    await sleep(2000);
    out(
      `\nWith the noisy neighbour: ${RATE} req/s for ${DURATION} s, while ${noisy.name} loops ${NOISY_CALLS.join(' + ')} (started 2 s before; its requests not counted here)`,
    );
    const heavy = startNoisy(noisy);
    await sleep(2000);
    const withNoisy = await runPhase(actors, RATE, DURATION);
    await heavy.stop();
    report(withNoisy);

    const without = figuresOf(main.samples);
    const withIt = figuresOf(withNoisy.samples);
    const ratio = (a: number, b: number) => (b > 0 ? a / b : NaN);
    const p95Ratio = ratio(withIt.p95, without.p95);
    out(`\nNoisy neighbour (issue 30, item 13): the others' latency, ${RATE} req/s for ${DURATION} s each`);
    out(line('others without', { ...without, errors: errorCount(main) }));
    out(line('others with', { ...withIt, errors: errorCount(withNoisy) }));
    out(
      `  ratio with/without: p50 ${ratio(withIt.p50, without.p50).toFixed(2)}x, p95 ${p95Ratio.toFixed(2)}x, p99 ${ratio(withIt.p99, without.p99).toFixed(2)}x` +
        ` — p95 at most ${NOISY_P95_RATIO_LIMIT}x: ${p95Ratio <= NOISY_P95_RATIO_LIMIT ? 'ok' : 'over'}`,
    );
    const heavySeconds = (DURATION + 2).toFixed(0);
    out(`  the noisy neighbour (${noisy.name}, application ${noisy.applicationId}), over ~${heavySeconds} s:`);
    for (const call of NOISY_CALLS)
      out(
        noisyLine(
          `  ${call === 'pdf' ? 'PDF preview' : `GraphQL batch of ${NOISY_GRAPHQL_BATCH}`}`,
          heavy.samples.filter((s) => s.call === call),
        ),
      );
  } else if (!flags['no-search']) {
    out(
      `\nStep search: ${STEP_DURATION} s per step from ${STEP_START} req/s by ${STEP_BY} up to ${STEP_MAX}; at the first miss, two halvings between the last pass and it`,
    );
    const step = async (rate: number) => {
      await sleep(2000);
      const r = await runPhase(actors, rate, STEP_DURATION);
      const all = figuresOf(r.samples);
      const ok = meetsTarget(r);
      out(
        `  ${String(rate).padStart(5)} req/s: answered ${(r.samples.length / r.elapsedSeconds).toFixed(0).padStart(5)} req/s  p50 ${ms(all.p50)}  p95 ${ms(all.p95)}  p99 ${ms(all.p99)} ms  errors ${errorCount(r)}  ${ok ? 'meets target' : 'MISSES target'}`,
      );
      const [worst] = [...r.errors.entries()].sort((a, b) => b[1] - a[1]);
      if (worst) out(`         most errors: ${worst[1]} x ${worst[0]}`);
      return ok;
    };
    let best = 0;
    let missed: number | undefined;
    for (let n = 0, rate = STEP_START; n < MAX_STEPS && rate <= STEP_MAX; n++, rate += STEP_BY) {
      if (!(await step(rate))) {
        missed = rate;
        break;
      }
      best = rate;
    }
    // Bounded refinement: two more steps between the highest pass (or 0) and the first miss.
    for (let n = 0, hi = missed; n < 2 && hi !== undefined; n++) {
      const mid = Math.round((best + hi) / 2);
      if (mid <= best || mid >= hi) break;
      if (await step(mid)) best = mid;
      else hi = mid;
    }
    out(
      best === 0
        ? `Highest rate meeting the target: none of the rates tried`
        : `Highest rate meeting the target: ${best} req/s${missed === undefined ? ' (every step met it; raise --step-max)' : ` (missed at ${missed} req/s)`}`,
    );
  }
} finally {
  // Leave the database as found for the next run: locks released, sessions ended.
  for (const actor of actors) {
    const held = [
      ...actor.edits.map((e) => e.id),
      ...[...actor.churn].filter(([, s]) => s !== 'free').map(([id]) => id),
    ];
    for (const id of held)
      await fetch(`${address}/api/applications/${id}/lock`, {
        method: 'DELETE',
        headers: headersFor(actor.session, false),
      })
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
    await fetch(`${address}/api/logout`, { method: 'POST', headers: headersFor(actor.session, false) })
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
  }
  if (noisy)
    await fetch(`${address}/api/logout`, { method: 'POST', headers: headersFor(noisy.session, false) })
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
  if (api) await stopApi(api);
  await bench.close();
}
