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
