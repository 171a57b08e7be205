/**
 * Lighthouse (desktop preset) on the built web app served by the real server (issue 17, item 10): the
 * sign-in page signed out, then /home signed in, each a cold load (HTTP cache cleared; the session kept in
 * localStorage). Prints the Performance and Accessibility scores with the main metrics and the bytes the
 * page downloaded, writes the HTML reports, and fails when Performance < 90 or Accessibility < 95.
 *
 * Run: npm run build && npm run bench:lighthouse
 * Uses Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) headless; the server runs as `npm start`
 * would (NODE_ENV=production, embedded PostgreSQL with the demo data in a temporary folder).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Page } from 'puppeteer-core';
import { freeLoopbackPort } from '../apps/server/src/db/embedded.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const thresholds = { performance: 90, accessibility: 95 };
const user = { username: 'officer', password: 'Officer2026', name: 'Olivia' };

const print = (line: string) => process.stdout.write(`${line}\n`);

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  process.stderr.write('lighthouse: apps/web/dist is missing; run `npm run build` first.\n');
  process.exit(1);
}
if (!existsSync(chromePath)) {
  process.stderr.write(`lighthouse: no Chromium at ${chromePath} (set CHROME_PATH, or: apt-get install chromium).\n`);
  process.exit(1);
}

const waitReady = async (base: string, child: ChildProcess) => {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server was not ready in time');
};

type Row = { page: string; performance: number; accessibility: number; metrics: string; report: string };

const audit = async (page: Page, url: string, name: string, reportDir: string): Promise<Row> => {
  const result = await lighthouse(
    url,
    { logLevel: 'error', output: 'html', onlyCategories: ['performance', 'accessibility'] },
    desktopConfig,
    page,
  );
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.displayValue ?? '?';
  const report = path.join(reportDir, `${name}.html`);
  writeFileSync(report, Array.isArray(result.report) ? result.report.join('') : result.report);
  return {
    page: name,
    performance: score('performance'),
    accessibility: score('accessibility'),
    metrics: [
      `FCP ${value('first-contentful-paint')}`,
      `LCP ${value('largest-contentful-paint')}`,
      `TBT ${value('total-blocking-time')}`,
      `CLS ${value('cumulative-layout-shift')}`,
      `${value('total-byte-weight')}`,
    ].join(', '),
    report,
  };
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'credence-lighthouse-'));
const reportDir = mkdtempSync(path.join(os.tmpdir(), 'credence-lighthouse-reports-'));
const port = await freeLoopbackPort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let exitCode = 1;
const browser = await puppeteer.launch({
  executablePath: chromePath,
  headless: true,
  // Root in a container has no user namespace for Chromium's sandbox.
  args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
});
try {
  await waitReady(base, server);
  print(`Credence Lighthouse (desktop preset, ${os.cpus().length} cores, Node ${process.version}, ${base})`);
  const rows: Row[] = [];

  // Signed out: the sign-in page, in its own browser context (no session in its storage).
  const signedOut = await browser.createBrowserContext();
  rows.push(await audit(await signedOut.newPage(), `${base}/login`, 'sign-in', reportDir));
  await signedOut.close();

  // Signed in as a person would, then a cold load of /home with the session kept.
  const page = await browser.newPage();
  await page.goto(`${base}/login`);
  await page.locator('::-p-aria(Username)').fill(user.username);
  await page.locator('::-p-aria(Password[role="textbox"])').fill(user.password);
  await page.locator('::-p-aria(Sign In[role="button"])').click();
  await page.waitForSelector(`::-p-aria(Hello, ${user.name}[role="heading"])`, { timeout: 30_000 });
  rows.push(await audit(page, `${base}/home`, 'home-signed-in', reportDir));

  for (const row of rows) {
    print(
      `${row.page.padEnd(16)} Performance ${String(row.performance).padStart(3)}  Accessibility ${String(row.accessibility).padStart(3)}  (${row.metrics})`,
    );
  }
  print(`reports: ${reportDir}`);
  const failures = rows.filter(
    (row) => row.performance < thresholds.performance || row.accessibility < thresholds.accessibility,
  );
  for (const row of failures) {
    process.stderr.write(
      `lighthouse: ${row.page} is below Performance ${thresholds.performance} / Accessibility ${thresholds.accessibility}\n`,
    );
  }
  exitCode = failures.length === 0 ? 0 : 1;
} catch (error) {
  process.stderr.write(`lighthouse: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
} finally {
  await browser.close();
  await new Promise<void>((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
    setTimeout(() => server.kill('SIGKILL'), 10_000).unref();
  });
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
