import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';

/** Administration › Audit History (issue 9, item 7): the configuration changes, their filters and the as-of view. */

const grid = (page: Page) => page.getByTestId('audit-grid');
const dataRows = (page: Page) => grid(page).locator('[role="row"][data-id]');
/** The demo dealers' rows (other specs may add dealers of their own today). */
const demoDealerRows = (page: Page) => dataRows(page).filter({ hasText: /Mile High Honda|Valley Motors/ });

/**
 * Types a day into a date field as a person does: the month, day and year segments, in the browser's order — and,
 * as a person would, looks at the field and types it again when a keystroke was lost (a busy CI machine can
 * outlast the browser's two-digit segment timeout between keystrokes).
 */
const typeDay = async (field: Locator, day: Date) => {
  const [year, month, date] = isoDay(day).split('-');
  await expect(async () => {
    await field.focus();
    await field.pressSequentially(`${month}${date}${year}`, { delay: 30 });
    await expect(field).toHaveValue(isoDay(day), { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
};
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
/** The local day as a date field's value (YYYY-MM-DD). */
const isoDay = (day: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
};
const query = (page: Page) => new URL(page.url()).searchParams;

test('an administrator opens Audit History from the menu, filters by area, reads a change and views a dealer as of a date', async ({
  page,
}) => {
  await signIn(page, users.admin);
  const menu = page.getByTestId('side-menu');
  await menu.getByText('Administration', { exact: true }).click();
  await menu.getByText('Audit History', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit History' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Configuration Changes' })).toHaveAttribute('aria-selected', 'true');

  // Newest first: other specs' changes of today may fill the first page before the demo's older rows.
  await expect(dataRows(page).first()).toBeVisible();
  await reviewShots(page, 'audit-history');

  // Filter by area, as a person picks it from the list; the URL keeps it over a reload.
  await page.getByRole('combobox', { name: 'Area' }).click();
  await page.getByRole('option', { name: 'Dealers' }).click();
  await expect(page).toHaveURL(/[?&]area=dealers/);
  await expect(grid(page)).not.toContainText('SSN Lookup');
  await expect(demoDealerRows(page)).toHaveCount(6);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Area' })).toHaveText('Dealers');
  await expect(demoDealerRows(page)).toHaveCount(6);
  const newest = demoDealerRows(page).first();
  await expect(newest).toContainText('Mile High Honda');
  await expect(newest).toContainText('Enabled');
  await expect(newest).toContainText('Enabled: No → Yes');

  // The contact change in full, in the side panel.
  await dataRows(page).filter({ hasText: 'Main Contact Name: Jordan Price →' }).click();
  const panel = page.getByRole('region', { name: /Audit entry \d+/ });
  await expect(panel).toBeVisible();
  const changes = panel.getByRole('table', { name: 'Changed properties' });
  await expect(changes.getByRole('row', { name: /Main Contact Name Jordan Price Marcus Bell/ })).toBeVisible();
  await expect(changes).toContainText('jordan@milehighhonda.example');
  await reviewShots(page, 'audit-history-entry');
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toHaveCount(0);

  // As of the day of its creation, the dealer still had its first contact and phone.
  const created = dataRows(page).filter({ hasText: 'Created' });
  await created.getByRole('button', { name: /View Mile High Honda as of/ }).click();
  const dialog = page.getByRole('dialog', { name: /Mile High Honda #\d+ as of/ });
  await expect(dialog).toBeVisible();
  const values = dialog.getByRole('table', { name: /Values as of/ });
  await expect(values.getByRole('row', { name: /Main Contact Name Jordan Price/ })).toBeVisible();
  await expect(values.getByRole('row', { name: /Enabled Yes/ })).toBeVisible();
  await expect(dialog).toContainText('Replayed from 1 entry');

  // A later day: the replay adds the updates and the disable.
  // (11 days ago: after both updates, before the disable 9 days ago, whatever the time of day.)
  await typeDay(dialog.getByRole('textbox', { name: 'As of' }), daysAgo(11));
  await expect(dialog).toContainText('Replayed from 3 entries');
  await expect(values.getByRole('row', { name: /Main Contact Name Marcus Bell/ })).toBeVisible();
  await expect(values.getByRole('row', { name: /Enabled Yes/ })).toBeVisible();
  await reviewShots(page, 'audit-as-of');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('the filters by user and date come from the URL, and Export CSV downloads the filtered rows', async ({ page }) => {
  await signIn(page, users.admin, { at: '/admin/audit?area=dealers' });
  await expect(demoDealerRows(page)).toHaveCount(6);

  await page.getByRole('combobox', { name: 'User' }).click();
  await page.getByRole('option', { name: 'Olivia Chen' }).click();
  await expect(page).toHaveURL(/[?&]user=\d+/);
  await expect(grid(page)).toContainText('No audit entries in this period.');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);

  await typeDay(page.getByRole('textbox', { name: 'From' }), daysAgo(15));
  await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}/);
  // The demo's credit pulls (made when it was seeded) fill the first page; the dealers' rows are narrowed by area.
  await page.getByRole('combobox', { name: 'Area' }).click();
  await page.getByRole('option', { name: 'Dealers' }).click();
  await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}.*area=dealers|area=dealers.*from=\d{4}/);
  // The cleared user stays cleared, also when the date was typed before the page had re-rendered the clear.
  expect(query(page).get('user')).toBeNull();
  expect(query(page).get('from')).toBe(isoDay(daysAgo(15)));
  await expect(grid(page)).toContainText('Disabled');
  await expect(demoDealerRows(page).filter({ hasText: 'Created' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-history-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await file.path(), 'utf8');
  expect(text.split('\r\n')[0]).toMatch(
    /^"Entry ID","When \(.+\)","User","Impersonating","Area","Record ID","Record","Action","Property","Old Value","New Value"$/,
  );
  expect(text).toContain('Mile High Honda');
  // The demo dealers were created, and their contact changed, more than 15 days ago: the period leaves both out
  // (other specs create dealers of their own today).
  expect(text).not.toMatch(/,"(Mile High Honda|Valley Motors)","Created",/);
  expect(text).not.toContain('"Jordan Price","Marcus Bell"');
});
