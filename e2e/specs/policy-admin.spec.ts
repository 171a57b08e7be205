import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/test.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';

/**
 * Administration › Credit Tier Sets, Loan Term Sets, Decision Retraction Rule Sets and Decision Engine (issue 12,
 * items 4 and 5): the policy objects' own editors and the lender's decision-engine settings.
 */

const grid = (page: Page) => page.getByTestId('resource-grid');
const listRow = (page: Page, name: string) => grid(page).getByRole('row').filter({ hasText: name });
const toast = (page: Page, text: string) => page.getByTestId('toast').getByText(text, { exact: true });

const openArea = async (page: Page, menuLabel: string, path: RegExp, heading: string) => {
  const menu = page.getByTestId('side-menu');
  await menu.getByText('Administration', { exact: true }).click();
  await menu.getByText(menuLabel, { exact: true }).click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
};

/** Puts a value into a field of the dialog in place of what it holds. */
const typeInto = async (page: Page, label: string, text: string) => {
  const input = page.getByRole('dialog').getByRole('textbox', { name: label, exact: true });
  await input.fill(text);
};

test('creates a credit tier set typed tier by tier; a gap between tiers is refused until closed', async ({ page }) => {
  const name = `E2E tiers ${Date.now() % 100000}`;
  await signIn(page, users.admin);
  await openArea(page, 'Credit Tier Sets', /\/admin\/creditTierSets$/, 'Credit Tier Sets');
  await expect(listRow(page, 'Consumer tiers')).toContainText('A+ 760–900');
  await expect(listRow(page, 'Consumer tiers')).toContainText('FICO Auto 8, VantageScore 4.0');
  await reviewShots(page, 'credit-tier-sets-list');

  await page.getByRole('button', { name: 'Add Credit Tier Set' }).click();
  const editor = page.getByTestId('credit-tier-set-editor');
  await expect(editor.getByRole('heading', { name: 'Add Credit Tier Set' })).toBeVisible();
  await typeInto(page, 'Name', name);
  await typeInto(page, 'Tier 1 name', 'Prime');
  await typeInto(page, 'Tier 1 lowest score', '70O'); // a letter O for a zero
  await expect(editor.getByText('Enter a whole score from 0 to 1000.')).toBeVisible();
  await typeInto(page, 'Tier 1 lowest score', '700');
  await expect(editor.getByText('Enter a whole score from 0 to 1000.')).toHaveCount(0);
  await typeInto(page, 'Tier 1 highest score', '900');

  await editor.getByRole('button', { name: 'Add Tier' }).click();
  await expect(editor.getByRole('textbox', { name: 'Tier 2 name' })).toBeFocused();
  await page.keyboard.type('Near prime', { delay: 15 });
  await typeInto(page, 'Tier 2 lowest score', '640');
  await typeInto(page, 'Tier 2 highest score', '620');
  await expect(editor.getByText('The highest score is below the lowest.')).toBeVisible();
  await typeInto(page, 'Tier 2 highest score', '689'); // leaves 690–699 in no tier

  await editor.getByRole('button', { name: 'Add Tier' }).click();
  await typeInto(page, 'Tier 3 name', 'Subprime');
  await typeInto(page, 'Tier 3 lowest score', '300');
  await typeInto(page, 'Tier 3 highest score', '639');

  await editor.getByRole('button', { name: 'Save and Publish' }).click();
  const problems = editor.getByTestId('policy-problems');
  await expect(problems).toContainText('The credit tier set was not saved:');
  await expect(problems).toContainText(
    `${name}: FICO Auto 8 scores 690 to 699 fall between tiers Near prime and Prime, in no tier.`,
  );
  await reviewShots(page, 'credit-tier-set-editor');
  await expectNoSeriousA11yViolations(page, 'the credit tier set editor');

  // Moving a row reorders the tiers (and back).
  await editor.getByRole('button', { name: 'Move tier 3 up' }).click();
  await expect(editor.getByRole('textbox', { name: 'Tier 2 name' })).toHaveValue('Subprime');
  await editor.getByRole('button', { name: 'Move tier 2 down' }).click();
  await expect(editor.getByRole('textbox', { name: 'Tier 3 name' })).toHaveValue('Subprime');

  await typeInto(page, 'Tier 2 highest score', '699');
  await editor.getByRole('button', { name: 'Save and Publish' }).click();
  await expect(editor).toHaveCount(0);
  await expect(toast(page, 'Saved and published')).toBeVisible();
  await expect(listRow(page, name)).toContainText('Prime 700–900 · Near prime 640–699 · Subprime 300–639');
  await expect(listRow(page, name)).toContainText('v1');
});

test('a tier set with ranges per score model and a condition: an overlap of one model is refused naming the tiers', async ({
  page,
}) => {
  test.setTimeout(150_000); // some thirty fields typed as a person types them
  const name = `E2E models ${Date.now() % 100000}`;
  await signIn(page, users.admin);
  await openArea(page, 'Credit Tier Sets', /\/admin\/creditTierSets$/, 'Credit Tier Sets');
  await page.getByRole('button', { name: 'Add Credit Tier Set' }).click();
  const editor = page.getByTestId('credit-tier-set-editor');
  await typeInto(page, 'Name', name);
  // A second score model: a column pair of its own.
  const models = editor.getByRole('combobox', { name: 'Score models' });
  await models.click();
  await page.getByRole('option', { name: 'VantageScore 3.0', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(editor.getByRole('columnheader', { name: 'VantageScore 3.0' })).toBeVisible();

  const tier = async (n: number, tierName: string, fico: [string, string], vantage: [string, string]) => {
    await typeInto(page, `Tier ${n} name`, tierName);
    await typeInto(page, `Tier ${n} FICO Auto 8 lowest score`, fico[0]);
    await typeInto(page, `Tier ${n} FICO Auto 8 highest score`, fico[1]);
    await typeInto(page, `Tier ${n} VantageScore 3.0 lowest score`, vantage[0]);
    await typeInto(page, `Tier ${n} VantageScore 3.0 highest score`, vantage[1]);
  };
  await tier(1, 'Prime new', ['720', '900'], ['710', '850']);
  // Prime new is for new vehicles only.
  await editor.getByRole('button', { name: 'Add a condition to tier 1' }).click();
  await editor.getByRole('combobox', { name: 'Tier 1 condition 1 column' }).click();
  await page.getByRole('option', { name: 'New / used', exact: true }).click();
  await typeInto(page, 'Tier 1 condition 1 values', 'New');
  await editor.getByRole('button', { name: 'Add Tier' }).click();
  await tier(2, 'Prime', ['720', '900'], ['710', '850']);
  await editor.getByRole('button', { name: 'Add Tier' }).click();
  await tier(3, 'Near prime', ['660', '719'], ['650', '720']); // VantageScore 710–720 in Prime too

  await editor.getByRole('button', { name: 'Save and Publish' }).click();
  const problems = editor.getByTestId('policy-problems');
  await expect(problems).toContainText(
    `${name}: tiers Near prime (VantageScore 3.0 650 to 720) and Prime (VantageScore 3.0 710 to 850) overlap; a VantageScore 3.0 score of 710 would fall in both.`,
  );
  // Prime new overlaps Prime: both hold for a new vehicle.
  await expect(problems).toContainText(
    `${name}: tiers Prime new (FICO Auto 8 720 to 900) and Prime (FICO Auto 8 720 to 900) overlap`,
  );
  await reviewShots(page, 'credit-tier-set-editor-models');

  // Prime becomes the used vehicles' tier; Near prime ends below Prime.
  await editor.getByRole('button', { name: 'Add a condition to tier 2' }).click();
  await editor.getByRole('combobox', { name: 'Tier 2 condition 1 column' }).click();
  await page.getByRole('option', { name: 'New / used', exact: true }).click();
  await typeInto(page, 'Tier 2 condition 1 values', 'Used');
  await typeInto(page, 'Tier 3 VantageScore 3.0 highest score', '709');
  await editor.getByRole('button', { name: 'Save and Publish' }).click();
  await expect(editor).toHaveCount(0);
  await expect(toast(page, 'Saved and published')).toBeVisible();
  await expect(listRow(page, name)).toContainText('Prime new 720–900 · Prime 720–900 · Near prime 660–719');
  await expect(listRow(page, name)).toContainText('FICO Auto 8, VantageScore 3.0');

  // Opened again: the ranges of both models and the conditions are there.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(editor.getByRole('textbox', { name: 'Tier 3 VantageScore 3.0 highest score' })).toHaveValue('709');
  await expect(editor.getByRole('textbox', { name: 'Tier 2 condition 1 values' })).toHaveValue('Used');
  await reviewShots(page, 'credit-tier-set-editor-saved');
  await expectNoSeriousA11yViolations(page, 'the credit tier set editor with two models');
});

/** A time as the editors' date-and-time fields show it (month/day/year, hours:minutes AM or PM). */
/** Summit's time zone: the 'Effective from' field and every time on screen are in it (issue 29, item 10). */
const LENDER_ZONE = 'America/Denver';

/** The lender's calendar day `days` from now, as a `datetime-local` field's date ('2026-11-28'). */
const lenderDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: LENDER_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 24 * 3600_000),
  );

/** 9:00 AM on that day as the app shows it: '11/28/2026, 9:00 AM MST'. */
const shownAtNine = (day: string) => {
  const [year, month, date] = day.split('-');
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: LENDER_ZONE, timeZoneName: 'short' })
    .formatToParts(new Date(`${day}T16:00:00Z`))
    .find((p) => p.type === 'timeZoneName')!.value;
  return `${month}/${date}/${year}, 9:00 AM ${zone}`;
};

/** Sets 'Effective from' (a date-and-time field, in the lender's zone) to a `datetime-local` text. */
const typeEffectiveFrom = async (page: Page, text: string) => {
  await page.getByRole('dialog').getByLabel('Effective from', { exact: true }).fill(text);
};

test('publishes a credit tier set from a later time: the version in effect stays until then', async ({ page }) => {
  const name = `E2E later ${Date.now() % 100000}`;
  await signIn(page, users.admin);
  await openArea(page, 'Credit Tier Sets', /\/admin\/creditTierSets$/, 'Credit Tier Sets');
  await page.getByRole('button', { name: 'Add Credit Tier Set' }).click();
  const editor = page.getByTestId('credit-tier-set-editor');
  await typeInto(page, 'Name', name);
  await typeInto(page, 'Tier 1 name', 'All');
  await typeInto(page, 'Tier 1 lowest score', '300');
  await typeInto(page, 'Tier 1 highest score', '900');
  await expect(editor.getByText('Empty: at once')).toBeVisible();
  await editor.getByRole('button', { name: 'Save and Publish' }).click();
  await expect(toast(page, 'Saved and published')).toBeVisible();
  await expect(listRow(page, name)).toContainText('v1');

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(editor.getByRole('textbox', { name: 'Tier 1 name' })).toHaveValue('All');
  await typeInto(page, 'Tier 1 name', 'Everyone');
  // Yesterday is refused on the field, and Save and Publish sends nothing.
  await typeEffectiveFrom(page, `${lenderDay(-1)}T09:00`);
  await expect(editor.getByText('Choose a time from now on, or leave it empty.')).toBeVisible();
  await editor.getByRole('button', { name: 'Save and Publish' }).click();
  await expect(editor.getByLabel('Effective from', { exact: true })).toBeFocused();
  await expect(editor.getByLabel('Effective from', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await reviewShots(page, 'policy-effective-from-refused');

  // Tomorrow at 9:00 AM, the lender's time (whatever the browser's zone), as the field says.
  const tomorrow = lenderDay(1);
  await typeEffectiveFrom(page, `${tomorrow}T09:00`);
  await expect(editor.getByText(`Times in ${LENDER_ZONE}`)).toBeVisible();
  await expect(editor.getByLabel('Effective from', { exact: true })).toHaveValue(`${tomorrow}T09:00`);
  await expect(editor.getByText('Choose a time from now on, or leave it empty.')).toHaveCount(0);
  await expect(editor.getByText('Empty: at once')).toBeVisible();
  await reviewShots(page, 'policy-effective-from');
  await editor.getByRole('button', { name: 'Save and Publish' }).click();
  await expect(editor).toHaveCount(0);
  const shown = shownAtNine(tomorrow);
  await expect(toast(page, `Saved and published from ${shown}`)).toBeVisible();
  // v1 stays in effect; v2 is listed with its time.
  await expect(listRow(page, name)).toContainText(`v1 · v2 from ${shown}`);
  await expect(listRow(page, name)).toContainText('All 300–900');
  await reviewShots(page, 'credit-tier-sets-scheduled');
});

test('edits the allowed terms of a loan term set and lists it with enable and disable', async ({ page }) => {
  await signIn(page, users.admin);
  await openArea(page, 'Loan Term Sets', /\/admin\/loantermsets$/, 'Loan Term Sets');
  await expect(listRow(page, 'Auto terms by age and amount')).toContainText('24, 36, 48, 60, 72, 84 months');
  await expect(page.getByRole('button', { name: 'Disable Auto terms by age and amount' })).toBeVisible();
  await reviewShots(page, 'loan-term-sets-list');

  await page.getByRole('button', { name: 'Edit Auto terms by age and amount' }).click();
  const editor = page.getByTestId('loan-term-set-editor');
  await expect(editor.getByRole('textbox', { name: 'Row 1 age to' })).toHaveValue('2');
  await expect(editor.getByRole('textbox', { name: 'Row 2 amount from' })).toHaveValue('10,000.00');
  await typeInto(page, 'Row 1 terms', '24, 36, 4x');
  await expect(editor.getByText('Terms in months from 1 to 600, separated by commas.')).toBeVisible();
  await typeInto(page, 'Row 1 terms', '24, 36, 48, 36');
  await expect(editor.getByText('Each term once.')).toBeVisible();
  await typeInto(page, 'Row 2 amount from', '12,000');
  await editor.getByRole('button', { name: 'Save Draft' }).click();
  // Client checks first: the duplicated term keeps the form open, nothing is sent.
  await expect(editor.getByText('Each term once.')).toBeVisible();
  await typeInto(page, 'Row 1 terms', '24, 36, 48');
  await editor.getByRole('button', { name: 'Save Draft' }).click();
  await expect(editor.getByTestId('policy-problems')).toContainText('The loan term set was not saved:');
  await reviewShots(page, 'loan-term-set-editor');
  await expectNoSeriousA11yViolations(page, 'the loan term set editor');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(editor).toHaveCount(0);
});

test('adds a decision-retraction rule set, disables and enables it with the spec’s texts', async ({ page }) => {
  const name = `E2E retraction ${Date.now() % 100000}`;
  await signIn(page, users.admin);
  // Menu labels longer than 25 characters show 22 and an ellipsis (spec 1 §2).
  await openArea(page, 'Decision Retraction Ru...', /\/admin\/decisionRetract$/, 'Decision Retraction Rule Sets');
  await expect(grid(page).getByRole('row').nth(1)).toBeVisible();
  await reviewShots(page, 'decision-retract-list');

  await page.getByRole('button', { name: 'Add Rule Set' }).click();
  const editor = page.getByTestId('decision-retract-editor');
  await typeInto(page, 'Name', name);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('Choose at least one field.')).toBeVisible();
  await editor.getByRole('group', { name: 'Loan request' }).getByRole('checkbox', { name: 'Requested amount' }).check();
  await editor.getByRole('group', { name: 'Applicants' }).getByRole('checkbox', { name: 'Income' }).check();
  await editor.getByRole('group', { name: 'Collateral' }).getByRole('checkbox', { name: 'Collateral value' }).check();
  await reviewShots(page, 'decision-retract-editor');
  await expectNoSeriousA11yViolations(page, 'the decision-retraction rule set editor');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Saved RuleSet')).toBeVisible();
  await expect(editor).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/decisionRetract$/);
  await expect(listRow(page, name)).toContainText('3 fields: Requested amount, Collateral value, Income');

  // Cancelling returns to the list as well.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(editor.getByRole('checkbox', { name: 'Income' })).toBeChecked();
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/decisionRetract$/);

  await page.getByRole('button', { name: `Disable ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
  await expect(toast(page, 'Disabled Rule Set')).toBeVisible();
  await expect(listRow(page, name)).toContainText('Disabled');
  await page.getByRole('button', { name: `Enable ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Enable' }).click();
  await expect(toast(page, 'Enabled Rule Set')).toBeVisible();
  await expect(listRow(page, name)).toContainText('Enabled');
});

test('saves the decision-engine settings and reads them back after a reload', async ({ page }) => {
  await signIn(page, users.admin);
  await openArea(page, 'Decision Engine', /\/admin\/decisionEngine$/, 'Decision Engine');
  const form = page.getByRole('form', { name: 'Decision engine settings' });
  const choose = async (label: string, option: string) => {
    await form.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  await form.getByRole('checkbox', { name: 'Run the auto-approval workflow automatically' }).check();
  // Only suggest: an applied approval would decide the applications other specs mark reviewed meanwhile.
  await choose('An Approve outcome', 'Suggest approve to the officer only');
  await choose('Default credit tier set', 'Consumer tiers (FICO Auto 8, VantageScore 4.0)');
  await choose('Score model used for tiering', 'FICO 9');
  await choose('Manual review queue', 'Underwriters');
  await form.getByRole('button', { name: 'Save' }).click();
  // The tier set has ranges of FICO Auto 8 and VantageScore 4.0: the server refuses another model on its field.
  await expect(form.getByText(/tiers FICO Auto 8 or VantageScore 4.0 scores; choose/)).toBeVisible();
  await choose('Score model used for tiering', 'FICO Auto 8');
  // The dealer buy rate of a product: without rate matching the spread is required, then kept.
  const visa = page
    .getByRole('table', { name: 'Dealer buy rate' })
    .getByRole('row')
    .filter({ hasText: 'Visa Platinum' });
  await visa.getByRole('checkbox', { name: 'Match the approved rate' }).uncheck();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(visa.getByText('Enter the maximum spread, or turn rate matching on.')).toBeVisible();
  const spread = visa.getByRole('textbox', { name: 'Spread (%)' });
  await spread.click();
  await spread.pressSequentially('1.5', { delay: 30 });
  // Truth in Lending by product (issue 41): a product listed with its own terms (a credit card, which no other
  // spec discloses as an instalment loan).
  const terms = page.getByRole('table', { name: 'Truth in Lending by product' });
  await expect(form.getByText(/^Products not listed use Actual\/365/)).toBeVisible();
  await form.getByRole('button', { name: 'Add Product' }).click();
  const visaTerms = terms.getByRole('row').last();
  await visaTerms.getByRole('combobox', { name: 'Loan product' }).click();
  await page.getByRole('option', { name: 'Visa Platinum', exact: true }).click();
  await visaTerms.getByRole('combobox', { name: 'Odd days accrue' }).click();
  await page.getByRole('option', { name: '30/360', exact: true }).click();
  await visaTerms.getByRole('combobox', { name: 'Odd-days interest' }).click();
  await page.getByRole('option', { name: 'Not charged', exact: true }).click();
  await form.getByRole('button', { name: 'Add Product' }).scrollIntoViewIfNeeded();
  await reviewShots(page, 'decision-engine-truth-in-lending');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Decision engine settings saved')).toBeVisible();
  await expect(page.getByTestId('decision-engine-saved')).toContainText(/Version \d+, saved .* by Avery Morgan/);

  // The auto-approval workflows open their editor.
  const workflows = page.getByRole('table', { name: 'Auto-approval workflows' });
  await expect(workflows.getByRole('link', { name: 'Auto loans: auto-approval' })).toHaveAttribute(
    'href',
    /^\/admin\/autoApprovalWorkflow\/edit\/\d+$/,
  );
  await reviewShots(page, 'decision-engine');
  await expectNoSeriousA11yViolations(page, '/admin/decisionEngine');

  await page.reload();
  await expect(form.getByRole('checkbox', { name: 'Run the auto-approval workflow automatically' })).toBeChecked();
  await expect(form.getByRole('combobox', { name: 'An Approve outcome' })).toHaveText(
    'Suggest approve to the officer only',
  );
  await expect(visa.getByRole('checkbox', { name: 'Match the approved rate' })).not.toBeChecked();
  await expect(visa.getByRole('textbox', { name: 'Spread (%)' })).toHaveValue(/^1\.50*$/);
  const savedTerms = terms.getByRole('row').filter({ has: page.getByRole('combobox', { name: 'Loan product' }) });
  await expect(savedTerms).toHaveCount(1);
  await expect(savedTerms.getByRole('combobox', { name: 'Loan product' })).toHaveText('Visa Platinum');
  await expect(savedTerms.getByRole('combobox', { name: 'Odd days accrue' })).toHaveText('30/360');
  await expect(savedTerms.getByRole('combobox', { name: 'Odd-days interest' })).toHaveText('Not charged');
  await expect(form.getByRole('combobox', { name: 'Default credit tier set' })).toHaveText(
    'Consumer tiers (FICO Auto 8, VantageScore 4.0)',
  );
  await expect(form.getByRole('combobox', { name: 'Score model used for tiering' })).toHaveText('FICO Auto 8');
  await expect(form.getByRole('combobox', { name: 'Manual review queue' })).toHaveText('Underwriters');
});
