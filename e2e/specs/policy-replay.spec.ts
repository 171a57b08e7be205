import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';

/**
 * Administration › Policy Sandbox (issue 12, item 3): an administrator saves a rate matrix change as a draft,
 * replays it over the last 90 days as a background job and reads what would change before publishing.
 */

const editor = (page: Page) => page.getByTestId('matrix-editor');
const cell = (page: Page, label: string) => editor(page).getByRole('textbox', { name: label, exact: true });

const typeInto = async (page: Page, label: string, text: string) => {
  const input = cell(page, label);
  await input.fill(text);
};

const openArea = async (page: Page, title: string) => {
  const menu = page.getByTestId('side-menu');
  const entry = menu.getByText(title, { exact: true });
  // The side menu shows the administration areas once Administration is opened (and while in it).
  if (!(await entry.isVisible())) await menu.getByText('Administration', { exact: true }).click();
  await entry.click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
};

/** MM/dd/yyyy of the local day `offset` days from today. */
const shownDay = (offset: number) => {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
};

test('replays a rate matrix draft over the last 90 days and reads what would change', async ({ page }) => {
  await signIn(page, users.admin);

  // The draft: new cars get 0.50 off instead of 0.25, used cars of 8 years and more pay 2.50 instead of 1.00.
  await openArea(page, 'Additional Rate Matrices');
  await page.getByRole('button', { name: 'Edit Auto additional rates (new / used)' }).click();
  await expect(cell(page, 'Row 1 Additional rate')).toHaveValue('-0.25');
  await expect(cell(page, 'Row 4 Additional rate')).toHaveValue('1.00');
  await typeInto(page, 'Row 1 Additional rate', '-0.50');
  await typeInto(page, 'Row 4 Additional rate', '2.50');
  await editor(page).getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Saved as a draft')).toBeVisible();
  await expect(editor(page)).toHaveCount(0);

  // The matrix editor's Replay opens the sandbox with this draft chosen.
  await page.getByRole('button', { name: 'Edit Auto additional rates (new / used)' }).click();
  await editor(page).getByRole('link', { name: 'Replay' }).click();
  await expect(page).toHaveURL(/\/admin\/policySandbox\?policyObjectId=\d+$/);
  await expect(page.getByRole('heading', { name: 'Policy Sandbox', level: 1 })).toBeVisible();
  const draft = page.getByRole('combobox', { name: 'Draft' });
  await expect(draft).toHaveText('Auto additional rates (new / used) — Rate matrix (draft v2)');
  // The last 90 days unless changed.
  const from = page.getByLabel('From');
  const to = page.getByLabel('To', { exact: true });
  await expect(from).not.toHaveValue('');
  await expect(to).not.toHaveValue('');

  // A backwards period is refused with the server's message at the field.
  await to.fill('2020-01-01');
  await page.getByRole('button', { name: 'Run replay' }).click();
  await expect(page.getByText('The start date must be on or before the end date.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).first().click();
  const today = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  await to.fill(`${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`);

  await page.getByRole('button', { name: 'Run replay' }).click();
  await expect(page.getByText('Replay started')).toBeVisible();
  const replay = page.getByTestId('replay');
  await expect(
    replay.getByRole('heading', { name: /Auto additional rates \(new \/ used\): draft v2 against published v1/ }),
  ).toBeVisible();
  await expect(replay).toContainText(`Applications created ${shownDay(-90)} to ${shownDay(0)}`);
  // The job's progress, until its report arrives (a small demo period may finish before the first poll).
  await expect(replay.getByTestId('replay-progress').or(replay.getByTestId('replay-report'))).toBeVisible();
  const report = replay.getByTestId('replay-report');
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(replay.getByTestId('replay-progress')).toHaveCount(0);

  // The figures: applications replayed, changed, approval rate and average rate published → draft.
  const figures = report.getByTestId('replay-figures');
  await expect(figures).toContainText('Applications replayed');
  const replayed = Number(
    /Applications replayed([\d,]+)/
      .exec(await figures.innerText().then((t) => t.replace(/\n/g, '')))![1]!
      .replace(/,/g, ''),
  );
  expect(replayed).toBeGreaterThan(0);
  await expect(figures).toContainText(/Approval rate\s*\d+\.\d\d% → \d+\.\d\d%/);
  await expect(figures).toContainText(/Average rate\s*\d+\.\d{3}% → \d+\.\d{3}%/);
  // Only rates move: the outcomes are the same on both sides.
  const outcomes = report.getByTestId('replay-outcomes');
  await expect(outcomes.getByRole('row', { name: /^Approve/ })).toBeVisible();
  for (const row of await outcomes.getByRole('row').all()) {
    const cells = await row.getByRole('cell').allInnerTexts();
    if (cells.length === 4) expect(cells[3]).toBe('0');
  }
  await expect(report.getByTestId('replay-by-product')).toContainText('New Auto');
  await expect(report.getByTestId('replay-by-dealer')).toContainText('Applications');

  // A changed application: its rate moves, and both traces say why.
  const changed = report.getByTestId('changed-application').first();
  await expect(changed).toContainText('Rate');
  await reviewShots(page, 'policy-replay-report');
  await changed.getByRole('button', { name: 'Show traces' }).click();
  const traces = report.getByTestId('replay-changed');
  await expect(traces.getByText(/^Published: Approve|^Published: ManualReview|^Published: Decline/)).toBeVisible();
  await expect(traces.getByText('New / used rate').first()).toBeVisible();
  await expect(traces.getByText(/^Draft: /)).toBeVisible();
  await reviewShots(page, 'policy-replay-traces');

  await expect(report.getByTestId('replay-flags')).toContainText('No application stacks two or more additional rates.');
});
