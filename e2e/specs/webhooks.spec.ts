import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiAuth } from '../support/applications.ts';
import { reviewShots } from '../support/screenshots.ts';
import { signIn, users } from '../support/sign-in.ts';
import { expect, test } from '../support/test.ts';

/**
 * Administration › Webhooks (issue 38 item 3). A receiver on 127.0.0.1 (the servers run with
 * WEBHOOKS_ALLOW_LOOPBACK=true) records what it gets. The administrator sends a test event, opens the endpoint's
 * page, inspects the delivery (the request body and the attempt with its HTTP 200) and replays it: the receiver
 * gets the same webhook-id twice, each signed by the Standard Webhooks rule with the endpoint's secret (checked
 * here with node:crypto). Adding an endpoint through the form: a private address refused on its field, then the
 * secret shown once and home, as spec 2 says of saving webhooks.
 */
type Received = { headers: http.IncomingHttpHeaders; body: string };

const startReceiver = async () => {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/credence` };
};

const verifies = (secret: string, r: Received) => {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${String(r.headers['webhook-id'])}.${String(r.headers['webhook-timestamp'])}.${r.body}`;
  const expected = `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
  return String(r.headers['webhook-signature']).split(' ').includes(expected);
};

test('a delivery inspected on the endpoint page and replayed', async ({ page, request }) => {
  const receiver = await startReceiver();
  try {
    const headers = await apiAuth(request, users.admin);
    const created = await request.post('/api/webhooks', {
      headers,
      data: { url: receiver.url, description: 'Browser test receiver', events: ['loan.funded', 'loan.reversed'] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const endpoint = (await created.json()) as { id: number; secret: string };
    const sent = await request.post(`/api/webhooks/${endpoint.id}/test`, { headers });
    expect(sent.status()).toBe(200);
    const delivery = (await sent.json()) as { id: number; messageId: string };

    await signIn(page, users.admin, { at: `/admin/webhooks/edit/${endpoint.id}` });
    const dialog = page.getByTestId('webhooks-dialog');
    await expect(dialog.getByLabel('Endpoint URL (https)')).toHaveValue(receiver.url);
    const row = dialog.getByTestId(`delivery-${delivery.id}`);
    // Delivered by the server's job runner; the log refreshes itself while a delivery is pending.
    await expect(row.getByText('succeeded')).toBeVisible({ timeout: 20_000 });
    await expect(row.getByText('HTTP 200')).toBeVisible();
    await reviewShots(page, 'webhooks-endpoint');

    await row.getByRole('button', { name: `Inspect delivery ${delivery.id}` }).click();
    const inspect = page.getByTestId('webhook-delivery');
    await expect(inspect.getByText(delivery.messageId)).toBeVisible();
    await expect(inspect.getByLabel('Request body')).toContainText('"type": "webhook.test"');
    await expect(inspect.getByRole('table', { name: 'Attempts' }).getByText('HTTP 200')).toBeVisible();
    await reviewShots(page, 'webhooks-delivery');
    await inspect.getByRole('button', { name: 'Replay', exact: true }).click();
    await expect(page.getByText('Delivery queued again.')).toBeVisible();
    await expect(inspect).toBeHidden();

    const replayRow = dialog.getByRole('row').filter({ hasText: 'Test event (replay)' });
    await expect(replayRow.getByText('succeeded')).toBeVisible({ timeout: 20_000 });
    // Only the test message is counted: the demo's fundings in parallel tests may reach this endpoint too.
    const ours = receiver.received.filter((r) => r.headers['webhook-id'] === delivery.messageId);
    expect(ours).toHaveLength(2);
    for (const r of receiver.received) expect(verifies(endpoint.secret, r)).toBe(true);
    await request.post(`/api/webhooks/${endpoint.id}/disable`, { headers });
  } finally {
    receiver.server.closeAllConnections();
    receiver.server.close();
  }
});

test('adding an endpoint: a private address refused, then the secret once, then home', async ({ page, request }) => {
  await signIn(page, users.admin, { at: '/admin/webhooks' });
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
  await reviewShots(page, 'webhooks-list');
  await page.getByRole('button', { name: 'Add Webhook' }).click();
  const dialog = page.getByTestId('webhooks-dialog');
  await dialog.getByLabel('Endpoint URL (https)').fill('https://10.0.0.7/hooks');
  await dialog.getByLabel('Description').fill('Warehouse line');
  await dialog.getByRole('combobox', { name: 'Events' }).click();
  await page.getByRole('option', { name: 'Loan funded' }).click();
  await dialog.getByLabel('Description').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/resolves to 10\.0\.0\.7, a private, loopback or link-local/)).toBeVisible();

  await dialog.getByLabel('Endpoint URL (https)').fill('http://127.0.0.1:9/warehouse');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const secret = page.getByTestId('webhook-secret');
  await expect(secret.getByLabel('Signing secret')).toHaveValue(/^whsec_[A-Za-z0-9+/]{32}$/);
  await expect(secret.getByText('Copy this signing secret now: it is shown only once.')).toBeVisible();
  await reviewShots(page, 'webhooks-secret');
  await secret.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // Disabled again, so the other tests' fundings send it nothing.
  const headers = await apiAuth(request, users.admin);
  const list = (await (await request.get('/api/webhooks?text=127.0.0.1:9', { headers })).json()) as {
    data: { id: number }[];
  };
  for (const w of list.data) await request.post(`/api/webhooks/${w.id}/disable`, { headers });
});
