import { authenticator } from 'otplib';
import { apiAuth, createAutoApplication } from '../support/applications.ts';
import { approveThroughApi, meetConditionsThroughApi } from '../support/decisions.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';
import { expect, test } from '../support/test.ts';

/**
 * Step-up before funding (issue 36): a user who has an authenticator app and verified no code in the last 5 minutes
 * presses Fund; the 'Confirm it’s you' dialog asks for a code, then the funding is retried and goes through.
 */
test.describe.configure({ timeout: 300_000 });

type LoanWorksheet = { earliestFundingDate: string | null; lenderDate: string };

const monthAfter = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m, Math.min(d, 28))).toISOString().slice(0, 10);
};
const nextStepCode = (secret: string) => authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);

test('step-up: funding a loan asks for a code, then funds', async ({ page, request }) => {
  const headers = await apiAuth(request, users.admin);
  const digits = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));
  const id = await createAutoApplication(request, {
    user: users.admin,
    applicants: [
      {
        applicantRole: 'PRIMARY',
        firstName: 'Stevie',
        lastName: 'Stepup',
        dob: '1984-06-02',
        socialSecurityNumber: `5${String(digits(0, 99)).padStart(2, '0')}-${digits(10, 99)}-${digits(1000, 9999)}`,
        addresses: [{ addressLine1: '77 Wynkoop St', city: 'Denver', state: 'CO', zip: '80202' }],
      },
    ],
  });
  await approveThroughApi(request, id, { user: users.admin, stipulations: [] });
  await meetConditionsThroughApi(request, id);
  const worksheet = (await (await request.get(`/api/applicationloan/${id}`, { headers })).json()) as LoanWorksheet;
  const day = worksheet.earliestFundingDate ?? worksheet.lenderDate;
  const saved = await request.put(`/api/applications/${id}/loans`, {
    headers,
    data: {
      contractDate: day,
      firstPaymentDate: monthAfter(day),
      fundingDate: day,
      memberNumber: null,
      loanId: `E2ESTEP${id}`,
      shareAccountNumber: null,
      reserveMatrixId: null,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // The administrator adds an authenticator app; the browser's new session has verified none yet.
  const added = await request.post('/api/user/mfa/factors', { headers, data: { name: 'E2E funding phone' } });
  expect(added.status(), await added.text()).toBe(200);
  const { factorId, secret } = (await added.json()) as { factorId: number; secret: string };
  const confirmed = await request.post(`/api/user/mfa/factors/${factorId}/confirm`, {
    headers,
    data: { code: authenticator.generate(secret) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
  try {
    await signIn(page, users.admin, { at: `/fund/${id}` });
    await expect(page.getByRole('heading', { name: 'Funding Worksheet' })).toBeVisible();
    await page.getByTestId('funding-actions').getByRole('button', { name: 'Fund', exact: true }).click();
    await page.getByRole('dialog', { name: 'Fund Loan' }).getByRole('button', { name: 'Fund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Authentication code').fill(nextStepCode(secret));
    await reviewShots(page, 'mfa-step-up-funding');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('toast').filter({ hasText: 'Loan Funded' }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/fundingQueue$/);
  } finally {
    // The administrator's factor goes again (a recovery code covers the removal), as the demo had it.
    expect((await request.post('/api/user/mfa/stepUp', { headers, data: { code: recoveryCodes[0] } })).status()).toBe(
      200,
    );
    expect((await request.delete(`/api/user/mfa/factors/${factorId}`, { headers })).status()).toBe(204);
  }
});
