import { expect, test } from '../support/test.ts';
import { signIn, users } from '../support/sign-in.ts';

test('the dealer packet is marked received with today’s date, saved and shown again', async ({ page }) => {
  await signIn(page, users.officer, { at: '/application/10002' });
  await page.getByRole('button', { name: 'Dealer Packet' }).click();
  let dialog = page.getByRole('dialog');
  let received = dialog.getByRole('checkbox');
  if (await received.isChecked()) {
    // Start from 'not received': unticking saves a null date.
    await received.uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Updated Dealer Packet Information!')).toBeVisible();
    await page.getByRole('button', { name: 'Dealer Packet' }).click();
    dialog = page.getByRole('dialog');
    received = dialog.getByRole('checkbox');
  }
  await expect(received).not.toBeChecked();
  await received.check();
  // Today in the lender's zone (Summit: Denver), as the dialog defaults it.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver' }).format(new Date());
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated Dealer Packet Information!').last()).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: 'Dealer Packet' }).click();
  await expect(page.getByRole('dialog').getByRole('checkbox')).toBeChecked();
  const [y, m, d] = today.split('-');
  await expect(page.getByRole('dialog').getByLabel('Date Received')).toHaveValue(new RegExp(`${today}|${m}/${d}/${y}`));

  // A date in the future is refused on the field (the picker stops at today; the server refuses it too).
  const date = page.getByRole('dialog').getByLabel('Date Received');
  await expect(date).toHaveAttribute('max', /^\d{4}-\d{2}-\d{2}$/);
  await date.fill('2099-01-01');
  await expect(page.getByRole('dialog')).toContainText('The date received cannot be in the future.');
  // Save stays enabled (issue 17, item 7): pressing it keeps the dialog open on the date, and saves nothing.
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(date).toBeFocused();
  await expect(page.getByRole('dialog').getByTestId('form-error-summary')).toHaveText('Fix the highlighted fields.');
  await expect(page.getByRole('dialog')).toContainText('The date received cannot be in the future.');
});
