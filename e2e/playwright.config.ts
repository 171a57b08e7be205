import { defineConfig } from '@playwright/test';

/** A Debian Chromium build of /usr/lib/chromium, headless, with the flags this closed network needs. */
const browser = (binary: 'chromium' | 'chromium-headless-shell') => ({
  executablePath: `/usr/lib/chromium/${binary}`,
  // Shared memory in /dev/shm (Playwright's default moves it to /tmp, for containers with a small /dev/shm; this
  // machine's is large), and the compositor in the browser process: less kernel time per frame on two cores (the
  // browser's share of the CPU was a third system time; ~5% faster per test, issue 28).
  ignoreDefaultArgs: ['--disable-dev-shm-usage'],
  args: [
    '--in-process-gpu',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/**
 * Debian's Chromium, headless, with the flags this closed network needs. Servers are started by run-e2e.ts, one per
 * worker (support/test.ts points each worker at its own); the files are shared out among the workers, the tests of
 * one file run in order.
 */
export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: Math.max(1, Number(process.env.E2E_WORKERS ?? 2)),
  // One retry on CI: a test that passes only on its retry is reported as flaky in the list (and named in the
  // closing note) rather than failing the landing; locally none.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.CREDENCE_URL ?? 'http://127.0.0.1:3100',
    screenshot: 'only-on-failure',
    // Only the retry records a trace: recording one for every test (screencast frames included) took a third of the
    // CPU on two cores (issue 28).
    trace: 'on-first-retry',
    viewport: { width: 1400, height: 900 },
    // The person at this browser asked for less motion: the app then opens dialogs, menus and toasts without their
    // transitions (app-theme.ts, reducedMotionTheme), so no test waits for an animation to end (issue 28).
    reducedMotion: 'reduce',
  },
  projects: [
    // Debian's chromium-headless-shell: the same Chromium built for automation (no browser UI or extensions), measured
    // at half the CPU of /usr/bin/chromium per test on two cores (issue 28).
    { name: 'chromium', grepInvert: /@pdf-viewer/, use: { launchOptions: browser('chromium-headless-shell') } },
    // The shell has no PDF viewer: a test that opens a PDF in a tab of its own (tag @pdf-viewer) runs in the full
    // Chromium.
    { name: 'chromium-pdf', grep: /@pdf-viewer/, use: { launchOptions: browser('chromium') } },
  ],
});
