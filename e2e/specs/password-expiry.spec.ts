import { expect, test } from '../support/test.ts';
import { fillSignIn, users } from '../support/sign-in.ts';

test.describe('password expiring in 5 days', () => {
  test('No continues to the return URL', async ({ page }) => {
    await page.goto('/login');
    await fillSignIn(page, users.expiring.username, users.expiring.password);
    const dialog = page.getByRole('dialog', { name: 'Password Expiration Warning' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('5 day');
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Ethan' })).toBeVisible();
  });

  test('Yes goes to change the password', async ({ page }) => {
    await page.goto('/login');
    await fillSignIn(page, users.expiring.username, users.expiring.password);
    await page
      .getByRole('dialog', { name: 'Password Expiration Warning' })
      .getByRole('button', { name: 'Yes' })
      .click();
    await expect(page).toHaveURL(/\/changePassword/);
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  });
});

test('an expired password must be changed first, with the spec rules, then home', async ({ page }) => {
  await page.goto('/login');
  await fillSignIn(page, users.expired.username, users.expired.password);
  await expect(page).toHaveURL(/\/changePassword/);
  await expect(page.getByText('Your password has expired. Please change it to continue.')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toHaveCount(0);

  const newPassword = page.getByLabel('New Password');
  await expect(newPassword).toBeDisabled(); // enabled only once Current is typed
  await page.getByLabel('Current Password').fill(users.expired.password);
  await expect(newPassword).toBeEnabled();
  await newPassword.fill('Fresh2027x');
  await page.getByLabel('Confirm Password').fill('Fresh2027y');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password and confirm password do not match')).toBeVisible();

  await page.getByLabel('Confirm Password').fill('Fresh2027x');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('heading', { name: 'Hello, Erin' })).toBeVisible();
});
