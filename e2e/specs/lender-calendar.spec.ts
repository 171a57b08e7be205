import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';

/**
 * Administration › Lender Calendar (issue 14; spec 2 §7, §8): the lender's holidays by year, the time zone and the
 * lender date; a holiday added and saved ('Saved Lender Calendar'), then the next year filled with Copy Previous
 * Year (a federal holiday moved to its date in the new year, another kept on its month and day) and saved.
 */

const rows = (page: Page) => page.getByTestId('lender-holiday-row');
const toast = (page: Page, text: string) => page.getByTestId('toast').getByText(text, { exact: true });

const chooseYear = async (page: Page, year: number) => {
  await page.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option', { name: String(year), exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Year' })).toHaveText(String(year));
};

const clearRows = async (page: Page) => {
  await expect(page.getByRole('button', { name: 'Add Holiday' })).toBeVisible();
  while ((await rows(page).count()) > 0) await page.getByRole('button', { name: 'Remove holiday 1' }).click();
};

const addHoliday = async (page: Page, date: string, name: string) => {
  await page.getByRole('button', { name: 'Add Holiday' }).click();
  const row = rows(page).last();
  await row.getByRole('textbox', { name: 'Date' }).fill(date);
  await row.getByRole('textbox', { name: 'Name' }).fill(name);
};

test('an administrator adds a holiday, saves, and copies the year to the next one', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, users.admin);
  const menu = page.getByTestId('side-menu');
  await menu.getByText('Administration', { exact: true }).click();
  await menu.getByText('Lender Calendar', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/lenderCalendar$/);
  await expect(page.getByRole('heading', { name: 'Lender Calendar', level: 1 })).toBeVisible();
  await expect(page.getByTestId('lender-time-zone')).toHaveText(/^[A-Za-z_]+(\/[A-Za-z_]+)+$|^UTC$/);
  await expect(page.getByTestId('lender-date')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  const lenderYear = Number((await page.getByTestId('lender-date').textContent())!.slice(-4));

  // A year past the demo's seeded ones; whatever it holds is removed first (not saved until Save).
  const year = lenderYear + 4;
  await chooseYear(page, year);
  await clearRows(page);
  await expect(page.getByTestId('lender-calendar-empty')).toHaveText(`No holidays in ${year}.`);

  await addHoliday(page, `${year}-03-17`, 'Founders Day');
  // A date outside the year is refused on its field.
  await addHoliday(page, `${year - 1}-11-27`, 'Thanksgiving Day');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(rows(page).nth(1).getByText(`The date must be in ${year}.`)).toBeVisible();
  // Thanksgiving Day: the fourth Thursday of November.
  const thanksgiving = new Date(Date.UTC(year, 10, 1));
  thanksgiving.setUTCDate(1 + ((4 - thanksgiving.getUTCDay() + 7) % 7) + 21);
  const thanksgivingIso = thanksgiving.toISOString().slice(0, 10);
  await rows(page).nth(1).getByRole('textbox', { name: 'Date' }).fill(thanksgivingIso);
  await expect(rows(page).nth(1)).toContainText('Thursday');
  await expect(rows(page).nth(1)).toContainText('Federal');
  await reviewShots(page, 'lender-calendar-edit');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Saved Lender Calendar')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  // The next year: copied from this one, not saved until Save.
  await chooseYear(page, year + 1);
  await clearRows(page);
  await expect(page.getByTestId('lender-calendar-empty')).toBeVisible();
  await page.getByRole('button', { name: 'Copy Previous Year' }).click();
  await expect(rows(page)).toHaveCount(2);
  const next = new Date(Date.UTC(year + 1, 10, 1));
  next.setUTCDate(1 + ((4 - next.getUTCDay() + 7) % 7) + 21);
  await expect(rows(page).nth(0).getByRole('textbox', { name: 'Date' })).toHaveValue(`${year + 1}-03-17`);
  await expect(rows(page).nth(0).getByRole('textbox', { name: 'Name' })).toHaveValue('Founders Day');
  await expect(rows(page).nth(1).getByRole('textbox', { name: 'Date' })).toHaveValue(next.toISOString().slice(0, 10));
  await expect(rows(page).nth(1).getByRole('textbox', { name: 'Name' })).toHaveValue('Thanksgiving Day');
  await reviewShots(page, 'lender-calendar-copied');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Saved Lender Calendar').first()).toBeVisible();

  // Back on the first year, its saved list is there.
  await page.reload();
  await chooseYear(page, year);
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).nth(1).getByRole('textbox', { name: 'Date' })).toHaveValue(thanksgivingIso);
});
