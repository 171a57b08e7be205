import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';
import { expect, test } from '../support/test.ts';

/**
 * Administration › Lender Protection (issue 35): Summit's demo Lend Pro credentials, edited with the password left
 * blank, pass 'Test credentials' (the saved password is used); a wrong program code and a short password fail with
 * the provider's first error under 'Credentials Failed'. The password is never shown back.
 */
test('lender protection credentials: Test credentials both ways', async ({ page }) => {
  await signIn(page, users.admin, { at: '/admin/lenderProtection' });
  await expect(page.getByRole('heading', { name: 'Lender Protection' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'summit-lendpro' });
  await expect(row.getByText('LP-AUTO')).toBeVisible();
  await reviewShots(page, 'lender-protection-list');

  await page.getByRole('button', { name: 'Edit Lend Pro' }).click();
  const dialog = page.getByTestId('lender-protection-dialog');
  await expect(dialog.getByRole('heading', { name: 'Edit Lender Protection: Lend Pro' })).toBeVisible();
  const password = dialog.getByLabel('Password', { exact: true });
  await expect(password).toHaveValue('');
  await expect(dialog.getByText('Leave blank to keep the saved password.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Test credentials' }).click();
  await expect(dialog.getByTestId('credentials-verdict')).toHaveText('Credentials successful');

  await dialog.getByLabel('Program Code').fill('LP-XYZ');
  await password.fill('short');
  await dialog.getByRole('button', { name: 'Test credentials' }).click();
  await expect(dialog.getByTestId('credentials-verdict')).toHaveText(
    'Credentials Failed: Invalid user name or password.',
  );
  await expect(page.getByText('Credentials Failed').first()).toBeVisible();
  await reviewShots(page, 'lender-protection-test-failed');

  await password.fill('Another-Sandbox-Pass');
  await dialog.getByRole('button', { name: 'Test credentials' }).click();
  await expect(dialog.getByTestId('credentials-verdict')).toHaveText(
    'Credentials Failed: Unknown program code LP-XYZ.',
  );
  await dialog.getByLabel('Program Code').fill('LP-NEARPRIME');
  await dialog.getByRole('button', { name: 'Test credentials' }).click();
  await expect(dialog.getByTestId('credentials-verdict')).toHaveText('Credentials successful');
  await reviewShots(page, 'lender-protection-test-ok');
});
