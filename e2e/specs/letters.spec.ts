import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';
import { closeToasts } from '../support/toasts.ts';

/**
 * The Letters area (/letters, issue 13 item 6): the adverse action notice and credit score disclosure templates,
 * edited with merge fields, previewed as a PDF and enabled (spec 3 §6: letters need an administrator to have
 * uploaded and enabled them).
 */

const table = (page: Page) => page.getByRole('table', { name: 'Letter templates' });
const row = (page: Page, text: string) => table(page).getByRole('row').filter({ hasText: text });

test(
  'an administrator edits the adverse action template, previews it, saves it and sees it enabled',
  { tag: '@pdf-viewer' },
  async ({ page }) => {
    await signIn(page, users.admin, { at: '/letters' });
    await expect(page.getByRole('heading', { name: 'Letters', level: 1 })).toBeVisible();
    const adverse = row(page, 'Adverse Action Notice (Reg B C-1)');
    await expect(adverse).toContainText('Adverse Action Notice');
    await expect(adverse).toContainText('Enabled');
    await expect(row(page, 'Credit Score Disclosure (FCRA)')).toContainText('Enabled');
    await reviewShots(page, 'letters-list');

    await adverse.getByRole('button', { name: 'Edit Adverse Action Notice (Reg B C-1)' }).click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByRole('heading', { name: 'Edit Letter Template: Adverse Action Notice (Reg B C-1)' }),
    ).toBeVisible();
    const text = dialog.getByRole('textbox', { name: 'Letter Text' });
    await expect(text).toHaveValue(/The Federal Equal Credit Opportunity Act prohibits creditors/);

    // A field that does not exist is named under the text, and Preview waits until it is fixed.
    await text.click();
    await page.keyboard.press('Control+End');
    await text.pressSequentially('\nYour SSN: {{applicant.ssn}}', { delay: 5 });
    await expect(dialog.getByText('Unknown field: {{applicant.ssn}}. Choose a field from the list.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Preview' })).toBeDisabled();
    for (let i = 0; i < '\nYour SSN: {{applicant.ssn}}'.length; i += 1) await page.keyboard.press('Backspace');
    await expect(dialog.getByText(/Unknown field/)).toHaveCount(0);

    // A closing line with the lender's phone, put in from the merge field list.
    await text.pressSequentially('\nQuestions? Call us at ', { delay: 5 });
    await dialog.getByRole('button', { name: '{{lender.phone}}' }).click();
    await expect(text).toHaveValue(/Questions\? Call us at \{\{lender\.phone\}\}$/);
    await reviewShots(page, 'letters-editor');

    // Preview: the text as typed, filled with sample data, opens as a PDF in a new tab.
    const popup = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const tab = await popup;
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    await tab.close();

    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('toast').getByText('Saved Successfully', { exact: true })).toBeVisible();
    await expect(adverse).toContainText('Enabled');
    await closeToasts(page);

    // Opening it again shows the saved text.
    await adverse.getByRole('button', { name: 'Edit Adverse Action Notice (Reg B C-1)' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Letter Text' })).toHaveValue(
      /Questions\? Call us at \{\{lender\.phone\}\}$/,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    // Without an enabled credit score disclosure the page says the letter cannot be printed; enabled again, it can.
    const disclosure = row(page, 'Credit Score Disclosure (FCRA)');
    await disclosure.getByRole('button', { name: 'Disable' }).click();
    await expect(disclosure).toContainText('Disabled');
    await expect(
      page.getByText('No Credit Score Disclosure template is enabled: the letter cannot be printed.'),
    ).toBeVisible();
    await reviewShots(page, 'letters-disabled');
    await disclosure.getByRole('button', { name: 'Enable' }).click();
    await expect(disclosure).toContainText('Enabled');
    await expect(page.getByText(/No Credit Score Disclosure template is enabled/)).toHaveCount(0);
  },
);

test('an administrator uploads an HTML letter as a new template, disabled until enabled', async ({ page }) => {
  await signIn(page, users.admin, { at: '/letters' });
  await page.getByRole('button', { name: 'New Template' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add Letter Template' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Upload .txt / .html' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'Score notice.html',
    mimeType: 'text/html',
    buffer: Buffer.from(
      '<html><head><style>p{color:red}</style><script>alert(1)</script></head><body>' +
        '<h1>Your credit score</h1><p>Dear <b>{{applicant.fullName}}</b>,</p>' +
        '<p>Your score is {{score}} ({{score.rangeMin}} to {{score.rangeMax}}).</p>' +
        '<ul>{{#keyFactors}}<li>{{.}}</li>{{/keyFactors}}</ul></body></html>',
    ),
  });
  const text = dialog.getByRole('textbox', { name: 'Letter Text' });
  await expect(text).toHaveValue(/^# Your credit score\n\nDear \*\*\{\{applicant\.fullName\}\}\*\*,/);
  await expect(text).toHaveValue(/\n\{\{#keyFactors\}\}\n- \{\{\.\}\}\n\{\{\/keyFactors\}\}$/);
  await expect(text).not.toHaveValue(/alert|color/);
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Score notice');
  await dialog.getByRole('combobox', { name: 'Letter Type' }).click();
  await page.getByRole('option', { name: 'Credit Score Disclosure' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const added = row(page, 'Score notice');
  await expect(added).toContainText('Credit Score Disclosure');
  await expect(added).toContainText('Disabled');
  // Enabling it takes the place of the one in use.
  await added.getByRole('button', { name: 'Enable' }).click();
  await expect(added).toContainText('Enabled');
  await expect(row(page, 'Credit Score Disclosure (FCRA)')).toContainText('Disabled');
  await row(page, 'Credit Score Disclosure (FCRA)').getByRole('button', { name: 'Enable' }).click();
  await expect(added).toContainText('Disabled');
});

test('a loan officer sees the letters in use but cannot change them', async ({ page }) => {
  await signIn(page, users.officer, { at: '/letters' });
  await expect(row(page, 'Adverse Action Notice (Reg B C-1)')).toContainText('Enabled');
  await expect(page.getByRole('button', { name: 'New Template' })).toHaveCount(0);
  await expect(table(page).getByRole('button')).toHaveCount(0);
});
