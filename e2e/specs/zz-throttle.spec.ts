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

test('Save Filter keeps the criteria on screen and opens the new filter', async ({ page }) => {
  await signIn(page, users.officer);
  const cdp = await page.context().newCDPSession(page); await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.goto('/creditQueue');
  await header(page, 'App Id').click();
  await expect.poll(() => query(page).get('sort')).toBe('applicationId:asc');
  await page.getByRole('button', { name: 'Save Filter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Filter' });
  // A name of its own: a retry must not meet the filter an earlier attempt saved.
  const name = `Credit by id ${Date.now().toString(36)}`;
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Created Filter Successfully.' })).toBeVisible();
  await expect(page).toHaveURL(/\/allApplicationsQueue\?filterId=\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(header(page, 'App Id')).toHaveAttribute('aria-sort', 'ascending');
  const states = await grid(page).locator('[role="gridcell"][data-field="state"]').allInnerTexts();
  expect(new Set(states)).toEqual(new Set(['New']));
});

