import { apiAuth, createAutoApplication } from '../support/applications.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';
import { expect, test } from '../support/test.ts';

/**
 * Administration › Lender Protection (issue 35): Summit's demo Lend Pro credentials, edited with the password left
 * blank, pass 'Test credentials' (the saved password is used); a wrong program code and a short password fail with
 * the provider's first error under 'Credentials Failed'. The password is never shown back.
 */
test('lender protection credentials: Test credentials both ways', async ({ page }) => {
  await signIn(page, users.admin, { at: '/admin/lenderProtection' });
  await expect(page.getByRole('heading', { name: 'Lender Protection' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'summit-lendpro' });
  await expect(row.getByText('LP-AUTO')).toBeVisible();
  await reviewShots(page, 'lender-protection-list');

  await page.getByRole('button', { name: 'Edit Lend Pro' }).click();
  const dialog = page.getByTestId('lender-protection-dialog');
  await expect(dialog.getByRole('heading', { name: 'Edit Lender Protection: Lend Pro' })).toBeVisible();
  const password = dialog.getByLabel('Password', { exact: true });
  await expect(password).toHaveValue('');
  await expect(dialog.getByText('Leave blank to keep the saved password.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Test credentials' }).click();
  await expect(dialog.getByTestId('credentials-verdict')).toHaveText('Credentials successful');

  await dialog.getByLabel('Program Code').fill('LP-XYZ');
  await password.fill('short');
  await dialog.getByRole('button', { name: 'Test credentials' }).click();
  await expect(dialog.getByTestId('credentials-verdict')).toHaveText(
    'Credentials Failed: Invalid user name or password.',
  );
  await expect(page.getByText('Credentials Failed').first()).toBeVisible();
  await reviewShots(page, 'lender-protection-test-failed');

  await password.fill('Another-Sandbox-Pass');
  await dialog.getByRole('button', { name: 'Test credentials' }).click();
  await expect(dialog.getByTestId('credentials-verdict')).toHaveText(
    'Credentials Failed: Unknown program code LP-XYZ.',
  );
  await dialog.getByLabel('Program Code').fill('LP-NEARPRIME');
  await dialog.getByRole('button', { name: 'Test credentials' }).click();
  await expect(dialog.getByTestId('credentials-verdict')).toHaveText('Credentials successful');
  await reviewShots(page, 'lender-protection-test-ok');
});

/**
 * The 'Insurance Application' dialog (issue 35 item 2) on the decision worksheet: an excellent file asking 84
 * months is countered at 72 ('Must re-submit counter to Lend Pro for approval', Create Decision disabled); the
 * 60-month cell at LTV 80 % sets term, rate and amount; Re-Submit is approved at them; Create Decision saves the
 * approval; the requirements worksheet shows the insurer's stipulation from the insurance provider.
 */
test('insurance application: counter, a grid cell, re-submit, approved, decision created', async ({
  page,
  request,
}) => {
  const id = await createAutoApplication(request, {
    request: {
      negotiatedPrice: '20000.00',
      ttlEstimate: '1200.00',
      cashDown: '2000.00',
      termMonths: 84,
      paymentFrequencyId: 'Monthly',
      value: '24000.00',
    },
    applicants: [
      {
        applicantRole: 'PRIMARY',
        firstName: 'Quinn',
        lastName: 'Insured',
        dob: '1984-07-19',
        socialSecurityNumber: '123-45-0011',
        addresses: [{ addressLine1: '2280 Pearl St', city: 'Boulder', state: 'CO', zip: '80302' }],
        employments: [
          {
            status: 'EMPLOYED',
            employer: 'Ball Corporation',
            occupation: 'Engineer',
            yearsEmployed: 6,
            monthsEmployed: 3,
            salary: '180000.00',
            payPeriod: 'Annually',
            isCurrent: true,
          },
        ],
      },
    ],
  });
  const headers = await apiAuth(request, users.officer);
  const pulled = await request.post(`/api/applications/${id}/creditreport/pull`, {
    headers,
    data: { creditBureau: 'Equifax' },
  });
  expect(pulled.status(), await pulled.text()).toBe(200);

  await signIn(page, users.officer, { at: `/decision/${id}` });
  await page.getByRole('button', { name: 'Insurance Application (Lend Pro)' }).click();
  const dialog = page.getByTestId('insurance-application-dialog');
  await expect(dialog.getByTestId('insurance-status')).toHaveText('Counter');
  await expect(page.getByText('Application sent to Lend Pro').first()).toBeVisible();
  await expect(dialog.getByText('Must re-submit counter to Lend Pro for approval')).toBeVisible();
  await expect(dialog.getByText('The term of 84 months is above the program maximum of 72 months.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create Decision' })).toBeDisabled();
  await expect(dialog.getByText("Please hit 'Next' to provide adverse action reasons")).toBeVisible();
  await reviewShots(page, 'insurance-application-counter');

  await dialog.getByRole('button', { name: /^60 months at LTV 80/ }).click();
  await expect(dialog.getByRole('textbox', { name: 'Term (months)' })).toHaveValue('60');
  await expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue('19200.00');
  await dialog.getByRole('button', { name: 'Re-Submit' }).click();
  await expect(dialog.getByTestId('insurance-status')).toHaveText('Approved');
  await expect(dialog.getByTestId('insurance-stipulations')).toContainText('Proof of income');
  await reviewShots(page, 'insurance-application-approved');
  await dialog.getByRole('button', { name: 'Create Decision' }).click();
  await expect(page.getByText('Decision Saved!').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto(`/fundingRequirements/${id}`);
  // The counter's stipulation was withdrawn when the approval's replaced it: one live, from the insurance provider.
  const income = page.getByRole('article', {
    name: 'Proof of income: the most recent pay stub or two years of tax returns',
  });
  await expect(income.getByTestId('requirement-status')).toHaveText(['Outstanding', 'Withdrawn']);
  await expect(income.first().getByText('Insurance', { exact: true })).toBeVisible();
  await reviewShots(page, 'insurance-stipulations-funding');
});
