import { expect, test, type APIRequestContext, type Browser, type Page } from '../support/test.ts';
import { reviewShots } from '../support/screenshots.ts';
import { apiAuth, createAutoApplication } from '../support/applications.ts';
import { signIn, users } from '../support/sign-in.ts';

/**
 * Issue 17, items 2 and 3: the application lock follows the user (taken when they start editing, released when
 * they leave, close the tab or sign out), and queue rows open a worksheet that is built.
 */

/** An auto application created by the administrator, whose lock is then released: nobody holds it. */
const createUnlockedApplication = async (request: APIRequestContext, lastName: string): Promise<number> => {
  const id = await createAutoApplication(request, {
    user: users.admin,
    firstName: 'Lee',
    lastName,
    address: '8 Pine St',
  });
  const headers = await apiAuth(request, users.admin);
  expect((await request.post(`/api/applications/${id}/lock/release`, { headers })).status()).toBe(204);
  return id;
};

/** Who holds the lock, as the server says to the admin. */
const lockHolder = async (request: APIRequestContext, id: number): Promise<string | null> => {
  const headers = await apiAuth(request, users.admin);
  const info = (await (await request.get(`/api/applications/${id}/worksheetInfo`, { headers })).json()) as {
    lockingUser: { name: string } | null;
  };
  return info.lockingUser?.name ?? null;
};

const lockChip = (page: Page) => page.getByTestId('header-lock');

/** A second person, in a browser context of their own. */
const asColleague = async (browser: Browser) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, users.admin);
  return { page, close: () => context.close() };
};

test('opening to read takes no lock; editing takes it; leaving frees it for a colleague without unlocking', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const id = await createUnlockedApplication(request, 'Readonly');
  await signIn(page, users.officer, { at: `/application/${id}` });
  await expect(page.getByTestId('request-card')).toBeVisible();
  await expect(lockChip(page)).toHaveText('Unlocked');
  await expect(page.getByRole('button', { name: 'Edit request' })).toBeEnabled();
  expect(await lockHolder(request, id)).toBeNull();

  // Starting to edit takes the lock; the colleague sees who holds it and cannot edit.
  await page.getByRole('button', { name: 'Edit request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Auto' });
  await expect(dialog).toBeVisible();
  await expect(lockChip(page)).toHaveText('Locked by you');
  expect(await lockHolder(request, id)).toBe('Olivia Chen');
  const colleague = await asColleague(browser);
  try {
    await colleague.page.goto(`/application/${id}`);
    await expect(lockChip(colleague.page)).toHaveText('Locked by Olivia Chen');
    await expect(colleague.page.getByTestId('locked-by-alert')).toContainText(
      'This application is locked by Olivia Chen.',
    );
    await expect(colleague.page.getByRole('button', { name: 'Edit request' })).toBeDisabled();

    // Switching between the worksheets of the same application keeps the lock.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('tab', { name: /Credit/ }).click();
    await expect(page).toHaveURL(new RegExp(`/credit/${id}$`));
    await expect(lockChip(page)).toHaveText('Locked by you');
    await page.getByRole('tab', { name: /Application/ }).click();
    await expect(page).toHaveURL(new RegExp(`/application/${id}$`));
    await expect(lockChip(page)).toHaveText('Locked by you');
    await expect.poll(() => lockHolder(request, id)).toBe('Olivia Chen');

    // Leaving the worksheets (a route change) releases it: the colleague edits without unlocking.
    await page.getByTestId('side-menu').getByText('My Queue', { exact: true }).click();
    await expect(page).not.toHaveURL(/\/application\//);
    await expect.poll(() => lockHolder(request, id)).toBeNull();
    await expect(lockChip(colleague.page)).toHaveText('Unlocked', { timeout: 20_000 });
    await expect(colleague.page.getByTestId('locked-by-alert')).toBeHidden();
    await colleague.page.getByRole('button', { name: 'Edit request' }).click();
    await expect(colleague.page.getByRole('dialog', { name: 'New Auto' })).toBeVisible();
    await expect(lockChip(colleague.page)).toHaveText('Locked by you');
    await expect(colleague.page.getByRole('dialog', { name: 'Unlock Application' })).toHaveCount(0);

    // Now the officer opening it to read is told who holds it, and Edit is off.
    await page.goto(`/application/${id}`);
    await expect(lockChip(page)).toHaveText('Locked by Avery Morgan');
    await expect(page.getByRole('button', { name: 'Edit request' })).toBeDisabled();
  } finally {
    await colleague.close();
  }
});

test('closing the tab releases the lock', async ({ browser, request }) => {
  const id = await createUnlockedApplication(request, 'Tabclose');
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, users.officer, { at: `/application/${id}` });
  await page.getByRole('button', { name: 'Edit request' }).click();
  await expect(lockChip(page)).toHaveText('Locked by you');
  await page.getByRole('dialog', { name: 'New Auto' }).getByRole('button', { name: 'Cancel' }).click();
  expect(await lockHolder(request, id)).toBe('Olivia Chen');

  // pagehide sends the release with keepalive, so it completes while the tab goes away.
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => lockHolder(request, id), { timeout: 10_000 }).toBeNull();
  await context.close();
});

test('reloading the worksheet lets go of the lock, and the chip never claims it', async ({ page, request }) => {
  const id = await createUnlockedApplication(request, 'Reload');
  await signIn(page, users.officer, { at: `/application/${id}` });
  await page.getByRole('button', { name: 'Edit request' }).click();
  await expect(lockChip(page)).toHaveText('Locked by you');
  await page.getByRole('dialog', { name: 'New Auto' }).getByRole('button', { name: 'Cancel' }).click();

  // Every text the chip shows from the reload on is recorded: the released lock is never shown as held.
  await page.evaluate(() => sessionStorage.setItem('e2e.chipTexts', ''));
  await page.addInitScript(() => {
    const record = () => {
      const chip = document.querySelector('[data-testid="header-lock"]');
      if (chip?.textContent)
        sessionStorage.setItem('e2e.chipTexts', `${sessionStorage.getItem('e2e.chipTexts') ?? ''}|${chip.textContent}`);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
  });
  // The old page's release is lost on the way (a flaky network as the page goes away): the new page reads
  // worksheet info that still says the officer holds the lock, and must neither show nor keep it.
  await page.evaluate(() => {
    const send = window.fetch.bind(window);
    window.fetch = (input, init) =>
      String(input instanceof Request ? input.url : input).includes('/lock/release')
        ? Promise.resolve(new Response(null, { status: 204 }))
        : send(input, init);
  });
  await page.reload();
  await expect(page.getByTestId('request-card')).toBeVisible();
  await expect(lockChip(page)).toHaveText('Unlocked');
  await expect.poll(() => lockHolder(request, id)).toBeNull();
  // The worksheet info comes back once more: the person returns to the tab, which asks for it at once (as the
  // 10 s poll would).
  const polled = page.waitForResponse((r) => r.url().endsWith(`/api/applications/${id}/worksheetInfo`) && r.ok());
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await polled;
  await expect(lockChip(page)).toHaveText('Unlocked');
  expect(await lockHolder(request, id)).toBeNull();
  const seen = await page.evaluate(() => sessionStorage.getItem('e2e.chipTexts') ?? '');
  expect(seen).toContain('Unlocked');
  expect(seen).not.toContain('Locked by');

  // Editing again takes it as before.
  await page.getByRole('button', { name: 'Edit request' }).click();
  await expect(lockChip(page)).toHaveText('Locked by you');
  expect(await lockHolder(request, id)).toBe('Olivia Chen');
});

test('signing out releases the lock', async ({ page, request }) => {
  const id = await createUnlockedApplication(request, 'Signout');
  await signIn(page, users.officer, { at: `/application/${id}` });
  await page.getByRole('button', { name: 'Edit collateral' }).click();
  await expect(lockChip(page)).toHaveText('Locked by you');
  await page.keyboard.press('Escape');
  expect(await lockHolder(request, id)).toBe('Olivia Chen');

  await page.getByRole('button', { name: /Olivia/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('dialog', { name: 'Sign Out' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/login\?.*logout=true/);
  await expect.poll(() => lockHolder(request, id)).toBeNull();
});

test("a queue row of a 'reviewed' application opens the Decision worksheet; unbuilt tabs say so", async ({ page }) => {
  await signIn(page, users.admin);
  await page.goto('/allApplicationsQueue?filter=' + encodeURIComponent('[["state","is","reviewed"]]'));
  const rows = page.getByTestId('queue-grid').locator('[role="row"][data-id]');
  await expect(rows.first()).toBeVisible();
  const id = await rows.first().getAttribute('data-id');
  await expect(rows.first().getByRole('link', { name: id! })).toHaveAttribute('href', `/decision/${id}`);
  await rows.first().locator('[data-field="applicantName"]').click();
  await expect(page).toHaveURL(new RegExp(`/decision/${id}$`));
  await expect(page.getByRole('heading', { name: 'Decision Worksheet' })).toBeVisible();
  await expect(page.getByTestId('decision-card')).toBeVisible();

  // The Sales worksheet is not built yet: its tab and page say so.
  const tabs = page.getByRole('tablist', { name: 'Worksheets' });
  for (const name of ['Application', 'Credit', 'Decision', 'Requirements', 'Funding', 'Closing Summary']) {
    await expect(tabs.getByRole('tab', { name, exact: true })).toBeVisible();
  }
  await expect(tabs.getByRole('tab', { name: 'Sales Not available yet' })).toBeVisible();
  await tabs.getByRole('tab', { name: /^Sales/ }).click();
  await expect(page).toHaveURL(new RegExp(`/sales/${id}$`));
  const notice = page.getByTestId('worksheet-not-available');
  await expect(notice.getByRole('heading', { name: 'The Sales Worksheet is not available yet' })).toBeVisible();
  await expect(notice).toContainText('can be seen and edited on the Application worksheet');
  await reviewShots(page, 'worksheet-not-available');
  await notice.getByRole('link', { name: 'Open the Application worksheet' }).click();
  await expect(page).toHaveURL(new RegExp(`/application/${id}$`));
});

test("an administrator releases a colleague's lock from Application Locks, and turns on lock on open", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const id = await createUnlockedApplication(request, 'Leftbehind');
  const officerHeaders = await apiAuth(request, users.officer);
  expect((await request.post(`/api/applications/${id}/lock`, { headers: officerHeaders })).status()).toBe(200);

  await signIn(page, users.admin);
  const menu = page.getByTestId('side-menu');
  await menu.getByText('Administration', { exact: true }).click();
  await menu.getByText('Application Locks', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/applicationLocks$/);
  const held = page.getByRole('table', { name: 'Locks held now' });
  const row = held.getByRole('row').filter({ hasText: String(id) });
  await expect(row).toContainText('Olivia Chen');
  await reviewShots(page, 'application-locks');
  await row.getByRole('button', { name: `Unlock application ${id}` }).click();
  const confirmDialog = page.getByRole('dialog', { name: 'Unlock Application' });
  await expect(confirmDialog).toContainText(`Application ${id} is locked by Olivia Chen.`);
  await confirmDialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(`Application ${id} is unlocked.`)).toBeVisible();
  await expect(held.getByRole('row').filter({ hasText: String(id) })).toHaveCount(0);
  expect(await lockHolder(request, id)).toBeNull();

  const setting = page.getByRole('checkbox', { name: 'Lock an application as soon as its worksheet is opened' });
  await expect(setting).not.toBeChecked();
  await setting.check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  try {
    // Now a colleague who only opens the worksheet holds the lock.
    const colleague = await browser.newContext();
    const officerPage = await colleague.newPage();
    await signIn(officerPage, users.officer, { at: `/application/${id}` });
    await expect(lockChip(officerPage)).toHaveText('Locked by you');
    await expect.poll(() => lockHolder(request, id)).toBe('Olivia Chen');
    await colleague.close();
    await page.reload();
    await expect(setting).toBeChecked();
  } finally {
    await setting.uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(setting).not.toBeChecked();
    const headers = await apiAuth(request, users.admin);
    expect((await request.get('/api/applicationLocks/settings', { headers })).ok()).toBe(true);
    expect(await (await request.get('/api/applicationLocks/settings', { headers })).json()).toEqual({
      lockOnOpen: false,
    });
  }
});
