import type { Page } from '@playwright/test';

/** Viewport widths the issue reviews (issue 17): laptop and wide screen. */
export const SHOT_WIDTHS = [1280, 1920] as const;

/**
 * Screenshots of the page as it is now at each review width, when SHOTS_DIR is set (`SHOTS_DIR=/tmp/shots`);
 * otherwise nothing (and no time spent). `settleMs` lets what paints late (the browser's PDF viewer) finish first.
 * The viewport is put back afterwards.
 */
export const reviewShots = async (page: Page, name: string, { settleMs = 0 } = {}) => {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  if (settleMs > 0) await page.waitForTimeout(settleMs);
  const before = page.viewportSize();
  for (const width of SHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}-${width}.png` });
  }
  if (before) await page.setViewportSize(before);
};
