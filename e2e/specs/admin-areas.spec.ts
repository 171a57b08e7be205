import { describeResourceArea } from '../support/resource-area.ts';
import { expect, test } from '../support/test.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';

/** The administration areas on the resource kit, each through the generic area suite (issue 9). */

describeResourceArea({
  title: 'Branches',
  path: '/admin/branches',
  singular: 'Branch',
  create: (name) => [
    { label: 'Name', value: name },
    { label: 'Branch Number', value: '012' },
    { label: 'City', value: 'Littleton' },
    { label: 'State', value: 'CO', kind: 'select' },
  ],
  change: { field: { label: 'Branch Number', value: '013' }, shows: '013' },
  invalid: { field: { label: 'ZIP', value: '801' }, message: 'Enter a 5 or 9 digit ZIP code' },
});

describeResourceArea({
  title: 'Cross Sell Settings',
  path: '/admin/crossSells',
  singular: 'Cross Sell Setting',
  create: (name) => [
    { label: 'Name', value: name },
    { label: 'Loan Product', value: 'Used Auto', kind: 'select' },
    { label: 'Base Rate (%)', value: '6.250' },
  ],
  change: { field: { label: 'Base Rate (%)', value: '5.875' }, shows: '5.875%' },
  invalid: {
    field: { label: 'Base Rate (%)', value: '6.2505' },
    message: 'Enter a rate from 0 to 99.999 with up to three decimals.',
  },
});

describeResourceArea({
  title: 'Application Status Messages',
  path: '/admin/messages',
  singular: 'Message',
  create: (name) => [
    { label: 'Name', value: name },
    { label: 'Application Status', value: 'Pending', kind: 'select' },
    { label: 'Subject', value: 'Application {ApplicationId} is pending' },
    { label: 'Message', value: 'Hello {ApplicantFirstName}, we need a document from you.' },
  ],
  change: { field: { label: 'Subject', value: 'We need a document for {ApplicationId}' }, shows: 'We need a document' },
  invalid: {
    field: { label: 'Message', value: 'Your SSN is {SocialSecurityNumber}' },
    message: 'Unknown field: {SocialSecurityNumber}. Choose a field from the list.',
  },
  texts: { enabled: 'Enabled Message', disabled: 'Disabled Message' },
});

describeResourceArea({
  title: 'Dealers',
  path: '/admin/dealers',
  singular: 'Dealer',
  create: (name) => [
    { label: 'Name', value: name },
    { label: 'City', value: 'Englewood' },
    { label: 'Phone', value: '3035550123' },
  ],
  change: { field: { label: 'Main Contact Name', value: 'Casey Nguyen' }, shows: 'Casey Nguyen' },
  invalid: { field: { label: 'Main Contact Email', value: 'casey@' }, message: 'Enter a valid email address' },
  texts: { saved: 'You have created the dealer successfully,' },
});

test('a user without the right who opens Application Status Messages is told and taken home (spec 2 §6)', async ({
  page,
}) => {
  await signIn(page, users.officer, { at: '/admin/messages' });
  await expect(
    page.getByTestId('toast').getByText('Permission Denied. Contact your System Administrator for access.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
});

test('a branch change shows in Audit History, and the branch as of today has the new values', async ({ page }) => {
  await signIn(page, users.admin, { at: '/admin/branches' });
  await page.getByRole('button', { name: 'Edit Boulder' }).click();
  const dialog = page.getByRole('dialog');
  const number = dialog.getByRole('textbox', { name: 'Branch Number', exact: true });
  await number.fill('017');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);

  const menu = page.getByTestId('side-menu');
  await menu.getByText('Audit History', { exact: true }).click();
  await page.getByRole('combobox', { name: 'Area' }).click();
  await page.getByRole('option', { name: 'Branches' }).click();
  const change = page.getByTestId('audit-grid').locator('[role="row"][data-id]').filter({ hasText: 'Boulder' }).first();
  await expect(change).toContainText('Branch Number: 007 → 017');
  await change.getByRole('button', { name: /View Boulder as of/ }).click();
  const asOf = page.getByRole('dialog', { name: /Boulder #\d+ as of/ });
  await expect(asOf).toBeVisible();
  await expect(
    asOf.getByRole('table', { name: /Values as of/ }).getByRole('row', { name: /Branch Number 017/ }),
  ).toBeVisible();
  await expect(asOf).toContainText('Replayed from 1 entry');
});

test('Useful Links: a link that is not a web address is refused on its field; a good one shows in the side menu', async ({
  page,
}) => {
  await signIn(page, users.admin, { at: '/admin/usefulLinks' });
  await expect(page.getByRole('heading', { name: 'Useful Links', level: 1 })).toBeVisible();
  const rows = page.getByTestId('useful-link-row');
  await expect(rows.first()).toBeVisible(); // the list is read before it is counted
  const before = await rows.count();
  expect(before).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Add Link' }).click();
  const added = rows.nth(before);
  await added.getByRole('textbox', { name: 'Name' }).fill('Rate Sheet');
  await added.getByRole('textbox', { name: 'Link' }).fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(added.getByText('A useful link must be a web address (http or https).')).toBeVisible();
  await reviewShots(page, 'useful-links');
  await added.getByRole('textbox', { name: 'Link' }).fill('https://intranet.summitfcu.example/rates');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').getByText('Saved', { exact: true })).toBeVisible();

  await page.getByTestId('side-menu').getByText('Exit Administration', { exact: true }).click();
  await expect(page.getByTestId('side-menu').getByText('Rate Sheet', { exact: true })).toBeVisible();

  // Put the list back as it was (other specs read the demo's links).
  await page.goto('/admin/usefulLinks');
  await page.getByRole('button', { name: `Remove link ${before + 1}` }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(rows).toHaveCount(before);
  await expect(page.getByTestId('side-menu').getByText('Rate Sheet', { exact: true })).toHaveCount(0);
});

test('Credit Bureaus: a bureau switched off is no longer offered on the credit worksheet', async ({ page }) => {
  await signIn(page, users.admin, { at: '/admin/creditBureaus' });
  await expect(page.getByRole('heading', { name: 'Credit Bureaus', level: 1 })).toBeVisible();
  const experian = page.getByRole('checkbox', { name: 'Experian', exact: true });
  await expect(experian).toBeChecked();
  await experian.uncheck();
  await reviewShots(page, 'credit-bureaus');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').getByText('Saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Experian', exact: true })).not.toBeChecked();

  // The credit worksheet offers the enabled bureaus only.
  await page.goto('/creditQueue');
  await page.getByTestId('queue-grid').locator('[role="row"][data-id]').first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Credit Worksheet' })).toBeVisible();
  await page.getByTestId('credit-report-card').getByRole('combobox', { name: 'Bureau' }).click();
  await expect(page.getByRole('option', { name: 'Equifax' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Experian' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Put it back (other specs pull from Experian).
  await page.goto('/admin/creditBureaus');
  await page.getByRole('checkbox', { name: 'Experian', exact: true }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').getByText('Saved', { exact: true })).toBeVisible();
});
