import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from '../support/test.ts';
import { apiAuth } from '../support/applications.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { signIn, users } from '../support/sign-in.ts';

/**
 * No serious or critical axe-core violation on any page or dialog layout (issue 17, item 9; issue 28, item 2). This
 * is the one place axe runs: every page the side menu leads to (read from GET /api/menu, so a new page or
 * administration area adds itself), each administration area's form, the worksheets of a funded loan with the
 * Loan Summary dialog, and the pages outside the menu. The tests share out among the workers.
 */
test.describe.configure({ mode: 'parallel' });

type User = (typeof users)[keyof typeof users];
type MenuItem = { url: string | null; externalLink: boolean; childMenuItems: MenuItem[] };

/** The in-app pages of a menu section, depth first, without duplicates. */
const pagesOf = (items: MenuItem[]): string[] => [
  ...new Set(
    items.flatMap((item) => [
      ...(item.url && !item.externalLink && item.url.startsWith('/') ? [item.url] : []),
      ...pagesOf(item.childMenuItems),
    ]),
  ),
];

const menuPages = async (request: APIRequestContext, user: User, section: 'main' | 'administration') => {
  const headers = await apiAuth(request, user);
  const menu = await request.get('/api/menu', { headers });
  expect(menu.ok()).toBeTruthy();
  return pagesOf(((await menu.json()) as Record<typeof section, MenuItem[]>)[section]);
};

/** The page is drawn: its main heading is there and no loading indicator is left. */
const settled = async (page: Page) => {
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
};

const visit = async (page: Page, path: string, ready: (page: Page) => Promise<void> = settled) => {
  await page.goto(path);
  await ready(page);
  await expectNoSeriousA11yViolations(page, path);
};

/**
 * Opens a page of the menu inside the app already loaded, as a menu link does (a whole load costs ~2 s on two
 * cores, issue 28), and scans it once its own heading replaced the last page's — until then the last page's
 * buttons may still be there. A page whose heading is the last one's is loaded whole instead.
 */
const visitInApp = async (page: Page, path: string) => {
  const heading = page.getByRole('heading').first();
  const before = await heading.textContent();
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  const moved = await expect(heading)
    .not.toHaveText(before ?? '', { timeout: 5000 })
    .then(() => true)
    .catch(() => false);
  if (!moved) return visit(page, path);
  await settled(page);
  await expectNoSeriousA11yViolations(page, path);
};

test('the sign-in, change-password and set-password pages', async ({ page }) => {
  await visit(page, '/login', async (p) => {
    await expect(p.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
  await visit(page, '/setPassword');
  await signIn(page, users.officer, { at: '/changePassword' });
  await settled(page);
  await expectNoSeriousA11yViolations(page, '/changePassword');
});

/** Part `part` of `parts` of a menu section's pages: every `parts`-th page, so the workers share them. */
const partOf = async (
  request: APIRequestContext,
  user: User,
  section: 'main' | 'administration',
  part: number,
  parts: number,
) => {
  const pages = (await menuPages(request, user, section)).filter((_, index) => index % parts === part);
  expect(pages.length).toBeGreaterThan(0);
  return pages;
};

test('home with the bell open, and the collapsed menu', async ({ page }) => {
  await signIn(page, users.officer);
  await expectNoSeriousA11yViolations(page, '/home');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/home with the notifications open');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/home, the menu collapsed');
  await visit(page, '/allApplicationsQueue');
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
});

const OFFICER_PARTS = 3;
for (let part = 0; part < OFFICER_PARTS; part += 1) {
  test(`the loan officer’s menu pages, part ${part + 1} of ${OFFICER_PARTS}`, async ({ page, request }) => {
    const pages = await partOf(request, users.officer, 'main', part, OFFICER_PARTS);
    await signIn(page, users.officer, { at: pages[0] });
    await settled(page);
    await expectNoSeriousA11yViolations(page, pages[0]);
    for (const path of pages.slice(1)) await visitInApp(page, path);
  });
}

test('the pages outside the menu: profile, tools, the calculator, letters, reports, a new application, not found', async ({
  page,
}) => {
  await signIn(page, users.admin, { at: '/profile' });
  await settled(page);
  await expectNoSeriousA11yViolations(page, '/profile');
  for (const path of ['/tools', '/filters', '/letters', '/no/such/page']) await visit(page, path);
  // The Reports area (the administrator's menu; the officer's, which the tests above walk, has none).
  for (const path of ['/reports', '/reports/pipeline', '/reports/fundedLoans', '/reports/adverseActions?view=overdue'])
    await visit(page, path);
  await visit(page, '/popup/paymentCalculator', async (p) => {
    await expect(p.getByLabel('Loan Amount')).toBeVisible();
  });
  await visit(page, '/application', async (p) => {
    await expect(p.getByTestId('applicants-section')).toBeVisible();
  });
});

/** A funded demo loan nobody holds, for its worksheets (read only: its lock is released at the end). */
const fundedLoan = async (request: APIRequestContext) => {
  const headers = await apiAuth(request, users.admin);
  const search = await request.post('/api/applicationqueues/allApplicationsQueue/search', {
    headers,
    data: { filter: { logic: 'and', filters: [{ field: 'state', operator: 'is', value: 'funded' }] }, page: 1 },
  });
  expect(search.ok(), await search.text()).toBeTruthy();
  const rows = ((await search.json()) as { data: { applicationId: number; lockingUser: string | null }[] }).data;
  const free = rows.find((row) => row.lockingUser === null);
  expect(free, 'a funded demo loan').toBeDefined();
  return free!.applicationId;
};

test('the worksheets of a funded loan with their tabs and the Loan Summary dialog', async ({ page, request }) => {
  const id = await fundedLoan(request);
  await signIn(page, users.admin, { at: `/application/${id}` });
  await expect(page.getByTestId('header-lock')).toBeVisible();
  await expectNoSeriousA11yViolations(page, `/application/${id}`);
  for (const tab of ['History', 'Comments', 'Files']) {
    const control = page.getByRole('tab', { name: tab });
    if ((await control.count()) === 0) continue;
    await control.click();
    await expect(control).toHaveAttribute('aria-selected', 'true');
    await expectNoSeriousA11yViolations(page, `/application/${id}, ${tab}`);
  }
  for (const worksheet of ['credit', 'decision', 'fundingRequirements', 'sales', 'closingSummary', 'fund']) {
    await visit(page, `/${worksheet}/${id}`);
  }
  await page.getByRole('button', { name: 'Loan Summary' }).click();
  await expect(page.getByRole('dialog', { name: 'Loan Summary' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, `/fund/${id}, the Loan Summary dialog`);
  await page.keyboard.press('Escape');
  const headers = await apiAuth(request, users.admin);
  await request.post(`/api/applications/${id}/lock/release`, { headers });
});

/**
 * Every administration page of the menu, and the form its Add button opens where it has one (a dialog, or a row
 * added in place); in parts so the workers share them (part i takes every ADMIN_PARTS-th page).
 */
const ADMIN_PARTS = 6;
for (let part = 0; part < ADMIN_PARTS; part += 1) {
  test(`the administration pages and their forms, part ${part + 1} of ${ADMIN_PARTS}`, async ({ page, request }) => {
    const pages = await partOf(request, users.admin, 'administration', part, ADMIN_PARTS);
    await signIn(page, users.admin, { at: '/admin' });
    await settled(page);
    if (part === 0) await expectNoSeriousA11yViolations(page, '/admin');
    // An Add that changes the page in place (a new row) leaves unsaved work: leaving it is confirmed.
    page.on('dialog', (dialog) => void dialog.accept());
    for (const path of pages) {
      await visitInApp(page, path);
      const add = page.getByRole('button', { name: /^Add / }).first();
      if ((await add.count()) === 0 || !(await add.isEnabled())) continue;
      const inputs = await page.locator('input').count();
      await add.click();
      // The Add form: a dialog, or fields added in place.
      const dialog = page.getByRole('dialog');
      await expect(dialog.or(page.locator('input').nth(inputs))).not.toHaveCount(0);
      const opened = (await dialog.count()) > 0;
      await expectNoSeriousA11yViolations(page, `${path}, after Add`);
      if (!opened) continue;
      await page.keyboard.press('Escape');
      const leave = page.getByRole('button', { name: 'Yes' });
      if (await leave.isVisible()) await leave.click();
      await expect(dialog).toHaveCount(0);
    }
  });
}
