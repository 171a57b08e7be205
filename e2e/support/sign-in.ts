import { expect, type Page } from '@playwright/test';

export const users = {
  admin: { username: 'admin', password: 'Admin2026', name: 'Avery' },
  officer: { username: 'officer', password: 'Officer2026', name: 'Olivia' },
  expiring: { username: 'expiring', password: 'Expiring2026', name: 'Ethan' },
  expired: { username: 'expired', password: 'Expired2026', name: 'Erin' },
  harbor: { username: 'harbor', password: 'Harbor2026', name: 'Hector' },
} as const;

type User = { username: string; password: string; name: string };

/** Types the credentials on the sign-in page and presses Sign In, as a person would. */
export const fillSignIn = async (page: Page, username: string, password: string) => {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
};

const greeting = (page: Page, user: User) => page.getByRole('heading', { name: `Hello, ${user.name}` });

/** Signs in from /login as a person does and waits for the home page greeting (the sign-in tests themselves). */
export const signInThroughPage = async (page: Page, user: User) => {
  await page.goto('/login');
  await fillSignIn(page, user.username, user.password);
  await expect(greeting(page, user)).toBeVisible();
};

/**
 * Starts the test signed in as `user` (issue 28): a session of its own through `POST /api/login`, kept in the
 * browser's storage as the sign-in page keeps it (spec 1 §3 "Kept locally"), then opens `at` — the home page by
 * default, whose greeting is waited for. Each call is a new server-side session, so a test that signs out or
 * switches lender touches no other test. The sign-in page itself is tested in login.spec.ts, password-expiry and
 * inactivity.
 */
export const signIn = async (page: Page, user: User, { at = '/home' }: { at?: string } = {}) => {
  const login = await page.request.post('/api/login', { data: { username: user.username, password: user.password } });
  expect(login.status(), await login.text()).toBe(200);
  const answer = (await login.json()) as { access_token: string; user_id: number; password_expiration_date: string };
  const origin = new URL(login.url()).origin;
  await page.context().setStorageState({
    cookies: [],
    origins: [
      {
        origin,
        localStorage: [
          { name: 'credence.token', value: answer.access_token },
          { name: 'credence.userId', value: String(answer.user_id) },
          { name: 'credence.passwordExpirationDate', value: answer.password_expiration_date },
          { name: 'credence.lastActivity', value: String(Date.now()) },
        ],
      },
    ],
  });
  await page.goto(at);
  if (at === '/home') await expect(greeting(page, user)).toBeVisible();
};
