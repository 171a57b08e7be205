import { expect, test } from '../support/test.ts';
import { apiAuth, createAutoApplication } from '../support/applications.ts';
import { signIn, users } from '../support/sign-in.ts';

test('the comments panel pages: older comments on demand, a new one at once without reloading the list (issue 10, item 12)', async ({
  page,
  request,
}) => {
  const id = await createAutoApplication(request, { firstName: 'Paige', lastName: 'Comments', address: '9 Oak St' });
  // 55 journal comments by the administrator: a first page of 50, then 5 older ones.
  const admin = await apiAuth(request, users.admin);
  for (let n = 1; n <= 55; n++) {
    const response = await request.post(`/api/applications/${id}/comments`, {
      headers: admin,
      data: { type: 'JOURNAL', message: `Note ${n}` },
    });
    expect(response.status()).toBe(201);
  }

  await signIn(page, users.officer, { at: `/application/${id}` });
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
