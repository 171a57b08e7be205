import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';

/** Administration › Matrices (issue 12, item 5): the lists by type and the spreadsheet-like matrix editor. */

const grid = (page: Page) => page.getByTestId('resource-grid');
const listRow = (page: Page, name: string) => grid(page).getByRole('row').filter({ hasText: name });
const editor = (page: Page) => page.getByTestId('matrix-editor');
const cell = (page: Page, label: string) => editor(page).getByRole('textbox', { name: label, exact: true });

/** Puts a value into a cell in place of what it holds. */
const typeInto = async (page: Page, label: string, text: string) => {
  const input = cell(page, label);
  await input.fill(text);
};

/** Pastes text at the focused cell through a real paste event (as a spreadsheet's copy would arrive). */
const paste = async (page: Page, text: string) =>
  page.evaluate((data) => {
    const target = document.activeElement as HTMLElement;
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', data);
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, text);

const openAdditionalRates = async (page: Page) => {
  const menu = page.getByTestId('side-menu');
  await menu.getByText('Administration', { exact: true }).click();
  // Menu labels longer than 25 characters show 22 and an ellipsis (spec 1 §2).
  await menu.getByText('Additional Rate Matrices', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/matrices\/additionalRates$/);
  await expect(page.getByRole('heading', { name: 'Additional Rate Matrices', level: 1 })).toBeVisible();
};

test('edits a rate matrix like a spreadsheet and publishes it', async ({ page }) => {
  await signIn(page, users.admin);
  await openAdditionalRates(page);

  // Only Rate matrices are listed here.
  await expect(listRow(page, 'Auto base rates')).toContainText('Credit tier × Term × LTV');
  await expect(listRow(page, 'Auto base rates')).toContainText('90');
  // Published (v1 in the demo; another spec may have published since): the save below adds one.
  await expect(listRow(page, 'Auto base rates')).toContainText(/v\d+/);
  const version = Number(/v(\d+)/.exec(await listRow(page, 'Auto base rates').innerText())![1]);
  await expect(grid(page)).not.toContainText('Dealer fees');

  await page.getByRole('button', { name: 'Edit Auto base rates' }).click();
  await expect(editor(page).getByRole('heading', { name: 'Edit Matrix: Auto base rates' })).toBeVisible();
  await expect(cell(page, 'Row 1 Credit tier')).toHaveValue('A+');
  await expect(cell(page, 'Row 1 Term max')).toHaveValue('36');
  await expect(cell(page, 'Row 90 Rate')).toHaveValue('17.74');

  // Keyboard: Enter moves down, Tab right, arrows back.
  await cell(page, 'Row 1 Rate').click();
  await page.keyboard.press('Enter');
  await expect(cell(page, 'Row 2 Rate')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(cell(page, 'Row 2 LTV max')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(cell(page, 'Row 1 LTV max')).toBeFocused();

  // A refused value is marked on its cell with the reason; fixed, the mark goes.
  await typeInto(page, 'Row 88 Rate', '16.2x');
  await expect(cell(page, 'Row 88 Rate')).toHaveAttribute('aria-invalid', 'true');
  await expect(cell(page, 'Row 88 Rate')).toHaveAccessibleDescription('Enter a percent like 6.49 (up to 4 decimals)');
  await expect(editor(page).getByText('Enter a percent like 6.49 (up to 4 decimals)')).toBeVisible();
  await expect(editor(page).getByText('1 cell needs fixing')).toBeVisible();
  await reviewShots(page, 'matrix-editor');
  await typeInto(page, 'Row 88 Rate', '16.25');
  await expect(cell(page, 'Row 88 Rate')).not.toHaveAttribute('aria-invalid', 'true');

  // Min above max on a range.
  await typeInto(page, 'Row 90 Term min', '90');
  // Both bounds are marked; the message shows at the cell being typed in.
  await expect(cell(page, 'Row 90 Term min')).toHaveAccessibleDescription('The minimum 90 is above the maximum 84');
  await expect(cell(page, 'Row 90 Term max')).toHaveAttribute('aria-invalid', 'true');
  await expect(editor(page).getByText('The minimum 90 is above the maximum 84').first()).toBeVisible();
  await typeInto(page, 'Row 90 Term min', '73');

  // Two rows pasted from a spreadsheet after the last one: tier E for 85 to 96 months.
  await editor(page).getByRole('button', { name: 'Add Row' }).click();
  await expect(cell(page, 'Row 91 Credit tier')).toBeFocused();
  await paste(page, 'E\t85\t96\t\t90.00\t17.49\nE\t85\t96\t90.01\t130.00\t18.25\n');
  await expect(editor(page).getByText('Pasted 2 rows from row 91.')).toBeVisible();
  await expect(cell(page, 'Row 92 Term max')).toHaveValue('96');
  await expect(cell(page, 'Row 92 Rate')).toHaveValue('18.25');
  await expect(editor(page).getByText('92 rows')).toBeVisible();
  await reviewShots(page, 'matrix-editor-pasted');

  await editor(page).getByRole('button', { name: 'Save and Publish' }).click();
  await expect(editor(page)).toHaveCount(0);
  await expect(page.getByText('Saved and published')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/matrices\/additionalRates$/);
  await expect(listRow(page, 'Auto base rates')).toContainText(`v${version + 1}`);
  await expect(listRow(page, 'Auto base rates')).toContainText('92');
  await reviewShots(page, 'matrix-list');
});

test('a gap between two ranges is refused with the server’s message', async ({ page }) => {
  await signIn(page, users.admin);
  await openAdditionalRates(page);
  await page.getByRole('button', { name: 'Edit Auto additional rates (new / used)' }).click();
  await expect(cell(page, 'Row 3 Collateral age min')).toHaveValue('4');

  // Used cars 4 to 7 years become 5 to 7: a 4-year-old used car matches no row.
  await typeInto(page, 'Row 3 Collateral age min', '5');
  await editor(page).getByRole('button', { name: 'Save Draft' }).click();
  const problems = editor(page).getByTestId('matrix-problems');
  await expect(problems).toContainText('between rows 2 and 3, Collateral age 4 years matches no row.');
  await reviewShots(page, 'matrix-editor-problems');

  // Nothing was saved: leaving asks about the changes, and the list still shows v1 without a draft.
  await editor(page).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(editor(page)).toHaveCount(0);
  await expect(listRow(page, 'Auto additional rates (new / used)')).toContainText('v1');
  await expect(listRow(page, 'Auto additional rates (new / used)')).not.toContainText('draft');
});

test('a matrix opened from a workflow goes back to it when saved (spec 2 §2)', async ({ page }) => {
  await signIn(page, users.admin, { at: '/admin/matrices/passFail' });
  const row = listRow(page, 'Collateral eligibility');
  await expect(row).toBeVisible();
  const id = await row.getAttribute('data-id');
  await page.goto(`/admin/matrices/passFail?edit=${id}&returnTo=/admin/loanPolicyWorkflows/edit/7`);
  await expect(editor(page).getByRole('heading', { name: 'Edit Matrix: Collateral eligibility' })).toBeVisible();
  await typeInto(page, 'Row 2 Reason codes', 'HIGH_MILEAGE, REVIEW_TITLE');
  await editor(page).getByRole('button', { name: 'Save Draft' }).click();
  await expect(page).toHaveURL(/\/admin\/loanPolicyWorkflows\/edit\/7$/);
});
