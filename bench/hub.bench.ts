/**
 * The real-time hub at fan-out (issue 31): two API processes (apps/server/src/main.ts, as an operator runs them)
 * on one database and one Redis (REDIS_URL: the Socket.IO Redis streams adapter joins them), 200 Socket.IO clients
 * shared between them — three quarters signed in to Summit Federal Credit Union (admin and officer), a quarter to
 * Harbor Auto Finance — each in its lender's `queueCount` group, as the side menu is.
 *
 * A round commits one signal to one lender's group the way every change does (credence_hub_signal in a transaction:
 * NOTIFY at commit; each process LISTENs and tells its sockets) and times each of that lender's clients from just
 * before the commit to the event's arrival. Counted: events lost (a client of the lender that did not get it within
 * 2 s), events duplicated, and events that reached a client of the other lender (must be 0). Then the memory per
 * connection: the API processes' resident memory before and after the 200 connections, divided by 200.
 *
 * Targets: p95 ≤ 100 ms, p99 ≤ 250 ms, 0 lost, 0 cross-lender.
 *
 * Run: npm run bench:hub   (prints figures; nothing is asserted. BENCH_CLIENTS, BENCH_ROUNDS.)
 * Database: as bench:queues (DATABASE_URL, else the embedded one under .data/bench). Redis: REDIS_URL, else the
 * machine's redis://127.0.0.1:6379.
 */
import { readFileSync } from 'node:fs';
import { io, type Socket } from 'socket.io-client';
import { startApi, stopApi, type ApiProcess } from './api-process.ts';
import { openBenchDatabase, out, percentile, signIn, type Session } from './bench-database.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SESSIONS_PER_USER = 4;
const LOST_AFTER_MS = 2000;

type Client = { socket: Socket; lender: number; rounds: Map<number, number> };

const rssMiB = (api: ApiProcess) => {
  const status = readFileSync(`/proc/${api.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};

/** Connects a client with `session`'s token to `address` and joins its lender's queueCount group. */
const connect = (address: string, session: Session, lender: number) =>
  new Promise<Client>((resolve, reject) => {
    const socket = io(address, {
      path: '/socket.io/',
      transports: ['websocket'],
      auth: { token: session.token },
      reconnection: false,
    });
    const client: Client = { socket, lender, rounds: new Map() };
    socket.on('queueCount', (data: { round?: number }) => {
      if (typeof data.round !== 'number') return;
      client.rounds.set(data.round, (client.rounds.get(data.round) ?? 0) + 1);
      arrivals.push({ client, round: data.round, at: performance.now() });
    });
    socket.once('connect_error', reject);
    socket.once('connect', () =>
      socket.emit('join', { group: 'queueCount' }, (answer: { ok: boolean }) =>
        answer.ok ? resolve(client) : reject(new Error('join refused')),
      ),
    );
  });

const arrivals: { client: Client; round: number; at: number }[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const main = async () => {
  const bench = await openBenchDatabase();
  const summit = bench.lenders.find((l) => l.name === 'Summit Federal Credit Union')!.id;
  const harbor = bench.lenders.find((l) => l.name === 'Harbor Auto Finance')!.id;
  out(`PostgreSQL ${bench.serverVersion}; Redis ${REDIS_URL}; ${CLIENTS} clients, ${ROUNDS} rounds`);

  const apis = [await startApi(bench.url, { env: { REDIS_URL } }), await startApi(bench.url, { env: { REDIS_URL } })];
  const sessionsOf = async (username: string, password: string) => {
    const sessions: Session[] = [];
    for (let i = 0; i < SESSIONS_PER_USER; i++) sessions.push(await signIn(apis[0]!.address, username, password));
    return sessions;
  };
  const people = [
    { lender: summit, sessions: await sessionsOf('admin', 'Admin2026') },
    { lender: summit, sessions: await sessionsOf('officer', 'Officer2026') },
    { lender: summit, sessions: await sessionsOf('officer', 'Officer2026') },
    { lender: harbor, sessions: await sessionsOf('harbor', 'Harbor2026') },
  ];
  await sleep(1000);
  const rssBefore = apis.map(rssMiB);

  const clients: Client[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const person = people[i % people.length]!;
    const session = person.sessions[Math.floor(i / people.length) % SESSIONS_PER_USER]!;
    clients.push(await connect(apis[i % apis.length]!.address, session, person.lender));
  }
  await sleep(1000);
  const rssAfter = apis.map(rssMiB);
  const perLender = (lender: number) => clients.filter((c) => c.lender === lender).length;
  out(
    `Connected: ${perLender(summit)} Summit and ${perLender(harbor)} Harbor clients, ` +
      `${clients.length / apis.length} on each of ${apis.length} API processes`,
  );

  const latencies: number[] = [];
  let lost = 0;
  let duplicated = 0;
  let crossLender = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const lender = round % 4 === 0 ? harbor : summit;
    const expected = clients.filter((c) => c.lender === lender);
    const db = await bench.bare.connect();
    await db.query('begin');
    await db.query(`select credence_hub_signal($1, 'queueCount', $2::jsonb)`, [
      `lender:${lender}:queueCount`,
      JSON.stringify({ round }),
    ]);
    const sent = performance.now();
    await db.query('commit');
    db.release();
    const deadline = sent + LOST_AFTER_MS;
    while (performance.now() < deadline && expected.some((c) => !c.rounds.has(round))) await sleep(2);
    await sleep(20); // a late duplicate or a stray event of the other lender would land here
    for (const client of clients) {
      const times = client.rounds.get(round) ?? 0;
      if (client.lender !== lender) crossLender += times;
      else if (times === 0) lost++;
      else duplicated += times - 1;
    }
    for (const arrival of arrivals)
      if (arrival.round === round && arrival.client.lender === lender) latencies.push(arrival.at - sent);
    arrivals.length = 0;
  }
  latencies.sort((a, b) => a - b);
  out(`\nFan-out of ${ROUNDS} events (${latencies.length} deliveries), ms from the commit to the client:`);
  out(
    `  p50 ${percentile(latencies, 50).toFixed(1)}  p95 ${percentile(latencies, 95).toFixed(1)}  ` +
      `p99 ${percentile(latencies, 99).toFixed(1)}  max ${latencies.at(-1)!.toFixed(1)}   (targets: p95 ≤ 100, p99 ≤ 250)`,
  );
  out(`  lost ${lost}, duplicated ${duplicated}, reached the other lender ${crossLender}   (targets: 0, 0, 0)`);
  out('\nMemory of the API processes (resident), MiB:');
  apis.forEach((_, i) =>
    out(`  process ${i + 1}: ${rssBefore[i]!.toFixed(1)} before, ${rssAfter[i]!.toFixed(1)} with its clients`),
  );
  const grown = rssAfter.reduce((a, b) => a + b, 0) - rssBefore.reduce((a, b) => a + b, 0);
  out(`  per connection: ${((grown * 1024) / clients.length).toFixed(1)} KiB`);

  for (const client of clients) client.socket.disconnect();
  for (const api of apis) await stopApi(api.child);
  await bench.close();
};

await main();
