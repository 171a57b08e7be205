import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from '../support/test.ts';
import { apiAuth, createAutoApplication } from '../support/applications.ts';
import { approveThroughApi } from '../support/decisions.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';

/*
 * Decision retraction (issue 13 item 5): editing the amount of an approved application asks first, 'No'
 * saves nothing, 'Yes' saves and retracts — the application is back to Reviewed, the history shows the
 * retraction, and the decision history keeps both receipt versions. The demo's rule set in effect names the
 * requested amount.
 */

const texts = {
  warning: 'Updating the application will retract the decision... Are you sure you want to continue?',
  updatedTitle: 'Application Updated',
};

const toast = (page: Page) => page.getByTestId('toast');

/** A new auto application of the officer (who holds its lock), approved through the API (test set-up only). */
const approvedApplication = async (request: APIRequestContext) => {
  const id = await createAutoApplication(request, { firstName: 'Riley', lastName: 'Retract' });
  await approveThroughApi(request, id);
  return id;
};

/** Opens the request dialog and types a new sales price in its itemization, as a person does. */
const editPrice = async (page: Page, price: string) => {
  await page.getByRole('button', { name: 'Edit request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Auto' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Edit Itemization' }).click();
  const itemization = page.getByRole('dialog', { name: 'Loan Itemization' });
  await itemization.getByRole('textbox', { name: 'Sales Price' }).fill(price);
  await itemization.getByRole('button', { name: 'Ok' }).click();
  await expect(itemization).toBeHidden();
  return dialog;
};

test('editing an approved application’s amount asks first, then retracts the decision', async ({ page, request }) => {
  const id = await approvedApplication(request);
  await signIn(page, users.officer, { at: `/application/${id}` });
  await expect(page.getByTestId('header-lock')).toHaveText('Locked by you');
  await expect(page.getByTestId('header-state')).toContainText('Approved');

  // No: nothing is saved, the dialog stays open with the change.
  const dialog = await editPrice(page, '21000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const question = page.getByRole('dialog', { name: 'Retract Decision' });
  await expect(question).toContainText(texts.warning);
  await reviewShots(page, 'retraction-warning');
  await question.getByRole('button', { name: 'No' }).click();
  await expect(question).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('header-state')).toContainText('Approved');

  // Yes: saved and retracted.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(question).toContainText(texts.warning);
  await question.getByRole('button', { name: 'Yes' }).click();
  await expect(toast(page).filter({ hasText: texts.updatedTitle })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('header-state')).toContainText('Reviewed');

  // The history shows the retraction, and the decision history both receipt versions.
  await page.getByRole('tab', { name: 'History' }).click();
  const row = page.getByTestId('history-row').filter({ hasText: 'Decision Retracted' });
  await expect(row).toBeVisible();
  // The changed field by its label (the sales price moved the amount financed: Requested Amount).
  await expect(row).toContainText('the application request was updated (Requested Amount)');
  await row.scrollIntoViewIfNeeded();
  await reviewShots(page, 'retraction-history');

  const headers = await apiAuth(request, users.officer);
  const versions = (await (await request.get(`/api/applications/${id}/decisions`, { headers })).json()) as {
    version: number;
    entryKind: string;
  }[];
  expect(versions.map((v) => [v.version, v.entryKind]).sort()).toEqual([
    [1, 'decision'],
    [2, 'retraction'],
  ]);
});

test('a change the rule set does not name saves without asking and keeps the decision', async ({ page, request }) => {
  const id = await approvedApplication(request);
  await signIn(page, users.officer, { at: `/application/${id}` });
  await expect(page.getByTestId('header-lock')).toHaveText('Locked by you');

  await page.getByRole('button', { name: 'Edit request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Auto' });
  await dialog.getByRole('textbox', { name: 'Balloon Amount' }).fill('1000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page).filter({ hasText: texts.updatedTitle })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Retract Decision' })).toBeHidden();
  await expect(page.getByTestId('header-state')).toContainText('Approved');
});
