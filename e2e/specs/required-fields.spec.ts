import { expect, test, type Locator, type Page } from '../support/test.ts';
import { apiAuth, createAutoApplication } from '../support/applications.ts';
import { signIn, users } from '../support/sign-in.ts';

/*
 * Issue 17, items 6 and 7: Save is enabled; pressing it with required fields missing marks each of them on the
 * field, focuses the first and saves nothing. A new application needs what its product's control type asks for
 * (a personal loan: the amount and the term).
 */

const texts = {
  required: 'Required',
  oneOption: 'One option is Required',
  submittedTitle: 'Application Submitted',
  hmdaUpdated: 'Successfully updated HMDA data',
  customFieldsUpdated: 'Updated Custom Fields!',
};

const toast = (page: Page) => page.getByTestId('toast');

/** Puts text into a field (fill: the form sees the whole value at once, as from a paste). */
const type = (field: Locator, text: string) => field.fill(text);

const choose = async (page: Page, combobox: Locator, option: string | RegExp) => {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
};

const openAction = async (page: Page, id: number, action: string) => {
  await page.goto(`/application/${id}`);
  await expect(page.getByTestId('header-lock')).toHaveText('Locked by you');
  await page.getByRole('toolbar', { name: 'Application actions' }).getByRole('button', { name: action }).click();
};

test('New Application: Save shows what is missing; a personal loan needs its amount and term', async ({ page }) => {
  await signIn(page, users.officer);
  await page.getByRole('button', { name: 'New Application' }).click();
  await expect(page.getByRole('heading', { name: 'New Application' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save', exact: true });

  // Nothing chosen yet: Save is there to press, and says what is missing.
  await expect(save).toBeEnabled();
  await save.click();
  const product = page.getByRole('combobox', { name: 'Loan Product' });
  await expect(product).toHaveAccessibleDescription(texts.required);
  await expect(product).toBeFocused();
  const applicants = page.getByTestId('applicants-section');
  await expect(applicants.getByRole('textbox', { name: 'First Name' })).toHaveAccessibleDescription(texts.required);
  await expect(page.getByTestId('form-error-summary')).toContainText('Channel and Product');

  await choose(page, product, /^Personal Loan/);
  await expect(product).not.toHaveAttribute('aria-invalid', 'true');
  await type(applicants.getByRole('textbox', { name: 'First Name' }), 'Avery');
  await type(applicants.getByRole('textbox', { name: 'Last Name' }), 'Termless');
  await type(applicants.getByRole('textbox', { name: 'Current Address' }), '18 Aspen Way');
  await type(applicants.getByRole('textbox', { name: 'City' }), 'Denver');
  await choose(page, applicants.getByRole('combobox', { name: 'State' }), 'CO');
  await type(applicants.getByRole('textbox', { name: 'ZIP' }), '80202');
  await type(applicants.getByRole('textbox', { name: 'Phone Number' }), '3035551234');

  // The case of the issue: no amount and no term. Both are marked, the first takes the focus, nothing is sent.
  await save.click();
  const request = page.getByTestId('request-section');
  const amount = request.getByRole('textbox', { name: 'Requested Amount' });
  const term = request.getByRole('textbox', { name: 'Term (months)' });
  await expect(amount).toHaveAccessibleDescription(texts.required);
  await expect(term).toHaveAccessibleDescription(texts.required);
  await expect(amount).toBeFocused();
  await expect(page.getByTestId('form-error-summary')).toHaveText('Fix the highlighted fields in: Request.');
  await expect(toast(page).filter({ hasText: texts.submittedTitle })).toHaveCount(0);
  await expect(page).toHaveURL(/\/application$/);

  await type(amount, '12000');
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
  await type(term, '36');
  await expect(term).not.toHaveAttribute('aria-invalid', 'true');
  await save.click();
  await expect(toast(page).filter({ hasText: texts.submittedTitle })).toBeVisible();
  await expect(page).toHaveURL(/\/application\/\d+$/);
  await expect(page.getByTestId('request-estimated-amount')).toHaveText('$12,000.00');
  await expect(page.getByTestId('request-term')).toHaveText('36 months');
});

test('HMDA: Save on an empty form marks every required answer and saves nothing', async ({ page, request }) => {
  const id = await createAutoApplication(request, { firstName: 'Robin', lastName: 'Requiredson' });
  await signIn(page, users.officer);
  await openAction(page, id, 'HMDA');
  const dialog = page.getByRole('dialog', { name: 'HMDA' });
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeEnabled();
  await save.click();

  const delivery = dialog.getByRole('combobox', { name: 'Delivery Method' });
  await expect(delivery).toHaveAccessibleDescription(texts.required);
  await expect(delivery).toBeFocused();
  await expect(dialog.getByRole('combobox', { name: 'Gender' })).toHaveAccessibleDescription(texts.required);
  for (const statement of ['ethnicity', 'race', 'sex']) {
    await expect(
      dialog.getByRole('group', { name: new RegExp(`Was the ${statement} of the applicant`) }),
    ).toContainText(texts.required);
  }
  await expect(dialog.getByTestId('hmda-race')).toContainText(texts.oneOption);
  await expect(dialog.getByTestId('hmda-ethnicity')).toContainText(texts.oneOption);
  await expect(dialog).toBeVisible();
  await expect(toast(page).filter({ hasText: texts.hmdaUpdated })).toHaveCount(0);

  // Answered one by one, each mark goes; a ticked "Other Asian" asks for its text, typed a key at a time.
  await choose(page, delivery, 'Internet');
  await expect(delivery).not.toHaveAttribute('aria-invalid', 'true');
  await choose(page, dialog.getByRole('combobox', { name: 'Gender' }), 'Female');
  for (const statement of ['ethnicity', 'race', 'sex']) {
    const group = dialog.getByRole('group', { name: new RegExp(`Was the ${statement} of the applicant`) });
    await group.getByRole('radio', { name: 'No' }).check();
    await expect(group).not.toContainText(texts.required);
  }
  const race = dialog.getByTestId('hmda-race');
  await race.getByRole('checkbox', { name: 'Other Asian', exact: true }).check();
  await expect(race).not.toContainText(texts.oneOption);
  await dialog.getByTestId('hmda-ethnicity').getByRole('checkbox', { name: 'Not Hispanic or Latino' }).check();
  await save.click();
  const otherAsian = race.getByRole('textbox', { name: 'Other Asian race' });
  await expect(otherAsian).toHaveAccessibleDescription(texts.required);
  await expect(otherAsian).toBeFocused();
  await type(otherAsian, 'Hmong');
  await expect(otherAsian).not.toHaveAttribute('aria-invalid', 'true');

  await save.click();
  await expect(toast(page).filter({ hasText: texts.hmdaUpdated })).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('Custom Fields: Save marks the required field left empty, focuses it and saves nothing', async ({
  page,
  request,
}) => {
  const id = await createAutoApplication(request, { firstName: 'Robin', lastName: 'Customfield' });
  const headers = await apiAuth(request, users.officer);
  await signIn(page, users.officer);
  await openAction(page, id, 'Custom Fields');
  const dialog = page.getByRole('dialog', { name: 'Custom Fields' });
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeEnabled();

  await type(dialog.getByRole('textbox', { name: 'Dealer stock number' }), 'STK-1042');
  await save.click();
  const branch = dialog.getByRole('combobox', { name: 'Referring branch' });
  await expect(branch).toHaveAccessibleDescription(texts.required);
  await expect(branch).toBeFocused();
  await expect(dialog).toBeVisible();
  await expect(toast(page).filter({ hasText: texts.customFieldsUpdated })).toHaveCount(0);
  const stored = (await (await request.get(`/api/applications/${id}/customfields`, { headers })).json()) as {
    label: string;
    value: unknown;
  }[];
  expect(stored.find((f) => f.label === 'Dealer stock number')?.value ?? null).toBeNull();

  await choose(page, branch, 'Boulder');
  await expect(branch).not.toHaveAttribute('aria-invalid', 'true');
  await save.click();
  await expect(toast(page).filter({ hasText: texts.customFieldsUpdated })).toBeVisible();
  await expect(dialog).toBeHidden();
});
