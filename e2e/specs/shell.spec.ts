import { expect, test } from '../support/test.ts';
import { reviewShots } from '../support/screenshots.ts';
import { apiAuth } from '../support/applications.ts';
import { signIn, users } from '../support/sign-in.ts';

test('the side menu is open at 1400 px with the queues, filters and useful links', async ({ page }) => {
  await signIn(page, users.officer);
  const menu = page.getByTestId('side-menu');
  for (const name of [
    'My Queue',
    'Shared With Me',
    'Credit',
    'Pending Decision',
    'Decision',
    'Requirements',
    'Funding',
    'My Filters',
    'Shared Filters',
  ]) {
    await expect(menu.getByText(name, { exact: true })).toBeVisible();
  }
  await expect(menu.getByText('Administration', { exact: true })).toHaveCount(0); // a loan officer has no admin rights
  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(menu.getByText('My Queue', { exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Expand menu' }).click();
  await expect(menu.getByText('My Queue', { exact: true })).toBeVisible();
});

test('the side menu starts collapsed below 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  await signIn(page, users.officer);
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
});

test('a long menu name is cut to 22 characters and ... with the full name as tooltip', async ({ page }) => {
  await signIn(page, users.officer);
  const menu = page.getByTestId('side-menu');
  const cut = menu.getByText('Federal Reserve Consum...', { exact: true });
  await expect(cut).toBeVisible();
  await expect(menu.getByText('Federal Reserve Consumer Credit Release', { exact: true })).toHaveCount(0);
  await cut.hover();
  await expect(page.getByRole('tooltip', { name: 'Federal Reserve Consumer Credit Release' })).toBeVisible();
});

test('a useful link without a scheme opens externally with http://', async ({ page }) => {
  await signIn(page, users.officer);
  // This machine has no outside network: answer for the external site so the popup keeps its address.
  await page
    .context()
    .route('http://www.ncua.gov/**', (route) => route.fulfill({ contentType: 'text/html', body: 'NCUA' }));
  const popupPromise = page.waitForEvent('popup');
  await page.getByTestId('side-menu').getByText('NCUA', { exact: true }).click();
  const popup = await popupPromise;
  await expect.poll(() => popup.url()).toBe('http://www.ncua.gov/');
  await popup.close();
});

test('the administration section is entered and left from the menu', async ({ page }) => {
  await signIn(page, users.admin);
  const menu = page.getByTestId('side-menu');
  await menu.getByText('Administration', { exact: true }).click();
  await expect(menu.getByText('Exit Administration', { exact: true })).toBeVisible();
  await menu.getByText('Users', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await menu.getByText('Exit Administration', { exact: true }).click();
  await expect(menu.getByText('My Queue', { exact: true })).toBeVisible();
});

test('the lender picker shows for a user of two lenders and switches lender', async ({ page }) => {
  await signIn(page, users.admin);
  const picker = page.getByRole('combobox', { name: 'Lender' });
  await expect(picker).toHaveText('Summit Federal Credit Union');
  await picker.click();
  await page.getByRole('option', { name: 'Harbor Auto Finance' }).click();
  await expect(picker).toHaveText('Harbor Auto Finance');
  await expect(page.getByText('Impersonating')).toBeVisible();
  await expect(page.getByTestId('side-menu').getByText('J.D. Power Vehicle Values', { exact: true })).toBeVisible();
  await picker.click();
  await page.getByRole('option', { name: 'Summit Federal Credit Union' }).click();
  await expect(page.getByText('Impersonating')).toHaveCount(0);
  await expect(page.getByTestId('side-menu').getByText('NCUA', { exact: true })).toBeVisible();
});

test('the lender picker is hidden for a user of one lender', async ({ page }) => {
  await signIn(page, users.officer);
  await expect(page.getByRole('button', { name: 'New Application' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Lender' })).toHaveCount(0);
});

test('the bell shows only with the notifications right', async ({ page, request }) => {
  // Other specs notify the officer (their decisions on the officer's applications): read them all first.
  const headers = await apiAuth(request, users.officer);
  expect((await request.put('/api/user/notifications/markAsRead?markAll=true', { headers })).status()).toBe(204);
  await signIn(page, users.officer);
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByText('There are no new notifications.')).toBeVisible();
});

test('no bell without the notifications right', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(users.expiring.username);
  await page.getByLabel('Password', { exact: true }).fill(users.expiring.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('dialog', { name: 'Password Expiration Warning' }).getByRole('button', { name: 'No' }).click();
  await expect(page.getByRole('heading', { name: 'Hello, Ethan' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications' })).toHaveCount(0);
});

test('New Application goes to the application page', async ({ page }) => {
  await signIn(page, users.officer);
  await page.getByRole('button', { name: 'New Application' }).click();
  // The router commits the URL once the page's code has loaded: the largest page, slow on a busy CI machine.
  await expect(page).toHaveURL(/\/application$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'New Application' })).toBeVisible();
});

test('sign out asks first, then ends the session', async ({ page }) => {
  await signIn(page, users.officer);
  await page.getByRole('button', { name: /Olivia/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  const confirm = page.getByRole('dialog', { name: 'Sign Out' });
  await expect(confirm).toContainText('Are you sure you want to sign out?');
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(page.getByRole('heading', { name: 'Hello, Olivia' })).toBeVisible();

  await page.getByRole('button', { name: /Olivia/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('dialog', { name: 'Sign Out' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/login\?.*logout=true/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login/);
});

test('the payment calculator opens in its own 850 by 515 window', async ({ page }) => {
  await signIn(page, users.officer);
  const popupPromise = page.waitForEvent('popup');
  await page.getByTestId('side-menu').getByText('Payment Calculator', { exact: true }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  await expect(popup).toHaveTitle('Payment Calculator');
  expect(popup.viewportSize()).toEqual({ width: 850, height: 515 });
  await popup.getByLabel('Loan Amount').pressSequentially('25000', { delay: 50 });
  await popup.getByLabel('Interest Rate (%)').pressSequentially('6', { delay: 50 });
  await popup.getByLabel('Term (months)').pressSequentially('60', { delay: 50 });
  await popup.getByLabel('Contract Date').fill('2027-01-15');
  await popup.getByLabel('First Payment Date').fill('2027-02-15');
  const result = (label: string) => popup.getByLabel(label, { exact: true });
  await expect(result('Payment')).toHaveText('$483.32');
  await expect(result('Number of Payments')).toHaveText('60');
  await expect(result('Last Payment Date')).toHaveText('01/15/2032');
  await expect(result('APR')).toHaveText('6.000%');
  await expect(result('Finance Charge')).toHaveText('$3,999.23');
  await expect(result('Total of Payments')).toHaveText('$28,999.23');
  await expect(popup.getByTestId('payment-schedule-text')).toHaveText(
    'Payment Schedule: 59 payments of $483.32 monthly beginning 02/15/2027, 1 final payment of $483.35 on 01/15/2032',
  );
  const table = popup.getByRole('table', { name: 'Amortization Schedule' });
  await expect(table.getByRole('row')).toHaveCount(61);
  await expect(table.getByRole('row').last()).toContainText('$483.35');
  const download = popup.waitForEvent('download');
  await popup.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toBe('amortization-schedule.csv');

  // An odd first period: the extra days' interest is in the first payment and the APR.
  await popup.getByLabel('Contract Date').fill('2027-01-01');
  await expect(result('APR')).toHaveText('5.998%');
  await expect(table.getByRole('row').nth(1)).toContainText('$540.85');

  // A term that is not a whole number of payments is refused, on the field.
  await popup.getByLabel('Payment Frequency').click();
  await popup.getByRole('option', { name: 'Quarterly' }).click();
  await popup.getByLabel('Term (months)').fill('');
  await popup.getByLabel('Term (months)').pressSequentially('13', { delay: 50 });
  await expect(popup.getByText('A quarterly term must be a multiple of 3 months.')).toBeVisible();
  await expect(result('Payment')).toHaveText('—');
  await expect(popup.getByTestId('side-menu')).toHaveCount(0);
});

test('the payment calculator lowers the amount financed by prepaid charges and finds the loan amount a payment buys', async ({
  page,
}) => {
  await page.setViewportSize({ width: 850, height: 515 });
  await signIn(page, users.officer);
  await page.goto('/popup/paymentCalculator');
  // Solving for the loan amount, 'Payment' is an input as well as a result: the results are read in their panel.
  const result = (label: string) => page.getByTestId('calculator-results').getByLabel(label, { exact: true });
  const shots = async (name: string) => {
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-850x515.png` });
    await reviewShots(page, name);
  };
  await page.getByLabel('Loan Amount').fill('25000');
  await page.getByLabel('Interest Rate (%)').fill('6');
  await page.getByLabel('Term (months)').fill('60');
  await page.getByLabel('Contract Date').fill('2027-01-15');
  await page.getByLabel('First Payment Date').fill('2027-02-15');
  await expect(result('Amount Financed')).toHaveText('$25,000.00');
  await expect(result('APR')).toHaveText('6.000%');
  await expect(page.getByText('Accurate within 1/8 point')).toBeVisible();

  // $500.00 of fees paid at closing: the same payments repay $500 less, at a higher APR.
  await page.getByLabel('Prepaid Finance Charges').fill('500.00');
  await expect(result('Amount Financed')).toHaveText('$24,500.00');
  await expect(result('APR')).toHaveText('6.843%');
  await expect(result('Payment')).toHaveText('$483.32');
  await shots('payment-calculator');

  // What can I afford? $483.32 a month buys $25,000.25: the largest amount whose payment still rounds to it.
  await page.getByRole('button', { name: 'Loan Amount' }).click();
  await page.getByLabel('Prepaid Finance Charges').fill('');
  await page.getByRole('textbox', { name: 'Payment', exact: true }).fill('483.32');
  await expect(result('Loan Amount')).toHaveText('$25,000.25');
  await expect(result('Payment')).toHaveText('$483.32');
  await expect(result('Amount Financed')).toHaveText('$25,000.25');
  await shots('payment-calculator-solve');
});

test('the payment calculator finds the interest rate a payment asks for', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, users.officer);
  await page.goto('/popup/paymentCalculator');
  const result = (label: string) => page.getByTestId('calculator-results').getByLabel(label, { exact: true });
  const payment = page.getByRole('textbox', { name: 'Payment', exact: true });
  await page.getByRole('button', { name: 'Interest Rate' }).click();
  await page.getByLabel('Loan Amount').fill('25000');
  // $25,000 over 60 monthly payments at 7.49 % pays $500.83.
  await payment.fill('500.83');
  await page.getByLabel('Term (months)').fill('60');
  await page.getByLabel('Contract Date').fill('2027-01-15');
  await page.getByLabel('First Payment Date').fill('2027-02-15');
  await expect(result('Interest Rate')).toHaveText('7.490%');
  await expect(result('Payment')).toHaveText('$500.83');
  await expect(result('APR')).toHaveText('7.490%');
  await reviewShots(page, 'payment-calculator-solve-rate');

  await payment.fill('400');
  await expect(page.getByText('No rate gives this payment: enter at least $416.67, the payment at 0%.')).toBeVisible();
  await expect(result('Interest Rate')).toHaveText('—');
  await reviewShots(page, 'payment-calculator-solve-rate-refused');
});
