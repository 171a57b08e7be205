import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';

/** Administration › Add-Ons (issue 13): the add-ons catalogue the decision worksheet offers. */

const grid = (page: Page) => page.getByTestId('resource-grid');
const row = (page: Page, text: string) => grid(page).getByRole('row').filter({ hasText: text });

const typeInto = async (page: Page, label: string, value: string) => {
  const input = page.getByRole('dialog').getByRole('textbox', { name: label, exact: true });
  await input.fill(value);
};

test('an administrator adds an add-on priced per $1,000 and sees it in the list', async ({ page }) => {
  const name = `E2E Credit Life ${Date.now() % 100000}`;
  await signIn(page, users.admin);
  const menu = page.getByTestId('side-menu');
  await menu.getByText('Administration', { exact: true }).click();
  await menu.getByText('Add-Ons', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/loanAdditions$/);
  await expect(page.getByRole('heading', { name: 'Add-Ons', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add Add-On' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add Add-On' })).toBeVisible();
  await typeInto(page, 'Name', name);
  await dialog.getByRole('combobox', { name: 'Priced' }).click();
  await page.getByRole('option', { name: 'Rate per $1,000' }).click();
  // Without its rate the add-on is refused on the rate's field.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter the rate per $1,000.')).toBeVisible();
  await typeInto(page, 'Rate per $1,000', '3.5');
  // A charge for the credit itself (issue 41): shown in the list's Finance Charge column.
  await dialog.getByRole('checkbox', { name: /^Finance charge/ }).check();
  await reviewShots(page, 'loan-additions-form');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('toast').getByText('Saved Successfully', { exact: true })).toBeVisible();
  await expect(row(page, name)).toHaveCount(1);
  await expect(row(page, name)).toContainText('3.50 per $1,000');
  await expect(row(page, name).getByRole('gridcell').filter({ hasText: /^Yes$/ })).toHaveCount(1);
  await reviewShots(page, 'loan-additions-list');
});
