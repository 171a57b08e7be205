import { expect, test, type APIRequestContext, type Page } from '../support/test.ts';
import { apiAuth, createAutoApplication } from '../support/applications.ts';
import { routeHub } from '../support/hub.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';

/**
 * The real-time hub in the browser (issue 31, items 3, 5 and 6; spec 1 §4 and §8, spec 3 §4): the side menu's counts
 * follow the server without polling, a worksheet is locked while the hub reconnects, and a lock of mine that another
 * user removes reloads my worksheet with its notice at once. The page's socket passes through the test (routeHub),
 * which sees the server's frames, cuts the connection and refuses reconnections for a while. (A comment reaching
 * another user's bell live: notifications.spec.ts.)
 */

const texts = {
  reconnecting: 'Please wait. System reconnecting. Application is locked and cannot be edited.',
  reconnected: 'Connection restored.  Application is now unlocked',
  lostRefresh: 'Communication with server has been lost. Please press F5 to refresh if this message persists.',
  lostNavigate: 'Communication with server has been lost. Please navigate away and back to this page.',
};

/** An auto application created by the administrator, whose lock is then released: nobody holds it. */
const createUnlockedApplication = async (request: APIRequestContext, lastName: string): Promise<number> => {
  const id = await createAutoApplication(request, { user: users.admin, firstName: 'Rae', lastName });
  const headers = await apiAuth(request, users.admin);
  expect((await request.post(`/api/applications/${id}/lock/release`, { headers })).status()).toBe(204);
  return id;
};

const lockChip = (page: Page) => page.getByTestId('header-lock');

test('the side menu count changes live when an application enters My Queue', async ({ page, request }) => {
  const hub = await routeHub(page);
  await signIn(page, users.officer);
  await hub.connected();
  const count = page
    .getByTestId('side-menu')
    .getByRole('link', { name: /^My Queue/ })
    .getByTestId('menu-count');
  await expect(count).toHaveText(/^\d+$/);
  // The count read on connecting is in: the menu is read once the socket is connected.
  await page.waitForLoadState('networkidle');
  const before = Number(await count.textContent());

  // The officer's new application (created through the API, not this page) is in her queue: the count follows at
  // once — the menu is not polled while the hub is connected (every 30 s otherwise).
  await createAutoApplication(request, { lastName: 'Menucount' });
  await expect(count).toHaveText(String(before + 1), { timeout: 5000 });
});

test('while the hub reconnects, the worksheet is locked with the notice; once back, it is editable again', async ({
  page,
  request,
}) => {
  const id = await createUnlockedApplication(request, 'Reconnect');
  const hub = await routeHub(page);
  await signIn(page, users.officer, { at: `/application/${id}` });
  await hub.joined(id);
  await page.getByRole('button', { name: 'Edit request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Auto' });
  await dialog.getByRole('textbox', { name: 'Term (months)' }).fill('60');
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeEnabled();

  // The connection drops and the server is away: editing is locked, the dialog's Save too, and the notice says so.
  await hub.cut({ refuse: true });
  const notice = page.getByTestId('connection-notice');
  await expect(notice).toHaveText(texts.reconnecting);
  await expect(save).toBeDisabled();
  const worksheet = page.getByTestId('collateral-card');
  await expect(worksheet.getByRole('button', { name: 'Edit collateral', includeHidden: true })).toBeDisabled();
  await reviewShots(page, 'reconnecting-dialog');

  // The server is back: the notice goes, the confirmation says so (two spaces, as written), Save works again.
  const rejoin = hub.mark();
  hub.allow();
  await hub.joined(id, rejoin);
  await expect(notice).toBeHidden();
  const restored = page.getByTestId('toast').filter({ hasText: /^Connection restored\./ });
  await expect(restored).toBeVisible();
  expect(await restored.textContent()).toBe(texts.reconnected);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('request-term')).toHaveText('60 months');

  // Reading the worksheet while reconnecting: every Edit is off, with the notice as its reason.
  await hub.cut({ refuse: true });
  await expect(notice).toHaveText(texts.reconnecting);
  for (const name of ['Edit request', 'Edit applicants', 'Edit collateral', 'Edit transaction'])
    await expect(page.getByRole('button', { name })).toBeDisabled();
  await reviewShots(page, 'reconnecting-worksheet');
  hub.allow();
  await expect(notice).toBeHidden();
  await expect(page.getByRole('button', { name: 'Edit request' })).toBeEnabled();
  expect(await lockChip(page).textContent()).toBe('Locked by you');
});

test("another user's unlock reloads my worksheet with its notice at once, and my unsaved changes are dropped", async ({
  page,
  request,
}) => {
  const id = await createUnlockedApplication(request, 'Liveunlock');
  const hub = await routeHub(page);
  await signIn(page, users.officer, { at: `/application/${id}` });
  await hub.joined(id);
  await page.getByRole('button', { name: 'Edit request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Auto' });
  await dialog.getByRole('textbox', { name: 'Term (months)' }).fill('36');
  await expect(lockChip(page)).toHaveText('Locked by you');

  // The administrator unlocks it (as from Application Locks): the room tells my page, which reads the lock at once
  // (it is not polled while the room is live: every 10 s otherwise).
  const event = hub.mark();
  const admin = await apiAuth(request, users.admin);
  expect((await request.delete(`/api/applications/${id}/lock`, { headers: admin })).status()).toBe(204);
  await hub.waitFor(/^42\["application",/, event);
  const notice = page.getByTestId('toast').filter({ hasText: 'Application Unlocked' });
  await expect(notice).toContainText(
    'Avery Morgan unlocked this application. The page was reloaded and unsaved changes were dropped.',
    { timeout: 3000 },
  );
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('request-term')).toHaveText('48 months');
  await expect(lockChip(page)).toHaveText('Unlocked');

  // The lock holder is live too: the administrator takes it, and my page names her without a reload.
  expect((await request.post(`/api/applications/${id}/lock`, { headers: admin })).status()).toBe(200);
  await expect(lockChip(page)).toHaveText('Locked by Avery Morgan', { timeout: 3000 });
  await expect(page.getByRole('button', { name: 'Edit request' })).toBeDisabled();
});

test('communication lost: a refused join says to navigate away and back; a save that cannot reach the server says F5', async ({
  page,
  request,
}) => {
  const id = await createUnlockedApplication(request, 'Lostlink');
  const hub = await routeHub(page);
  hub.refuseJoins(true);
  await signIn(page, users.officer, { at: `/application/${id}` });
  const notice = page.getByTestId('connection-notice');
  await expect(notice).toHaveText(texts.lostNavigate);
  await reviewShots(page, 'communication-lost-banner');
  // Editing goes on (the lock is polled meanwhile); navigating away and back joins again.
  await expect(page.getByRole('button', { name: 'Edit request' })).toBeEnabled();
  hub.refuseJoins(false);
  const rejoin = hub.mark();
  await page.getByTestId('side-menu').getByText('My Queue', { exact: true }).click();
  // Away once the queue is drawn: until then the worksheet is still mounted (the route changes in a transition),
  // and going back at once would never have left it.
  await expect(page.getByTestId('queue-grid')).toBeVisible();
  await expect(page.getByTestId('connection-notice')).toBeHidden();
  await page.goBack();
  await hub.joined(id, rejoin);
  await expect(notice).toBeHidden();

  // The server cannot be reached as the request is saved: the error toast says so, not 'backend server error'.
  await page.getByRole('button', { name: 'Edit request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Auto' });
  await dialog.getByRole('textbox', { name: 'Term (months)' }).fill('72');
  await page.route(`**/api/applications/${id}/request`, (route) => route.abort('connectionrefused'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Communication with server' })).toHaveText(
    `Error${texts.lostRefresh}`,
  );
  await expect(dialog).toBeVisible();
});

test.describe('a server that stops and starts again', () => {
  // This server may be stopped and started by a test (run-e2e.ts: the restartable server and its switch).
  test.use({ baseURL: process.env.CREDENCE_RESTARTABLE_URL ?? 'http://127.0.0.1:3104' });
  const control = (action: 'stop' | 'start') =>
    fetch(`${process.env.CREDENCE_RESTART_CONTROL_URL ?? 'http://127.0.0.1:3105'}/${action}`, { method: 'POST' });

  test('locks the worksheet while the server is away, and unlocks it once the server is back', async ({
    page,
    request,
  }) => {
    const id = await createUnlockedApplication(request, 'Restart');
    const hub = await routeHub(page);
    await signIn(page, users.officer, { at: `/application/${id}` });
    await hub.joined(id);
    await page.getByRole('button', { name: 'Edit request' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Auto' });
    await dialog.getByRole('textbox', { name: 'Term (months)' }).fill('72');
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeEnabled();

    // The server stops as in a deployment (SIGTERM): its connections drop, the page reconnects and locks editing.
    expect((await control('stop')).status).toBe(204);
    const notice = page.getByTestId('connection-notice');
    await expect(notice).toHaveText(texts.reconnecting);
    await expect(save).toBeDisabled();

    // Started again: the page reconnects by itself, says so (two spaces, as written), and the save goes through.
    const rejoin = hub.mark();
    expect((await control('start')).status).toBe(204);
    await hub.joined(id, rejoin);
    await expect(notice).toBeHidden();
    const restored = page.getByTestId('toast').filter({ hasText: /^Connection restored\./ });
    expect(await restored.textContent()).toBe(texts.reconnected);
    await save.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('request-term')).toHaveText('72 months');
  });
});
