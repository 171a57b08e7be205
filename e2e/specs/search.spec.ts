import { expect, test, type APIRequestContext } from '../support/test.ts';
import { apiAuth } from '../support/applications.ts';
import { signIn, users } from '../support/sign-in.ts';

type Row = { applicationId: number; applicantName: string | null; state: string };
type Page = { data: Row[]; total: number };

/**
 * Spec 1 §2: where an application opens by its state — a new one on the Credit worksheet, the others on the
 * Application worksheet while their own is not built (`builtWorksheets` in packages/domain; issue 17, item 3).
 */
/** The worksheet of a state (spec 1 §2): new → Credit, undecided → Decision, approved or funded → Funding. */
const pathForState = (state: string, id: number): string =>
  state === 'new'
    ? `/credit/${id}`
    : ['reviewed', 'declined', 'cancelled', 'pending'].includes(state)
      ? `/decision/${id}`
      : ['approved', 'counteroffer', 'funded'].includes(state)
        ? `/fund/${id}`
        : `/application/${id}`;

const search = async (request: APIRequestContext, headers: Record<string, string>, body: object): Promise<Page> => {
  const response = await request.post('/api/applicationqueues/allApplicationsQueue/search', { headers, data: body });
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as Page;
};

const searchBox = (page: import('@playwright/test').Page) =>
  page.getByTestId('side-menu').getByRole('combobox', { name: 'Search' });

test('a last name shared by several applications opens the All Applications queue with the text', async ({
  page,
  request,
}) => {
  const headers = await apiAuth(request, users.officer);
  // A seeded last name that the lookup matches more than once.
  const all = await search(request, headers, { page: 1, pageSize: 100 });
  const lastNames = [...new Set(all.data.map((r) => r.applicantName?.split(' ').at(-1)).filter(Boolean))] as string[];
  let shared: string | null = null;
  for (const name of lastNames) {
    if ((await search(request, headers, { text: name, page: 1, pageSize: 1 })).total > 1) {
      shared = name;
      break;
    }
  }
  expect(shared).not.toBeNull();

  await signIn(page, users.officer);
  await searchBox(page).fill(shared!);
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/allApplicationsQueue\\?search=${shared}$`));
});

test('an application id opens that application on the worksheet of its state', async ({ page, request }) => {
  const headers = await apiAuth(request, users.officer);
  const found = await search(request, headers, { text: '10005', page: 1, pageSize: 1 });
  expect(found.total).toBe(1);
  const state = found.data[0]!.state;

  await signIn(page, users.officer);
  await searchBox(page).fill('10005');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`${pathForState(state, 10005)}$`));
});

test('an opened application is listed under Recent Applications and a click opens it', async ({ page, request }) => {
  const headers = await apiAuth(request, users.officer);
  const found = await search(request, headers, { text: '10003', page: 1, pageSize: 1 });
  const row = found.data[0]!;

  // Opened: the worksheet has read the application (that read is what Recent Applications remembers).
  const read = page.waitForResponse(
    (r) => r.url().endsWith('/api/applications/10003') && r.request().method() === 'GET',
  );
  await signIn(page, users.officer, { at: '/application/10003' });
  expect((await read).status()).toBe(200);
  await expect(page.getByText(String(row.applicationId)).first()).toBeVisible();
  await page.goto('/home');
  await searchBox(page).focus();
  const popup = page.getByTestId('recent-applications');
  await expect(popup.getByRole('heading', { name: 'Recent Applications' })).toBeVisible();
  const recent = popup.getByRole('option').filter({ hasText: '10003' });
  await expect(recent).toBeVisible();
  if (row.applicantName) await expect(recent).toContainText(row.applicantName);
  await page.screenshot({ path: '/tmp/filters-shots/search-popup.png' });

  // Escape closes it; the arrow keys move through the rows and Enter opens the highlighted one.
  await searchBox(page).press('Escape');
  await expect(popup).toBeHidden();
  await searchBox(page).press('ArrowDown');
  await expect(popup.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await searchBox(page).press('Escape');
  await expect(popup).toBeHidden();

  // A click in the box opens it again.
  await searchBox(page).click();
  await popup.getByRole('option').filter({ hasText: '10003' }).click();
  await expect(page).toHaveURL(new RegExp(`${pathForState(row.state, 10003)}$`));
});

test('the recent applications are read at most once per throttle window', async ({ page }) => {
  await signIn(page, users.officer);
  let calls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/user/recentApplications')) calls += 1;
  });
  for (let i = 0; i < 3; i++) {
    await searchBox(page).focus();
    await expect(page.getByTestId('recent-applications')).toBeVisible();
    await page.getByRole('heading', { name: /Hello/ }).click();
    await expect(page.getByTestId('recent-applications')).toBeHidden();
  }
  expect(calls).toBe(1);
});

test('in the collapsed menu the search icon opens the menu, then the search with its popup', async ({ page }) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  await signIn(page, users.officer);
  await expect(page.getByTestId('side-menu')).toHaveAttribute('data-state', 'collapsed');
  await page.getByTestId('side-menu').getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('side-menu')).toHaveAttribute('data-state', 'expanded');
  await expect(searchBox(page)).toBeFocused();
  await expect(page.getByTestId('recent-applications')).toContainText('Recent Applications');
});
