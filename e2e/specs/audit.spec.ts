import { expect, test } from '../support/test.ts';
import { signIn, users } from '../support/sign-in.ts';

test('a search by SSN is written to the SSN-lookup log an administrator reads, without the number', async ({
  page,
}) => {
  await signIn(page, users.admin);
  const searchBox = page.getByTestId('side-menu').getByRole('combobox', { name: 'Search' });
  await searchBox.click();
  await searchBox.pressSequentially('900-48-1357', { delay: 50 });
  await searchBox.press('Enter');
  await expect(page).toHaveURL(/\/allApplicationsQueue\?search=/);

  await page.goto('/admin/audit');
  await page.getByRole('tab', { name: 'SSN Lookups' }).click();
  await expect(page).toHaveURL(/\/admin\/audit\?tab=ssnLookups$/);
  await expect(page.getByRole('heading', { name: 'SSN Lookups' })).toBeVisible();
  const log = page.getByRole('table', { name: 'SSN Lookups' });
  const first = log.getByRole('row').nth(1);
  await expect(first).toContainText('Avery');
  await expect(first).toContainText('None');
  await expect(log).not.toContainText('1357');
});

test('the SSN-lookup log is closed to a loan officer', async ({ page }) => {
  await signIn(page, users.officer, { at: '/admin/audit' });
  await expect(page.getByText('Permission Denied. Contact your System Administrator for access.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'SSN Lookups' })).toHaveCount(0);
});
