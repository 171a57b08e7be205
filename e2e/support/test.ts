import { test as base } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';

export * from '@playwright/test';

/**
 * Playwright's `test` with an automatic accessibility check (issue 17, item 9): when a test has passed, axe-core
 * runs on the page it ended on — often with a dialog, a menu or an error still showing — and any serious or
 * critical violation fails the test. `specs/accessibility.spec.ts` visits every page of the suite in turn.
 * A test that must end on a state axe should not judge (none today) can opt out with `test.use({ axeCheck: false })`.
 */
export const test = base.extend<{ axeCheck: boolean; axeAfterEach: void }>({
  axeCheck: [true, { option: true }],
  axeAfterEach: [
    async ({ page, axeCheck }, use, testInfo) => {
      await use();
      if (!axeCheck || testInfo.status !== testInfo.expectedStatus || page.isClosed()) return;
      if (!/^https?:/.test(page.url())) return; // never navigated (API-only tests)
      // Swagger UI at /api/docs is a third-party developer tool served beside the app, not one of its pages.
      if (new URL(page.url()).pathname.startsWith('/api/')) return;
      const found = await seriousA11yViolations(page);
      if (found.length > 0) {
        throw new Error(`axe: serious or critical violations on ${page.url()}:\n${found.join('\n')}`);
      }
    },
    { auto: true },
  ],
});
