import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';
import { closeToasts } from '../support/toasts.ts';

/**
 * Administration for funding (issue 14): disbursal methods, disbursements (spec 2 §2, §7, §8: 'Saved
 * Disbursement', back to /admin/disbursements), core code mappings (a dependent value select) and the funding
 * requirements per product with the user groups allowed to clear them.
 */

const grid = (page: Page) => page.getByTestId('resource-grid');
const row = (page: Page, text: string) => grid(page).getByRole('row').filter({ hasText: text });
const dialog = (page: Page) => page.getByRole('dialog');

const typeInto = async (page: Page, label: string, value: string) => {
  const input = dialog(page).getByRole('textbox', { name: label, exact: true });
  await input.fill(value);
};
const choose = async (page: Page, label: string, option: string) => {
  await dialog(page).getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click({ timeout: 10_000 });
};
const pick = async (page: Page, label: string, option: string) => {
  await dialog(page).getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
};
const saved = async (page: Page, text: string) => {
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByTestId('toast').getByText(text, { exact: true }).first()).toBeVisible();
  await closeToasts(page);
};
const heading = (page: Page, name: string) =>
  // The first visit loads the area's code; the shared machine may be slow.
  expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 30_000 });

// Each test walks several screens (lists, forms, screenshots at two widths).
test.describe.configure({ timeout: 180_000 });

test('an administrator sets up a disbursal method and a disbursement, then returns to the list', async ({ page }) => {
  const suffix = Date.now() % 100000;
  const method = `E2E Courier Check ${suffix}`;
  const payout = `E2E Dealer proceeds ${suffix}`;
  await signIn(page, users.admin);
  const menu = page.getByTestId('side-menu');
  await menu.getByText('Administration', { exact: true }).click();
  await menu.getByText('Disbursal Methods', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/disbursalMethods$/);
  await heading(page, 'Disbursal Methods');

  await page.getByRole('button', { name: 'Add Disbursal Method' }).click();
  await typeInto(page, 'Name', method);
  await typeInto(page, 'Sort Order', '5');
  await reviewShots(page, 'funding-admin-disbursal-method-form');
  await saved(page, 'Saved');
  await expect(row(page, method)).toHaveCount(1);
  await reviewShots(page, 'funding-admin-disbursal-methods-list');

  await menu.getByText('Disbursements', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/disbursements$/);
  await heading(page, 'Disbursements');
  await page.getByRole('button', { name: 'Add Disbursement' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Add Disbursement' })).toBeVisible({ timeout: 30_000 });
  await typeInto(page, 'Name', payout);
  // Without a payee type and a method it is refused on those fields.
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page).getByText('Required').first()).toBeVisible();
  await choose(page, 'Payee Type', 'Dealer');
  await choose(page, 'Disbursal Method', method);
  await pick(page, 'Loan Products', 'New Auto');
  await reviewShots(page, 'funding-admin-disbursement-form');
  await saved(page, 'Saved Disbursement');
  await expect(page).toHaveURL(/\/admin\/disbursements$/);
  await expect(row(page, payout)).toContainText('Dealer');
  await expect(row(page, payout)).toContainText(method);

  // Editing opens its own route; saving returns to /admin/disbursements.
  await page.getByRole('button', { name: `Edit ${payout}` }).click();
  await expect(page).toHaveURL(/\/admin\/disbursements\/edit\/\d+$/);
  await expect(dialog(page).getByRole('heading', { name: `Edit Disbursement: ${payout}` })).toBeVisible();
  await expect(dialog(page).getByRole('combobox', { name: 'Disbursal Method' })).toContainText(method);
  // The edit route may mount the editor again once the record is read for the route: choose until it holds.
  await expect(async () => {
    await choose(page, 'Payee Type', 'Member');
    await expect(dialog(page).getByRole('combobox', { name: 'Payee Type' })).toContainText('Member', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  await saved(page, 'Saved Disbursement');
  await expect(page).toHaveURL(/\/admin\/disbursements$/);
  await expect(row(page, payout)).toContainText('Member');
  // Cancelling returns there too.
  await page.getByRole('button', { name: `Edit ${payout}` }).click();
  await expect(page).toHaveURL(/\/admin\/disbursements\/edit\/\d+$/);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\/disbursements$/);
  await reviewShots(page, 'funding-admin-disbursements-list');

  // A loan paying out by the new method can only be funded once the method has its core code (the dry run says
  // so otherwise): the administrator maps it.
  await page.goto('/admin/corecodemappings');
  await heading(page, 'Core Code Mappings');
  await page.getByRole('button', { name: 'Add Core Code Mapping' }).click();
  await choose(page, 'Code Type', 'Disbursal Method');
  await choose(page, 'Credence Value', method);
  await typeInto(page, 'Core Code', `CC${suffix}`);
  await saved(page, 'Saved');
  await page.getByRole('textbox', { name: 'Search core code mappings' }).fill(method);
  await expect(row(page, `CC${suffix}`)).toContainText('Disbursal Method');
});

test('an administrator maps a loan product to a core code, and a taken value is refused on its field', async ({
  page,
}) => {
  await signIn(page, users.admin, { at: '/admin/corecodemappings' });
  await heading(page, 'Core Code Mappings');
  await reviewShots(page, 'funding-admin-core-code-mappings-list');
  // The demo maps every product: New Auto's mapping is deleted, then made again.
  await page.getByRole('textbox', { name: 'Search core code mappings' }).fill('New Auto');
  const seeded = row(page, 'Loan Product').filter({ hasText: 'New Auto' });
  await expect(seeded).toHaveCount(1);
  await seeded.getByRole('button', { name: /^Delete / }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('toast').getByText('Deleted', { exact: true }).first()).toBeVisible();
  await closeToasts(page);
  await expect(seeded).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Core Code Mapping' }).click();
  // The value select waits for its kind.
  await expect(dialog(page).getByRole('combobox', { name: 'Credence Value' })).toHaveAttribute('aria-disabled', 'true');
  await choose(page, 'Code Type', 'Loan Product');
  await choose(page, 'Credence Value', 'New Auto');
  await typeInto(page, 'Core Code', 'NA10');
  await typeInto(page, 'Description', 'New vehicle loan type');
  await reviewShots(page, 'funding-admin-core-code-mapping-form');
  await saved(page, 'Saved');
  await expect(row(page, 'NA10')).toContainText('New Auto');
  await expect(row(page, 'NA10')).toContainText('Loan Product');

  // The same product again is refused on the value's field.
  await page.getByRole('button', { name: 'Add Core Code Mapping' }).click();
  await choose(page, 'Code Type', 'Loan Product');
  await choose(page, 'Credence Value', 'New Auto');
  await typeInto(page, 'Core Code', 'NA99');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page).getByText('This value already has a core code of this type.')).toBeVisible();
  // Changing the kind clears the value.
  await choose(page, 'Code Type', 'Payment Frequency');
  await expect(dialog(page).getByRole('combobox', { name: 'Credence Value' })).not.toContainText('New Auto');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(row(page, 'NA99')).toHaveCount(0);
});

test('an administrator adds a funding requirement that only the funding group may clear', async ({ page }) => {
  const description = `E2E Proof of insurance ${Date.now() % 100000}`;
  await signIn(page, users.admin, { at: '/admin/fundingRequirements' });
  await heading(page, 'Funding Requirements');
  await page.getByRole('button', { name: 'Add Funding Requirement' }).click();
  await typeInto(page, 'Description', description);
  await pick(page, 'Loan Products', 'New Auto');
  await pick(page, 'Groups Allowed to Clear', 'Funding Team');
  await reviewShots(page, 'funding-admin-funding-requirement-form');
  await saved(page, 'Saved');
  await expect(row(page, description)).toContainText('Yes');
  // The list names the product and the group (issue 29, item 13), not their ids.
  await expect(row(page, description)).toContainText('New Auto');
  await expect(row(page, description)).toContainText('Funding Team');
  await reviewShots(page, 'funding-admin-funding-requirements-list');

  await page.getByRole('button', { name: `Edit ${description}` }).click();
  await expect(dialog(page).getByRole('button', { name: 'Funding Team' })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
});
