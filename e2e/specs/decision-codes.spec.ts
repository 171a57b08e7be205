import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';
import { closeToasts } from '../support/toasts.ts';

/** Administration › Decision Codes (issue 13): the codes the decision worksheet offers, one tab per type. */

const grid = (page: Page) => page.getByTestId('resource-grid');
const row = (page: Page, text: string) => grid(page).getByRole('row').filter({ hasText: text });

const typeInto = async (page: Page, label: string, value: string) => {
  const input = page.getByRole('dialog').getByRole('textbox', { name: label, exact: true });
  await input.fill(value);
};

test('an administrator adds a decline reason, sees it in the list, and disables it', async ({ page }) => {
  const code = `E2E-${Date.now() % 100000}`;
  const reason = 'Insufficient length of time at current address';
  await signIn(page, users.admin);
  const menu = page.getByTestId('side-menu');
  await menu.getByText('Administration', { exact: true }).click();
  await menu.getByText('Decision Codes', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/decisionCodes$/);
  const tabs = page.getByRole('tablist', { name: 'Decision code types' });
  await expect(tabs.getByRole('tab', { name: 'Decline Reasons', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Decline Reasons', level: 1 })).toBeVisible();

  // Added: 'Saved Successfully' (spec 3 §8), then in the list with its description.
  await page.getByRole('button', { name: 'Add Decline Reason' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add Decline Reason' })).toBeVisible();
  await typeInto(page, 'Code', code);
  await typeInto(page, 'Description', reason);
  await typeInto(page, 'Sort Order', '5');
  await reviewShots(page, 'decision-codes-form');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('toast').getByText('Saved Successfully', { exact: true })).toBeVisible();
  await expect(row(page, code)).toHaveCount(1);
  await expect(row(page, code)).toContainText(reason);
  await expect(row(page, code)).toContainText('Enabled');
  await reviewShots(page, 'decision-codes-list');

  // The same code again, in any case, is refused on its field.
  await closeToasts(page);
  await page.getByRole('button', { name: 'Add Decline Reason' }).click();
  await typeInto(page, 'Code', code.toLowerCase());
  await typeInto(page, 'Description', 'A second one');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This code is already used by another code of this type.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toHaveCount(0);

  // Disabled, after a confirmation.
  await page.getByRole('button', { name: `Disable ${code}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
  await expect(row(page, code)).toContainText('Disabled');
});

test("each type has its tab: a cancel reason may reuse a decline reason's code, and the tab stays over a reload", async ({
  page,
}) => {
  const code = `E2E-C${Date.now() % 100000}`;
  await signIn(page, users.admin, { at: '/admin/decisionCodes' });
  const tabs = page.getByRole('tablist', { name: 'Decision code types' });
  const dialog = page.getByRole('dialog');
  await page.getByRole('button', { name: 'Add Decline Reason' }).click();
  await typeInto(page, 'Code', code);
  await typeInto(page, 'Description', 'Unable to verify residence');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row(page, code)).toHaveCount(1);

  await tabs.getByRole('tab', { name: 'Cancel Reasons' }).click();
  await expect(page).toHaveURL(/[?&]type=cancelReason/);
  await expect(page.getByRole('heading', { name: 'Cancel Reasons', level: 1 })).toBeVisible();
  await expect(row(page, code)).toHaveCount(0);
  await closeToasts(page);
  await page.getByRole('button', { name: 'Add Cancel Reason' }).click();
  await typeInto(page, 'Code', code);
  await typeInto(page, 'Description', 'Applicant chose another lender');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row(page, code)).toContainText('Applicant chose another lender');
  await page.reload();
  await expect(tabs.getByRole('tab', { name: 'Cancel Reasons', selected: true })).toBeVisible();
  await expect(row(page, code)).toContainText('Enabled');
  await reviewShots(page, 'decision-codes-cancel');
});
