import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { apiAuth } from '../support/applications.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';
import { expect, test } from '../support/test.ts';

/**
 * The Reports area (issue 33): the administrator opens Funded loans, filters it, sees the chart and the table say
 * the same (each group's bar, its label and its row; the totals line), exports the CSV (exactly the table's rows)
 * and opens the loans behind a group. The figures are compared with the API's answer for the same filters, not
 * hard-coded. The Pipeline, the adverse action register, Decisions and turn times and Policy exceptions are opened
 * for their chart, a row and their screenshots.
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
  if (dueSoon.total === 0) await expect(grid(page).getByText('Nothing matches these filters')).toBeVisible();
  else await expect(bodyRows(page)).toHaveCount(dueSoon.total);
  await expect(chartDrawn(page)).toBeVisible({ timeout: 15_000 }); // a lazy chunk on a busy machine
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

test('a loan officer has no Reports entry and the page says so', async ({ page }) => {
  await signIn(page, users.officer, { at: '/reports/pipeline' });
  await expect(page.getByText('Permission Denied. Contact your System Administrator for access.')).toBeVisible();
  await expect(page.getByTestId('side-menu').getByText('Reports', { exact: true })).toHaveCount(0);
});
