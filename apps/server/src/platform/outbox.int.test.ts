import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { withTenant } from '../db/tenancy.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createMailTransport, emailHandler, type OutgoingMail } from './mail.ts';
import { drainOutbox, enqueueEmail, outboxHasDueRows, type EmailMessage } from './outbox.ts';

let t: TestApp;
let summit: number;
let harbor: number;

const ADDRESS = 'pat.applicant@example.com';
const message = (subject: string): EmailMessage => ({
  to: ADDRESS,
  subject,
  text: 'Your secret enrollment link: https://credence.test/enroll/abc123',
  html: '<p>Your secret enrollment link: <a href="https://credence.test/enroll/abc123">enroll</a></p>',
});

type Row = { id: number; lender_id: number; attempts: number; last_error: string | null; delivered_at: string | null };
const row = async (id: number) =>
  (await t.db.execute<Row>(sql`select id, lender_id, attempts, last_error, delivered_at from outbox where id = ${id}`))
    .rows[0];
const queue = (lenderId: number, subject: string) =>
  withTenant(t.db, lenderId, (tx) => enqueueEmail(tx, lenderId, message(subject)));
/** Marks every pending row delivered, so each test starts with an empty queue. */
const clearQueue = () => t.db.execute(sql`update outbox set delivered_at = now() where delivered_at is null`);

/** A transport that records what it was asked to send and fails the first `failures` sends. */
const recorder = (failures = 0, delayMs = 0) => {
  const sent: OutgoingMail[] = [];
  let calls = 0;
  return {
    sent,
    calls: () => calls,
    send: async (mail: OutgoingMail) => {
      calls += 1;
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      // A real SMTP refusal quotes the recipient: it must not reach last_error.
      if (calls <= failures)
        throw Object.assign(new Error(`550 5.1.1 <${mail.to}>: mailbox busy`), { code: 'EENVELOPE' });
      sent.push(mail);
    },
  };
};

beforeAll(async () => {
  // No job runner here: each test drains by itself, with its own transport.
  t = await createTestApp({ MAIL_FROM: 'Credence Test <no-reply@credence.test>' });
  const lenders = (await t.db.execute<{ id: number; name: string }>(sql`select id, name from lenders`)).rows;
  summit = lenders.find((r) => r.name.startsWith('Summit'))!.id;
  harbor = lenders.find((r) => r.name.startsWith('Harbor'))!.id;
});
afterAll(() => t.close());

describe('the outbox', () => {
  it('delivers a committed transaction’s e-mail to an .eml file with the right headers', async () => {
    await clearQueue();
    const id = await queue(summit, 'Welcome to Credence!');
    expect((await row(id))?.delivered_at).toBeNull();

    expect(await t.drainOutbox()).toEqual({ delivered: 1, failed: 0 });

    const file = path.join(t.outboxDir, `${id}-welcome-to-credence.eml`);
    const eml = readFileSync(file, 'utf8');
    const head = eml.slice(0, eml.indexOf('\r\n\r\n'));
    const body = eml.slice(head.length + 4);
    expect(head).toMatch(/^From: Credence Test <no-reply@credence\.test>$/m);
    expect(head).toMatch(/^To: pat\.applicant@example\.com$/m);
    expect(head).toMatch(/^Subject: Welcome to Credence!$/m);
    expect(head).toMatch(new RegExp(`^Message-ID: <outbox-${id}@credence\\.test>$`, 'm'));
    expect(head).toMatch(/^Date: .+$/m);
    expect(head).toMatch(/^MIME-Version: 1\.0$/m);
    expect(head).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    expect(body).toContain('https://credence.test/enroll/abc123');
    // RFC 5322: every line ends in CRLF.
    expect(eml.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);

    const delivered = await row(id);
    expect(delivered?.delivered_at).not.toBeNull();
    expect(delivered?.attempts).toBe(1);
    expect(delivered?.last_error).toBeNull();
    // Delivered once: a second drain sends nothing.
    expect(await t.drainOutbox()).toEqual({ delivered: 0, failed: 0 });
  });

  it('leaves no row and sends nothing when the transaction rolls back', async () => {
    await clearQueue();
    const before = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox`)).rows[0]!.n;
    const files = readdirSync(t.outboxDir).length;
    await expect(
      withTenant(t.db, summit, async (tx) => {
        await enqueueEmail(tx, summit, message('Never sent'));
        throw new Error('the business work failed');
      }),
    ).rejects.toThrow('the business work failed');
    const after = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox`)).rows[0]!.n;
    expect(after).toBe(before);
    expect(await t.drainOutbox()).toEqual({ delivered: 0, failed: 0 });
    expect(readdirSync(t.outboxDir)).toHaveLength(files);
  });

  it('refuses a message that would inject headers', async () => {
    await expect(
      withTenant(t.db, summit, (tx) =>
        enqueueEmail(tx, summit, { ...message('x'), subject: 'Hello\r\nBcc: victim@example.com' }),
      ),
    ).rejects.toThrow();
    await expect(
      withTenant(t.db, summit, (tx) => enqueueEmail(tx, summit, { ...message('x'), to: 'not an address' })),
    ).rejects.toThrow();
  });

  it('retries a failing transport with backoff, counts the attempts and keeps no personal data in the error', async () => {
    await clearQueue();
    const id = await queue(summit, 'Retried');
    const flaky = recorder(2);
    const handlers = { email: emailHandler(flaky) };

    expect(await drainOutbox(t.db, handlers, { retryBaseSeconds: 0 })).toEqual({ delivered: 0, failed: 1 });
    const first = await row(id);
    expect(first?.attempts).toBe(1);
    expect(first?.delivered_at).toBeNull();
    expect(first?.last_error).toBe('EENVELOPE 550 5.1.1 <<address>>: mailbox busy');
    expect(first?.last_error).not.toContain(ADDRESS);

    // The backoff (10 s after the first failure by default) holds the row back.
    expect(await outboxHasDueRows(t.db, handlers)).toBe(false);
    expect(await drainOutbox(t.db, handlers)).toEqual({ delivered: 0, failed: 0 });
    expect(flaky.calls()).toBe(1);

    expect(await drainOutbox(t.db, handlers, { retryBaseSeconds: 0 })).toEqual({ delivered: 0, failed: 1 });
    expect(await drainOutbox(t.db, handlers, { retryBaseSeconds: 0 })).toEqual({ delivered: 1, failed: 0 });
    const done = await row(id);
    expect(done?.attempts).toBe(3);
    expect(done?.last_error).toBeNull();
    expect(done?.delivered_at).not.toBeNull();
    expect(flaky.sent.map((m) => m.outboxId)).toEqual([id]);

    // Never again.
    expect(await drainOutbox(t.db, handlers, { retryBaseSeconds: 0 })).toEqual({ delivered: 0, failed: 0 });
    expect(flaky.calls()).toBe(3);
  });

  it('gives up after the last attempt and leaves the row visible as failed', async () => {
    await clearQueue();
    const id = await queue(harbor, 'Given up');
    const broken = recorder(Number.POSITIVE_INFINITY);
    const handlers = { email: emailHandler(broken) };
    const options = { retryBaseSeconds: 0, maxAttempts: 3 };
    for (let i = 0; i < 5; i += 1) await drainOutbox(t.db, handlers, options);
    expect(broken.calls()).toBe(3);
    const failed = await row(id);
    expect(failed).toMatchObject({ attempts: 3, delivered_at: null });
    expect(failed?.last_error).toContain('mailbox busy');
    expect(await outboxHasDueRows(t.db, handlers, options)).toBe(false);
  });

  it('delivers each row exactly once when two workers drain at the same time', async () => {
    await clearQueue();
    const ids: number[] = [];
    await withTenant(t.db, summit, async (tx) => {
      for (let i = 0; i < 20; i += 1) ids.push(await enqueueEmail(tx, summit, message(`Batch ${i}`)));
    });
    const slow = recorder(0, 5);
    const handlers = { email: emailHandler(slow) };
    const [a, b] = await Promise.all([drainOutbox(t.db, handlers), drainOutbox(t.db, handlers)]);
    expect(a.delivered + b.delivered).toBe(20);
    // Both really worked (the row locks are skipped, not waited on).
    expect(a.delivered).toBeGreaterThan(0);
    expect(b.delivered).toBeGreaterThan(0);
    expect(slow.sent.map((m) => m.outboxId).sort((x, y) => x - y)).toEqual(ids);
    const pending = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from outbox where id = any(${sql.param(ids)}::bigint[]) and delivered_at is null`,
    );
    expect(pending.rows[0]!.n).toBe(0);
  });

  it('hides another lender’s rows from tenant work (row-level security)', async () => {
    await clearQueue();
    const harborId = await queue(harbor, 'Harbor only');
    const summitId = await queue(summit, 'Summit only');
    const seen = await withTenant(t.db, summit, async (tx) => {
      const { rows } = await tx.execute<{ id: number; lender_id: number }>(sql`select id, lender_id from outbox`);
      return rows;
    });
    expect(seen.map((r) => r.id)).toContain(summitId);
    expect(seen.map((r) => r.id)).not.toContain(harborId);
    expect(new Set(seen.map((r) => r.lender_id))).toEqual(new Set([summit]));
    // Nor can tenant work touch it or write a row for another lender.
    const updated = await withTenant(t.db, summit, (tx) =>
      tx.execute(sql`update outbox set delivered_at = now() where id = ${harborId}`),
    );
    expect(updated.rowCount).toBe(0);
    await expect(withTenant(t.db, summit, (tx) => enqueueEmail(tx, harbor, message('Forged')))).rejects.toThrow();
    // The drain (the owner) delivers both lenders' rows.
    expect(await t.drainOutbox()).toEqual({ delivered: 2, failed: 0 });
  });

  it('delivers through the pg-boss job runner after the commit, without logging the address or the body', async () => {
    const withJobs = await createTestApp({}, { jobs: true });
    try {
      const id = await withTenant(withJobs.db, harbor, (tx) =>
        enqueueEmail(tx, harbor, message('Through the job runner')),
      );
      const delivered = async () =>
        (
          await withJobs.db.execute<{ delivered_at: string | null }>(
            sql`select delivered_at from outbox where id = ${id}`,
          )
        ).rows[0]?.delivered_at;
      // The runner looks for due rows every 2 s; allow a generous margin on a busy machine.
      const deadline = Date.now() + 20_000;
      while (!(await delivered()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await delivered()).toBeTruthy();
      expect(readdirSync(withJobs.outboxDir)).toContain(`${id}-through-the-job-runner.eml`);
      // The job ran in pg-boss's own schema of this database.
      const jobs = await withJobs.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where name = 'outbox-deliver' and state = 'completed'`,
      );
      expect(jobs.rows[0]!.n).toBeGreaterThan(0);
      const logs = withJobs.logs.join('');
      expect(logs).toContain('outbox drained');
      expect(logs).not.toContain(ADDRESS);
      expect(logs).not.toContain('abc123');
    } finally {
      // Stops pg-boss (and its pool) before the database is dropped.
      const started = Date.now();
      await withJobs.close();
      expect(Date.now() - started).toBeLessThan(5000);
    }
  });

  it('counts a failed SMTP delivery (server unreachable) like any other failure', async () => {
    await clearQueue();
    // A loopback port with nothing listening.
    const port = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const smtp = createMailTransport({ ...t.config, smtpUrl: `smtp://127.0.0.1:${port}` });
    expect(smtp.kind).toBe('smtp');
    const id = await queue(summit, 'Over SMTP');
    expect(await drainOutbox(t.db, { email: emailHandler(smtp) }, { retryBaseSeconds: 0 })).toEqual({
      delivered: 0,
      failed: 1,
    });
    smtp.close();
    expect(await row(id)).toMatchObject({ attempts: 1, delivered_at: null });
    expect((await row(id))?.last_error).toMatch(/ECONNREFUSED/);
  });
});

describe('mail configuration', () => {
  const base = { JWT_SECRET: 'x'.repeat(32), DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') };
  it('accepts smtp:// and smtps:// URLs and a From with or without a name', () => {
    const config = loadConfig({ ...base, SMTP_URL: 'smtps://user:pass@mail.example.com:465', MAIL_FROM: 'a@b.co' });
    expect(config.smtpUrl).toBe('smtps://user:pass@mail.example.com:465');
    expect(config.mailFrom).toBe('a@b.co');
    expect(loadConfig(base).smtpUrl).toBeUndefined();
    expect(loadConfig(base).mailFrom).toBe('Credence <no-reply@credence.local>');
  });
  it('refuses other URLs and malformed addresses', () => {
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...base, MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ ...base, MAIL_FROM: 'A <a@b.co>\r\nBcc: c@d.co' })).toThrow(/MAIL_FROM/);
  });
});
