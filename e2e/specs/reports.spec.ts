import { readFileSync } from 'node:fs';
import type { Download, Locator, Page } from '@playwright/test';
import { apiAuth } from '../support/applications.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';
import { expect, test } from '../support/test.ts';

/**
 * The Reports area (issue 33): the administrator opens Funded loans, filters it, sees the chart and the table say
 * the same (each group's bar, its label and its row; the totals line), exports the CSV (exactly the table's rows)
 * and opens the loans behind a group. The figures are compared with the API's answer for the same filters, not
 * hard-coded. The Pipeline, the adverse action register, Decisions and turn times and Policy exceptions are opened
 * for their chart, a row and their screenshots; Add-on penetration and the Dealer scorecard for the chart and the
 * table against the API's answer and their CSV.
 */

type Group = { groupId: number | null; name: string; count: number; amount: string };
type Answer = { rows: Group[]; total: number; totals: { count: number; amount: string } };

/** '$1,234.50' from the wire's '1234.50' (as the web app shows money). */
const usd = (amount: string) => {
  const [whole = '0', cents = '00'] = amount.replace(/^-/, '').split('.');
  return `${amount.startsWith('-') ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
};

const grid = (page: Page) => page.getByTestId('report-grid');
const bodyRows = (page: Page) => grid(page).locator('.MuiDataGrid-row:not(.report-totals)');
const totalsRow = (page: Page) => grid(page).locator('.MuiDataGrid-row.report-totals');
const cell = (row: Locator, field: string) => row.locator(`[data-field="${field}"]`);
/** The chart once its lazy module has drawn it (its plot's SVG). */
const chartDrawn = (page: Page) => page.getByTestId('report-chart').locator('svg').first();

test('Funded loans: filter, the chart and the table agree, export CSV, open the loans behind a group', async ({
  page,
  request,
}) => {
  const headers = await apiAuth(request, users.admin);
  await signIn(page, users.admin, { at: '/reports' });
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  for (const title of ['Pipeline', 'Funded loans', 'Adverse action register'])
    await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
  await reviewShots(page, 'reports-list');

  await page.getByRole('link', { name: /Funded loans/ }).click();
  await expect(page).toHaveURL(/\/reports\/fundedLoans$/);
  await expect(page.getByRole('heading', { name: 'Funded loans', level: 1 })).toBeVisible();

  // Filter: the direct channel, grouped by loan product (the default), the last 180 days (the default period).
  await page.getByRole('combobox', { name: 'Channel' }).click();
  await page.getByRole('option', { name: 'Direct', exact: true }).click();
  await expect(page).toHaveURL(/channel=direct/);
  const answer = (await (await request.get('/api/reports/fundedLoans?channel=direct', { headers })).json()) as Answer;
  expect(answer.rows.length, 'the demo funds direct loans of several products').toBeGreaterThan(1);

  // The table: a row per group, in the answer's order, and the totals line.
  await expect(bodyRows(page)).toHaveCount(answer.rows.length);
  for (const [i, group] of answer.rows.entries()) {
    const row = bodyRows(page).nth(i);
    await expect(cell(row, 'name')).toHaveText(group.name);
    await expect(cell(row, 'count')).toHaveText(String(group.count));
    await expect(cell(row, 'amount')).toHaveText(usd(group.amount));
  }
  await expect(cell(totalsRow(page), 'name')).toHaveText('Total');
  await expect(cell(totalsRow(page), 'amount')).toHaveText(usd(answer.totals.amount));

  // The chart: a bar per group with the group's name and its exact amount as the bar's label, in the same order.
  const chart = page.getByTestId('report-chart');
  await expect(chart.getByText('Amount funded by loan product')).toBeVisible();
  await expect(chart.locator('.MuiBarChart-label')).toHaveText(answer.rows.map((g) => usd(g.amount)));
  await expect(chart.locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel')).toHaveText(
    answer.rows.map((g) => g.name),
  );
  await reviewShots(page, 'reports-funded-loans');

  // Export CSV: exactly the table's rows, UTF-8 with a BOM.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^fundedLoans-\d{4}-\d{2}-\d{2}_to_\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [head, ...lines] = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
  expect(head).toBe('"Group","Loans","Amount funded","Avg rate","Avg term (months)","Avg score","Share of amount"');
  expect(lines.map((line) => line.split('","').slice(0, 3).join('|').replace(/^"/, ''))).toEqual(
    answer.rows.map((g) => `${g.name}|${g.count}|${g.amount}`),
  );

  // The loans behind the first group: the loan list with the group's product and the same filters.
  const first = answer.rows[0]!;
  await cell(bodyRows(page).first(), 'name').getByRole('link', { name: first.name }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/fundedLoanList\\?.*productId=${first.groupId}`));
  await expect(page.getByRole('heading', { name: 'Funded loan list', level: 1 })).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(first.count);
  await expect(cell(totalsRow(page), 'amount')).toHaveText(usd(first.amount));
  // A reload keeps the filters (they are the URL's).
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Channel' })).toHaveText('Direct');
  await expect(bodyRows(page)).toHaveCount(first.count);
  await reviewShots(page, 'reports-funded-loan-list');
});

test('Pipeline and the adverse action register (the notices due within 7 days)', async ({ page, request }) => {
  const headers = await apiAuth(request, users.admin);
  await signIn(page, users.admin, { at: '/reports/pipeline' });
  await expect(page.getByRole('heading', { name: 'Pipeline', level: 1 })).toBeVisible();
  const pipeline = (await (await request.get('/api/reports/pipeline', { headers })).json()) as {
    total: number;
    totals: { count: number };
  };
  await expect(bodyRows(page)).toHaveCount(pipeline.total);
  await expect(cell(totalsRow(page), 'count')).toHaveText(String(pipeline.totals.count));
  await expect(page.getByTestId('report-chart').getByText('Flow per week')).toBeVisible();
  await expect(chartDrawn(page)).toBeVisible({ timeout: 15_000 }); // a lazy chunk on a busy machine
  await reviewShots(page, 'reports-pipeline');

  await page.goto('/reports/adverseActions');
  await expect(page.getByRole('heading', { name: 'Adverse action register', level: 1 })).toBeVisible();
  await expect(bodyRows(page).first()).toBeVisible();
  await expect(chartDrawn(page)).toBeVisible({ timeout: 15_000 }); // a lazy chunk on a busy machine
  await reviewShots(page, 'reports-adverse-actions');
  await page.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'Due within 7 days' }).click();
  await expect(page).toHaveURL(/view=dueSoon/);
  const dueSoon = (await (await request.get('/api/reports/adverseActions?view=dueSoon', { headers })).json()) as {
    total: number;
  };
  // (Whether a notice falls due this week depends on the day the demo was seeded: an empty view draws no chart.)
  if (dueSoon.total === 0) await expect(grid(page).getByText('Nothing matches these filters')).toBeVisible();
  else {
    await expect(bodyRows(page)).toHaveCount(dueSoon.total);
    await expect(chartDrawn(page)).toBeVisible({ timeout: 15_000 }); // a lazy chunk on a busy machine
  }
  await reviewShots(page, 'reports-adverse-actions-due-soon');

  // Decisions and turn times, and Policy exceptions (items 3 and 4): the chart and a row, as the API answers.
  for (const [key, title, chartTitle] of [
    ['decisions', 'Decisions and turn times', 'Decision rates by loan product'],
    ['policyExceptions', 'Policy exceptions', 'Exceptions per officer'],
  ] as const) {
    await page.goto(`/reports/${key}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    const answer = (await (await request.get(`/api/reports/${key}`, { headers })).json()) as { total: number };
    expect(answer.total).toBeGreaterThan(0);
    await expect(bodyRows(page)).toHaveCount(Math.min(25, answer.total));
    await expect(page.getByTestId('report-chart').getByText(chartTitle)).toBeVisible();
    await expect(chartDrawn(page)).toBeVisible({ timeout: 15_000 }); // a lazy chunk on a busy machine
    await reviewShots(page, `reports-${key}`);
  }
});

/** The data lines of a downloaded CSV (BOM and header checked), each as its cells. */
const csvLines = async (file: Download, header: string) => {
  const bytes = readFileSync((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [head, ...lines] = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
  expect(head).toBe(header);
  return lines.map((line) => line.replace(/^"|"$/g, '').split('","'));
};

test('Add-on penetration and the Dealer scorecard: the chart and the table agree, export CSV', async ({
  page,
  request,
}) => {
  const headers = await apiAuth(request, users.admin);
  await signIn(page, users.admin, { at: '/reports' });
  await page.getByRole('link', { name: /Add-on penetration/ }).click();
  await expect(page.getByRole('heading', { name: 'Add-on penetration', level: 1 })).toBeVisible();
  type Addon = { additionName: string; loans: number; withAddon: number; penetration: string | null };
  const addons = (await (await request.get('/api/reports/addonPenetration', { headers })).json()) as {
    rows: Addon[];
    total: number;
    totals: { loans: number; sold: number };
  };
  expect(addons.totals.sold, 'the demo’s funded loans carry add-ons').toBeGreaterThan(0);
  // The table: a row per add-on over every funded loan, as the API answers; the totals line.
  await expect(bodyRows(page)).toHaveCount(addons.rows.length);
  for (const [i, addon] of addons.rows.entries()) {
    const row = bodyRows(page).nth(i);
    await expect(cell(row, 'additionName')).toHaveText(addon.additionName);
    await expect(cell(row, 'withAddon')).toHaveText(String(addon.withAddon));
    await expect(cell(row, 'penetration')).toHaveText(`${addon.penetration}%`);
  }
  await expect(cell(totalsRow(page), 'loans')).toHaveText(String(addons.totals.loans));
  // The chart: a bar per add-on, labelled with the add-on and its exact penetration (the highest first).
  const chart = page.getByTestId('report-chart');
  await expect(chart.getByText('Share of funded loans carrying each add-on')).toBeVisible();
  await expect(chartDrawn(page)).toBeVisible({ timeout: 15_000 }); // a lazy chunk on a busy machine
  const byShare = [...addons.rows].sort((a, b) => Number(b.penetration) - Number(a.penetration));
  await expect(chart.locator('.MuiBarChart-label')).toHaveText(byShare.map((a) => `${a.penetration} %`));
  expect((await chart.locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel').allTextContents()).sort()).toEqual(
    addons.rows.map((a) => a.additionName).sort(),
  );
  await reviewShots(page, 'reports-addon-penetration');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const lines = await csvLines(
    await download,
    '"Group","Add-on","Funded loans","With add-on","Penetration","Amount","Average"',
  );
  expect(lines.map((l) => `${l[1]}|${l[3]}|${l[4]}`)).toEqual(
    addons.rows.map((a) => `${a.additionName}|${a.withAddon}|${a.penetration}`),
  );
  // Grouped by dealer: a bar per add-on for each dealer.
  await page.getByRole('combobox', { name: 'Group by' }).click();
  await page.getByRole('option', { name: 'Dealer', exact: true }).click();
  await expect(page).toHaveURL(/groupBy=dealer/);
  await expect(chart.getByText('Add-on penetration by dealer')).toBeVisible();
  const byDealer = (await (await request.get('/api/reports/addonPenetration?groupBy=dealer', { headers })).json()) as {
    total: number;
  };
  await expect(bodyRows(page)).toHaveCount(Math.min(25, byDealer.total));
  await expect(chartDrawn(page)).toBeVisible({ timeout: 15_000 });
  await reviewShots(page, 'reports-addon-penetration-by-dealer');

  // The Dealer scorecard: a row per dealer, the chart's dealers in the table's order (the most applications first).
  await page.goto('/reports/dealerScorecard');
  await expect(page.getByRole('heading', { name: 'Dealer scorecard', level: 1 })).toBeVisible();
  type Dealer = { dealerName: string; applications: number; funded: number; lookToBook: string | null };
  const dealers = (await (await request.get('/api/reports/dealerScorecard', { headers })).json()) as {
    rows: Dealer[];
    totals: { applications: number; funded: number; waived: number; outstandingAtFunding: number };
  };
  expect(dealers.totals.funded, 'the demo funds indirect loans').toBeGreaterThan(0);
  expect(dealers.totals.waived + dealers.totals.outstandingAtFunding).toBeGreaterThan(0);
  await expect(bodyRows(page)).toHaveCount(dealers.rows.length);
  for (const [i, dealer] of dealers.rows.entries()) {
    const row = bodyRows(page).nth(i);
    await expect(cell(row, 'dealerName')).toHaveText(dealer.dealerName);
    await expect(cell(row, 'applications')).toHaveText(String(dealer.applications));
    await expect(cell(row, 'lookToBook')).toHaveText(dealer.lookToBook === null ? '—' : `${dealer.lookToBook}%`);
  }
  await expect(cell(totalsRow(page), 'applications')).toHaveText(String(dealers.totals.applications));
  await expect(chart.getByText('Applications and funded loans by dealer')).toBeVisible();
  await expect(chartDrawn(page)).toBeVisible({ timeout: 15_000 });
  await expect(chart.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel')).toHaveText(
    dealers.rows.slice(0, 12).map((d) => d.dealerName),
  );
  await reviewShots(page, 'reports-dealer-scorecard');
  const scorecardCsv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const rows = await csvLines(
    await scorecardCsv,
    '"Dealer","Applications","Approved","Funded","Look-to-book","Score submitted","Score funded","Avg LTV","At funding","Waived","Open at funding","Funding problems"',
  );
  expect(rows.map((l) => `${l[0]}|${l[1]}|${l[3]}`)).toEqual(
    dealers.rows.map((d) => `${d.dealerName}|${d.applications}|${d.funded}`),
  );
});

test('a loan officer has no Reports entry and the page says so', async ({ page }) => {
  await signIn(page, users.officer, { at: '/reports/pipeline' });
  await expect(page.getByText('Permission Denied. Contact your System Administrator for access.')).toBeVisible();
  await expect(page.getByTestId('side-menu').getByText('Reports', { exact: true })).toHaveCount(0);
});
