import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiAuth } from '../support/applications.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';
import { expect, test } from '../support/test.ts';

/**
 * The home dashboard (spec 1 §2 Home, issue 32 items 1–4): the loan officer, whose dashboard the demo leaves empty,
 * adds the Funding Table and Add On Sales, changes the period, chooses the add-ons to track and removes both. The
 * figures shown are compared with what GET /api/user/widgets answers (the demo's fundings are not hard-coded).
 */

type Line = { name: string; count: number; sum: string };
type WidgetAnswer = {
  name: string;
  refreshing: boolean;
  settings: { frequency: { value: string }; startDate: string | null; endDate: string | null };
  latestSnapshot: { sum: string; total?: number; loanProducts?: Line[]; addonSales?: Line[] } | null;
};

/** '$1,234.50' from the wire's '1234.50' (as the web app shows money). */
const usd = (amount: string) => {
  const [whole = '0', cents = '00'] = amount.replace(/^-/, '').split('.');
  return `${amount.startsWith('-') ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents.padEnd(2, '0')}`;
};

const myWidgets = async (request: APIRequestContext, headers: Record<string, string>) => {
  const answer = await request.get('/api/user/widgets', { headers });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as WidgetAnswer[];
};

/** The widget once its snapshot is made (the job's, about a second after a save). */
const settled = async (request: APIRequestContext, headers: Record<string, string>, name: string) => {
  let widget: WidgetAnswer | undefined;
  await expect
    .poll(async () => {
      widget = (await myWidgets(request, headers)).find((w) => w.name === name);
      return widget && !widget.refreshing && widget.latestSnapshot !== null;
    })
    .toBe(true);
  return widget!;
};

/** The widget shows the snapshot the API answers: its total and a row per line, or the empty message. */
const expectLines = async (region: Locator, snapshot: { sum: string; lines: Line[] }, empty: string) => {
  await expect(region.getByRole('status')).toHaveCount(0); // 'Updating…' gone
  await expect(region.getByTestId('widget-total')).toHaveText(usd(snapshot.sum));
  if (snapshot.lines.length === 0) {
    await expect(region.getByText(empty)).toBeVisible();
    return;
  }
  const rows = region.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(snapshot.lines.length + 1);
  for (const line of snapshot.lines) {
    await expect(region.getByRole('row', { name: `${line.name} ${line.count} ${usd(line.sum)}` })).toBeVisible();
  }
};

const chooseFrequency = async (page: Page, region: Locator, text: string) => {
  await region.getByRole('combobox', { name: 'Frequency' }).click();
  await page.getByRole('option', { name: text, exact: true }).click();
};

test('the dashboard: add both widgets, change their period, choose the add-ons, remove them', async ({
  page,
  request,
}) => {
  const headers = await apiAuth(request, users.officer);
  for (const name of ['fundingTable', 'addonSales', 'pipeline', 'turnTimes'])
    await request.delete(`/api/user/widgets/${name}`, { headers }); // a clean dashboard, whatever ran before

  await signIn(page, users.officer);
  const addWidget = page.getByRole('combobox', { name: 'Add Widget' });
  await expect(addWidget).toBeVisible();
  await expect(page.getByTestId('dashboard-logo')).toBeAttached();
  await reviewShots(page, 'home-dashboard-empty');

  // 'Add Widget': each choice saves the widget with 'This Month'.
  await addWidget.click();
  await page.getByRole('option', { name: 'Funding Table' }).click();
  await page.getByRole('option', { name: 'Add On Sales' }).click();
  await page.keyboard.press('Escape');
  const funding = page.getByRole('region', { name: 'Loans Funded' });
  const addons = page.getByRole('region', { name: 'Add On Sales' });
  await expect(funding.getByRole('combobox', { name: 'Frequency' })).toHaveText('This Month');
  await expect(addons).toBeVisible();

  // The Funding Table shows this month's fundings as the API reads them (the demo has funded loans).
  let widget = await settled(request, headers, 'fundingTable');
  expect(widget.latestSnapshot!.loanProducts!.length).toBeGreaterThan(0);
  const lines = (w: WidgetAnswer) => ({ sum: w.latestSnapshot!.sum, lines: w.latestSnapshot!.loanProducts! });
  await expectLines(funding, lines(widget), 'No loans funded in selected time period');
  await expect(funding.getByTestId('widget-last-updated')).toContainText(/Last Updated: \d\d\/\d\d\/\d{4}/);

  // Last Year, then Custom: each saved at once, a custom period only once both dates are set and in order.
  const savedPeriod = async () => (await myWidgets(request, headers)).find((w) => w.name === 'fundingTable')!.settings;
  await chooseFrequency(page, funding, 'Last Year');
  await expect.poll(savedPeriod).toMatchObject({ frequency: { value: 'lastYear' } });
  const year = new Date().getFullYear();
  await chooseFrequency(page, funding, 'Custom');
  await funding.getByLabel('Start Date').fill(`${year}-12-31`);
  await funding.getByLabel('End Date').fill(`${year}-01-01`);
  await expect(funding.getByText('The start date must be on or before the end date.')).toBeVisible();
  await funding.getByLabel('Start Date').fill(`${year}-01-01`);
  await funding.getByLabel('End Date').fill(`${year}-12-31`);
  await expect
    .poll(savedPeriod)
    .toMatchObject({ frequency: { value: 'custom' }, startDate: `${year}-01-01`, endDate: `${year}-12-31` });

  // Add On Sales: no preferences yet; the settings dialog chooses two add-ons (while the custom period is computed).
  await expect(addons.getByText('Please select filtering preferences above')).toBeVisible();
  await addons.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add On Sales Settings' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  const catalogue = (await (await request.get('/api/user/addonSalesPreferences', { headers })).json()) as {
    additions: { id: number; name: string; enabled: boolean }[];
  };
  const chosen = catalogue.additions.filter((a) => a.enabled).slice(0, 2);
  expect(chosen.length).toBeGreaterThan(0);
  await dialog.getByRole('combobox', { name: 'Select addons to track...' }).click();
  for (const addition of chosen) await page.getByRole('option', { name: addition.name, exact: true }).click();
  await page.keyboard.press('Escape'); // closes the list, not the dialog
  await expect(dialog).toBeVisible();
  await reviewShots(page, 'home-addon-settings');
  await page.mouse.click(5, 450); // the backdrop does not close it
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Preferences Updated')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Both show their new snapshots as the API reads them.
  widget = await settled(request, headers, 'fundingTable');
  await expectLines(funding, lines(widget), 'No loans funded in selected time period');
  await expect(funding.getByTestId('widget-period')).toHaveText(`01/01/${year} – 12/31/${year}`);
  const sales = (await settled(request, headers, 'addonSales')).latestSnapshot!;
  await expectLines(
    addons,
    { sum: sales.sum, lines: sales.addonSales! },
    'No add ons sold within selected time period',
  );
  await expect(addons.getByTestId('widget-count')).toHaveText(String(sales.total));
  await expect(addons.getByText('Add On(s) Sold')).toBeVisible();
  await reviewShots(page, 'home-dashboard-widgets');

  // Beyond the spec: Pipeline (a number opens its queue) and Turn Times (medians, p90, pull-through).
  await addWidget.click();
  await page.getByRole('option', { name: 'Pipeline' }).click();
  await page.getByRole('option', { name: 'Turn Times' }).click();
  await page.keyboard.press('Escape');
  const pipeline = page.getByRole('region', { name: 'Pipeline' });
  const turnTimes = page.getByRole('region', { name: 'Turn Times' });
  await expect(pipeline.getByRole('combobox', { name: 'Frequency' })).toHaveCount(0);
  const open = await settled(request, headers, 'pipeline');
  const credit = (open.latestSnapshot as unknown as { rows: { queue: string; total: number }[] }).rows.find(
    (r) => r.queue === 'creditQueue',
  )!;
  const creditRow = pipeline.getByRole('row').filter({ hasText: 'Credit Queue' });
  await expect(creditRow.getByRole('link').last()).toHaveText(String(credit.total));
  await settled(request, headers, 'turnTimes');
  await expect(turnTimes.getByRole('row').filter({ hasText: 'All products' })).toBeVisible();
  await reviewShots(page, 'home-dashboard-all-widgets');
  await creditRow.getByRole('link').last().click();
  await expect(page).toHaveURL(/\/creditQueue$/);
  await page.goBack();
  for (const name of ['pipeline', 'turnTimes']) await request.delete(`/api/user/widgets/${name}`, { headers });
  await page.reload();

  // Remove: the Funding Table by its icon, Add On Sales by un-choosing it.
  await funding.getByRole('button', { name: 'Remove' }).click();
  await expect(funding).toHaveCount(0);
  await addWidget.click();
  await page.getByRole('option', { name: 'Add On Sales' }).click();
  await page.keyboard.press('Escape');
  await expect(addons).toHaveCount(0);
  await expect.poll(async () => (await myWidgets(request, headers)).length).toBe(0);
});
