import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';

/**
 * Administration › Add-On Vendors (issue 34 item 2): an administrator adds a vendor with a plan and an option, sees
 * a refused plan field, and finds the plan kept when the vendor is opened again.
 */

const grid = (page: Page) => page.getByTestId('resource-grid');
const row = (page: Page, text: string) => grid(page).getByRole('row').filter({ hasText: text });

test('an administrator adds a vendor with a plan and its option', async ({ page }) => {
  const name = `E2E Vendor ${Date.now() % 100000}`;
  await signIn(page, users.admin, { at: '/admin/addOnVendors' });
  await expect(page.getByRole('heading', { name: 'Add-On Vendors', level: 1 })).toBeVisible();
  await expect(row(page, 'Allied')).toContainText('GAP, Service Contract, Debt Protection');
  await reviewShots(page, 'add-on-vendors-list');

  await page.getByRole('button', { name: 'Add Add-On Vendor' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByRole('combobox', { name: 'Eligibility Questions' }).click();
  await page.getByRole('option', { name: 'Route66' }).click();
  await dialog.getByRole('combobox', { name: 'Products' }).click();
  await page.getByRole('option', { name: 'Service Contract' }).click();
  await page.keyboard.press('Escape');

  await dialog.getByRole('button', { name: 'Add Plan' }).click();
  const plan = dialog.getByTestId('vendor-plan-row');
  await plan.getByRole('textbox', { name: 'Title', exact: true }).fill('Powertrain 48');
  await plan.getByRole('textbox', { name: 'Term (months)' }).fill('48');
  await plan.getByRole('textbox', { name: 'Miles' }).fill('60000');
  await plan.getByRole('textbox', { name: 'Dealer Cost' }).fill('600');
  await plan.getByRole('textbox', { name: 'Retail Price' }).fill('1195');
  // A maximum LTV is for GAP plans only: refused on its field.
  await plan.getByRole('textbox', { name: 'Max LTV (%)' }).fill('125');
  await plan.getByRole('button', { name: 'Add Option' }).click();
  await plan.getByRole('textbox', { name: 'Option', exact: true }).fill('Roadside assistance');
  await plan.getByRole('textbox', { name: 'Option Cost' }).fill('95');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(plan.getByText('A maximum LTV applies to GAP plans only.')).toBeVisible();
  await plan.getByRole('textbox', { name: 'Max LTV (%)' }).fill('');
  await reviewShots(page, 'add-on-vendors-form');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('toast').getByText('Saved Successfully', { exact: true })).toBeVisible();
  await expect(row(page, name)).toContainText('Route66');
  await expect(row(page, name)).toContainText('Service Contract');

  // Opened again, the plan and its option are there as saved.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const again = page.getByRole('dialog').getByTestId('vendor-plan-row');
  await expect(again.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Powertrain 48');
  await expect(again.getByRole('textbox', { name: 'Retail Price' })).toHaveValue('1,195.00');
  await expect(again.getByRole('textbox', { name: 'Option', exact: true })).toHaveValue('Roadside assistance');
});
