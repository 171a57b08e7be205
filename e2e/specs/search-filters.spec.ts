import { expect, test, type APIRequestContext, type Locator, type Page } from '../support/test.ts';
import { signIn, users } from '../support/sign-in.ts';
import { apiAuth } from '../support/applications.ts';

const shots = '/tmp/filters-shots';
const menu = (page: Page) => page.getByTestId('side-menu');
const myFiltersGroup = (page: Page) =>
  menu(page).getByRole('button', { name: 'My Filters' }).locator('xpath=following-sibling::*[1]');
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first();
const row = (page: Page, name: string): Locator =>
  page.getByTestId('my-filter-row').filter({ has: page.getByRole('cell', { name, exact: true }) });
const rowNames = (page: Page) => page.getByTestId('my-filter-row').locator('td:nth-child(2)').allInnerTexts();

const createFilter = async (page: Page, name: string) => {
  await page.getByRole('button', { name: 'New Filter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Filter' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Show On Side Menu').check();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Created Filter Successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, name)).toBeVisible();
};

type SearchFilterRef = {
  id: number;
  name: string;
  type: string;
  filter: string;
  showOnSideMenu: boolean;
  enabled: boolean;
  isMine: boolean;
};

/**
 * Puts back what this file changes, so that a retry starts from the seeded filters: the administrator's 'E2E …'
 * filters and queues are deleted, and the officer's 'New applications' leaves the side menu again.
 */
const restoreSeededFilters = async (request: APIRequestContext) => {
  const headers = await apiAuth(request, users.admin);
  const all = (await (await request.get('/api/SearchFilters/admin', { headers })).json()) as SearchFilterRef[];
  for (const filter of all.filter((f) => f.isMine && f.name.startsWith('E2E '))) {
    expect((await request.delete(`/api/SearchFilters/${filter.id}`, { headers })).ok()).toBe(true);
  }
  for (const filter of all.filter((f) => !f.isMine && f.name === 'New applications' && f.showOnSideMenu)) {
    const { name, type, filter: criteria, enabled } = filter;
    const data = { name, type, filter: criteria, enabled, showOnSideMenu: false };
    expect((await request.put(`/api/SearchFilters/${filter.id}/admin`, { headers, data })).ok()).toBe(true);
  }
};

// The tests run in order: the officer's test sees the filter the administrator published in the first.
test.describe.configure({ mode: 'serial' });

test('saved filters: create with name rules, side menu, publish, reorder, disable, delete', async ({ page }) => {
  test.setTimeout(120_000);
  await restoreSeededFilters(page.request);
  await signIn(page, users.admin);
  // The management page is the last entry of My Filters.
  await myFiltersGroup(page).getByText('Manage Filters', { exact: true }).click();
  await expect(page).toHaveURL(/\/filters$/);
  await expect(page.getByRole('heading', { name: 'My Filters and Queues' })).toBeVisible();

  // Name rules: required, at most 50, unique per type (the admin's seeded filter 'Pending over 50k').
  await page.getByRole('button', { name: 'New Filter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Filter' });
  const name = dialog.getByLabel('Name');
  const save = dialog.getByRole('button', { name: 'Save' });
  await name.fill('x');
  await name.fill('');
  await expect(dialog.getByText('Search filter name is required.')).toBeVisible();
  await expect(save).toBeDisabled();
  await name.fill('a'.repeat(51));
  await expect(dialog.getByText('Search filter name cannot exceed 50 characters.')).toBeVisible();
  await expect(save).toBeDisabled();
  await name.fill('Pending over 50k');
  await expect(dialog.getByText('Search filter name must be unique.')).toBeVisible();
  await expect(save).toBeDisabled();
  await name.fill('E2E Alpha');
  await expect(dialog.getByText('Search filter name must be unique.')).toBeHidden();
  await dialog.getByLabel('Show On Side Menu').check();
  await expect(save).toBeEnabled();
  await page.screenshot({ path: `${shots}/search-filter-dialog.png` });
  await save.click();
  await expect(toast(page, 'Created Filter Successfully.')).toBeVisible();
  await expect(row(page, 'E2E Alpha')).toBeVisible();
  await expect(myFiltersGroup(page).getByText('E2E Alpha', { exact: true })).toBeVisible();

  // Publish to a group; disabled groups are labelled.
  await row(page, 'E2E Alpha').getByRole('button', { name: 'Publish' }).click();
  const publish = page.getByRole('dialog', { name: 'Publish Filter' });
  await expect(publish.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await publish.getByRole('combobox').click();
  await expect(page.getByRole('option', { name: 'Branch Managers (Disabled)' })).toBeVisible();
  await page.getByRole('option', { name: 'Underwriters' }).click();
  await page.keyboard.press('Escape');
  await expect(publish.getByRole('combobox')).toHaveText('Underwriters');
  await page.screenshot({ path: `${shots}/publish-filter-dialog.png` });
  await publish.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page, 'Published Filter Successfully.')).toBeVisible();
  await expect(row(page, 'E2E Alpha')).toContainText('1 group');

  // A second filter, then drag it above the first.
  await createFilter(page, 'E2E Beta');
  let names = await rowNames(page);
  expect(names.indexOf('E2E Beta')).toBeGreaterThan(names.indexOf('E2E Alpha'));
  await row(page, 'E2E Beta').dragTo(row(page, 'E2E Alpha'));
  await expect(toast(page, 'Updated Filters Order Successfully.')).toBeVisible();
  await page.screenshot({ path: `${shots}/filters-page.png`, fullPage: true });
  await page.reload();
  await expect(row(page, 'E2E Beta')).toBeVisible();
  names = await rowNames(page);
  expect(names.indexOf('E2E Beta')).toBeLessThan(names.indexOf('E2E Alpha'));
  // The side menu loads its filters after the page: wait for both names, then compare their order.
  await expect(myFiltersGroup(page).getByText('E2E Beta', { exact: true })).toBeVisible();
  await expect(myFiltersGroup(page).getByText('E2E Alpha', { exact: true })).toBeVisible();
  const menuNames = await myFiltersGroup(page).getByRole('link').allInnerTexts();
  expect(menuNames.indexOf('E2E Beta')).toBeLessThan(menuNames.indexOf('E2E Alpha'));

  // The move buttons do the same from the keyboard.
  await row(page, 'E2E Alpha').getByRole('button', { name: 'Move up' }).click();
  await expect(toast(page, 'Updated Filters Order Successfully.').last()).toBeVisible();
  await expect
    .poll(async () => {
      const now = await rowNames(page);
      return now.indexOf('E2E Alpha') < now.indexOf('E2E Beta');
    })
    .toBe(true);

  // Disable: it leaves the side menu.
  await row(page, 'E2E Alpha').getByRole('button', { name: 'Disable' }).click();
  await expect(toast(page, 'Disabled Filter')).toBeVisible();
  await expect(row(page, 'E2E Alpha')).toContainText('Disabled');
  await expect(myFiltersGroup(page).getByText('E2E Alpha', { exact: true })).toHaveCount(0);
  await row(page, 'E2E Alpha').getByRole('button', { name: 'Enable' }).click();
  await expect(toast(page, 'Enabled Filter')).toBeVisible();
  await expect(myFiltersGroup(page).getByText('E2E Alpha', { exact: true })).toBeVisible();

  // Edit: rename.
  await row(page, 'E2E Beta').getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Filter' });
  await edit.getByLabel('Name').fill('E2E Gamma');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Updated Filter Successfully.')).toBeVisible();
  await expect(myFiltersGroup(page).getByText('E2E Gamma', { exact: true })).toBeVisible();

  // Delete, after a confirmation.
  await row(page, 'E2E Gamma').getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete Filter' }).getByRole('button', { name: 'Yes' }).click();
  await expect(toast(page, 'Deleted Filter Successfully.')).toBeVisible();
  await expect(row(page, 'E2E Gamma')).toHaveCount(0);
  await expect(myFiltersGroup(page).getByText('E2E Gamma', { exact: true })).toHaveCount(0);

  // Opening a filter goes to the All Applications queue with its id, highlighted on the side menu.
  await myFiltersGroup(page).getByText('E2E Alpha', { exact: true }).click();
  await expect(page).toHaveURL(/\/allApplicationsQueue\?filterId=\d+$/);
  await expect(myFiltersGroup(page).getByRole('link', { name: 'E2E Alpha' })).toHaveAttribute('aria-current', 'page');
});

test('administrators edit any filter and create a published queue from All users', async ({ page }) => {
  await signIn(page, users.admin, { at: '/filters' });
  await page.getByRole('tab', { name: 'All users' }).click();
  const table = page.getByTestId('admin-filters-table');
  const officerRow = table.getByRole('row').filter({ hasText: 'New applications' });
  await expect(officerRow).toContainText('Olivia');
  await officerRow.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Filter' });
  await edit.getByLabel('Show On Side Menu').check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Updated Filter or Queue Successfully.')).toBeVisible();

  await page.getByRole('button', { name: 'New Queue' }).click();
  const create = page.getByRole('dialog', { name: 'New Queue' });
  await create.getByLabel('Name').fill('E2E Team Queue');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Created Filter or Queue Successfully.')).toBeVisible();
  const publish = page.getByRole('dialog', { name: 'Publish Filter' });
  await publish.getByRole('combobox').click();
  await page.getByRole('option', { name: 'Funding Team' }).click();
  await page.keyboard.press('Escape');
  await publish.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page, 'Published Filter Successfully.')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'E2E Team Queue' })).toContainText('1 group');
  await page.screenshot({ path: `${shots}/filters-admin-tab.png` });
  // A custom queue on the side menu carries its count.
  await expect(
    menu(page)
      .getByRole('link', { name: /E2E Team Queue/ })
      .getByTestId('menu-count'),
  ).toBeVisible();
});

test('a loan officer sees the filters published to her group, without publish or All users', async ({ page }) => {
  await signIn(page, users.officer);
  // 'E2E Alpha' was published to Underwriters by the administrator above; the officer is an underwriter.
  const shared = menu(page).getByRole('button', { name: 'Shared Filters' }).locator('xpath=following-sibling::*[1]');
  await expect(shared.getByText('E2E Alpha', { exact: true })).toBeVisible();
  await page.goto('/filters');
  await expect(row(page, 'Large auto loans')).toBeVisible();
  await expect(row(page, 'Large auto loans').getByRole('button', { name: 'Publish' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'All users' })).toHaveCount(0);
  await expect(page.getByTestId('shared-filter-row').filter({ hasText: 'Pending over 50k' })).toBeVisible();
  const alpha = page.getByTestId('shared-filter-row').filter({ hasText: 'E2E Alpha' });
  await expect(alpha).toContainText('Avery Morgan');
  await expect(alpha.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await page.screenshot({ path: `${shots}/filters-officer.png`, fullPage: true });
  await alpha.getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/allApplicationsQueue\?filterId=\d+$/);
});
