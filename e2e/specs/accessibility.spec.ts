import { expect, test, type Page } from '../support/test.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { signIn, users } from '../support/sign-in.ts';

/**
 * Issue 17, item 9: no serious or critical axe-core violation on any page the browser suite visits. Every other
 * test is also checked on the page it ends on (support/test.ts); this one walks the pages in turn.
 */

const visit = async (page: Page, path: string, ready: (page: Page) => Promise<void>) => {
  await page.goto(path);
  await ready(page);
  await expectNoSeriousA11yViolations(page, path);
};

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name }).first()).toBeVisible();
};

test('the sign-in page', async ({ page }) => {
  await visit(page, '/login', async (p) => {
    await expect(p.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
});

test('the loan officer’s pages: home, the bell, queues, filters, profile, tools, a worksheet', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, users.officer);
  await expectNoSeriousA11yViolations(page, '/home');

  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/home with the notifications open');
  await page.keyboard.press('Escape');

  for (const path of ['/allApplicationsQueue', '/creditQueue']) {
    await visit(page, path, async (p) => {
      await expect(p.getByRole('row').nth(1)).toBeVisible();
    });
  }
  await visit(page, '/filters', heading(/Filters/));
  await visit(page, '/profile', heading(/Profile/));
  await visit(page, '/popup/paymentCalculator', async (p) => {
    await expect(p.getByLabel('Loan Amount')).toBeVisible();
  });
  await visit(page, '/application', async (p) => {
    await expect(p.getByTestId('applicants-section')).toBeVisible();
  });

  // A seeded application not used by the other specs, so its lock bothers nobody.
  await visit(page, '/application/10010', async (p) => {
    await expect(p.getByTestId('header-lock')).toBeVisible();
  });
  for (const tab of ['History', 'Comments', 'Files']) {
    const control = page.getByRole('tab', { name: tab });
    if ((await control.count()) === 0) continue;
    await control.click();
    await page.waitForTimeout(500);
    await expectNoSeriousA11yViolations(page, `/application/10010, ${tab}`);
  }
});

test('the collapsed side menu: icons with their count badges, on home and a queue', async ({ page }) => {
  await signIn(page, users.officer);
  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
  await expect(page.getByTestId('side-menu').getByText('My Queue', { exact: true })).toBeHidden();
  await expectNoSeriousA11yViolations(page, '/home, menu collapsed');
  await visit(page, '/allApplicationsQueue', async (p) => {
    await expect(p.getByRole('row').nth(1)).toBeVisible();
  });
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
});

test('the administrator’s pages: administration, audit, dealers', async ({ page }) => {
  await signIn(page, users.admin);
  await visit(page, '/admin', async (p) => {
    await expect(p.getByTestId('side-menu').getByText('Exit Administration', { exact: true })).toBeVisible();
  });
  await visit(page, '/admin/audit', heading(/Audit/));
  await visit(page, '/admin/dealers', heading(/Dealers/));
  await visit(page, '/admin/applicationLocks', heading('Locks held now'));
});
