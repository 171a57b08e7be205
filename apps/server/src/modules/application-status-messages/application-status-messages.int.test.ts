import { adminMessages, statusMessagesResource } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.ts';
import { describeResource } from '../../test/resource-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const message = {
  name: 'Approved',
  status: 'approved',
  subject: 'Your application {ApplicationId} is approved',
  body: 'Hello {ApplicantFirstName}, your {LoanProductName} for {RequestedAmount} is approved.',
};

describeResource(statusMessagesResource, {
  valid: (name) => ({ ...message, name }),
  invalid: [
    { input: { ...message, name: '' }, fields: ['name'] },
    { input: { ...message, status: 'archived' }, fields: ['status'] },
    { input: { ...message, subject: '', body: 'Hi {SocialSecurityNumber}' }, fields: ['body', 'subject'] },
  ],
  change: (input) => ({ ...input, status: null, subject: 'About application {ApplicationId}' }),
});

describe('application status messages (spec 2 §6, §7)', () => {
  let t: TestApp;
  let admin: ApiClient;
  let officer: ApiClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin', 'Admin2026');
    officer = await signIn(t, 'officer', 'Officer2026');
  });
  afterAll(() => t.close());

  it('lists the merge fields for the editor', async () => {
    const fields = await admin.get('/api/ApplicationStatusMessages/fields');
    expect(fields.statusCode).toBe(200);
    expect(fields.json()).toContainEqual({ name: 'ApplicantFirstName', label: 'Applicant First Name' });
    expect(JSON.stringify(fields.json())).not.toMatch(/ssn|social|birth/i);
  });

  it('enables and disables with PUT, as the spec calls them', async () => {
    const created = await admin.post('/api/ApplicationStatusMessages', { ...message, name: 'Put toggles' });
    const id = created.json().id;
    expect((await admin.put(`/api/ApplicationStatusMessages/${id}/disable`, {})).json().enabled).toBe(false);
    expect((await admin.put(`/api/ApplicationStatusMessages/${id}/enable`, {})).json().enabled).toBe(true);
    expect((await admin.post(`/api/ApplicationStatusMessages/${id}/enable`, {})).statusCode).toBe(404);
  });

  it('answers 403 to a user without the right, for every call', async () => {
    for (const path of ['', '/fields', '/1', '/isUnique?name=x']) {
      const response = await officer.get(`/api/ApplicationStatusMessages${path}`);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    expect(adminMessages.statusMessages.forbidden).toBe(
      'Permission Denied. Contact your System Administrator for access.',
    );
  });
});
