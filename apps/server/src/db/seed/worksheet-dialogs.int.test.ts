import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
});
afterAll(() => t.close());

const firstApplication = async (where: string) => {
  const { rows } = await t.pool.query<{ id: number }>(
    `select a.id from applications a join lenders l on l.id = a.lender_id where l.name = $1 and (${where}) order by a.id limit 1`,
    [SUMMIT],
  );
  return rows[0]!.id;
};

describe('worksheet dialogs demo seed', () => {
  it('has two Summit applications whose applicants share an e-mail (in another case), shown as an alert', async () => {
    const id = await firstApplication(
      "exists (select 1 from applicants p join applicant_emails e on e.applicant_id = p.id where p.application_id = a.id and e.email_key = 'jordan.ellis.family@example.com')",
    );
    const alerts = (await officer.get(`/api/applications/${id}/alerts`)).json();
    expect(alerts).toContainEqual(
      expect.objectContaining({
        emails: [expect.stringMatching(/^jordan\.ellis\.family@example\.com$/i)],
        applicationId: expect.any(Number),
      }),
    );
  });

  it('has HMDA data, follow-ups (some due), a received packet, a share, custom fields and promotions', async () => {
    const hmda = await firstApplication('exists (select 1 from hmda_records h where h.application_id = a.id)');
    expect((await officer.get(`/api/applications/${hmda}/hmda`)).json()[0].record).not.toBeNull();
    const followUp = await firstApplication('exists (select 1 from action_items i where i.application_id = a.id)');
    const items = (await officer.get(`/api/applications/${followUp}/actionItems`)).json();
    expect(items.filter((i: { isDue: boolean }) => i.isDue)).toHaveLength(2);
    const packet = await firstApplication('a.packet_received_date is not null');
    expect((await officer.get(`/api/applications/${packet}/packet`)).json().received).toBe(true);
    const admin = await signIn(t, 'admin', 'Admin2026');
    expect((await admin.get('/api/applications/sharedWithMe')).json()).toContainEqual(
      expect.objectContaining({ userGroup: expect.objectContaining({ name: 'Underwriters' }) }),
    );
    const newAuto = await firstApplication(
      "a.loan_product_id = (select id from loan_products p where p.name = 'New Auto' and p.lender_id = a.lender_id)",
    );
    expect((await officer.get(`/api/applications/${newAuto}/customfields`)).json()[0]).toMatchObject({
      label: 'Referring branch',
      required: true,
    });
    const promotions = (await officer.get(`/api/applications/${newAuto}/promotions`)).json().promotions;
    expect(promotions.map((p: { name: string }) => p.name)).toEqual([
      'Member Loyalty Discount',
      'Spring Auto Rate Special',
    ]);
  });
});
