import { expect, test, type APIRequestContext, type Page } from '../support/test.ts';
import { apiAuth, createAutoApplication } from '../support/applications.ts';
import { signIn, users } from '../support/sign-in.ts';

/** An auto application of the loan officer with a price only (no TT&L or cash down). */
const createDialogApplication = (request: APIRequestContext, lastName: string) =>
  createAutoApplication(request, {
    firstName: 'Robin',
    lastName,
    request: { negotiatedPrice: '20000.00', termMonths: 48, paymentFrequencyId: 'Monthly' },
  });

const texts = {
  hmdaUpdated: 'Successfully updated HMDA data',
  followUpUpdated: 'Updated Follow Up Information!',
  sharesUpdated: 'Successfully updated shares',
  alerts: 'The following contact information on this application matches that of another applicant.',
  applicationUpdated: 'You have updated the application successfully.',
  required: 'Required',
  dealerRequired: 'A dealer is required.',
  fixFields: 'Fix the highlighted fields.',
};

const toast = (page: Page) => page.getByTestId('toast');

/** Opens the application as the signed-in officer (who then holds its lock) and one of its actions. */
const openAction = async (page: Page, id: number, action: string) => {
  if (!page.url().endsWith(`/application/${id}`)) {
    await page.goto(`/application/${id}`);
    await expect(page.getByTestId('header-lock')).toHaveText('Locked by you');
  }
  await page.getByRole('toolbar', { name: 'Application actions' }).getByRole('button', { name: action }).click();
};

test('HMDA: the race checkboxes keep Not Provided alone, and the saved data is shown again', async ({
  page,
  request,
}) => {
  const id = await createDialogApplication(request, 'Hmdason');
  await signIn(page, users.officer);
  await openAction(page, id, 'HMDA');
  const dialog = page.getByRole('dialog', { name: 'HMDA' });
  await expect(dialog.getByRole('tab', { name: /Robin Hmdason/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add Later' })).toBeVisible();
  // Save is there to press (it marks what is missing, issue 17, item 7: required-fields.spec.ts).
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();

  await dialog.getByRole('combobox', { name: 'Delivery Method' }).click();
  await page.getByRole('option', { name: 'Internet' }).click();
  await dialog.getByRole('combobox', { name: 'Gender' }).click();
  await page.getByRole('option', { name: 'Female', exact: true }).click();
  for (const statement of ['ethnicity', 'race', 'sex']) {
    await dialog
      .getByRole('group', { name: new RegExp(`Was the ${statement} of the applicant`) })
      .getByRole('radio', { name: 'No' })
      .check();
  }

  const race = dialog.getByTestId('hmda-race');
  const white = race.getByRole('checkbox', { name: 'White', exact: true });
  const notProvided = race.getByRole('checkbox', { name: 'Not Provided', exact: true });
  const asian = race.getByRole('checkbox', { name: 'Asian', exact: true });
  await white.check();
  await notProvided.check();
  await expect(white).not.toBeChecked();
  await expect(notProvided).toBeChecked();
  await asian.check();
  await expect(notProvided).not.toBeChecked();
  await white.check();
  await dialog.getByTestId('hmda-ethnicity').getByRole('checkbox', { name: 'Not Hispanic or Latino' }).check();

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page).filter({ hasText: texts.hmdaUpdated })).toBeVisible();
  await expect(dialog).toBeHidden();

  await openAction(page, id, 'HMDA');
  await expect(dialog.getByRole('button', { name: 'Update' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(asian).toBeChecked();
  await expect(white).toBeChecked();
  await expect(notProvided).not.toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Delivery Method' })).toHaveText('Internet');
  await expect(dialog.getByRole('combobox', { name: 'Gender' })).toHaveText('Female');
  await expect(
    dialog.getByTestId('hmda-ethnicity').getByRole('checkbox', { name: 'Not Hispanic or Latino' }),
  ).toBeChecked();
});

test('Follow Up: a description is required; an item is added, then completed', async ({ page, request }) => {
  const id = await createDialogApplication(request, 'Followell');
  await signIn(page, users.officer);
  await openAction(page, id, 'Follow Up');
  const dialog = page.getByRole('dialog', { name: 'Follow Up' });
  await dialog.getByRole('button', { name: 'Add' }).click();
  const row = dialog.getByTestId('follow-up-row').first();
  const description = row.getByRole('textbox', { name: 'Description' });
  await description.focus();
  await description.blur();
  await expect(row.getByText('Invalid', { exact: true })).toBeVisible();
  // Save stays enabled (issue 17, item 7): pressing it saves nothing and takes the person to the field to fix.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(description).toBeFocused();
  await expect(dialog.getByTestId('form-error-summary')).toHaveText('Fix the highlighted fields.');
  await expect(toast(page).filter({ hasText: texts.followUpUpdated })).toHaveCount(0);

  await description.fill('Call the member about proof of insurance');
  await expect(row.getByText('Invalid', { exact: true })).toBeHidden();
  await expect(row.getByRole('checkbox', { name: 'Completed' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page).filter({ hasText: texts.followUpUpdated })).toBeVisible();
  await expect(dialog).toBeHidden();

  await openAction(page, id, 'Follow Up');
  await expect(dialog.getByTestId('follow-up-row')).toHaveCount(1);
  await expect(description).toHaveValue('Call the member about proof of insurance');
  await row.getByRole('checkbox', { name: 'Completed' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // The same toast again is one toast with a count (issue 29, item 14).
  await expect(toast(page).filter({ hasText: texts.followUpUpdated })).toHaveCount(1);
  await expect(toast(page).filter({ hasText: texts.followUpUpdated }).getByTestId('toast-count')).toHaveText(' ×2');

  await openAction(page, id, 'Follow Up');
  await expect(row.getByRole('checkbox', { name: 'Completed' })).toBeChecked();
  await expect(description).toHaveValue('Call the member about proof of insurance');
});

test('Share: the officer shares an application with the admin, who sees it in Shared With Me', async ({
  page,
  request,
  browser,
}) => {
  const id = await createDialogApplication(request, 'Sharewood');
  await signIn(page, users.officer);
  await openAction(page, id, 'Share');
  const dialog = page.getByRole('dialog', { name: 'Share' });
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Select users and/or user groups' }).click();
  await page.getByRole('option', { name: /Avery Morgan/ }).click();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(toast(page).filter({ hasText: texts.sharesUpdated })).toBeVisible();
  await expect(dialog).toBeHidden();

  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await signIn(admin, users.admin);
    await admin.getByRole('link', { name: /Shared With Me/ }).click();
    await expect(admin.getByRole('heading', { name: 'Shared With Me' })).toBeVisible();
    // Shared With Me is a queue grid; a new application's id links to its Credit worksheet (spec 1 §2).
    const row = admin.getByTestId('queue-grid').locator(`[role="row"][data-id="${id}"]`);
    await expect(row).toContainText('Robin Sharewood');
    await expect(row.getByRole('link', { name: String(id) })).toHaveAttribute('href', `/credit/${id}`);
  } finally {
    await adminContext.close();
  }
});

test('Application Alerts: the seeded application whose applicant shares an e-mail links the other', async ({
  page,
  request,
}) => {
  // The demo seeds two applications whose primary applicants share an e-mail (jordan.ellis.family@…).
  const headers = await apiAuth(request, users.officer);
  let found: { id: number; other: { name: string; applicationId: number } } | null = null;
  for (let id = 10001; id < 10200 && !found; id++) {
    const response = await request.get(`/api/applications/${id}/alerts`, { headers });
    if (response.status() === 404) continue;
    const alerts = (await response.json()) as { name: string; applicationId: number; emails: string[] }[];
    const other = alerts.find((a) => a.emails.some((e) => /jordan\.ellis\.family@/i.test(e)));
    if (other) found = { id, other };
  }
  expect(found).not.toBeNull();
  const { id, other } = found!;

  await signIn(page, users.officer, { at: `/application/${id}` });
  await page.getByRole('button', { name: /Application Alerts/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Application Alerts' });
  await expect(dialog).toContainText(texts.alerts);
  const link = dialog.getByRole('link', { name: other.name });
  await expect(link).toHaveAttribute('href', `/application/${other.applicationId}`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(dialog).toContainText(/jordan\.ellis\.family@example\.com/i);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('Promotions: dates read MM/dd/yyyy and the auto-selected promotion opens ticked without unsaved changes', async ({
  page,
  request,
}) => {
  const id = await createDialogApplication(request, 'Promoson');
  await signIn(page, users.officer);
  await openAction(page, id, 'Promotions');
  const dialog = page.getByRole('dialog', { name: 'Promotions Summary' });
  await expect(dialog.getByTestId('promotions-notice')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Spring Auto Rate Special' })).toBeChecked();
  const spring = dialog.getByRole('row').filter({ hasText: 'Spring Auto Rate Special' });
  await expect(spring).toContainText(/\d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}/);
  await expect(dialog).not.toContainText(/\d{4}-\d{2}-\d{2}/); // no ISO dates
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled(); // the auto-selection can be kept

  // Nothing was changed by the user: Cancel closes at once, without the unsaved-changes question.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Unsaved Changes' })).toHaveCount(0);
});

test('Collateral: Save with the insurance missing marks it and saves nothing; filled in, it saves', async ({
  page,
  request,
}) => {
  const id = await createDialogApplication(request, 'Collaterby');
  await signIn(page, users.officer, { at: `/application/${id}` });
  await expect(page.getByTestId('header-lock')).toHaveText('Locked by you');
  await page.getByRole('button', { name: 'Edit collateral' }).click();
  const dialog = page.getByRole('dialog', { name: 'Collateral Description' });
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled(); // nothing changed yet

  // New Auto gathers insurance: its company and policy number are required, and empty.
  await dialog.getByRole('textbox', { name: 'Model' }).fill('');
  await dialog.getByRole('textbox', { name: 'Model' }).fill('Civic LX');
  await expect(save).toBeEnabled();
  await save.click();
  const company = dialog.getByRole('textbox', { name: 'Insurance Company' });
  await expect(company).toHaveAccessibleDescription(texts.required);
  await expect(dialog.getByRole('textbox', { name: 'Policy Number' })).toHaveAccessibleDescription(texts.required);
  await expect(company).toBeFocused();
  await expect(dialog.getByTestId('form-error-summary')).toHaveText(texts.fixFields);
  await expect(dialog).toBeVisible();
  await expect(toast(page).filter({ hasText: texts.applicationUpdated })).toHaveCount(0);

  await company.fill('Front Range Mutual');
  await dialog.getByRole('textbox', { name: 'Policy Number' }).fill('FR-20931');
  await expect(dialog.getByTestId('form-error-summary')).toBeHidden();
  await save.click();
  await expect(toast(page).filter({ hasText: texts.applicationUpdated })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('collateral-card')).toContainText('Civic LX');
});

test('Transaction: Save with a dealer purchase but no dealer marks the dealer and saves nothing', async ({
  page,
  request,
}) => {
  const id = await createDialogApplication(request, 'Transacta');
  await signIn(page, users.officer, { at: `/application/${id}` });
  await expect(page.getByTestId('header-lock')).toHaveText('Locked by you');
  await page.getByRole('button', { name: 'Edit transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transaction Type or Purpose' });
  const save = dialog.getByRole('button', { name: 'Save' });

  await dialog.getByRole('combobox', { name: 'Transaction Type' }).click();
  await page.getByRole('option', { name: 'Dealer', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Purpose' }).fill('Dealer purchase');
  await save.click();
  const dealer = dialog.getByRole('combobox', { name: 'Dealer' });
  await expect(dealer).toHaveAccessibleDescription(texts.dealerRequired);
  await expect(dealer).toBeFocused();
  await expect(dialog.getByTestId('form-error-summary')).toHaveText(texts.fixFields);
  await expect(dialog).toBeVisible();
  await expect(toast(page).filter({ hasText: texts.applicationUpdated })).toHaveCount(0);

  await dealer.click();
  await page.getByRole('option').first().click();
  await expect(dealer).not.toHaveAttribute('aria-invalid', 'true');
  await save.click();
  await expect(toast(page).filter({ hasText: texts.applicationUpdated })).toBeVisible();
  await expect(dialog).toBeHidden();
});
