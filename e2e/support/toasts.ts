import type { Page } from '@playwright/test';
import { expect } from './test.ts';

/**
 * Closes every toast by its × (they stay 30 s), again while one is still arriving or leaving, until none is left:
 * for a test that counts toasts or looks at the page without them.
 */
export const closeToasts = async (page: Page) => {
  const toasts = page.locator('.Toastify__toast');
  await expect(async () => {
    for (const close of await toasts.getByRole('button', { name: /close/i }).all()) {
      await close.click({ timeout: 1000 }).catch(() => undefined);
    }
    await expect(toasts).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
};
