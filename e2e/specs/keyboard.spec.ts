import { expect, test, type Page } from '../support/test.ts';
import { apiAuth, createAutoApplication } from '../support/applications.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';

/** Density and keyboard (issue 17, item 8). */

const grid = (page: Page) => page.getByTestId('queue-grid');
const dataRows = (page: Page) => grid(page).locator('[role="row"][data-id]');
const gridSettingUrl = '/api/user/gridSettings/queueGrid';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('The queue starts with compact rows, its columns fill a wide screen, and a density change survives a reload', async ({
  page,
  request,
}) => {
  // The officer's own column setting is put back afterwards (other specs read the officer's queues).
  const headers = await apiAuth(request, users.officer);
  const before = (await (await request.get(gridSettingUrl, { headers })).json()) as { setting: string | null };
  try {
    await request.put(gridSettingUrl, { headers, data: { setting: '{}' } });
    await page.setViewportSize({ width: 1920, height: 900 });
    await signIn(page, users.officer, { at: '/allApplicationsQueue' });
    await expect(dataRows(page).first()).toBeVisible();
    // Compact: 36 px rows (the grid's standard is 52 px).
    expect((await dataRows(page).first().boundingBox())?.height).toBeLessThanOrEqual(37);
    // The columns reach the grid's right edge at 1920 px (no empty band after the last column).
    const gridBox = (await grid(page).boundingBox())!;
    const headersBoxes = await grid(page)
      .getByRole('columnheader')
      .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().right));
    expect(gridBox.x + gridBox.width - Math.max(...headersBoxes)).toBeLessThan(24);
    await reviewShots(page, 'queue-compact');

    // The user picks Standard: it is saved for them and kept on reload.
    const saved = page.waitForResponse((r) => r.url().endsWith(gridSettingUrl) && r.request().method() === 'PUT');
    await grid(page).getByRole('button', { name: 'Density' }).click();
    await page.getByRole('menuitem', { name: 'Standard' }).click();
    await expect.poll(async () => (await dataRows(page).first().boundingBox())?.height).toBeGreaterThanOrEqual(51);
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(dataRows(page).first()).toBeVisible();
    expect((await dataRows(page).first().boundingBox())?.height).toBeGreaterThanOrEqual(51);
  } finally {
    await request.put(gridSettingUrl, { headers, data: { setting: before.setting ?? '{}' } });
  }
});

test('Enter on a focused queue row opens its worksheet', async ({ page }) => {
  await signIn(page, users.admin, { at: '/allApplicationsQueue' });
  await expect(dataRows(page).nth(1)).toBeVisible();
  const second = await dataRows(page).nth(1).getAttribute('data-id');
  // Focus the first row's applicant cell, move down a row with the arrow key, then Enter.
  await dataRows(page).first().locator('[data-field="applicantName"]').focus();
  await page.keyboard.press('ArrowDown');
  await expect(dataRows(page).nth(1).locator('[data-field="applicantName"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/[A-Za-z]+/${second}$`));
  await expect(page.getByTestId('header-application-id')).toHaveText(String(second));
});

test('Tab from the top reaches the skip link first; it moves the focus to the main content', async ({ page }) => {
  await signIn(page, users.officer, { at: '/allApplicationsQueue' });
  await expect(page.getByRole('heading', { name: 'All Applications' })).toBeVisible();
  // The page is drawn whole (its grid's toolbar too) before the person starts tabbing through it.
  const columns = grid(page).getByRole('button', { name: 'Columns', exact: true });
  await expect(columns).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(/\/allApplicationsQueue$/);
  // The next Tab goes on inside the page (the grid's toolbar), past the top bar and the menu.
  await page.keyboard.press('Tab');
  await expect(columns).toBeFocused();
});

test('Escape in an open dropdown of a dialog closes the dropdown, not the dialog', async ({ page, request }) => {
  const id = await createAutoApplication(request, { firstName: 'Esca', lastName: 'Pekey' });
  await signIn(page, users.officer, { at: `/application/${id}` });
  const actions = page.getByRole('toolbar', { name: 'Application actions' });

  // A Select (HMDA's Delivery Method).
  await actions.getByRole('button', { name: 'HMDA' }).click();
  const hmda = page.getByRole('dialog', { name: 'HMDA' });
  await hmda.getByRole('combobox', { name: 'Delivery Method' }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(hmda).toBeVisible();
  await expect(hmda.getByRole('combobox', { name: 'Delivery Method' })).toBeFocused();
  await hmda.getByRole('button', { name: 'Add Later' }).click();
  await expect(hmda).toBeHidden();

  // A multi-select (Share's users and groups).
  await actions.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share' });
  await share.getByRole('combobox', { name: 'Select users and/or user groups' }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(share).toBeVisible();
});

test('Ctrl+Enter posts a comment; Enter alone starts a new line', async ({ page, request }) => {
  const id = await createAutoApplication(request, { firstName: 'Kay', lastName: 'Board' });
  await signIn(page, users.officer, { at: `/application/${id}` });
  await page.getByRole('tab', { name: 'Comments' }).click();
  const panel = page.getByTestId('comments-panel');
  const box = panel.getByLabel('Add a journal comment');
  await box.click();
  await page.keyboard.type('Stips received');
  await page.keyboard.press('Enter');
  await page.keyboard.type('all four');
  await expect(box).toHaveValue('Stips received\nall four');
  await expect(panel.getByTestId('comment')).toHaveCount(0);
  await page.keyboard.press('Control+Enter');
  await expect(panel.getByTestId('comment')).toHaveCount(1);
  await expect(panel.getByTestId('comment')).toContainText('Stips received');
  await expect(box).toHaveValue('');
});

test('The collapsed side menu stays collapsed after a reload; its count badges sit clear of the icons', async ({
  page,
}) => {
  await signIn(page, users.admin);
  const menu = page.getByTestId('side-menu');
  await expect(menu).toHaveAttribute('data-state', 'expanded');
  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(menu).toHaveAttribute('data-state', 'collapsed');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
  await expect(menu).toHaveAttribute('data-state', 'collapsed');

  const counts = menu.getByTestId('menu-count-collapsed');
  await expect(counts.first()).toBeVisible();
  for (const count of await counts.all()) {
    const countBox = (await count.boundingBox())!;
    const iconBox = (await count.locator('xpath=preceding-sibling::*[local-name()="svg"][1]').boundingBox())!;
    expect(overlaps(countBox, iconBox)).toBe(false);
    // Inside the collapsed menu's width.
    const menuBox = (await menu.locator('.MuiDrawer-paper').boundingBox())!;
    expect(countBox.x + countBox.width).toBeLessThanOrEqual(menuBox.x + menuBox.width);
  }
  await reviewShots(page, 'menu-collapsed');

  await page.getByRole('button', { name: 'Expand menu' }).click();
  await page.reload();
  await expect(menu).toHaveAttribute('data-state', 'expanded');
});

test('A toast covers no action of the page: not the worksheet header, its lock chip, its tabs or its toolbar', async ({
  page,
  request,
}) => {
  const id = await createAutoApplication(request, { firstName: 'Tess', lastName: 'Toastwell' });
  await signIn(page, users.officer, { at: `/application/${id}` });
  await expect(page.getByTestId('header-lock')).toHaveText('Locked by you');
  await page.getByRole('toolbar', { name: 'Application actions' }).getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share' });
  await share.getByRole('combobox', { name: 'Select users and/or user groups' }).click();
  await page.getByRole('option', { name: /Avery Morgan/ }).click();
  await share.getByRole('button', { name: 'Save' }).click();
  const toast = page.locator('.Toastify__toast').filter({ hasText: 'Successfully updated shares' });
  await expect(toast).toBeVisible();
  await expect(share).toBeHidden();
  await page.mouse.move(5, 800); // not resting on the toast
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    // Every button, link, tab and field of the page outside the toasts, as the browser lays it out now.
    const covered = await toast.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const controls = document.querySelectorAll('button, a[href], [role="tab"], input, [role="combobox"]');
      return Array.from(controls)
        .filter((c) => !c.closest('.Toastify'))
        .filter((c) => {
          const r = c.getBoundingClientRect();
          const visible = r.width > 0 && r.height > 0 && c.checkVisibility({ visibilityProperty: true });
          return visible && r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom;
        })
        .map((c) => c.getAttribute('aria-label') ?? c.textContent);
    });
    expect(covered, `at ${width} px`).toEqual([]);
  }
  await reviewShots(page, 'worksheet-toast');
});
