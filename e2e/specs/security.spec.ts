import { expect, test } from '../support/test.ts';
import { signIn, users } from '../support/sign-in.ts';

test('the strict Content-Security-Policy blocks nothing the app itself needs', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await signIn(page, users.officer);
  for (const path of ['/allApplicationsQueue', '/filters', '/popup/paymentCalculator', '/api/docs/']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await expect(page.getByText('Credence API', { exact: false }).first()).toBeVisible();
  expect(violations).toEqual([]);
});

test("another lender's application: one clear page with a way back, no failed calls retried, no toasts", async ({
  page,
}) => {
  // Harbor's loan officer opens a worksheet of Summit's first demo application.
  const calls: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() === 404) calls.push(new URL(r.url()).pathname);
  });
  await signIn(page, users.harbor);
  await page.getByRole('heading', { name: /Hello/ }).waitFor();
  await page.evaluate(() => {
    window.history.pushState({}, '', '/credit/10001');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'Application not available' })).toBeVisible();
  await expect(page.getByTestId('application-not-available')).toHaveText(
    'This application does not exist or is not available to you.',
  );
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('toast')).toHaveCount(0);
  // Only the application's own info was asked for, once: no worksheet call, no retry.
  expect(calls).toEqual(['/api/applications/10001/worksheetInfo']);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: /Hello/ })).toBeVisible();
});
