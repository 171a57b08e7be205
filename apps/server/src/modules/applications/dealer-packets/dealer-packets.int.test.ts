import { latestDealerPacketDate, messages } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSeededApplication, lenderToday, signIn, SUMMIT, type ApiClient } from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;
let harbor: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
});
afterAll(() => t.close());

const receivedDate = async (id: number) =>
  (
    await t.pool.query<{ d: string | null }>('select packet_received_date::text as d from applications where id = $1', [
      id,
    ])
  ).rows[0]!.d;

describe('dealer packet', () => {
  it('saves the received date, clears it when unticked, records history', async () => {
    const id = await findSeededApplication(t, SUMMIT, "a.state = 'approved' and not a.direct");
    await t.pool.query('update applications set packet_received_date = null where id = $1', [id]);
    expect((await officer.get(`/api/applications/${id}/packet`)).json()).toEqual({
      received: false,
      receivedDate: null,
    });
    const saved = await officer.put(`/api/applications/${id}/packet`, { received: true, receivedDate: '2026-03-02' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ received: true, receivedDate: '2026-03-02' });
    expect((await officer.get(`/api/applications/${id}/packet`)).json()).toEqual(saved.json());
    const cleared = await officer.put(`/api/applications/${id}/packet`, {
      received: false,
      receivedDate: '2026-03-02',
    });
    expect(cleared.json()).toEqual({ received: false, receivedDate: null });
    expect(await receivedDate(id)).toBeNull();
    const [entry] = (await officer.get(`/api/applications/${id}/history`)).json();
    expect(entry).toMatchObject({
      action: 'Dealer packet updated',
      changes: [{ property: 'receivedDate', oldValue: '2026-03-02', newValue: null }],
    });
  });

  it('refuses a received date in the future (422 with a clear text) and keeps the saved one; today is fine', async () => {
    const id = await findSeededApplication(t, SUMMIT, "a.state = 'approved' and not a.direct");
    await t.pool.query("update applications set packet_received_date = '2026-01-05' where id = $1", [id]);
    const future = latestDealerPacketDate(new Date(Date.now() + 86_400_000));
    const refused = await officer.put(`/api/applications/${id}/packet`, { received: true, receivedDate: future });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual([{ field: 'receivedDate', message: messages.dealerPacket.dateInFuture }]);
    expect(await receivedDate(id)).toBe('2026-01-05');
    const today = await lenderToday(t);
    const saved = await officer.put(`/api/applications/${id}/packet`, { received: true, receivedDate: today });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await receivedDate(id)).toBe(today);
  });

  it('requires the date when received and writes nothing otherwise; another lender answers 404', async () => {
    const id = await findSeededApplication(t, SUMMIT, "a.state = 'funded'");
    await t.pool.query("update applications set packet_received_date = '2026-01-05' where id = $1", [id]);
    for (const body of [
      { received: true },
      { received: true, receivedDate: '' },
      { received: true, receivedDate: 'x' },
    ]) {
      const response = await officer.put(`/api/applications/${id}/packet`, body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[0].field).toBe('receivedDate');
    }
    expect((await officer.put(`/api/applications/${id}/packet`, { received: true })).json().errors).toEqual([
      { field: 'receivedDate', message: messages.dealerPacket.dateRequired },
    ]);
    expect(await receivedDate(id)).toBe('2026-01-05');
    expect((await harbor.get(`/api/applications/${id}/packet`)).statusCode).toBe(404);
    expect((await harbor.put(`/api/applications/${id}/packet`, { received: false })).statusCode).toBe(404);
    expect(await receivedDate(id)).toBe('2026-01-05');
  });
});
