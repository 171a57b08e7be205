import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's `test`, each worker on a server of its own (issue 28, item 7): run-e2e.ts starts one Credence server
 * per worker, each on its own clone of the seeded demo database, and names them in CREDENCE_URLS. A test keeps the
 * origin the config gives when it sets `baseURL` itself (the short-idle server of the inactivity tests).
 *
 * Accessibility is checked in specs/accessibility.spec.ts alone, on every page and dialog layout (issue 28, item 2).
 */
const workerUrls = (process.env.CREDENCE_URLS ?? '').split(',').filter(Boolean);

export const test = base.extend<object, { workerBaseURL: string | undefined }>({
  workerBaseURL: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern
    async ({}, use, workerInfo) => use(workerUrls[workerInfo.parallelIndex % Math.max(workerUrls.length, 1)]),
    { scope: 'worker' },
  ],
  baseURL: async ({ baseURL, workerBaseURL }, use) => {
    const configured = process.env.CREDENCE_URL ?? 'http://127.0.0.1:3100';
    await use(baseURL === configured && workerBaseURL ? workerBaseURL : baseURL);
  },
});
