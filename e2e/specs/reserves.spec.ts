import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';
import { closeToasts } from '../support/toasts.ts';

/**
 * Administration › Reserve Matrices (issue 14): a reserve computed as a share of the rate participation, then a
 * reserve matrix with two rows using it, saved after a failed save showed 'Reserve Matrix Save Failed'.
 */

const grid = (page: Page) => page.getByTestId('resource-grid');
const gridRow = (page: Page, text: string) => grid(page).getByRole('row').filter({ hasText: text });
const toast = (page: Page) => page.getByTestId('toast');

const typeInto = async (scope: Locator, label: string, value: string) => {
  const input = scope.getByRole('textbox', { name: label, exact: true });
  await input.fill(value);
};
const choose = async (page: Page, scope: Locator, label: string, option: string) => {
  const select = scope.getByRole('combobox', { name: label, exact: true });
  await select.click();
  const choice = page.getByRole('listbox').getByRole('option', { name: option, exact: true });
  await expect(choice).toBeVisible();
  await choice.click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(select).toHaveText(option);
  // The closed menu gives the focus back to its select: wait for it before typing elsewhere.
  await expect(select).toBeFocused();
};

test('an administrator adds a rate participation reserve and a reserve matrix with two rows', async ({ page }) => {
  // Two dialogs filled field by field, and screenshots at two widths.
  test.setTimeout(240_000);
  const suffix = Date.now() % 100000;
  const reserveName = `E2E Participation ${suffix}`;
  const flatName = `E2E Flat ${suffix}`;
  const matrixName = `E2E Matrix ${suffix}`;
  await signIn(page, users.admin);
  const menu = page.getByTestId('side-menu');
  await menu.getByText('Administration', { exact: true }).click();
  await menu.getByText('Reserve Matrices', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/reserveMatrices$/);
  await expect(page.getByRole('tab', { name: 'Reserve Matrices' })).toHaveAttribute('aria-selected', 'true');

  // The Reserves tab: a reserve; the method shows only its own fields.
  await page.getByRole('tab', { name: 'Reserves' }).click();
  await expect(page.getByRole('heading', { name: 'Reserves', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add Reserve' }).click();
  let dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add Reserve' })).toBeVisible();
  await typeInto(dialog, 'Name', reserveName);
  await expect(dialog.getByRole('textbox', { name: 'Flat Amount' })).toBeVisible();
  await choose(page, dialog, 'Method', 'Rate participation');
  await expect(dialog.getByRole('textbox', { name: 'Flat Amount' })).toHaveCount(0);
  // Without the dealer's share it is refused on that field.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter the dealer’s share of the rate participation.')).toBeVisible();
  await typeInto(dialog, 'Dealer Share (%)', '25');
  await typeInto(dialog, 'Max Spread (points)', '2.000');
  await typeInto(dialog, 'Cap Amount', '1500');
  await reviewShots(page, 'reserves-form');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page).getByText('Saved', { exact: true })).toBeVisible();
  await expect(gridRow(page, reserveName)).toContainText(
    '25 % of rate participation, max spread 2 points, cap $1,500.00',
  );
  await closeToasts(page);

  // A second reserve: the name is checked while typing (doesNameExist).
  await page.getByRole('button', { name: 'Add Reserve' }).click();
  dialog = page.getByRole('dialog');
  await typeInto(dialog, 'Name', reserveName.toUpperCase());
  await expect(dialog.getByText('A reserve with this name already exists.')).toBeVisible();
  await typeInto(dialog, 'Name', flatName);
  await expect(dialog.getByText('A reserve with this name already exists.')).toHaveCount(0);
  await typeInto(dialog, 'Flat Amount', '150');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(gridRow(page, flatName)).toContainText('$150.00 flat');
  await reviewShots(page, 'reserves-list');
  await closeToasts(page);

  // The Reserve Matrices tab: a matrix with two rows.
  await page.getByRole('tab', { name: 'Reserve Matrices' }).click();
  await expect(page.getByRole('heading', { name: 'Reserve Matrices', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add Reserve Matrix' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add Reserve Matrix' })).toBeVisible();
  await typeInto(dialog, 'Name', matrixName);
  await dialog.getByRole('button', { name: 'Add Row' }).click();
  await dialog.getByRole('button', { name: 'Add Row' }).click();
  const rows = dialog.getByTestId('reserve-matrix-row');
  await expect(rows).toHaveCount(2);
  await typeInto(rows.nth(0), 'Min Term', '37');
  await choose(page, rows.nth(0), 'Reserve', reserveName);
  await typeInto(rows.nth(1), 'Max Term', '36');
  await typeInto(rows.nth(1), 'Max Amount', '30000');
  await choose(page, rows.nth(1), 'Reserve', flatName);
  // The short-term row first.
  await rows.nth(1).getByRole('button', { name: 'Move row 2 up' }).click();
  await expect(rows.nth(0).getByRole('textbox', { name: 'Max Term' })).toHaveValue('36');
  await expect(rows.nth(1).getByRole('textbox', { name: 'Min Term' })).toHaveValue('37');
  // A maximum below the minimum is refused on the row's field.
  await typeInto(rows.nth(1), 'Max Term', '12');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(rows.nth(1).getByText('The minimum term is above the maximum term.')).toBeVisible();
  await rows.nth(1).getByRole('textbox', { name: 'Max Term', exact: true }).clear();
  await choose(page, dialog, 'Default Reserve', flatName);
  await reviewShots(page, 'reserve-matrix-form');

  // The server failing: the spec's toast, and the dialog stays open with what was typed.
  await page.route('**/api/reserveMatrix', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL","message":"x"}' })
      : route.continue(),
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page).getByText('Reserve Matrix Save Failed', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  await page.unroute('**/api/reserveMatrix');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const saved = gridRow(page, matrixName);
  await expect(saved).toContainText(flatName);
  await expect(saved).toContainText('2');
  await expect(saved).toContainText('Enabled');
  await reviewShots(page, 'reserve-matrices-list');
  await closeToasts(page);

  // Opened again, the rows are in the order saved.
  await saved.getByRole('button', { name: `Edit ${matrixName}` }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('reserve-matrix-row').nth(0).getByRole('textbox', { name: 'Max Term' })).toHaveValue(
    '36',
  );
  await expect(
    dialog.getByTestId('reserve-matrix-row').nth(0).getByRole('textbox', { name: 'Max Amount' }),
  ).toHaveValue('30,000.00');
  await reviewShots(page, 'reserve-matrix-edit');
});
