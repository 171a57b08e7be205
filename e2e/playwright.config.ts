import { defineConfig } from '@playwright/test';

/** Debian's Chromium, headless, with the flags this closed network needs. Servers are started by run-e2e.ts. */
export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  // One retry on CI: a test that passes only on its retry is reported as flaky in the list (and named in the
  // closing note) rather than failing the landing; locally none.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: process.env.CREDENCE_URL ?? 'http://127.0.0.1:3100',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
