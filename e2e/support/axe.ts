import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

// axe-core itself (engines: any Node), not `@axe-core/playwright`, which needs Node 22.
const axe = createRequire(import.meta.url)('axe-core') as { source: string };

/** The impacts that fail the suite (issue 17, item 9); moderate and minor are left to review. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

type AxeNode = { target: unknown[]; html: string; failureSummary?: string };
type AxeViolation = { id: string; impact: string | null; help: string; nodes: AxeNode[] };

/**
 * Runs axe-core (WCAG 2.x A/AA and best practices) on the page as it is now and returns its serious and
 * critical violations, one line per rule and element. The source goes in through `page.evaluate`, which
 * the app's strict CSP (`script-src 'self'`) does not block, unlike an inline `<script>` tag.
 */
export const seriousA11yViolations = async (page: Page): Promise<string[]> => {
  // Let entrance and exit animations that end within 2 s finish first (a toast fading in has, for a moment, text
  // of too little contrast); long ones such as a toast's 30 s progress bar are not waited for.
  await page.evaluate(async () => {
    const settling = document.getAnimations().filter((animation) => {
      const end = Number(animation.effect?.getComputedTiming().endTime);
      const now = Number(animation.currentTime ?? 0);
      return animation.playState === 'running' && Number.isFinite(end) && end - now < 2000;
    });
    await Promise.race([
      Promise.all(settling.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const run = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } }).axe.run;
    const result = (await run(document, { resultTypes: ['violations'] })) as { violations: unknown[] };
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact !== null && FAILING_IMPACTS.has(v.impact))
    .flatMap((v) =>
      v.nodes.map((n) => `${v.impact} ${v.id} (${v.help}) at ${JSON.stringify(n.target)}: ${n.html.slice(0, 400)}`),
    );
};

/** Fails the test (softly: the test goes on, so one run names every page) when axe finds a serious or critical violation on the page as it is now. */
export const expectNoSeriousA11yViolations = async (page: Page, where = page.url()) => {
  const found = await seriousA11yViolations(page);
  expect.soft(found, `axe: serious or critical violations on ${where}`).toEqual([]);
};
