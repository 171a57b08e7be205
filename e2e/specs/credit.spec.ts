import { expect, test, type Page } from '../support/test.ts';
import { createAutoApplication } from '../support/applications.ts';
import { approveThroughApi } from '../support/decisions.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';

/** An applicant the sandbox bureaus know by the last four digits of the SSN (apps/server/src/integrations/bureaus/README.md). */
const applicant = (role: string, firstName: string, lastName: string, ssn: string) => ({
  applicantRole: role,
  firstName,
  lastName,
  dob: '1984-07-19',
  socialSecurityNumber: ssn,
  addresses: [{ addressLine1: '2280 Pearl St', city: 'Boulder', state: 'CO', zip: '80302' }],
});

const NO_APPLICATIONS = 'No applications found.';
const toast = (page: Page) => page.getByTestId('toast');
const creditCard = (page: Page) => page.getByTestId('credit-report-card');
const reviewCard = (page: Page) => page.getByTestId('credit-review-card');
const queueRow = (page: Page, id: number) => page.getByTestId('queue-grid').locator(`[role="row"][data-id="${id}"]`);
const byId = (id: number) => encodeURIComponent(JSON.stringify([['applicationId', '=', id]]));

test('pull credit for two applicants, exclude a tradeline, review, and mark reviewed: the application leaves the Credit queue', async ({
  page,
  request,
}) => {
  const id = await createAutoApplication(request, {
    applicants: [
      applicant('PRIMARY', 'Quinn', 'Harlow', '521-44-3187'),
      applicant('CO_APPLICANT', 'Reese', 'Harlow', '521-44-3288'),
    ],
  });
  await signIn(page, users.officer, { at: `/creditQueue?filter=${byId(id)}` });
  await queueRow(page, id)
    .getByRole('link', { name: String(id) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/credit/${id}$`));
  await expect(page.getByRole('heading', { name: 'Credit Worksheet' })).toBeVisible();
  await expect(creditCard(page).getByTestId('no-active-credit-report')).toHaveText('No Active Credit Report');

  await creditCard(page).getByRole('combobox', { name: 'Bureau' }).click();
  await page.getByRole('option', { name: 'Experian' }).click();
  await creditCard(page).getByRole('button', { name: 'Pull Credit' }).click();
  await expect(creditCard(page).getByTestId('credit-report-header')).toContainText('Experian');
  await expect(creditCard(page).getByTestId('credit-scores')).toContainText('FICO Auto 8 (default)');
  await expect(creditCard(page).getByRole('button', { name: 'Re-pull Credit' })).toBeVisible();
  // The co-applicant's tab has a report of their own.
  await creditCard(page)
    .getByRole('tab', { name: /Reese Harlow/ })
    .click();
  await expect(creditCard(page).getByTestId('credit-report-header')).toContainText('Experian');
  await creditCard(page)
    .getByRole('tab', { name: /Quinn Harlow/ })
    .click();

  const grid = creditCard(page).getByTestId('tradeline-grid');
  const firstExclude = grid.getByRole('checkbox', { name: /^Exclude / }).first();
  await expect(firstExclude).not.toBeChecked();
  await firstExclude.check();
  await reviewCard(page)
    .getByRole('textbox', { name: 'Review' })
    .fill('Income verified; auto loan at Ally to be paid off.');
  await reviewCard(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page).filter({ hasText: 'Credit Saved!' })).toBeVisible();
  await page.reload();
  await expect(
    creditCard(page)
      .getByTestId('tradeline-grid')
      .getByRole('checkbox', { name: /^Exclude / })
      .first(),
  ).toBeChecked();
  await reviewShots(page, 'credit-worksheet');

  // The tradeline grid's sort is the user's setting (tradelineGrid): it survives a reload.
  const balance = creditCard(page).getByTestId('tradeline-grid').getByRole('columnheader', { name: 'Balance' });
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/gridSettings/tradelineGrid') && r.request().method() === 'PUT',
  );
  await balance.click();
  await saved;
  await expect(balance).toHaveAttribute('aria-sort', 'ascending');
  await page.reload();
  await expect(
    creditCard(page).getByTestId('tradeline-grid').getByRole('columnheader', { name: 'Balance' }),
  ).toHaveAttribute('aria-sort', 'ascending');

  await reviewCard(page).getByRole('button', { name: 'Mark as Reviewed' }).click();
  await expect(toast(page).filter({ hasText: 'Credit marked as reviewed.' })).toBeVisible();
  await expect(page.getByTestId('header-state')).toHaveText('Reviewed');

  await page.goto(`/decisionQueue?filter=${byId(id)}`);
  await expect(queueRow(page, id)).toBeVisible();
  await page.goto(`/creditQueue?filter=${byId(id)}`);
  await expect(page.getByRole('heading', { name: 'Credit Queue' })).toBeVisible();
  await expect(page.getByTestId('queue-grid')).toContainText(NO_APPLICATIONS);
  await expect(queueRow(page, id)).toHaveCount(0);
});

test('re-pulling the credit of an approved application asks first: No pulls nothing, Yes pulls and retracts', async ({
  page,
  request,
}) => {
  // The demo's decision-retraction rule set names the credit report (creditReport.repulled).
  const id = await createAutoApplication(request, {
    applicants: [applicant('PRIMARY', 'Avery', 'Stone', '521-44-3187')],
  });
  await approveThroughApi(request, id);
  await signIn(page, users.officer, { at: `/credit/${id}` });
  await expect(page.getByTestId('header-state')).toContainText('Approved');

  await creditCard(page).getByRole('button', { name: 'Pull Credit' }).click();
  const question = page.getByRole('dialog', { name: 'Retract Decision' });
  await expect(question).toContainText(
    'Updating the credit report may retract the decision. Are you sure you want to continue?',
  );
  await reviewShots(page, 'credit-retraction-warning');
  await question.getByRole('button', { name: 'No' }).click();
  await expect(question).toBeHidden();
  await expect(creditCard(page).getByTestId('no-active-credit-report')).toBeVisible();
  await expect(page.getByTestId('header-state')).toContainText('Approved');

  await creditCard(page).getByRole('button', { name: 'Pull Credit' }).click();
  await question.getByRole('button', { name: 'Yes' }).click();
  await expect(creditCard(page).getByTestId('credit-report-header')).toBeVisible();
  await expect(page.getByTestId('header-state')).toHaveText('Reviewed');
});

test('a bureau without a file warns, naming the applicant and the application', async ({ page, request }) => {
  const id = await createAutoApplication(request, {
    applicants: [applicant('PRIMARY', 'Nolan', 'Freeman', '521-44-0002')],
  });
  await signIn(page, users.officer, { at: `/credit/${id}` });
  await creditCard(page).getByRole('button', { name: 'Pull Credit' }).click();
  await expect(
    toast(page).filter({ hasText: `No credit report for Nolan Freeman on application ${id}` }),
  ).toBeVisible();
  await expect(creditCard(page).getByTestId('no-report-reason')).toBeVisible();
});

test('a report with alerts needs a review comment before the credit is marked reviewed', async ({ page, request }) => {
  const id = await createAutoApplication(request, {
    applicants: [applicant('PRIMARY', 'Ofelia', 'Marsh', '521-44-0004')],
  });
  await signIn(page, users.officer, { at: `/credit/${id}` });
  await creditCard(page).getByRole('button', { name: 'Pull Credit' }).click();
  await expect(creditCard(page).getByTestId('credit-alerts')).toContainText('OFAC');
  await reviewShots(page, 'credit-worksheet-alerts');
  await reviewCard(page).getByRole('button', { name: 'Mark as Reviewed' }).click();
  const review = reviewCard(page).getByRole('textbox', { name: 'Review' });
  await expect(reviewCard(page)).toContainText('A review comment is required because the credit report has alerts.');
  await expect(review).toHaveAttribute('aria-invalid', 'true');
  await review.fill('OFAC possible match cleared: date of birth differs.');
  await reviewCard(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page).filter({ hasText: 'Credit Saved!' })).toBeVisible();
  await reviewCard(page).getByRole('button', { name: 'Mark as Reviewed' }).click();
  await expect(page.getByTestId('header-state')).toHaveText('Reviewed');

  // KYC: the OFAC case fails verification; the toast says so and the result is kept.
  const screening = page.getByTestId('screening-card');
  await screening.getByRole('button', { name: 'KYC Check' }).click();
  await expect(toast(page).filter({ hasText: 'KYC Check' })).toContainText('Result: fail');
  await expect(screening.getByRole('table', { name: 'Screening results' })).toContainText(
    'possible match on the OFAC SDN list',
  );
  await screening.getByRole('button', { name: 'Vehicle History' }).click();
  await expect(screening.getByRole('table', { name: 'Screening results' })).toContainText('Vehicle History (Carfax)');
  await reviewShots(page, 'credit-screening');
});

test('create an application from a refinance offer and open it from the link', async ({ page, request, context }) => {
  const id = await createAutoApplication(request, {
    applicants: [applicant('PRIMARY', 'Rafael', 'Ines', '521-44-0010')],
  });
  await signIn(page, users.officer, { at: `/credit/${id}` });
  await creditCard(page).getByRole('button', { name: 'Pull Credit' }).click();
  await expect(creditCard(page).getByTestId('credit-report-header')).toBeVisible();
  await creditCard(page).getByRole('button', { name: 'Cross Sell' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cross Sell' });
  await expect(dialog.getByRole('heading', { name: 'Refi Cross Sell' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Internal Cross Sell' })).toBeVisible();
  const create = dialog.getByRole('button', { name: 'Create Application' });
  await expect(create).toBeDisabled();
  const options = dialog.getByRole('radio');
  await options.first().check();
  // One option at a time across both lists.
  await dialog.getByRole('radio', { name: 'Visa Platinum card' }).check();
  await expect(options.first()).not.toBeChecked();
  await options.first().check();
  await expect(dialog.getByRole('radio', { name: 'Visa Platinum card' })).not.toBeChecked();
  await reviewShots(page, 'cross-sell-dialog');
  await create.click();
  await expect(dialog).toContainText('A new application has been successfully created.');
  const link = dialog.getByRole('link', { name: /^Go to App Id: \d+$/ });
  const newId = (await link.innerText()).replace('Go to App Id: ', '');
  await expect(link).toHaveAttribute('target', '_blank');
  const opened = context.waitForEvent('page');
  await link.click();
  const tab = await opened;
  await expect(tab).toHaveURL(new RegExp(`/application/${newId}$`));
  await expect(tab.getByRole('heading', { name: 'Application Worksheet' })).toBeVisible();
  await expect(tab.getByTestId('header-primary-applicant')).toHaveText('Rafael Ines');
});

test('a new application saved with "Pull credit when saved" opens on its credit report', async ({ page }) => {
  await signIn(page, users.officer);
  await page.getByRole('button', { name: 'New Application' }).click();
  await page.getByLabel('Loan Product').click();
  await page.getByRole('option', { name: /^Personal Loan/ }).click();
  const applicants = page.getByTestId('applicants-section');
  await applicants.getByRole('textbox', { name: 'First Name' }).fill('Morgan');
  await applicants.getByRole('textbox', { name: 'Last Name' }).fill('Ellery');
  await applicants.getByRole('textbox', { name: 'SSN' }).fill('521-44-3391');
  await applicants.getByLabel('Date of Birth').fill('1979-03-02');
  await applicants.getByRole('textbox', { name: 'Current Address' }).fill('1700 Broadway');
  await applicants.getByRole('textbox', { name: 'City' }).fill('Denver');
  await applicants.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'CO', exact: true }).click();
  await applicants.getByRole('textbox', { name: 'ZIP' }).fill('80202');
  const request = page.getByTestId('request-section');
  await request.getByRole('textbox', { name: 'Requested Amount' }).fill('8000');
  await request.getByRole('textbox', { name: 'Term (months)' }).fill('36');
  await page.getByRole('checkbox', { name: 'Pull credit when saved' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page).filter({ hasText: 'Application Submitted' })).toBeVisible();
  await expect(page).toHaveURL(/\/credit\/\d+$/);
  await expect(creditCard(page).getByTestId('credit-report-header')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Morgan Ellery/ })).toBeVisible();
});

test('the decision engine runs the auto policy on the application and explains each node; a rate matrix cell changed and published changes the rate (spec 2 §8 run result)', async ({
  page,
  request,
  browser,
}) => {
  // Two people's work: the officer's pull and runs, the administrator's matrix edit (a 90-row editor).
  test.setTimeout(150_000);
  const id = await createAutoApplication(request, {
    applicants: [
      {
        ...applicant('PRIMARY', 'Avery', 'Quill', '521-44-0011'),
        employments: [
          {
            status: 'EMPLOYED',
            employer: 'Ball Corporation',
            salary: '480000.00',
            payPeriod: 'Annually',
            isCurrent: true,
          },
        ],
      },
    ],
    request: {
      negotiatedPrice: '30000.00',
      cashDown: '5000.00',
      termMonths: 60,
      paymentFrequencyId: 'Monthly',
      value: '30000.00',
    },
  });
  await signIn(page, users.officer, { at: `/credit/${id}` });
  await creditCard(page).getByRole('button', { name: 'Pull Credit' }).click();
  await expect(creditCard(page).getByTestId('credit-report-header')).toBeVisible();

  const engine = page.getByTestId('policy-run-card');
  await expect(engine).toContainText('The lender’s policy has not been run on this application yet.');
  await engine.getByRole('button', { name: 'Run Auto-Approval' }).click();
  await expect(toast(page).last()).toContainText(
    new RegExp(
      `Application with id: ${id} successfully processed with outcome: Approve\\. Nodes processed: OFAC alert`,
    ),
  );
  await expect(engine.getByTestId('policy-outcome')).toHaveText('Approve');
  await expect(engine.getByTestId('policy-value-Tier')).toHaveText('A+');
  await expect(engine.getByTestId('policy-trace')).toContainText('falls in tier A+');
  await reviewShots(page, 'decision-engine-card');
  // Kept: the run is there after a reload.
  const answered = page.waitForResponse((r) => r.url().includes('/autoApprovalResults'));
  await page.reload();
  expect((await answered).status()).toBe(200);
  const engineAgain = page.getByTestId('policy-run-card');
  await expect(engineAgain.getByTestId('policy-outcome')).toHaveText('Approve');
  // A+, 60 months, LTV at most 90%: row 7 of the auto base rates (5.49 + 0.50 for the term).
  await expect(engineAgain.getByTestId('policy-value-Rate')).toHaveText('5.990%');

  // An administrator changes that cell and publishes; the next run prices with it (no restart).
  const adminContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const admin = await adminContext.newPage();
  await signIn(admin, users.admin, { at: '/admin/matrices/additionalRates' });
  await admin.getByRole('button', { name: 'Edit Auto base rates' }).click();
  const rate = admin.getByTestId('matrix-editor').getByRole('textbox', { name: 'Row 7 Rate', exact: true });
  await expect(rate).toHaveValue('5.99');
  await rate.click();
  await rate.press('ControlOrMeta+a');
  await rate.fill('6.24');
  await admin.getByTestId('matrix-editor').getByRole('button', { name: 'Save and Publish' }).click();
  await expect(admin.getByText('Saved and published')).toBeVisible();
  await adminContext.close();

  await engineAgain.getByRole('button', { name: 'Run Auto-Approval' }).click();
  await expect(engineAgain.getByTestId('policy-value-Rate')).toHaveText('6.240%');
});
