import { expect, test } from '../support/test.ts';
import { fillSignIn, signIn, signInThroughPage, users } from '../support/sign-in.ts';

test('a loan officer signs in and is greeted by name', async ({ page }) => {
  await signInThroughPage(page, users.officer);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('side-menu')).toBeVisible();
});

test('a wrong password shows the spec message and stays on sign-in', async ({ page }) => {
  await page.goto('/login');
  await fillSignIn(page, 'officer', 'NotThePassword1');
  await expect(page.getByText('The username or password is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('the side menu and top bar are hidden on the sign-in page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New Application' })).toHaveCount(0);
});

test('a guarded page sends a stranger to sign in and back to that page afterwards', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?.*returnUrl=%2Fprofile/);
  await fillSignIn(page, users.officer.username, users.officer.password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'User Profile' })).toBeVisible();
});

test('/deploy leads to sign-in', async ({ page }) => {
  await page.goto('/deploy');
  await expect(page).toHaveURL(/\/login/);
});

test('a stored session survives a reload', async ({ page }) => {
  await signIn(page, users.officer);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Hello, Olivia' })).toBeVisible();
});
