import { createAutoApplication } from '../support/applications.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 38, item 4: Administration › Borrower Notifications. A notification's templates are edited (a merge field
 * that does not exist is refused in place), previewed against an application (its merge fields filled, the address
 * masked), and saved — which goes home (spec 2 §2). The application's Borrower Notifications tab shows what the
 * demo's Application Received notice sent its borrower, to a masked address.
 */
test('borrower notifications are edited, previewed and saved (then home); the application shows its log', async ({
  page,
  request,
}) => {
  const applicationId = await createAutoApplication(request, {
    applicants: [
      {
        applicantRole: 'PRIMARY',
        firstName: 'Rosalind',
        lastName: 'Featherstone',
        addresses: [{ addressLine1: '12 Elm St', city: 'Denver', state: 'CO', zip: '80202' }],
        emails: [{ email: 'rosalind.featherstone@example.com' }],
        phoneNumbers: [{ number: '3035550177', preferredContact: true }],
      },
    ],
  });
  await signIn(page, users.admin, { at: '/admin/borrowerNotifications' });
  await expect(page.getByRole('heading', { name: 'Borrower Notifications', level: 1 })).toBeVisible();
  const card = page.getByTestId('borrower-notification-decisionPending');
  await expect(card.getByRole('heading', { name: 'Decision Pending' })).toBeVisible();

  await card.getByRole('checkbox', { name: 'E-mail' }).check();
  await card.getByRole('textbox', { name: 'E-mail subject' }).fill('About application {Applicationid}');
  await expect(card.getByText('Unknown field: {Applicationid}. Choose a field from the list.')).toBeVisible();
  await card.getByRole('textbox', { name: 'E-mail subject' }).fill('About application {ApplicationId}');
  await card
    .getByRole('textbox', { name: 'E-mail message' })
    .fill('Hello {ApplicantFirstName}, we need one more document for your {LoanProductName}.');

  await page.getByRole('textbox', { name: 'Application number' }).fill(String(applicationId));
  await card.getByRole('button', { name: 'Preview' }).click();
  const preview = card.getByTestId('borrower-notification-preview');
  await expect(preview).toContainText(`About application ${applicationId}`);
  await expect(preview).toContainText('Hello Rosalind, we need one more document for your New Auto.');
  await expect(preview).toContainText('r***@example.com');
  await expect(preview).toContainText('****0177');
  await reviewShots(page, 'borrower-notifications');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Saved' })).toBeVisible();

  // Saved: the page reads it back.
  await page.goto('/admin/borrowerNotifications');
  await expect(
    page.getByTestId('borrower-notification-decisionPending').getByRole('textbox', { name: 'E-mail subject' }),
  ).toHaveValue('About application {ApplicationId}');

  // The demo's Application Received notice went to the new application's borrower.
  await page.goto(`/application/${applicationId}`);
  await page.getByRole('tab', { name: 'Borrower Notifications' }).click();
  const row = page.getByTestId('borrower-notification-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Application Received');
  await expect(row).toContainText('E-mail');
  await expect(row).toContainText('r***@example.com');
  await row.getByRole('button', { name: 'Show message' }).click();
  await expect(page.getByText(`Hello Rosalind,`)).toBeVisible();
  await reviewShots(page, 'borrower-notifications-log');
});
