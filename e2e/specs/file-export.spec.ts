import { readFileSync } from 'node:fs';
import type { Download } from '@playwright/test';
import { apiAuth } from '../support/applications.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';
import { expect, test } from '../support/test.ts';

/**
 * The File Export area (issue 33, items 8–10): the administrator opens File Export (the demo's past exports in the
 * history), starts an export of the applications as CSV, watches its progress reach 100 % (live), downloads the file
 * and checks it against the API's record of the export (its row count), the BOM and the header. The screenshots show
 * the page idle and with a running job (the list's answer held at 42 % for the picture: the demo's exports finish in
 * well under a second).
 */

type ExportItem = {
  id: number;
  state: string;
  rowsDone: number;
  rowsTotal: number | null;
  rowCount: number | null;
  downloadable: boolean;
  fileName: string | null;
};

const text = async (download: Download) => readFileSync((await download.path())!);

test('start an export, watch its progress reach 100 %, download the file', async ({ page, request }) => {
  const headers = await apiAuth(request, users.admin);
  await signIn(page, users.admin, { at: '/fileExport' });
  await expect(page.getByRole('heading', { name: 'File Export', level: 1 })).toBeVisible();
  const history = page.getByTestId('export-history');
  // The demo's history: the funded loans workbook and the applications file, with their download links.
  await expect(history.getByText('Funded loans · XLSX')).toBeVisible();
  await expect(history.getByRole('button', { name: /^Download / }).first()).toBeVisible();
  await expect(history.getByText('Expired')).toBeVisible();
  await reviewShots(page, 'file-export');

  // A new export: the applications (the default kind), CSV, the default columns, approved and funded only.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Approved' }).click();
  await page.getByRole('option', { name: 'Funded' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Start export' }).click();

  const card = page.getByTestId('running-export').first();
  await expect(card).toBeVisible();
  await expect(card.getByTestId('export-progress')).toHaveText(/^([\d,]+) of \1 rows \(100 %\)$/, { timeout: 20_000 });
  const list = (await (await request.get('/api/fileExports', { headers })).json()) as { data: ExportItem[] };
  const done = list.data[0]!;
  expect(done).toMatchObject({ state: 'done', downloadable: true });
  expect(done.rowCount).toBeGreaterThan(0);
  await expect(card.getByTestId('export-progress')).toHaveText(
    `${done.rowCount!.toLocaleString('en-US')} of ${done.rowCount!.toLocaleString('en-US')} rows (100 %)`,
  );
  const statuses = await request.get(`/api/fileExports/${done.id}`, { headers });
  expect(((await statuses.json()) as ExportItem).state).toBe('done');

  // Download: the file the server wrote, through a single-use token.
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(done.fileName);
  const bytes = await text(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  expect(lines[0]).toMatch(/^"App Id","Applicant","Member Number","Loan Product","Status"/);
  expect(lines).toHaveLength(done.rowCount! + 1);
  for (const line of lines.slice(1)) expect(line).toMatch(/"(Approved|Funded)"/);
  // The history lists it with its row count.
  await expect(history.locator('.MuiDataGrid-row').first().locator('[data-field="rowCount"]')).toHaveText(
    done.rowCount!.toLocaleString('en-US'),
  );

  // The running job, for the screenshots: the list's answer holds the new export at 42 %.
  await page.route('**/api/fileExports?*', async (route) => {
    // A poll the reload cancels has no answer left to read ('Response has been disposed'): nothing to hold then.
    const answered = await route
      .fetch()
      .then(async (response) => ({ response, body: (await response.json()) as { data: ExportItem[] } }))
      .catch(() => null);
    if (!answered) return;
    const { response, body } = answered;
    const first = body.data[0]!;
    const total = first.rowCount ?? 100;
    body.data[0] = {
      ...first,
      state: 'running',
      rowsDone: Math.floor((total * 42) / 100),
      rowsTotal: total,
      rowCount: null,
      downloadable: false,
    };
    await route.fulfill({ response, json: body });
  });
  await page.reload();
  await expect(page.getByTestId('running-export').first().getByText('Running')).toBeVisible();
  await expect(page.getByRole('progressbar').first()).toBeVisible();
  await reviewShots(page, 'file-export-running');
});

test('the HMDA LAR: the filer asked on the page, a missing LEI listed as an edit, then the file', async ({ page }) => {
  const year = String(new Date().getFullYear());
  await signIn(page, users.admin, { at: '/fileExport' });
  await page.getByRole('combobox', { name: 'Export' }).click();
  await page.getByRole('option', { name: 'HMDA LAR' }).click();
  await expect(page.getByRole('combobox', { name: 'Format' })).toHaveText('Text (TXT)');
  await page.getByLabel('Calendar year').fill(year);
  // The filer, all but the LEI (the demo has no HMDA export yet to fill them in from).
  await page.getByLabel('Tax id').fill('84-1234567');
  await page.getByLabel('Contact name').fill('Dana Whitfield');
  await page.getByLabel('Contact phone').fill('303-555-0142');
  await page.getByLabel('Contact e-mail').fill('hmda@summitfcu.example');
  await page.getByLabel('Office street').fill('1200 Grant St');
  await page.getByLabel('Office city').fill('Denver');
  await page.getByRole('combobox', { name: 'Office state' }).click();
  await page.getByRole('option', { name: 'CO', exact: true }).click();
  await page.getByLabel('Office ZIP').fill('80203');
  await expect(page.getByRole('combobox', { name: 'Federal agency' })).toHaveText('NCUA (5)');
  await reviewShots(page, 'file-export-hmda-form');

  // Without the LEI: no file, the edits listed with the field to fix.
  await page.getByRole('button', { name: 'Start export' }).click();
  const edits = page.getByRole('alert').filter({ hasText: 'some records need to be fixed first' });
  await expect(edits).toBeVisible({ timeout: 20_000 });
  await expect(edits.getByText('Transmittal sheet · Legal Entity Identifier (LEI) (V600)')).toBeVisible();
  await reviewShots(page, 'file-export-hmda-edits');

  // With it: done (the demo year passes its edits), and the pipe-delimited file downloads.
  await page.getByLabel('LEI', { exact: true }).fill('5493001KJTIIGC8Y1R12');
  await page.getByRole('button', { name: 'Start export' }).click();
  const card = page.getByTestId('running-export').first();
  await expect(card.getByText('Done', { exact: true })).toBeVisible({ timeout: 20_000 });
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^hmda-lar-${year}-\\d+\\.txt$`));
  const lines = (await text(file)).toString('utf8').split('\n');
  expect(lines[0]).toMatch(
    new RegExp(`^1\\|Summit Federal Credit Union\\|${year}\\|4\\|Dana Whitfield\\|303-555-0142\\|`),
  );
  expect(lines[0]!.endsWith('|84-1234567|5493001KJTIIGC8Y1R12')).toBe(true);
  for (const line of lines.slice(1, -1)) expect(line.split('|')).toHaveLength(110);
});
