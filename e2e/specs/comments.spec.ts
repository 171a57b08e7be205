import { expect, test, type APIRequestContext } from '../support/test.ts';
import { signIn, users } from '../support/sign-in.ts';

/** Signs in through the API (test set-up only) and answers the bearer header. */
const apiAuth = async (request: APIRequestContext, user: { username: string; password: string }) => {
  const login = await request.post('/api/login', { data: { username: user.username, password: user.password } });
  expect(login.ok()).toBeTruthy();
  const { access_token: token } = (await login.json()) as { access_token: string };
  return { Authorization: `Bearer ${token}` };
};

/** A fresh auto application (created by the loan officer through the API), so its comments are only ours. */
const createApplication = async (request: APIRequestContext): Promise<number> => {
  const headers = await apiAuth(request, users.officer);
  const products = (await (await request.get('/api/loanProducts', { headers })).json()) as {
    id: number;
    name: string;
  }[];
  const created = await request.post('/api/applications', {
    headers,
    data: {
      loanProductId: products.find((p) => p.name === 'New Auto')!.id,
      direct: true,
      applicants: [
        {
          applicantRole: 'PRIMARY',
          firstName: 'Paige',
          lastName: 'Comments',
          addresses: [{ addressLine1: '9 Oak St', city: 'Denver', state: 'CO', zip: '80202' }],
        },
      ],
      request: {
        negotiatedPrice: '20000.00',
        ttlEstimate: '1200.00',
        cashDown: '2000.00',
        termMonths: 48,
        paymentFrequencyId: 'Monthly',
      },
      collaterals: [
        {
          family: 'Auto',
          type: 'AUTO',
          identificationNumber: '1HGCM82633A004352',
          year: 2022,
          make: 'Honda',
          model: 'Civic',
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
};

test('the comments panel pages: older comments on demand, a new one at once without reloading the list (issue 10, item 12)', async ({
  page,
  request,
}) => {
  const id = await createApplication(request);
  // 55 journal comments by the administrator: a first page of 50, then 5 older ones.
  const admin = await apiAuth(request, users.admin);
  for (let n = 1; n <= 55; n++) {
    const response = await request.post(`/api/applications/${id}/comments`, {
      headers: admin,
      data: { type: 'JOURNAL', message: `Note ${n}` },
    });
    expect(response.status()).toBe(201);
  }

  await signIn(page, users.officer);
  await page.goto(`/application/${id}`);
  await page.getByRole('tab', { name: 'Comments' }).click();
  const panel = page.getByTestId('comments-panel');
  const comments = panel.getByTestId('comment');
  await expect(comments).toHaveCount(50);
  await expect(comments.first()).toContainText('Note 6');
  await expect(comments.last()).toContainText('Note 55');
  await expect(panel.getByTestId('comments-count')).toHaveText('50 of 55');
  await expect(panel.getByRole('tab', { name: /Journal/ })).toContainText('55'); // unread badge

  await panel.getByRole('button', { name: 'Load older comments' }).click();
  await expect(comments).toHaveCount(55);
  await expect(comments.first()).toContainText('Note 1');
  await expect(panel.getByRole('button', { name: 'Load older comments' })).toBeHidden();

  // Adding one shows it at once; the comments list is not fetched again.
  const listCalls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && /\/api\/applications\/\d+\/comments/.test(r.url())) listCalls.push(r.url());
  });
  await panel.getByLabel('Add a journal comment').fill('Income verified');
  await panel.getByRole('button', { name: 'Add Comment' }).click();
  await expect(comments).toHaveCount(56);
  await expect(comments.last()).toContainText('Income verified');
  await expect(panel.getByLabel('Add a journal comment')).toHaveValue('');

  // Marking one viewed counts it off the badge.
  await comments.first().getByRole('button', { name: 'Mark as viewed' }).click();
  await expect(panel.getByRole('tab', { name: /Journal/ })).toContainText('54');
  expect(listCalls).toEqual([]);
});
