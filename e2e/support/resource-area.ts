import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { reviewShots } from './screenshots.ts';
import { signIn, users } from './sign-in.ts';

/** A field as a person fills it: typed text, a choice from a list, or a checkbox. */
export type FieldInput = { label: string; value: string; kind?: 'text' | 'select' };

export type ResourceAreaCase = {
  /** The menu entry and page heading ('Branches'). */
  title: string;
  /** '/admin/branches' */
  path: string;
  /** 'Branch' ('Add Branch', 'Edit Branch: …'). */
  singular: string;
  /** The fields of a new record; the first is the name (unique: the suite adds a suffix). */
  create: (name: string) => FieldInput[];
  /** A change made on edit, and the text the list then shows. */
  change: { field: FieldInput; shows: string };
  /** A value refused by the form, and the message shown under the field. */
  invalid: { field: FieldInput; message: string };
  /** The success toasts (the kit's generic ones unless the spec gives texts). */
  texts?: { saved?: string; enabled?: string; disabled?: string };
};

const grid = (page: Page) => page.getByTestId('resource-grid');
const row = (page: Page, name: string) => grid(page).getByRole('row').filter({ hasText: name });

const fill = async (page: Page, fields: FieldInput[]) => {
  const dialog = page.getByRole('dialog');
  for (const field of fields) {
    if (field.kind === 'select') {
      await dialog.getByRole('combobox', { name: field.label }).click();
      await page.getByRole('option', { name: field.value, exact: true }).click();
    } else {
      const input = dialog.getByRole('textbox', { name: field.label, exact: true });
      await input.fill(field.value);
    }
  }
};

/**
 * The generic browser suite of an administration area on the resource kit (issue 9, item 5): open it from the
 * menu, add a record, see a refused value on its field, edit it, disable and enable it with confirmation, search,
 * sort and filter with the state kept over a reload.
 */
export const describeResourceArea = (area: ResourceAreaCase) =>
  test.describe(`${area.title} (generic area suite)`, () => {
    test(`adds, edits, disables and enables a ${area.singular.toLowerCase()}`, async ({ page }) => {
      const name = `E2E ${area.singular} ${Date.now() % 100000}`;
      await signIn(page, users.admin);
      const menu = page.getByTestId('side-menu');
      await menu.getByText('Administration', { exact: true }).click();
      // Menu labels longer than 25 characters show 22 and an ellipsis (spec 1 §2).
      const label = area.title.length > 25 ? `${area.title.slice(0, 22)}...` : area.title;
      await menu.getByText(label, { exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${area.path}$`));
      await expect(page.getByRole('heading', { name: area.title, level: 1 })).toBeVisible();
      await expect(grid(page).getByRole('row').nth(1)).toBeVisible();
      await reviewShots(page, `area-${area.path.split('/').pop()}-list`);

      // A refused value stays on its field and nothing is saved; leaving asks about the unsaved changes.
      await page.getByRole('button', { name: `Add ${area.singular}` }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: `Add ${area.singular}` })).toBeVisible();
      await fill(page, [...area.create(name), area.invalid.field]);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText(area.invalid.message)).toBeVisible();
      await reviewShots(page, `area-${area.path.split('/').pop()}-form`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByText('We detected unsaved changes, are you sure you want to continue?')).toBeVisible();
      await page.getByRole('button', { name: 'Yes' }).click();
      await expect(dialog).toHaveCount(0);

      // Added.
      await page.getByRole('button', { name: `Add ${area.singular}` }).click();
      await fill(page, area.create(name));
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByText(area.texts?.saved ?? 'Saved').first()).toBeVisible();
      await page.getByRole('textbox', { name: `Search ${area.title.toLowerCase()}` }).fill(name);
      await expect(page).toHaveURL(/[?&]text=/);
      await expect(row(page, name)).toHaveCount(1);
      await expect(row(page, name)).toContainText('Enabled');

      // Edited.
      await page.getByRole('button', { name: `Edit ${name}` }).click();
      await expect(
        page.getByRole('dialog').getByRole('heading', { name: `Edit ${area.singular}: ${name}` }),
      ).toBeVisible();
      await fill(page, [area.change.field]);
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(row(page, name)).toContainText(area.change.shows);

      // Disabled, after a confirmation; the Status filter finds it; enabled again.
      await page.getByRole('button', { name: `Disable ${name}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
      await expect(page.getByText(area.texts?.disabled ?? 'Disabled', { exact: true }).first()).toBeVisible();
      await expect(row(page, name)).toContainText('Disabled');
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Disabled' }).click();
      await expect(page).toHaveURL(/[?&]enabled=false/);
      await page.reload();
      await expect(row(page, name)).toContainText('Disabled');
      await page.getByRole('button', { name: `Enable ${name}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Enable' }).click();
      await expect(page.getByText(area.texts?.enabled ?? 'Enabled', { exact: true }).first()).toBeVisible();
      await expect(row(page, name)).toHaveCount(0); // no longer disabled
    });

    test('sorts on the server and keeps the sort over a reload', async ({ page }) => {
      await signIn(page, users.admin, { at: area.path });
      const names = async () =>
        (await grid(page).locator('[role="row"][data-id] [data-field="name"]').allTextContents()).filter(Boolean);
      await expect(grid(page).locator('[role="row"][data-id]').first()).toBeVisible();
      const ascending = await names();
      await grid(page).getByRole('columnheader', { name: 'Name' }).click();
      await expect(page).toHaveURL(/[?&]order=desc/);
      // The demo's records fit one page: descending is the ascending page reversed (the server's order, not the browser's).
      await expect.poll(names).toEqual([...ascending].reverse());
      await page.reload();
      await expect.poll(names).toEqual([...ascending].reverse());
    });
  });
