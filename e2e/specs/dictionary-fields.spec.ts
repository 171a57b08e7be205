import { createAutoApplication } from '../support/applications.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 38, items 1, 2 and 5: the administration home (groups, descriptions, search by name) leads to Dictionary
 * Fields; a dictionary field is added, opens at /admin/loanFormDictionaryFields/{id} (spec 2 §2), and its JMESPath is
 * tested against an application (the value read from its document; a path that does not compile shows the parser's
 * message). The screenshots show the home, both areas and the editor with a tested path.
 */

test('the administration home lists the areas by group and finds one by name', async ({ page }) => {
  await signIn(page, users.admin, { at: '/admin' });
  await expect(page.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible();
  const areas = page.getByTestId('admin-home-areas');
  for (const group of ['Users & access', 'Lending policy', 'Funding', 'Integrations', 'Compliance & audit']) {
    await expect(areas.getByRole('heading', { name: group, level: 2 })).toBeVisible();
  }
  const integrations = areas.getByRole('region', { name: 'Integrations' });
  await expect(integrations.getByRole('link', { name: /Dictionary Fields/ })).toContainText(
    "Loan form vendors' field codes",
  );
  await reviewShots(page, 'admin-home');

  await page.getByRole('textbox', { name: 'Search administration areas' }).fill('custom');
  await expect(areas.getByRole('link')).toHaveText([/^Custom Fields/]);
  await expect(areas.getByRole('heading', { name: 'Products & pricing', level: 2 })).toBeVisible();
  await expect(areas.getByRole('heading', { name: 'Integrations', level: 2 })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Search administration areas' }).fill('no such area');
  await expect(page.getByTestId('admin-home-empty')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search administration areas' }).fill('custom');
  await areas.getByRole('link', { name: /^Custom Fields/ }).click();
  await expect(page).toHaveURL(/\/admin\/customFields$/);
  await expect(page.getByRole('heading', { name: 'Custom Fields', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Dealer reserve.*Used Auto.*Money/ })).toBeVisible();
  await reviewShots(page, 'custom-fields');
  await page.getByRole('button', { name: 'Add Custom Field' }).click();
  const dialog = page.getByTestId('customFields-dialog');
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'List' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Options (one per line)' })).toBeVisible();
  await reviewShots(page, 'custom-field-editor');
});

test('a dictionary field is added and its path tested against an application', async ({ page, request }) => {
  const applicationId = await createAutoApplication(request, { lastName: 'Quillfeather' });
  await signIn(page, users.admin, { at: '/admin/loanFormDictionaryFields' });
  await expect(page.getByRole('heading', { name: 'Dictionary Fields', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Compliance Systems BORROWER_LAST_NAME / })).toBeVisible();
  await reviewShots(page, 'dictionary-fields');

  await page.getByRole('button', { name: 'Add Dictionary Field' }).click();
  const dialog = page.getByTestId('loanFormDictionaryFields-dialog');
  await dialog.getByRole('textbox', { name: 'Form Vendor' }).fill('E2E Forms');
  await dialog.getByRole('textbox', { name: 'Form Code' }).fill('BUYER_LAST');
  await dialog.getByRole('textbox', { name: 'JMESPath' }).fill('applicants[?isPrimary] | [0].lastName');
  await dialog.getByRole('button', { name: 'Save' }).click();

  // Saved: the field opens at its own address, where its path is tested.
  await expect(page).toHaveURL(/\/admin\/loanFormDictionaryFields\/\d+$/);
  const editor = page.getByTestId('loanFormDictionaryFields-dialog');
  await expect(editor.getByRole('heading', { name: 'Edit Dictionary Field: BUYER_LAST' })).toBeVisible();
  const panel = editor.getByTestId('dictionary-path-test');
  await panel.getByRole('textbox', { name: 'Application #' }).fill(String(applicationId));
  await panel.getByRole('button', { name: 'Test' }).click();
  await expect(panel.getByTestId('dictionary-test-value')).toHaveText('"Quillfeather"');
  await reviewShots(page, 'dictionary-field-test');

  // A path that does not compile: the parser's message, and nothing saved.
  await editor.getByRole('textbox', { name: 'JMESPath' }).fill('applicants[?isPrimary');
  await panel.getByRole('button', { name: 'Test' }).click();
  await expect(panel.getByTestId('dictionary-test-error')).toContainText('Not a valid JMESPath:');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText(/^Not a valid JMESPath:/).first()).toBeVisible();
});
