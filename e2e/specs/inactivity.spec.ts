import { expect, test } from '../support/test.ts';
import { signInThroughPage, users } from '../support/sign-in.ts';

// This server runs with IDLE_SECONDS=4 and IDLE_TIMEOUT_SECONDS=6 (see run-e2e.ts).
test.use({ baseURL: process.env.CREDENCE_SHORT_IDLE_URL ?? 'http://127.0.0.1:3101' });

test('activity keeps the session; idleness warns, counts down and signs out', async ({ page }) => {
  await signInThroughPage(page, users.officer);
  // Moving the mouse keeps resetting the idle time: no warning.
  for (let i = 0; i < 6; i++) {
    await page.mouse.move(100 + i * 10, 200);
    await page.waitForTimeout(1000);
  }
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await expect(page.getByRole('dialog')).toContainText('due to inactivity', { timeout: 8000 });
  await expect(page.getByText('You have been logged out due to inactivity')).toBeVisible({ timeout: 12_000 });
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Your changes have not been saved')).toHaveCount(0);
});

test('signing out for inactivity also warns that unsaved changes were lost', async ({ page }) => {
  await signInThroughPage(page, users.officer);
  await page.goto('/changePassword');
  await page.getByLabel('Current Password').fill('something typed');
  await expect(page.getByText('You have been logged out due to inactivity')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Your changes have not been saved')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
