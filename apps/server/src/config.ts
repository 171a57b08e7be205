import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root (apps/server/src -> ../../..). `.data/` and the built web app live relative to it. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * What is wrong with a PUBLIC_URL, if anything: it must be an origin alone (http or https, a host, maybe a port),
 * since the e-mailed links are this origin followed by the web app's path.
 */
const publicUrlProblem = (url: URL): string | undefined => {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http:// or https:// URL';
  if (url.username || url.password) return 'must not hold credentials';
  if (url.pathname !== '/' || url.search || url.hash) return 'must be an origin only (no path, query or fragment)';
  return undefined;
};

/**
 * The server's own address, for links when PUBLIC_URL is unset: http://HOST:PORT, where a wildcard HOST
 * (0.0.0.0, ::) becomes localhost, the address a browser on this machine reaches it by.
 */
const ownOrigin = (host: string, port: number) => {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  return new URL(`http://${name.includes(':') ? `[${name}]` : name}:${port}`).origin;
};

/** Every setting, read once from the environment. `.env.example` lists them all. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().positive().default(10),
  REDIS_URL: z.string().url().optional(),
  HUB_SESSION_CHECK_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().nonnegative().default(5000),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().nonnegative().default(6000),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  EMBEDDED_DB_RESTART_ATTEMPTS: z.coerce.number().int().nonnegative().default(5),
  DATA_DIR: z.string().default(path.join(repoRoot, '.data')),
  SEED_DEMO: bool.optional(),
  JWT_SECRET: z.string().min(32).optional(),
  DATA_ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
    .optional(),
  APPLICATION_LOCK_SECONDS: z.coerce.number().int().positive().default(600),
  FILE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  UPLOAD_CONCURRENCY: z.coerce.number().int().positive().default(4),
  UPLOAD_QUEUE_MS: z.coerce.number().int().nonnegative().default(10_000),
  IDLE_SECONDS: z.coerce.number().int().positive().default(1500),
  IDLE_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(300),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  PASSWORD_LIFETIME_DAYS: z.coerce.number().int().positive().default(90),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_MAX_FAILURES_PER_USERNAME: z.coerce.number().int().positive().default(20),
  SSN_LOOKUPS_PER_MINUTE: z.coerce.number().int().positive().default(20),
  SSN_LOOKUPS_PER_DAY: z.coerce.number().int().positive().default(200),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  RECENT_APPLICATIONS_THROTTLE_MS: z.coerce.number().int().nonnegative().default(5000),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  PUBLIC_URL: z
    .string()
    .url()
    .superRefine((v, ctx) => {
      const problem = URL.canParse(v) ? publicUrlProblem(new URL(v)) : undefined;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  SMTP_URL: z
    .string()
    .url()
    .refine((v) => /^smtps?:$/.test(new URL(v).protocol), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(
      /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
      'must be an address, e.g. Credence <no-reply@example.com>',
    )
    .default('Credence <no-reply@credence.local>'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** Redis: the real-time hub's Socket.IO adapter between API processes (platform/hub.ts). Unset: one process. */
  redisUrl: string | undefined;
  /** How often the hub re-checks its sockets' sessions (revoked, expired, idle, rights changed). */
  hubSessionCheckMs: number;
  /** The server cancels a statement running longer (0: no limit). */
  dbStatementTimeoutMs: number;
  /** The API gives up on a query unanswered this long (a frozen database) and answers 503 (0: no limit). */
  dbQueryTimeoutMs: number;
  /** Getting a database connection (new, or free in a busy pool) takes at most this long, then 503. */
  dbConnectTimeoutMs: number;
  /** Embedded database only: restarts tried, one after another, after its server exits; then /healthz fails. */
  embeddedDbRestartAttempts: number;
  dataDir: string;
  seedDemo: boolean;
  jwtSecret: Uint8Array;
  /** AES-256-GCM and HMAC key material for personal data (SSNs, ID numbers): 32 bytes. */
  dataEncryptionKey: Buffer;
  /** An application lock not refreshed for this long expires (a closed browser cannot hold it for ever). */
  applicationLockSeconds: number;
  /** The largest file that may be uploaded. */
  fileMaxBytes: number;
  /** Uploads handled at once by this process; the next ones wait in line (streamed to disk, never held whole). */
  uploadConcurrency: number;
  /** How long an upload waits in line for a free slot before it is answered 503 with Retry-After. */
  uploadQueueMs: number;
  idleSeconds: number;
  idleTimeoutSeconds: number;
  sessionAbsoluteHours: number;
  passwordLifetimeDays: number;
  loginMaxFailures: number;
  loginMaxFailuresPerIp: number;
  loginMaxFailuresPerUsername: number;
  ssnLookupsPerMinute: number;
  ssnLookupsPerDay: number;
  loginWindowSeconds: number;
  recentApplicationsThrottleMs: number;
  webDist: string;
  logLevel: string;
  trustProxy: boolean;
  /**
   * The origin of the web app as its users reach it (`https://credence.example.org`): the e-mailed links
   * (enrollment, password reset) are built from it, never from a request's Host or X-Forwarded-* headers.
   */
  publicUrl: string;
  /** Outgoing e-mail goes to this SMTP server (smtp:// or smtps://, credentials in the URL); unset: .eml files under dataDir/outbox. */
  smtpUrl: string | undefined;
  /** The From of every e-mail: an address, optionally with a display name. */
  mailFrom: string;
};

/**
 * Without JWT_SECRET a random secret is made once and kept under DATA_DIR, so tokens survive a restart of
 * the embedded default. A deployment with several API processes must set JWT_SECRET.
 */
const loadOrCreateSecret = (dataDir: string): Uint8Array => {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48);
  writeFileSync(file, secret.toString('base64'), { mode: 0o600 });
  return secret;
};

/**
 * Without DATA_ENCRYPTION_KEY a random key is made once and kept under DATA_DIR, like the JWT secret. Losing
 * it makes the stored SSNs unreadable: a deployment sets DATA_ENCRYPTION_KEY from its secret store.
 */
const loadOrCreateDataKey = (dataDir: string): Buffer => {
  const file = path.join(dataDir, 'data-encryption-key');
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`Invalid configuration:\n${file}: must hold 32 bytes, base64-encoded`);
    return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  // An empty variable counts as unset (DATABASE_URL= means: use the embedded database).
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    redisUrl: e.REDIS_URL,
    hubSessionCheckMs: e.HUB_SESSION_CHECK_MS,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    dbQueryTimeoutMs: e.DB_QUERY_TIMEOUT_MS,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    embeddedDbRestartAttempts: e.EMBEDDED_DB_RESTART_ATTEMPTS,
    dataDir: path.resolve(e.DATA_DIR),
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ? new TextEncoder().encode(e.JWT_SECRET) : loadOrCreateSecret(path.resolve(e.DATA_DIR)),
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY
      ? Buffer.from(e.DATA_ENCRYPTION_KEY, 'base64')
      : loadOrCreateDataKey(path.resolve(e.DATA_DIR)),
    applicationLockSeconds: e.APPLICATION_LOCK_SECONDS,
    fileMaxBytes: e.FILE_MAX_BYTES,
    uploadConcurrency: e.UPLOAD_CONCURRENCY,
    uploadQueueMs: e.UPLOAD_QUEUE_MS,
    idleSeconds: e.IDLE_SECONDS,
    idleTimeoutSeconds: e.IDLE_TIMEOUT_SECONDS,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    passwordLifetimeDays: e.PASSWORD_LIFETIME_DAYS,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginMaxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
    loginMaxFailuresPerUsername: e.LOGIN_MAX_FAILURES_PER_USERNAME,
    ssnLookupsPerMinute: e.SSN_LOOKUPS_PER_MINUTE,
    ssnLookupsPerDay: e.SSN_LOOKUPS_PER_DAY,
    loginWindowSeconds: e.LOGIN_WINDOW_SECONDS,
    recentApplicationsThrottleMs: e.RECENT_APPLICATIONS_THROTTLE_MS,
    webDist: path.resolve(e.WEB_DIST),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : ownOrigin(e.HOST, e.PORT),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
  };
};
