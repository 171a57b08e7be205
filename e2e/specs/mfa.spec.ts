import { authenticator } from 'otplib';
import { apiAuth, createAutoApplication } from '../support/applications.ts';
import { reviewShots } from '../support/screenshots.ts';
import { fillSignIn, signIn, users } from '../support/sign-in.ts';
import { expect, test } from '../support/test.ts';

/**
 * Multi-factor authentication (issue 36). The codes are computed here as the person's authenticator app would
 * (otplib, the secret the page shows). A code's 30-second step is accepted once per factor: a later sign-in uses the
 * next step's code (one step of drift is accepted) or a recovery code.
 */
const nextStepCode = (secret: string) => authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);

test('TOTP: enrolment at the first sign-in with its QR code, then a code, then a recovery code', async ({ page }) => {
  await page.goto('/login');
  await fillSignIn(page, 'mfa-officer', 'MfaOfficer2026');
  await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('mfa-secret').textContent())!.replace(/\s/g, '');
  await reviewShots(page, 'mfa-enrolment');
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toHaveText('The code is incorrect or has already been used.');
  await page.getByLabel('Authentication code').fill(authenticator.generate(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const codes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  await reviewShots(page, 'mfa-recovery-codes');
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByRole('heading', { name: 'Hello, Mia' })).toBeVisible();

  // The next sign-in asks for a code of the app; no session before it.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/login');
  await fillSignIn(page, 'mfa-officer', 'MfaOfficer2026');
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('credence.token'))).toBeNull();
  await page.getByLabel('Authentication code').fill(nextStepCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Hello, Mia' })).toBeVisible();

  // And with a recovery code instead.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/login');
  await fillSignIn(page, 'mfa-officer', 'MfaOfficer2026');
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Hello, Mia' })).toBeVisible();
});

test('step-up: revealing an SSN asks for a code when none was verified in the last 5 minutes', async ({ page }) => {
  const applicationId = await createAutoApplication(page.request, {
    applicants: [
      {
        applicantRole: 'PRIMARY',
        firstName: 'Sasha',
        lastName: 'Revealer',
        socialSecurityNumber: '900-41-2345',
        addresses: [{ addressLine1: '40 Pine St', city: 'Denver', state: 'CO', zip: '80202' }],
      },
    ],
  });
  // The administrator adds an authenticator app (My Profile's calls); their new session has verified none yet.
  const headers = await apiAuth(page.request, users.admin);
  const added = await page.request.post('/api/user/mfa/factors', { headers, data: { name: 'E2E phone' } });
  expect(added.status(), await added.text()).toBe(200);
  const { factorId, secret } = (await added.json()) as { factorId: number; secret: string };
  const confirmed = await page.request.post(`/api/user/mfa/factors/${factorId}/confirm`, {
    headers,
    data: { code: authenticator.generate(secret) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };

  await signIn(page, users.admin, { at: `/application/${applicationId}` });
  await expect(page.getByTestId('applicant-ssn')).toHaveText('***-**-2345');
  await page.getByRole('button', { name: 'Reveal SSN' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Authentication code').fill(nextStepCode(secret));
  await reviewShots(page, 'mfa-step-up');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('applicant-ssn')).toHaveText('900-41-2345');

  // The administrator's factor goes again (a recovery code covers the removal), as the demo had it.
  expect(
    (await page.request.post('/api/user/mfa/stepUp', { headers, data: { code: recoveryCodes[0] } })).status(),
  ).toBe(200);
  expect((await page.request.delete(`/api/user/mfa/factors/${factorId}`, { headers })).status()).toBe(204);
});
