import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from '../support/test.ts';
import { apiAuth, createAutoApplication } from '../support/applications.ts';
import { approveThroughApi, meetConditionsThroughApi } from '../support/decisions.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';

/*
 * The Funding worksheet (issue 14): open an approved demo application from the Funding queue, get a loan id from
 * the core in the Loan Id dialog (Generate, Save), save the loan, dry run (the exact core payload, no problems),
 * fund it — once, with one idempotency key, even when the answer is lost and the user presses Fund again — land
 * on the Funding queue, open the funded application (read-only, its core loan id) and reverse the funding.
 */

type LoanWorksheet = {
  loan: {
    isFunded: boolean;
    amount: string;
    disbursementRemaining: string;
    fundingDate: string | null;
    memberNumber: string | null;
  };
  application: { id: number; state: string; direct: boolean; rescissionDateType: string | null };
  earliestFundingDate: string | null;
  lenderDate: string;
};

test.describe.configure({ timeout: 420_000 });

const toast = (page: Page) => page.getByTestId('toast');
const queueRow = (page: Page, id: number) => page.getByTestId('queue-grid').locator(`[role="row"][data-id="${id}"]`);
const byId = (id: number) => encodeURIComponent(JSON.stringify([['applicationId', '=', id]]));
const actions = (page: Page) => page.getByTestId('funding-actions');

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** A day-of-month later (the first payment date a month after the contract date). */
const monthAfter = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return isoDate(new Date(Date.UTC(y, m, Math.min(d, 28))));
};

/**
 * An approved, unfunded application without a right of rescission and not locked by anyone (test set-up only): one
 * of the demo's Funding queue, else a new auto application approved through the API.
 */
const fundingCandidate = async (request: APIRequestContext): Promise<{ worksheet: LoanWorksheet; queue: string }> => {
  const headers = await apiAuth(request, users.admin);
  const read = async (id: number): Promise<LoanWorksheet | null> => {
    const answer = await request.get(`/api/applicationloan/${id}`, { headers });
    return answer.ok() ? ((await answer.json()) as LoanWorksheet) : null;
  };
  const search = await request.post('/api/applicationqueues/fundingQueue/search', {
    headers,
    data: { page: 1, pageSize: 100 },
  });
  expect(search.ok(), await search.text()).toBeTruthy();
  const rows = ((await search.json()) as { data: { applicationId: number; lockingUser: string | null }[] }).data;
  const found: LoanWorksheet[] = [];
  // One another spec holds the lock of (an officer clearing its stipulations) cannot be saved here.
  for (const { applicationId } of rows.filter((r) => r.lockingUser === null)) {
    const worksheet = await read(applicationId);
    // Direct: an indirect loan also waits for its dealer packet.
    const fundable = worksheet && !worksheet.loan.isFunded && worksheet.application.direct;
    if (fundable && worksheet.application.rescissionDateType === null) found.push(worksheet);
  }
  const demo = found.find((w) => Number(w.loan.disbursementRemaining) === 0) ?? found[0];
  if (demo) return { worksheet: demo, queue: 'fundingQueue' };
  // A new member (no member number, an SSN the sandbox core has not seen): funding creates the member at the core.
  // A valid SSN: area 500–599, group 10–99, serial 1000–9999 (never a 00 group or a 0000 serial, which are refused).
  const digits = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));
  const ssn = `5${String(digits(0, 99)).padStart(2, '0')}-${digits(10, 99)}-${digits(1000, 9999)}`;
  const id = await createAutoApplication(request, {
    user: users.admin,
    applicants: [
      {
        applicantRole: 'PRIMARY',
        firstName: 'Frankie',
        lastName: 'Funder',
        dob: '1986-03-14',
        socialSecurityNumber: ssn,
        addresses: [{ addressLine1: '410 Larimer St', city: 'Denver', state: 'CO', zip: '80202' }],
      },
    ],
  });
  await approveThroughApi(request, id, { user: users.admin, stipulations: [] });
  // The product's own requirements (a signed contract, insurance, the title) met, as the funding team would.
  await meetConditionsThroughApi(request, id);
  const created = await read(id);
  expect(created, 'the approved application reads on the Funding worksheet').not.toBeNull();
  return { worksheet: created!, queue: 'allApplicationsQueue' };
};

/** The review widths with the worksheet from its top, and the whole page once (SHOTS_DIR only). */
const shots = async (page: Page, name: string) => {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await reviewShots(page, name);
  const before = page.viewportSize();
  await page.setViewportSize({ width: 1920, height: 900 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${dir}/${name}-full-1920.png`, fullPage: true });
  if (before) await page.setViewportSize(before);
};

test('generate a loan id, dry run, fund once (a lost answer retried with the same key), land on the Funding queue, reverse', async ({
  page,
  request,
}) => {
  const { worksheet: candidate, queue } = await fundingCandidate(request);
  const id = candidate.application.id;
  const decidedState = candidate.application.state === 'counteroffer' ? 'Counteroffer' : 'Approved';
  await signIn(page, users.admin);

  // Open it from the Funding queue, as a person does: an approved application opens on the Funding worksheet.
  await page.goto(`/${queue}?filter=${byId(id)}`);
  await queueRow(page, id)
    .getByRole('link', { name: String(id) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/fund/${id}$`));
  await expect(page.getByRole('heading', { name: 'Funding Worksheet' })).toBeVisible();
  await expect(page.getByTestId('funding-loan-card')).toBeVisible();
  await expect(page.getByTestId('setting-envelopes')).toHaveText('Off');
  await expect(page.getByTestId('funding-settings-card')).toContainText('envelopes');

  // The Loan Id dialog: Generate fills the field from the core, Save stores it on the application.
  await page.getByRole('button', { name: 'Loan Id', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Loan Id/ });
  await expect(dialog).toBeVisible();
  const loanIdField = dialog
    .getByRole('combobox', { name: 'Loan Id' })
    .or(dialog.getByRole('textbox', { name: 'Loan Id' }));
  const generate = dialog.getByRole('button', { name: 'Generate Loan Id' });
  const saveId = dialog.getByRole('button', { name: 'Save' });
  await generate.click();
  await expect(loanIdField.first()).not.toHaveValue('', { timeout: 15_000 });
  // The first id generated may equal the potential id the dialog opened with (the core's preview): the form is
  // then unchanged and Save stays off; a second Generate takes the next id.
  await expect(generate).toBeEnabled();
  if (await saveId.isDisabled()) {
    await generate.click();
    await expect(saveId).toBeEnabled({ timeout: 15_000 });
  }
  const loanId = await loanIdField.first().inputValue();
  await reviewShots(page, 'funding-loan-id-dialog');
  await saveId.click();
  await expect(toast(page).filter({ hasText: 'Loan Id Updated' })).toBeVisible();
  await expect(dialog).toBeHidden();
  const worksheetLoanId = page.getByTestId('funding-member-card').getByRole('textbox', { name: 'Loan Id' });
  await expect(worksheetLoanId).toHaveValue(loanId);

  // The dates on the lender calendar: contracted and funded on the earliest business day it allows, the first
  // payment a month later.
  const day = candidate.earliestFundingDate ?? candidate.lenderDate;
  await page.getByLabel('Contract Date').fill(day);
  await page.getByLabel('First Payment Date').fill(monthAfter(day));
  await page.getByLabel('Funding Date').fill(day);
  await expect(page.getByTestId('funding-dates-card')).not.toContainText('not a business day');

  // The disbursements add up to the amount financed: the proposed ones when they do not yet.
  const remaining = page.getByTestId('disbursement-remaining');
  if ((await remaining.textContent()) !== '$0.00') {
    await page.getByRole('button', { name: 'Load Proposed' }).click();
    await expect(toast(page).filter({ hasText: 'Disbursements proposed' })).toBeVisible();
  }
  await expect(remaining).toHaveText('$0.00');
  await shots(page, 'funding-worksheet-before');

  // Save: 'Loan Saved!'. A double click saves once (500 ms debounce).
  await actions(page).getByRole('button', { name: 'Save' }).dblclick();
  await expect(toast(page).filter({ hasText: 'Loan Saved!' })).toHaveCount(1);
  await expect(page.getByTestId('funding-status-chip')).toHaveText('Saved');

  // Dry Run: the loan beside the exact core payload, no problems.
  await actions(page).getByRole('button', { name: 'Dry Run' }).click();
  const dryRun = page.getByTestId('dry-run-dialog');
  await expect(dryRun).toBeVisible();
  await expect(dryRun.getByTestId('dry-run-ok')).toHaveText('No problems: the loan can be funded.');
  await expect(dryRun.getByTestId('dry-run-payload')).toContainText(loanId);
  await expect(dryRun.getByRole('region', { name: 'The loan' })).toContainText(loanId);
  await reviewShots(page, 'funding-dry-run');
  await dryRun.getByRole('button', { name: 'Close' }).click();
  await expect(dryRun).toBeHidden();

  // Fund, with the answer lost on the way back (the server funded; the browser saw the network fail).
  const keys: string[] = [];
  let drop = true;
  await page.route(`**/api/applications/${id}/loans/fund`, async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (drop) {
      drop = false;
      await route.fetch();
      await route.abort('connectionreset');
    } else await route.continue();
  });
  const fund = actions(page).getByRole('button', { name: 'Fund', exact: true });
  await fund.dblclick();
  const confirmFund = page.getByRole('dialog', { name: 'Fund Loan' });
  await confirmFund.getByRole('button', { name: 'Fund' }).click();
  await expect(toast(page).filter({ hasText: 'Loan not funded' })).toBeVisible();
  await expect(
    toast(page).filter({ hasText: 'Unable to fund loan to core at this time, please try again later' }),
  ).toBeVisible();

  // The user presses Fund again: the same idempotency key, the first answer — funded once.
  await fund.click();
  await confirmFund.getByRole('button', { name: 'Fund' }).click();
  await expect(toast(page).filter({ hasText: 'Loan Funded' }).first()).toBeVisible();
  // Without a member number the member is created at the core first.
  if (!candidate.loan.memberNumber) await expect(toast(page).filter({ hasText: 'Member Created' })).toBeVisible();
  await expect(page).toHaveURL(/\/fundingQueue$/);
  await expect(page.getByRole('heading', { name: 'Funding Queue' })).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  await page.unroute(`**/api/applications/${id}/loans/fund`);

  // Funded: off the Funding queue; the worksheet is read-only with its core loan id and booking reference.
  await page.goto(`/fundingQueue?filter=${byId(id)}`);
  await expect(page.getByText('No applications found.')).toBeVisible({ timeout: 30_000 });
  await page.goto(`/allApplicationsQueue?filter=${byId(id)}`);
  await queueRow(page, id)
    .getByRole('link', { name: String(id) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/fund/${id}$`));
  await expect(page.getByTestId('header-state')).toHaveText('Funded');
  await expect(page.getByTestId('funding-status-chip')).toHaveText('Funded');
  await expect(page.getByTestId('funded-core-loan-id')).not.toHaveText('—');
  await expect(page.getByTestId('funded-reference')).toHaveText(/^\d+-\d+-\d+$/);
  await expect(page.getByLabel('Funding Date')).toBeDisabled();
  await shots(page, 'funding-worksheet-funded');

  // Reverse: confirmed, the application back to its decided state, the worksheet editable again.
  await actions(page).getByRole('button', { name: 'Reverse' }).click();
  await page.getByRole('dialog', { name: 'Reverse Funding' }).getByRole('button', { name: 'Reverse' }).click();
  await expect(toast(page).filter({ hasText: 'Funding Reversed' })).toBeVisible();
  await expect(toast(page).filter({ hasText: 'generate a new loan id before funding again' })).toBeVisible();
  await expect(page.getByTestId('header-state')).toHaveText(decidedState);
  await expect(page.getByTestId('funding-status-chip')).not.toHaveText('Funded');
  await expect(actions(page).getByRole('button', { name: 'Fund', exact: true })).toBeVisible();
});

test('the worksheet lists what the loan must still meet, each with the way to where it is met (issue 29)', async ({
  page,
  request,
}) => {
  const id = await createAutoApplication(request, { lastName: 'Conditions' });
  await approveThroughApi(request, id);
  await signIn(page, users.officer, { at: `/fund/${id}` });
  const conditions = page.getByTestId('funding-conditions');
  await expect(conditions).toContainText('Before this loan can be funded');
  const income = conditions
    .getByRole('listitem')
    .filter({ hasText: 'The stipulation "Proof of income" is outstanding' });
  await expect(income).toBeVisible();
  await reviewShots(page, 'funding-conditions');
  await income.getByRole('button', { name: 'Go fix it' }).click();
  await expect(page).toHaveURL(new RegExp(`/fundingRequirements/${id}$`));
});
