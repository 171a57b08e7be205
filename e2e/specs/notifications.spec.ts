import type { APIRequestContext } from '@playwright/test';
import { apiAuth, createAutoApplication } from '../support/applications.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';
import { expect, test } from '../support/test.ts';

/**
 * The notifications card (spec 1 §2, §7, §9; issue 31 item 2). The notifications are made through the API: the
 * officer mentions the administrator in journal comments of a new application, one notification each.
 */

type Listed = { data: { id: number; subject: string; description: string; createdUtcTime: string }[]; total: number };

const mention = async (request: APIRequestContext, applicationId: number, count: number) => {
  const headers = await apiAuth(request, users.officer);
  for (let i = 1; i <= count; i += 1) {
    const posted = await request.post(`/api/applications/${applicationId}/comments`, {
      headers,
      data: { type: 'JOURNAL', message: `Note ${i} for @user:avery.morgan@summitfcu.example[Avery Morgan]` },
    });
    expect(posted.status(), await posted.text()).toBe(201);
  }
};

/** M/d/yy h:mm:ss a (spec 1 §2). */
const TIME = /^\d{1,2}\/\d{1,2}\/\d{2} \d{1,2}:\d{2}:\d{2} (AM|PM)$/;

test('the card: exact texts, More, Clear Alerts Shown, and a click opens the application', async ({
  page,
  request,
}) => {
  const admin = await apiAuth(request, users.admin);
  expect((await request.put('/api/user/notifications/markAsRead?markAll=true', { headers: admin })).status()).toBe(204);
  const applicationId = await createAutoApplication(request);
  await mention(request, applicationId, 23);
  const listed = (await (await request.get('/api/user/notifications', { headers: admin })).json()) as Listed;
  expect(listed.total).toBeGreaterThanOrEqual(23);

  await signIn(page, users.admin);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(`Notifications, ${listed.total} unread`);
  await bell.click();
  const card = page.getByRole('dialog', { name: 'Notifications' });
  await expect(card.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  const items = card.getByTestId('notification');
  await expect(items).toHaveCount(20);
  const newest = listed.data[0]!;
  const first = items.first();
  await expect(first.locator('p').nth(0)).toHaveText(`${newest.subject} - App Id ${applicationId}`);
  await expect(first.locator('p').nth(1)).toHaveText(newest.description);
  await expect(first.locator('p').nth(2)).toHaveText(TIME);
  expect((await first.locator('p').nth(1).boundingBox())!.width).toBe(300);
  expect((await card.boundingBox())!.width).toBeGreaterThanOrEqual(400);
  await expect(card.getByRole('button', { name: 'Clear All' })).toBeVisible();
  await reviewShots(page, 'notifications-full');

  // 'More': ten more from the last one shown (23 here, unless another test notified the administrator too).
  await card.getByRole('button', { name: 'More' }).click();
  await expect(items).toHaveCount(Math.min(listed.total, 30));
  if (listed.total <= 30) await expect(card.getByRole('button', { name: 'More' })).toBeHidden();

  // 'Clear Alerts Shown': the shown ones are read; the card is empty and so is the badge.
  await card.getByRole('button', { name: 'Clear Alerts Shown' }).click();
  await expect(card.getByText('There are no new notifications.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Clear All' })).toBeHidden();
  await reviewShots(page, 'notifications-empty');
  await page.keyboard.press('Escape');
  await expect(bell).toHaveAccessibleName('Notifications');

  // A click opens the application by its state (new: Credit, as the recent applications) and marks it read.
  await mention(request, applicationId, 1);
  await bell.click();
  await expect(items).toHaveCount(1);
  await expect(card.getByRole('button', { name: 'Clear All' })).toBeHidden();
  await items.first().click();
  await expect(page).toHaveURL(new RegExp(`/(credit|application)/${applicationId}$`));
  await expect(bell).toHaveAccessibleName('Notifications');
  expect(((await (await request.get('/api/user/notifications', { headers: admin })).json()) as Listed).total).toBe(0);

  // Live (issue 31): another user's mention reaches the bell at once, without a reload or a click (the hub).
  await mention(request, applicationId, 1);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
});
