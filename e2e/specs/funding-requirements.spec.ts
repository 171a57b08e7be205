import { expect, test } from '../support/test.ts';
import { apiAuth, createAutoApplication } from '../support/applications.ts';
import { approveThroughApi } from '../support/decisions.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';

/** A small one-page PDF ("Proof of income"), its cross-reference offsets computed. */
const proofOfIncomePdf = () => {
  const text = 'BT /F1 24 Tf 72 700 Td (Proof of income) Tj 0 -36 Td /F1 14 Tf (Pay stub - Morgan Lockwood) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

// Each test works one application through many saves: more time than the default on a busy machine.
test.describe.configure({ timeout: 300_000 });

test('the requirements cockpit: attach a PDF, preview it inline, mark received and clear while it stays in view, ready for funding', async ({
  page,
  request,
}) => {
  // Set-up through the API: an approved direct application with one stipulation and a PDF among its files.
  const id = await createAutoApplication(request, { firstName: 'Morgan', lastName: 'Lockwood' });
  await approveThroughApi(request, id);
  const headers = await apiAuth(request, users.officer);
  const uploaded = await request.post(`/api/applications/${id}/files/upload`, {
    headers,
    multipart: {
      'names[]': 'Pay stub',
      files: { name: 'pay-stub.pdf', mimeType: 'application/pdf', buffer: proofOfIncomePdf() },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);

  // The administrator is in every clear group (the demo's product requirements may name the Funding Team).
  await signIn(page, users.admin, { at: `/fundingRequirements/${id}` });
  await expect(page.getByRole('heading', { name: 'Funding Requirements Worksheet' })).toBeVisible({ timeout: 30_000 });
  const cockpit = page.getByTestId('funding-requirements');
  const stipulation = cockpit.getByRole('article', { name: 'Proof of income' });
  await expect(stipulation.getByTestId('requirement-status')).toHaveText('Outstanding', { timeout: 30_000 });
  await expect(stipulation.getByTestId('requirement-ageing')).toHaveText('0 days');
  await expect(stipulation).toContainText('Decision');
  await expect(stipulation).toContainText('No documents attached.');
  await expect(page.getByTestId('document-preview')).toContainText('Select a document to preview it.');

  // Attach the uploaded pay stub from the application's files.
  await stipulation.getByLabel('Attach a document').click();
  await page.getByRole('option', { name: 'Pay stub' }).click();
  await stipulation.getByRole('button', { name: 'Attach' }).click();
  await expect(page.getByText('Document Attached')).toBeVisible();
  const document = stipulation.getByRole('button', { name: 'Pay stub' });
  await expect(document).toBeVisible();

  // Select it: the PDF shows inline beside the checklist (a same-origin blob in a frame), nothing downloaded.
  await document.click();
  const frame = page.getByTestId('document-preview-frame');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('src', /^blob:/);
  await expect(page.getByTestId('document-preview-title')).toHaveText('Pay stub');
  await reviewShots(page, 'funding-requirements-cockpit-preview', { settleMs: 2500 });

  // Mark it received, then clear it: the preview stays on the same document.
  await stipulation.getByRole('button', { name: 'Mark Received' }).click();
  await expect(page.getByText('Requirement Saved').first()).toBeVisible();
  await expect(stipulation.getByTestId('requirement-status')).toHaveText('Received');
  await expect(stipulation.getByTestId('requirement-changed')).toContainText('Received by Avery Morgan');
  await expect(frame).toBeVisible();
  await stipulation.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(stipulation.getByTestId('requirement-status')).toHaveText('Cleared');
  await expect(frame).toBeVisible();
  await expect(page.getByTestId('document-preview-title')).toHaveText('Pay stub');

  // The other stipulations (the product's, when the lender has some) are cleared too.
  const checklist = page.getByTestId('requirements-checklist');
  const clearButtons = checklist.getByRole('button', { name: 'Clear', exact: true });
  while ((await clearButtons.count()) > 0) {
    const before = await clearButtons.count();
    await clearButtons.first().click();
    await expect(clearButtons).toHaveCount(before - 1);
  }

  // Every required stipulation is cleared: the application moves to the Funding queue.
  const banner = page.getByTestId('ready-for-funding');
  await expect(banner).toHaveText(
    'Every required stipulation is cleared or waived: the application is in the Funding queue.',
  );
  await reviewShots(page, 'funding-requirements-ready');

  // Reopen it, then waive it with a reason through the dialog (a reason is required).
  await stipulation.getByRole('button', { name: 'Reopen' }).click();
  await expect(stipulation.getByTestId('requirement-status')).toHaveText('Outstanding');
  await expect(banner).toBeHidden();
  await stipulation.getByRole('button', { name: 'Waive' }).click();
  const dialog = page.getByRole('dialog', { name: 'Waive Requirement' });
  await dialog.getByRole('button', { name: 'Waive' }).click();
  await expect(dialog).toContainText('A reason is required to waive a requirement.');
  await dialog.getByLabel('Reason').fill('Income verified by the credit union payroll deposit');
  await dialog.getByRole('button', { name: 'Waive' }).click();
  await expect(dialog).toBeHidden();
  await expect(stipulation.getByTestId('requirement-status')).toHaveText('Waived');
  await expect(stipulation.getByTestId('requirement-waive-reason')).toHaveText(
    'Waived: Income verified by the credit union payroll deposit',
  );
  await expect(banner).toBeVisible();

  // The history names each change.
  const history = (await (await request.get(`/api/applications/${id}/history`, { headers })).json()) as {
    action: string;
    description: string;
  }[];
  const changes = history.filter(
    (h) => h.action === 'Funding requirement status changed' && h.description.startsWith('Proof of income'),
  );
  expect(changes.map((h) => h.description)).toEqual([
    'Proof of income: Outstanding → Waived (reason: Income verified by the credit union payroll deposit)',
    'Proof of income: Cleared → Outstanding',
    'Proof of income: Received → Cleared',
    'Proof of income: Outstanding → Received',
  ]);
});

test('a product requirement only its clear group may clear: the officer sees Clear disabled with a tooltip naming the group; a stipulation added by hand', async ({
  page,
  request,
}) => {
  // A product requirement of New Auto that only the Funding Team may clear (the officer is an Underwriter).
  const admin = await apiAuth(request, users.admin);
  const groups = (await (await request.get('/api/userGroups/lookup', { headers: admin })).json()) as {
    id: number;
    name: string;
  }[];
  const fundingTeam = groups.find((g) => g.name === 'Funding Team');
  expect(fundingTeam).toBeDefined();
  const products = (await (await request.get('/api/loanProducts', { headers: admin })).json()) as {
    id: number;
    name: string;
  }[];
  const description = `Signed buyer's order ${Date.now()}`;
  const created = await request.post('/api/admin/fundingRequirements', {
    headers: admin,
    data: {
      description,
      required: true,
      loanProductIds: [products.find((p) => p.name === 'New Auto')!.id],
      clearUserGroupIds: [fundingTeam!.id],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = await createAutoApplication(request, { firstName: 'Riley', lastName: 'Groupson' });
  await approveThroughApi(request, id);

  await signIn(page, users.officer, { at: `/fundingRequirements/${id}` });
  const product = page.getByRole('article', { name: description });
  await expect(product).toContainText('Product', { timeout: 30_000 });
  await expect(product).toContainText('Clears: Funding Team');
  await expect(product.getByRole('button', { name: 'Mark Received' })).toBeEnabled();
  const clear = product.getByRole('button', { name: 'Clear', exact: true });
  await expect(clear).toBeDisabled();
  await clear.locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Only members of Funding Team may clear, waive or reopen this requirement.',
  );
  // The decision's stipulation has no clear group: the officer may clear it.
  await expect(
    page.getByRole('article', { name: 'Proof of income' }).getByRole('button', { name: 'Clear', exact: true }),
  ).toBeEnabled();
  const count = page.getByTestId('outstanding-count');
  await expect(count).toHaveText(/^\d+ required outstanding$/);
  const outstanding = Number((await count.textContent())!.split(' ')[0]);
  expect(outstanding).toBeGreaterThanOrEqual(2);

  // A stipulation added by hand is required: one more outstanding.
  await page.getByLabel('Add a stipulation').fill('Copy of the title');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Requirement Added')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Copy of the title' })).toContainText('Added');
  await expect(count).toHaveText(`${outstanding + 1} required outstanding`);
  await reviewShots(page, 'funding-requirements-clear-groups');
});
