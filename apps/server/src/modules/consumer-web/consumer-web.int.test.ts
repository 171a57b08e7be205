import { adminMessages, consumerWebMessagesResource } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.ts';
import { describeResource } from '../../test/resource-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const message = {
  name: 'Approved',
  event: 'approved',
  heading: 'Good news, {FirstName}',
  body: 'Your {LoanProductName} for {RequestedAmount} is approved.',
};

describeResource(consumerWebMessagesResource, {
  valid: (name) => ({ ...message, name }),
  invalid: [
    { input: { ...message, name: '' }, fields: ['name'] },
    { input: { ...message, event: 'funded' }, fields: ['event'] },
    { input: { ...message, heading: '', body: 'Your SSN {Ssn}' }, fields: ['body', 'heading'] },
  ],
  change: (input) => ({ ...input, event: 'pending', heading: 'About application {ApplicationId}' }),
});

/** A real PNG (1×1) and JPEG header, as bytes. */
const png = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 7), Buffer.from([0xff, 0xd9])]);

const settings = {
  logo: png.toString('base64'),
  primaryColor: '#0a3d62',
  accentColor: '#F2A900',
  backgroundColor: '#FFFFFF',
  siteTitle: 'Harbor Online Application',
  welcomeText: 'Welcome.\nApply in ten minutes.',
  disclosureText: null,
  submittedText: 'Thank you.',
  footerText: 'NMLS #1',
};

describe('consumer web (spec 2 §3, §6, §7)', () => {
  let t: TestApp;
  let admin: ApiClient;
  let officer: ApiClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin', 'Admin2026');
    officer = await signIn(t, 'officer', 'Officer2026');
  });
  afterAll(() => t.close());

  it('stores the logo base64-encoded and answers it so: decoded, it is the same bytes; the save is audited', async () => {
    const saved = await admin.post('/api/ConsumerWeb', settings);
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await admin.get('/api/ConsumerWeb');
    expect(read.statusCode).toBe(200);
    const body = read.json();
    expect(Buffer.from(body.logo, 'base64').equals(png)).toBe(true);
    expect(body).toMatchObject({
      logoContentType: 'image/png',
      primaryColor: '#0A3D62',
      siteTitle: settings.siteTitle,
    });
    expect(body.welcomeText).toBe('Welcome.\nApply in ten minutes.');
    const stored = await t.pool.query<{ logo: string }>(
      `select logo from consumer_web_settings where logo_content_type = 'image/png' and site_title = $1`,
      [settings.siteTitle],
    );
    expect(stored.rows[0]!.logo).toBe(png.toString('base64'));

    const asJpeg = await admin.post('/api/ConsumerWeb', { ...settings, logo: jpeg.toString('base64') });
    expect(asJpeg.json().logoContentType).toBe('image/jpeg');
    const audit = await t.pool.query<{ details: { label: string; changes: Record<string, { new: unknown }> } }>(
      `select details from audit_events where area = 'consumerWeb' order by id desc limit 1`,
    );
    expect(audit.rows[0]!.details.label).toBe('Consumer Web Settings');
    expect(String(audit.rows[0]!.details.changes.logo!.new)).toMatch(/^image\/jpeg, 66 bytes/);
    // Removing the logo.
    expect((await admin.post('/api/ConsumerWeb', { ...settings, logo: null })).json().logo).toBeNull();
  });

  it('refuses a logo that is not a PNG or JPEG (SVG, HTML, a GIF, bad base64, too large) and bad colours with 422s', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>x</script></svg>');
    const cases: [unknown, string][] = [
      [svg.toString('base64'), adminMessages.consumerWeb.logoSvg],
      [Buffer.from('\uFEFF  <?xml version="1.0"?><svg/>').toString('base64'), adminMessages.consumerWeb.logoSvg],
      [Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64'), adminMessages.consumerWeb.logoType],
      ['not base64!', adminMessages.consumerWeb.logoNotBase64],
      [Buffer.concat([png, Buffer.alloc(256 * 1024)]).toString('base64'), adminMessages.consumerWeb.logoTooLarge],
    ];
    for (const [logo, text] of cases) {
      const response = await admin.post('/api/ConsumerWeb', { ...settings, logo });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toEqual([{ field: 'logo', message: text }]);
    }
    const colour = await admin.post('/api/ConsumerWeb', { ...settings, primaryColor: 'red', accentColor: '#12345' });
    expect(colour.statusCode).toBe(422);
    expect(
      colour
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['accentColor', 'primaryColor']);
    const text = await admin.post('/api/ConsumerWeb', { ...settings, siteTitle: 'a\u0000b' });
    expect(text.statusCode).toBe(422);
    // Nothing of the refused saves was stored.
    expect((await admin.get('/api/ConsumerWeb')).json().logo).toBeNull();
  });

  it('saves the field configuration: every field answered, locked ones kept, required-but-hidden refused', async () => {
    // Back to the defaults first (the demo's Summit hides and requires a few).
    expect((await admin.post('/api/ConsumerWeb/fieldConfig', { fieldConfig: [] })).statusCode).toBe(200);
    const before = (await admin.get('/api/ConsumerWeb/fieldConfig')).json().fieldConfig;
    expect(before).toContainEqual({ field: 'ssn', visible: true, required: true });
    const saved = await admin.post('/api/ConsumerWeb/fieldConfig', {
      fieldConfig: [
        { field: 'homePhone', visible: false, required: false },
        { field: 'employer', visible: true, required: true },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await admin.get('/api/ConsumerWeb/fieldConfig')).json().fieldConfig;
    expect(read).toHaveLength(before.length);
    expect(read).toContainEqual({ field: 'homePhone', visible: false, required: false });
    expect(read).toContainEqual({ field: 'employer', visible: true, required: true });
    expect(read).toContainEqual({ field: 'middleName', visible: true, required: false });

    const refused = await admin.post('/api/ConsumerWeb/fieldConfig', {
      fieldConfig: [
        { field: 'vin', visible: false, required: true },
        { field: 'ssn', visible: false, required: false },
        { field: 'vin', visible: true, required: false },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { field: 'fieldConfig.0.required', message: adminMessages.consumerWeb.requiredHidden },
      { field: 'fieldConfig.1.required', message: adminMessages.consumerWeb.fieldLocked },
      { field: 'fieldConfig.2.field', message: adminMessages.consumerWeb.fieldTwice },
    ]);
    const unknown = await admin.post('/api/ConsumerWeb/fieldConfig', {
      fieldConfig: [{ field: 'favouriteColour', visible: true, required: false }],
    });
    expect(unknown.json().errors).toEqual([
      { field: 'fieldConfig.0.field', message: adminMessages.consumerWeb.unknownField },
    ]);
    const audit = await t.pool.query<{ details: { label: string; changes: Record<string, unknown> } }>(
      `select details from audit_events where area = 'consumerWeb' and details->>'label' = 'Consumer Web Field Configuration' order by id`,
    );
    expect(audit.rows.at(-1)!.details.changes).toEqual({
      homePhone: { old: 'shown', new: 'hidden' },
      employer: { old: 'shown', new: 'required' },
    });
  });

  it('lists the merge fields of a message', async () => {
    const fields = await admin.get('/api/ConsumerWeb/messages/fields');
    expect(fields.statusCode).toBe(200);
    expect(fields.json()).toContainEqual({ name: 'FirstName', label: 'First Name' });
    expect(JSON.stringify(fields.json())).not.toMatch(/ssn|social|birth/i);
  });

  it('answers 403 to a user without the right, for every call', async () => {
    for (const path of ['', '/fieldConfig', '/messages', '/messages/1', '/messages/fields']) {
      const response = await officer.get(`/api/ConsumerWeb${path}`);
      expect(response.statusCode, path).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    expect((await officer.post('/api/ConsumerWeb', settings)).statusCode).toBe(403);
    expect((await officer.post('/api/ConsumerWeb/fieldConfig', { fieldConfig: [] })).statusCode).toBe(403);
    expect(adminMessages.consumerWeb.forbidden).toBe('Permission Denied. Contact your System Adminstrator for access.');
    expect(adminMessages.consumerWeb.unknownError).toBe('Unknown Error. Contact your System Adminstrator.');
  });
});
