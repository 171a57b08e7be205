import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';

/** Administration › Users (issue 9, item 7): create a user, the enrollment e-mail, its .eml file. */

const grid = (page: Page) => page.getByTestId('resource-grid');
const dialog = (page: Page) => page.getByTestId('users-dialog');

/**
 * The .eml files the e2e server wrote (run-e2e.ts gives each server a DATA_DIR `credence-e2e-<name>-*` in the
 * temporary folder; with no SMTP_URL the outbox job writes `<DATA_DIR>/outbox/*.eml`) that mention `address`.
 */
const emlsTo = async (address: string) => {
  const found: string[] = [];
  for (const dir of (await readdir(os.tmpdir())).filter((d) => d.startsWith('credence-e2e-main-'))) {
    const outbox = path.join(os.tmpdir(), dir, 'outbox');
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const file of files.filter((f) => f.endsWith('.eml'))) {
      const text = await readFile(path.join(outbox, file), 'utf8').catch(() => '');
      if (text.includes(address)) found.push(text);
    }
  }
  return found;
};

test('an administrator creates a user, who is sent the enrollment e-mail, sets a password from its link once and signs in', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const username = `jpatel${stamp}`;
  const email = `jordan.patel.${stamp}@summitfcu.example`;
  await signIn(page, users.admin);
  const menu = page.getByTestId('side-menu');
  await menu.getByText('Administration', { exact: true }).click();
  await menu.getByText('Users', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(grid(page)).toContainText('Olivia Chen');
  await reviewShots(page, 'users-list');

  await page.getByRole('button', { name: 'Add User' }).click();
  const form = dialog(page);
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(email);
  await form.getByRole('textbox', { name: /^Name/ }).fill('Jordan');
  await form.getByLabel('Full Name').fill('Jordan Patel');
  await form.getByLabel('Job Title').fill('Member Services Rep');
  await form.getByLabel('Phone').fill('3035550142');
  await form.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Loan Officer' }).click();
  await form.getByRole('combobox', { name: 'User Groups' }).click();
  await page.getByRole('option', { name: 'Underwriters' }).click();
  await page.keyboard.press('Escape');
  await reviewShots(page, 'user-editor-new');
  await form.getByRole('button', { name: 'Save' }).click();

  await expect(form).toBeHidden();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(page.getByText('Enrollment email has been sent successfully.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users' }).or(page.getByLabel('Search users')).fill(username);
  await expect(grid(page)).toContainText('Jordan Patel');
  await expect(grid(page)).toContainText('Loan Officer');

  // The job delivers the e-mail within seconds: an .eml file with the set-password link.
  await expect.poll(async () => (await emlsTo(email)).length, { timeout: 20_000 }).toBe(1);
  const eml = (await emlsTo(email))[0]!.replace(/=\r?\n/g, '');
  expect(eml).toMatch(/\/setPassword#token=[A-Za-z0-9_-]{20,}/);

  // Send it again from the editor: the spec's toast, and a second file.
  // The first toasts are closed (and gone) first, so the next enrollment toast is the only one.
  const enrollmentSent = page.getByText('Enrollment email has been sent successfully.');
  // A click during a toast's entry animation can be lost: close what is there until none is left.
  await expect(async () => {
    for (const close of await page.locator('.Toastify__toast').getByRole('button', { name: /close/i }).all()) {
      await close.click({ timeout: 1000 }).catch(() => undefined);
    }
    await expect(enrollmentSent).toHaveCount(0, { timeout: 1500 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('button', { name: `Edit ${username}` }).click();
  await expect(dialog(page)).toBeVisible();
  await reviewShots(page, 'user-editor');
  await dialog(page).getByRole('button', { name: 'Send Enrollment Email' }).click();
  await expect(enrollmentSent).toHaveCount(1);
  await expect(page.getByText('Message Sent').last()).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Send Password Reset Email' }).click();
  await expect(page.getByText('Email has been sent successfully.', { exact: true })).toBeVisible();
  await expect.poll(async () => (await emlsTo(email)).length, { timeout: 20_000 }).toBe(3);

  // The new user opens the link in a browser of their own, sets a password, and signs in with it.
  const emails = (await emlsTo(email)).map((text) => text.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
  const link = /\/setPassword#token=[A-Za-z0-9_-]+/.exec(
    emails.find((text) => /Welcome to Credence/.test(text)) ?? '',
  )?.[0];
  expect(link).toBeTruthy();
  const own = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const newUser = await own.newPage();
  await newUser.goto(link!);
  await expect(newUser.getByRole('heading', { name: 'Set Password' })).toBeVisible();
  await expect(newUser).toHaveURL(/\/setPassword$/); // the token leaves the address bar
  await reviewShots(newUser, 'set-password');
  await newUser.getByLabel('New Password').fill('Patel2026x');
  await newUser.getByLabel('Confirm Password').fill('Patel2026y');
  await newUser.getByRole('button', { name: 'Set Password' }).click();
  await expect(newUser.getByText('Password and confirm password do not match')).toBeVisible();
  await newUser.getByLabel('Confirm Password').clear();
  await newUser.getByLabel('Confirm Password').fill('Patel2026x');
  await newUser.getByRole('button', { name: 'Set Password' }).click();
  await expect(newUser.getByText('Your password has been set. You can sign in now.')).toBeVisible();
  await newUser.getByRole('link', { name: 'Sign In' }).click();
  await newUser.getByLabel('Username').fill(username);
  await newUser.getByLabel('Password', { exact: true }).fill('Patel2026x');
  await newUser.getByRole('button', { name: 'Sign In' }).click();
  await expect(newUser.getByRole('heading', { name: 'Hello, Jordan' })).toBeVisible();
  // The link works once.
  await newUser.goto(link!);
  await newUser.getByLabel('New Password').fill('Patel2026z');
  await newUser.getByLabel('Confirm Password').fill('Patel2026z');
  await newUser.getByRole('button', { name: 'Set Password' }).click();
  await expect(
    newUser.getByText('This link is invalid or has expired. Ask your administrator to send a new one.'),
  ).toBeVisible();
  await own.close();
});
