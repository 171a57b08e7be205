import { expect, test, type Page } from '../support/test.ts';
import { reviewShots } from '../support/screenshots.ts';
import { apiAuth, createAutoApplication } from '../support/applications.ts';
import { signIn, users } from '../support/sign-in.ts';

/*
 * The app's one money input (issue 17, item 5), in the Loan Itemization dialog: typed as a person types
 * (20 characters a second), each malformed amount named for what it is, negative itemization amounts taken
 * (spec 1 §5), pasted '$21,500.50' read as the amount, and nothing thrown while typing.
 */

const TYPING = { delay: 50 };

/** Replaces an input's text by typing, as a person would. */
const retype = async (page: Page, input: ReturnType<Page['getByRole']>, text: string) => {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  await input.pressSequentially(text, TYPING);
};

/** A paste of clipboard text into an input (the browser's paste event with its clipboard data). */
const paste = async (input: ReturnType<Page['getByRole']>, text: string) => {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.evaluate((el, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
};

test('money inputs name what is wrong, take negative itemization amounts and pasted amounts, and never throw', async ({
  page,
  request,
}) => {
  const id = await createAutoApplication(request, { firstName: 'Dana', lastName: 'Penny', address: '9 Mint St' });
  const thrown: string[] = [];
  page.on('pageerror', (error) => thrown.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /BigInt|Cannot convert/.test(message.text())) thrown.push(message.text());
  });
  await signIn(page, users.officer, { at: `/application/${id}` });
  await page.getByRole('button', { name: 'Edit request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Auto' });
  await dialog.getByRole('button', { name: 'Edit Itemization' }).click();
  const itemization = page.getByRole('dialog', { name: 'Loan Itemization' });
  const price = itemization.getByRole('textbox', { name: 'Sales Price' });
  const rebate = itemization.getByRole('textbox', { name: 'Rebate' });
  const ok = itemization.getByRole('button', { name: 'Ok' });
  const total = itemization.getByTestId('total-loan-amount');
  await expect(total).toHaveValue('19,200.00');

  // Letters: named at once, and Ok does not take them.
  await retype(page, price, 'abc');
  await expect(itemization.getByText('Enter a number, e.g. 1234.50')).toBeVisible();
  await expect(price).toHaveValue('abc');
  // The totals do not count 'abc' as 0: they show no number until it reads.
  await expect(total).toHaveValue('—');
  await expect(itemization.getByRole('textbox', { name: 'Total Front-End Amount' })).toHaveValue('');
  await reviewShots(page, 'itemization-money-error');
  if (await ok.isEnabled()) await ok.click();
  await expect(itemization).toBeVisible();
  await expect(itemization.getByText('Enter a number, e.g. 1234.50')).toBeVisible();

  // Too large, too many decimals.
  await retype(page, price, '99999999999999');
  await expect(itemization.getByText('Must be at most 999,999,999,999.99')).toBeVisible();
  await expect(itemization.getByText('Enter an amount with two decimals', { exact: false })).toHaveCount(0);
  await retype(page, price, '12.345');
  await expect(itemization.getByText('Enter at most two decimals (cents)')).toBeVisible();

  // A negative sales price is refused (spec 3 §5: at least 0.01), with its own message.
  await retype(page, price, '-5');
  await expect(itemization.getByText('Must be at least 0.01')).toBeVisible();

  // Pasted from a statement: '$21,500.50' is the amount.
  await paste(price, '$21,500.50');
  await expect(price).toHaveValue('21,500.50');
  await expect(itemization.getByText(/Enter a number|at most two decimals|Must be at/)).toHaveCount(0);

  // Rebate −200 (spec 1 §5: itemization amounts may be negative): no error; the down payment shrinks by 200.
  await retype(page, rebate, '-200');
  await rebate.press('Tab');
  await expect(rebate).toHaveValue('-200.00');
  await expect(itemization.getByText('Must be 0 or more')).toHaveCount(0);
  await expect(itemization.getByTestId('total-down-payment')).toHaveValue('1,800.00');
  await expect(total).toHaveValue('20,900.50');
  await expect(ok).toBeEnabled();
  await ok.click();
  await expect(itemization).toBeHidden();

  // Saved with the request: the server takes the negative rebate too.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Application Updated' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('request-total-loan')).toHaveText('$20,900.50');
  const headers = await apiAuth(request, users.officer);
  const saved = (await (await request.get(`/api/applications/${id}`, { headers })).json()) as {
    request?: { rebate?: string | null; negotiatedPrice?: string | null };
  };
  expect(saved.request?.rebate).toBe('-200.00');
  expect(saved.request?.negotiatedPrice).toBe('21500.50');
  expect(thrown).toEqual([]);
});

test('the payment calculator reads its Loan Amount with the same money input', async ({ page }) => {
  await signIn(page, users.officer, { at: '/popup/paymentCalculator' });
  const amount = page.getByLabel('Loan Amount');
  await amount.pressSequentially('25000abc', TYPING);
  await expect(page.getByText('Loan Amount must be a valid number.')).toBeVisible();
  await retype(page, amount, '-100');
  await expect(page.getByText('Loan Amount cannot be negative.')).toBeVisible();
  await paste(amount, '$25,000.00');
  await expect(amount).toHaveValue('25,000.00');
  await expect(page.getByText(/Loan Amount (must|cannot|has)/)).toHaveCount(0);
});
