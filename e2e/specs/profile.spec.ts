import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiAuth } from '../support/applications.ts';
import { reviewShots } from '../support/screenshots.ts';
import { fillSignIn, signIn, users } from '../support/sign-in.ts';
import { expect, test } from '../support/test.ts';

/**
 * My Profile ('User Profile', issue 32, items 6–9): the avatar, the phone, the password. A user of its own is
 * created through the API (the enrollment link read from the outbox's .eml), so the demo users keep theirs.
 */

/** A 1 x 1 red PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const enrollmentLinkTo = async (address: string) => {
  for (const dir of (await readdir(os.tmpdir())).filter((d) => d.startsWith('credence-e2e-'))) {
    const outbox = path.join(os.tmpdir(), dir, 'outbox');
    for (const file of (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'))) {
      const text = (await readFile(path.join(outbox, file), 'utf8').catch(() => ''))
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const token = text.includes(address) ? /\/setPassword#token=([A-Za-z0-9_-]+)/.exec(text)?.[1] : undefined;
      if (token) return token;
    }
  }
  return undefined;
};

type TestUser = { username: string; password: string; name: string };

/** An officer of Summit created for this file, with a password set through the enrollment link. */
const createUser = async (request: APIRequestContext): Promise<TestUser> => {
  const admin = await apiAuth(request, users.admin);
  const stamp = Date.now().toString(36);
  const user = { username: `pquinn${stamp}`, password: 'Quinn2026a', name: 'Parker' };
  const email = `parker.quinn.${stamp}@summitfcu.example`;
  const roles = (await (await request.get('/api/users/roles', { headers: admin })).json()) as {
    id: number;
    name: string;
  }[];
  const created = await request.post('/api/users', {
    headers: admin,
    data: {
      username: user.username,
      name: user.name,
      fullName: 'Parker Quinn',
      email,
      jobTitle: 'Consumer Loan Officer',
      roleId: roles.find((r) => r.name === 'Loan Officer')!.id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  let token: string | undefined;
  await expect.poll(async () => (token = await enrollmentLinkTo(email)), { timeout: 20_000 }).toBeTruthy();
  const set = await request.post('/api/users/setPassword', {
    data: { token, password: user.password, confirmPassword: user.password },
  });
  expect(set.status(), await set.text()).toBe(200);
  return user;
};

let person: TestUser;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ request }) => {
  person = await createUser(request);
});

const save = (page: Page) => page.getByRole('button', { name: 'Save' });

test('the integration card by provider, Save blocked while impersonating, an avatar shown in the top bar', async ({
  page,
}) => {
  // The administrator has vendors: the card shows, the code only for CUDL, no password for Dealertrack.
  await signIn(page, users.admin, { at: '/profile' });
  const card = page.getByRole('region', { name: 'Integration Information' });
  await expect(card.getByLabel('Code')).toHaveValue('SFCU0412');
  await expect(page.getByText('Core password not set')).toBeVisible();
  await reviewShots(page, 'profile-integrations');
  await card.getByRole('combobox', { name: 'Provider' }).click();
  await page.getByRole('option', { name: 'Dealertrack' }).click();
  await expect(card.getByLabel('User Name')).toHaveValue('avery.morgan');
  await expect(card.getByLabel('Password')).toHaveCount(0);
  await expect(card.getByLabel('Code')).toHaveCount(0);
  // While impersonating another lender, Save is disabled with the spec's tooltip (the server refuses too).
  const picker = page.getByRole('combobox', { name: 'Lender' });
  await picker.click();
  await page.getByRole('option', { name: 'Harbor Auto Finance' }).click();
  await expect(page.getByText('Impersonating')).toBeVisible();
  await page.goto('/profile');
  await expect(save(page)).toBeDisabled();
  await save(page).locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Cannot update profile while impersonating another lender');

  await signIn(page, person, { at: '/profile' });
  await expect(page.getByRole('heading', { name: 'User Profile' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Integration Information' })).toHaveCount(0);
  const file = page.getByTestId('avatar-input');
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Only allowed extensions jpg, jpeg, and png.')).toBeVisible();
  await expect(page.getByText('Invalid extension')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload Photo' })).toBeDisabled();
  await file.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Upload Photo' }).click();
  await expect(page.getByText('You have updated your avatar successfully.')).toBeVisible();
  await expect(page.getByText('My Avatar Updated')).toBeVisible();
  const topBarAvatar = page.getByRole('banner').locator('.MuiAvatar-root img');
  await expect(topBarAvatar).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
});

test('the phone: refused when not a phone number, saved as digits', async ({ page, request }) => {
  await signIn(page, person, { at: '/profile' });
  const phone = page.getByRole('textbox', { name: 'Phone', exact: true });
  await expect(save(page)).toBeDisabled(); // clean
  await phone.fill('555-01');
  await expect(page.getByText('Please enter valid phone number.')).toBeVisible();
  await expect(save(page)).toBeDisabled(); // invalid
  await phone.fill('(720) 555-0188');
  await save(page).click();
  await expect(page.getByText('You have updated your profile successfully.')).toBeVisible();
  await expect(page.getByText('My Profile Updated')).toBeVisible();
  const headers = await apiAuth(request, person);
  const profile = (await (await request.get('/api/user/profile', { headers })).json()) as { phoneNumber: string };
  expect(profile.phoneNumber).toBe('7205550188');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue('(720) 555-0188');
});

test('the password: changed on the profile, then signed in with it', async ({ page, browser }) => {
  await signIn(page, person, { at: '/profile' });
  await page.getByRole('button', { name: 'Change password' }).click();
  const newPassword = page.getByLabel('New Password');
  await expect(newPassword).toBeDisabled();
  await page.getByLabel('Current Password').fill(person.password);
  await newPassword.fill('Quinn2027b');
  await page.getByLabel('Confirm Password').fill('Quinn2027c');
  await expect(page.getByText('Password and confirm password do not match')).toBeVisible();
  await expect(save(page)).toBeDisabled();
  await page.getByLabel('Confirm Password').fill('Quinn2027b');
  await save(page).click();
  await expect(page.getByText('You have updated your profile successfully.')).toBeVisible();

  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const fresh = await other.newPage();
  await fresh.goto('/login');
  await fillSignIn(fresh, person.username, 'Quinn2027b');
  await expect(fresh.getByRole('heading', { name: `Hello, ${person.name}` })).toBeVisible();
  await other.close();
});
