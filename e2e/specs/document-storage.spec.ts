import { apiAuth } from '../support/applications.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';
import { expect, test } from '../support/test.ts';

/**
 * Administration › Document Storage (issue 37 item 4): Summit's demo share listed; an S3-compatible provider added
 * with a refused endpoint first, its object key template previewed and a field mapped to an index field; edited
 * again, the secret is not shown back and the mapping is kept.
 */
test('document storage: add an S3 provider with its field mapping; the secret is never shown', async ({ page }) => {
  const name = `E2E Archive ${Date.now()}`;
  await signIn(page, users.admin, { at: '/admin/lender/docStorage' });
  await expect(page.getByRole('heading', { name: 'Document Storage' })).toBeVisible();
  const share = page.getByRole('row').filter({ hasText: 'Loan Document Share' });
  await expect(share).toContainText('summit/loan-documents');
  await expect(share).toContainText('{memberNumber}/{applicationId}/{documentType}.pdf');
  await reviewShots(page, 'document-storage-list');

  await page.getByRole('button', { name: 'Add Document Provider' }).click();
  const dialog = page.getByTestId('documentStorageProviders-dialog');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'S3-compatible object store' }).click();
  const endpoint = dialog.getByRole('textbox', { name: 'Endpoint', exact: true });
  await endpoint.fill('http://s3.example.org');
  await expect(
    dialog.getByText(
      'An https:// address (http:// only for this server itself), without a path, user, query or fragment.',
    ),
  ).toBeVisible();
  await endpoint.fill('https://s3.us-east-2.amazonaws.com');
  await dialog.getByRole('textbox', { name: 'Region', exact: true }).fill('us-east-2');
  await dialog.getByRole('textbox', { name: 'Bucket', exact: true }).fill('e2e-archive');
  await dialog.getByRole('textbox', { name: 'Access Key Id', exact: true }).fill('AKIAE2EEXAMPLE');
  await dialog.getByLabel('Secret Access Key').fill('e2e-secret-value');
  await dialog
    .getByRole('textbox', { name: 'Object Key Template', exact: true })
    .fill('loans/{loanId}/{documentType}.pdf');
  await expect(dialog.getByText('Example: loans/0042/Loan Summary.pdf', { exact: false })).toBeVisible();

  const rows = dialog.getByTestId('field-mapping-row');
  await expect(rows).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Add Mapping' }).click();
  await rows.nth(2).getByRole('combobox', { name: 'Field' }).click();
  await page.getByRole('option', { name: 'Loan Id', exact: true }).click();
  await rows.nth(2).getByRole('textbox', { name: 'Index Field' }).fill('loan-id');
  await reviewShots(page, 'document-storage-editor');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const added = page.getByRole('row').filter({ hasText: name });
  await expect(added).toContainText('e2e-archive');
  await expect(added).toContainText('loans/{loanId}/{documentType}.pdf');

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByTestId('documentStorageProviders-dialog');
  await expect(edit.getByLabel('Secret Access Key')).toHaveValue('');
  await expect(edit.getByText('Set — leave empty to keep it')).toBeVisible();
  await expect(edit.getByTestId('field-mapping-row').nth(2).getByRole('textbox', { name: 'Index Field' })).toHaveValue(
    'loan-id',
  );
  await expect(page.getByText('e2e-secret-value')).toHaveCount(0);
});

/** The loan summary exported on funding is filed to Summit's share by the job: its file shows 'Filed'. */
test('document storage: an exported loan summary shows its filing status in the files', async ({ page, request }) => {
  const headers = await apiAuth(request, users.admin);
  const search = await request.post('/api/applicationqueues/allApplicationsQueue/search', {
    headers,
    data: {
      filter: { logic: 'and', filters: [{ field: 'state', operator: 'is', value: 'funded' }] },
      page: 1,
      pageSize: 50,
    },
  });
  expect(search.ok()).toBeTruthy();
  const ids = ((await search.json()) as { data: { applicationId: number }[] }).data.map((r) => r.applicationId);
  let filed: number | undefined;
  // The job runner exports and files the demo's fundings once the server started.
  await expect
    .poll(
      async () => {
        for (const id of ids) {
          const response = await request.get(`/api/applications/${id}/documentFilings`, { headers });
          const filings = (await response.json()) as { status: string }[];
          if (filings.some((f) => f.status === 'filed')) return (filed = id);
        }
        return undefined;
      },
      { timeout: 30_000 },
    )
    .toBeDefined();

  await signIn(page, users.admin, { at: `/application/${filed!}` });
  await page.getByRole('tab', { name: 'Files' }).click();
  const chip = page
    .getByTestId('files-panel')
    .getByTestId('filing-status')
    .filter({ hasText: 'Filed: Loan Document Share' });
  await expect(chip.first()).toBeVisible();
  await chip.first().scrollIntoViewIfNeeded();
  await reviewShots(page, 'document-storage-filed-file');
});
