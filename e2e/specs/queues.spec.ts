import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '../support/test.ts';
import { reviewShots } from '../support/screenshots.ts';
import { apiAuth } from '../support/applications.ts';
import { signIn, users } from '../support/sign-in.ts';

/** The queue grid, its data rows (each carries its application id) and its footer. */
const grid = (page: Page) => page.getByTestId('queue-grid');
const dataRows = (page: Page) => grid(page).locator('[role="row"][data-id]');
const firstRowId = (page: Page) => dataRows(page).first().getAttribute('data-id');
const footer = (page: Page) => grid(page).locator('.MuiTablePagination-displayedRows');
const header = (page: Page, name: string) => grid(page).getByRole('columnheader', { name });

/** The total the footer shows ('1–25 of 59' → 59). */
const totalOf = async (page: Page) => Number((await footer(page).innerText()).split(' of ')[1]);
const query = (page: Page) => new URL(page.url()).searchParams;

test('All Applications: sort, filter and page live in the URL; reload and Back restore them', async ({ page }) => {
  await signIn(page, users.admin, { at: '/allApplicationsQueue' });
  await expect(page.getByRole('heading', { name: 'All Applications' })).toBeVisible();
  // Summit has 59 seeded applications (other specs may add some), 25 a page.
  await expect(footer(page)).toHaveText(/^1–25 of \d+$/);
  const all = await totalOf(page);
  expect(all).toBeGreaterThanOrEqual(59);
  expect(page.url()).not.toContain('?');

  // Sort by Amount (the estimated amount financed), descending: click the header twice (ascending, then descending).
  await header(page, 'Amount').click();
  await expect.poll(() => query(page).get('sort')).toBe('amount:asc');
  // As a person does: the second click once the grid shows the first sort (a click while it reloads was lost).
  await expect(header(page, 'Amount')).toHaveAttribute('aria-sort', 'ascending');
  await header(page, 'Amount').click();
  await expect.poll(() => query(page).get('sort')).toBe('amount:desc');
  await expect(header(page, 'Amount')).toHaveAttribute('aria-sort', 'descending');

  // Filter through the grid's filter panel: Applicant contains 'e' (50 of 59).
  await grid(page).getByRole('button', { name: 'Filters', exact: true }).click();
  const panel = page.locator('.MuiDataGrid-filterForm');
  await expect(panel).toBeVisible();
  await panel.getByRole('combobox', { name: 'Column' }).click();
  await page.getByRole('option', { name: 'Applicant' }).click();
  await panel.getByRole('textbox', { name: 'Value' }).fill('e');
  await expect.poll(() => query(page).get('filter')).toBe('[["applicantName","contains","e"]]');
  await expect.poll(() => totalOf(page)).toBeLessThan(all);
  const filtered = await totalOf(page);
  expect(filtered).toBeGreaterThan(25);
  const pageTwo = `26–${Math.min(50, filtered)} of ${filtered}`;
  await page.keyboard.press('Escape');
  await expect(page.locator('.MuiDataGrid-filterForm')).toHaveCount(0);
  await expect(footer(page)).toHaveText(`1–25 of ${filtered}`);
  const firstOfPageOne = await firstRowId(page);

  // Page 2.
  await grid(page).getByRole('button', { name: 'Go to next page' }).click();
  await expect.poll(() => query(page).get('page')).toBe('2');
  await expect(footer(page)).toHaveText(pageTwo);
  await expect.poll(() => firstRowId(page)).not.toBe(firstOfPageOne);
  const firstOfPageTwo = await firstRowId(page);
  const urlOfPageTwo = page.url();

  // Reload: the same page, order, filter and first row.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'All Applications' })).toBeVisible();
  expect(page.url()).toBe(urlOfPageTwo);
  await expect(footer(page)).toHaveText(pageTwo);
  await expect(header(page, 'Amount')).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => firstRowId(page)).toBe(firstOfPageTwo);
  await grid(page).getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(page.locator('.MuiDataGrid-filterForm').getByRole('textbox', { name: 'Value' })).toHaveValue('e');
  await page.keyboard.press('Escape');

  // Back: page 1 of the same sort and filter.
  await page.goBack();
  await expect.poll(() => query(page).get('page')).toBeNull();
  expect(query(page).get('sort')).toBe('amount:desc');
  expect(query(page).get('filter')).toBe('[["applicantName","contains","e"]]');
  await expect(footer(page)).toHaveText(`1–25 of ${filtered}`);
  await expect.poll(() => firstRowId(page)).toBe(firstOfPageOne);
});

test('Credit Queue lists only New applications; the application id opens its worksheet', async ({ page }) => {
  await signIn(page, users.admin);
  await page
    .getByRole('link', { name: /^Credit/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/creditQueue$/);
  await expect(page.getByRole('heading', { name: 'Credit Queue' })).toBeVisible();
  await expect(dataRows(page).first()).toBeVisible();
  const states = await grid(page).locator('[role="gridcell"][data-field="state"]').allInnerTexts();
  expect(states.length).toBeGreaterThan(0);
  expect(new Set(states)).toEqual(new Set(['New']));

  const id = await firstRowId(page);
  const link = dataRows(page).first().getByRole('link', { name: id! });
  // A new application's row opens the Credit worksheet (spec 1 §2).
  await expect(link).toHaveAttribute('href', `/credit/${id}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/credit/${id}$`));
  await expect(page.getByRole('heading', { name: 'Credit Worksheet' })).toBeVisible();
});

test('A row click opens the worksheet of its state', async ({ page }) => {
  await signIn(page, users.admin);
  await page.goto('/allApplicationsQueue?filter=' + encodeURIComponent('[["state","is","funded"]]'));
  await expect(dataRows(page).first()).toBeVisible();
  const id = await firstRowId(page);
  await dataRows(page).first().locator('[data-field="applicantName"]').click();
  // A funded application opens on the Funding worksheet (spec 1 §2).
  await expect(page).toHaveURL(new RegExp(`/fund/${id}$`));
});

test('The column chooser hides a column for this user, also after a reload', async ({ page }) => {
  await signIn(page, users.officer, { at: '/allApplicationsQueue' });
  await expect(header(page, 'Member Number')).toBeVisible();
  // Hidden by default: Term.
  await expect(header(page, 'Term')).toHaveCount(0);

  await grid(page).getByRole('button', { name: 'Columns', exact: true }).click();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/user/gridSettings/queueGrid') && r.request().method() === 'PUT' && r.ok(),
  );
  await page.getByRole('checkbox', { name: 'Member Number' }).uncheck();
  await expect(header(page, 'Member Number')).toHaveCount(0);
  await saved;
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(header(page, 'Applicant')).toBeVisible();
  await expect(header(page, 'Member Number')).toHaveCount(0);
  // The same setting on every queue.
  await page.goto('/creditQueue');
  await expect(header(page, 'Applicant')).toBeVisible();
  await expect(header(page, 'Member Number')).toHaveCount(0);
});

test('Export CSV downloads the queue with its header line', async ({ page }) => {
  await signIn(page, users.admin, { at: '/creditQueue' });
  await expect(dataRows(page).first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('creditQueue.csv');
  const text = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
  const [first, ...rest] = text.split(/\r?\n/).filter((line) => line.length > 0);
  expect(first).toBe(
    '"App Id","Applicant","Member Number","Loan Product","Status","Amount","Avg Credit Score","Created","Locked By","Rate","Payment","Tier"',
  );
  expect(rest.length).toBeGreaterThan(0);
  expect(rest.every((line) => line.includes('New'))).toBe(true);
});

test('The side-menu search text shows as a chip and can be cleared', async ({ page }) => {
  await signIn(page, users.admin, { at: '/allApplicationsQueue?search=10001' });
  const chip = page.getByTestId('queue-search-chip');
  await expect(chip).toHaveText('Search: 10001');
  await expect(footer(page)).toHaveText('1–1 of 1');
  await expect.poll(() => firstRowId(page)).toBe('10001');
  await chip.locator('.MuiChip-deleteIcon').click();
  await expect(chip).toHaveCount(0);
  await expect(footer(page)).toHaveText(/^1–25 of \d+$/);
  expect(await totalOf(page)).toBeGreaterThanOrEqual(59);
});

test('A saved filter runs its criteria under its name; an unknown one says so', async ({ page, request }) => {
  const headers = await apiAuth(request, users.admin);
  const filters = (await (await request.get('/api/SearchFilters', { headers })).json()) as {
    id: number;
    name: string;
  }[];
  const pending = filters.find((f) => f.name === 'Pending over 50k');
  expect(pending).toBeDefined();

  await signIn(page, users.admin, { at: '/allApplicationsQueue?filterId=999999' });
  await expect(page.getByText('This filter does not exist or is not shared with you.')).toBeVisible();

  await page.goto(`/allApplicationsQueue?filterId=${pending!.id}`);
  await expect(page.getByRole('heading', { name: 'Pending over 50k' })).toBeVisible();
  await expect(page.getByText('Saved criteria:')).toBeVisible();
  await expect(header(page, 'Amount')).toHaveAttribute('aria-sort', 'descending');
  // The owner saves changes to the filter itself.
  await expect(page.getByRole('button', { name: 'Save Filter' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Queue' })).toHaveCount(0);
});

/** Sorts the Credit Queue by App Id, saves it as a new filter and checks the filter page keeps that sort. */
const saveSortedFilter = async (page: Page, timeout?: number) => {
  await page.goto('/creditQueue');
  await header(page, 'App Id').click();
  await expect.poll(() => query(page).get('sort'), { timeout }).toBe('applicationId:asc');
  await page.getByRole('button', { name: 'Save Filter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Filter' });
  // A name of its own: a retry must not meet the filter an earlier attempt saved.
  const name = `Credit by id ${Date.now().toString(36)}`;
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Created Filter Successfully.' })).toBeVisible({ timeout });
  await expect(page).toHaveURL(/\/allApplicationsQueue\?filterId=\d+$/, { timeout });
  await expect(page.getByRole('heading', { name })).toBeVisible({ timeout });
  await expect(header(page, 'App Id')).toHaveAttribute('aria-sort', 'ascending', { timeout });
  const states = await grid(page).locator('[role="gridcell"][data-field="state"]').allInnerTexts();
  expect(new Set(states)).toEqual(new Set(['New']));
};

test('Save Filter keeps the criteria on screen and opens the new filter', async ({ page }) => {
  await signIn(page, users.officer);
  await saveSortedFilter(page);
});

test('On a slow computer, a filter saved right after a sort click keeps the sort', async ({ page }) => {
  // The router shows a navigation as a transition a busy page can hold back: the save must take the sort the
  // address bar has, not the one last rendered (it was lost in 2 of 3 runs at this speed before the fix).
  test.setTimeout(180_000);
  await signIn(page, users.officer);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await saveSortedFilter(page, 30_000);
});

/** A person typing at 20 characters a second (issue 17, item 1). */
const TYPING = { delay: 50 };
const filterItems = (page: Page) => JSON.parse(query(page).get('filter') ?? '[]') as unknown[][];

test('The filter panel stays open while typing at 20 characters a second and filters on the whole word', async ({
  page,
}) => {
  await signIn(page, users.admin, { at: '/allApplicationsQueue' });
  await expect(footer(page)).toHaveText(/^1–25 of \d+$/);
  // A mark on the grid's element: it survives only if the grid is not re-created.
  await grid(page).evaluate((el) => el.setAttribute('data-mark', 'kept'));
  const searches: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/applicationqueues\/\w+\/search$/.test(r.url()))
      searches.push(r.postData() ?? '');
  });

  await grid(page).getByRole('button', { name: 'Filters', exact: true }).click();
  const panel = page.locator('.MuiDataGrid-filterForm');
  await panel.getByRole('combobox', { name: 'Column' }).click();
  await page.getByRole('option', { name: 'Applicant' }).click();
  const value = panel.getByRole('textbox', { name: 'Value' });
  await value.click();
  await value.pressSequentially('Mitchell', TYPING);

  await expect.poll(() => query(page).get('filter')).toBe('[["applicantName","contains","Mitchell"]]');
  await expect(panel).toBeVisible();
  await expect(value).toBeFocused();
  await expect(value).toHaveValue('Mitchell');
  await expect(grid(page)).toHaveAttribute('data-mark', 'kept');
  await expect(grid(page).locator('.MuiDataGrid-overlay, [role="row"][data-id]').first()).toBeVisible();
  const names = await grid(page).locator('[role="gridcell"][data-field="applicantName"]').allInnerTexts();
  expect(names.every((name) => name.includes('Mitchell'))).toBe(true);
  // Debounced: the server is asked for the whole word, not for every letter typed.
  const partial = searches.filter((body) => /"applicantName","operator":"contains","value":"M(?!itchell")/.test(body));
  expect(partial.length).toBeLessThanOrEqual(2);
  expect(searches.some((body) => body.includes('"value":"Mitchell"'))).toBe(true);
  // Still typing into the same panel: more letters land at the end.
  await value.pressSequentially('xyz', TYPING);
  await expect.poll(() => query(page).get('filter')).toBe('[["applicantName","contains","Mitchellxyz"]]');
  await expect(value).toBeFocused();
  await expect(dataRows(page)).toHaveCount(0);
  for (let i = 0; i < 3; i += 1) await value.press('Backspace', TYPING);
  await expect.poll(() => query(page).get('filter')).toBe('[["applicantName","contains","Mitchell"]]');
  await reviewShots(page, 'queue-filter-applicant');

  // An amount: 25000 typed digit by digit is 25000.
  await panel.getByRole('combobox', { name: 'Column' }).click();
  await page.getByRole('option', { name: 'Amount', exact: true }).click();
  const amount = panel.getByRole('textbox', { name: 'Value' });
  await amount.click();
  await amount.pressSequentially('25000', TYPING);
  await expect.poll(() => filterItems(page).map((item) => [item[0], item[2]])).toEqual([['amount', '25000']]);
  await expect(amount).toHaveValue('25000');
  await expect(amount).toBeFocused();
  await expect(panel).toBeVisible();
  await expect(grid(page)).toHaveAttribute('data-mark', 'kept');
  await reviewShots(page, 'queue-filter-amount');
});

test('Sorting keeps the grid and the focus on the header; Back restores the order', async ({ page }) => {
  await signIn(page, users.admin, { at: '/allApplicationsQueue' });
  await expect(footer(page)).toHaveText(/^1–25 of \d+$/);
  await grid(page).evaluate((el) => el.setAttribute('data-mark', 'kept'));

  await header(page, 'App Id').click();
  await expect.poll(() => query(page).get('sort')).toBe('applicationId:asc');
  await expect(header(page, 'App Id')).toHaveAttribute('aria-sort', 'ascending');
  await expect(grid(page)).toHaveAttribute('data-mark', 'kept');
  const focusedHeader = () =>
    page.evaluate(() => document.activeElement?.closest('[role="columnheader"]')?.getAttribute('data-field') ?? null);
  expect(await focusedHeader()).toBe('applicationId');
  // Wait for the ascending rows themselves (the URL and the header change before the page of rows arrives).
  const firstTwoAscending = () =>
    dataRows(page).evaluateAll((rows) => {
      const [a, b] = rows.slice(0, 2).map((row) => Number(row.getAttribute('data-id')));
      return a !== undefined && b !== undefined && a < b;
    });
  await expect.poll(firstTwoAscending).toBe(true);
  const first = await firstRowId(page);

  // The keyboard keeps working from the focused header: Enter sorts descending.
  await page.keyboard.press('Enter');
  await expect.poll(() => query(page).get('sort')).toBe('applicationId:desc');
  await expect.poll(() => firstRowId(page)).not.toBe(first);
  expect(await focusedHeader()).toBe('applicationId');
  await expect(grid(page)).toHaveAttribute('data-mark', 'kept');

  // Back follows the URL in the same grid.
  await page.goBack();
  await expect.poll(() => query(page).get('sort')).toBe('applicationId:asc');
  await expect(header(page, 'App Id')).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => firstRowId(page)).toBe(first);
  await expect(grid(page)).toHaveAttribute('data-mark', 'kept');
});
