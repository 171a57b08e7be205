import { expect, type Page } from '@playwright/test';

export const users = {
  admin: { username: 'admin', password: 'Admin2026', name: 'Avery' },
  officer: { username: 'officer', password: 'Officer2026', name: 'Olivia' },
  expiring: { username: 'expiring', password: 'Expiring2026', name: 'Ethan' },
  expired: { username: 'expired', password: 'Expired2026', name: 'Erin' },
  harbor: { username: 'harbor', password: 'Harbor2026', name: 'Hector' },
} as const;

/** Types the credentials on the sign-in page and presses Sign In, as a person would. */
export const fillSignIn = async (page: Page, username: string, password: string) => {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
};

/** Signs in from /login and waits for the home page greeting. */
export const signIn = async (page: Page, user: { username: string; password: string; name: string }) => {
  await page.goto('/login');
  await fillSignIn(page, user.username, user.password);
  await expect(page.getByRole('heading', { name: `Hello, ${user.name}` })).toBeVisible();
};
