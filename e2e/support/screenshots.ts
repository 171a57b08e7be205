import type { Page } from '@playwright/test';

/** Viewport widths the issue reviews (issue 17): laptop and wide screen. */
export const SHOT_WIDTHS = [1280, 1920] as const;

/**
 * Screenshots of the page as it is now at each review width, when SHOTS_DIR is set (`SHOTS_DIR=/tmp/shots`);
 * otherwise nothing. The viewport is put back afterwards.
 */
export const reviewShots = async (page: Page, name: string) => {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const before = page.viewportSize();
  for (const width of SHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}-${width}.png` });
  }
  if (before) await page.setViewportSize(before);
};
