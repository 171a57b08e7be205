import { profileEndpoints, profileMessages, AVATAR_SIZE_PX, messages, type MyProfile } from '@credence/contracts';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARBOR, signIn, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  admin = await signIn(t, 'admin', 'Admin2026');
});
afterAll(() => t.close());

const profileOf = async (client: ApiClient) => {
  const response = await client.get(profileEndpoints.update.path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MyProfile>();
};

const userRow = async (username: string) =>
  (
    await t.pool.query<{
      phone_number: string | null;
      core_password_encrypted: string | null;
      edocs_password_encrypted: string | null;
      avatar: string | null;
    }>(
      `select phone_number, core_password_encrypted, edocs_password_encrypted, avatar from users where username = $1`,
      [username],
    )
  ).rows[0]!;

const profileAudits = async () =>
  (
    await t.pool.query<{ details: { changes: Record<string, unknown> } }>(
      `select details from audit_events where area = 'profile' order by id`,
    )
  ).rows;

const fieldsOf = (body: string) => (JSON.parse(body) as { errors?: { field: string; message: string }[] }).errors ?? [];

describe('my profile: read (spec 1 §3)', () => {
  it('answers identity, groups, phone, vendors and which secrets are set, never a secret', async () => {
    const profile = await profileOf(admin);
    expect(profile).toMatchObject({ fullName: 'Avery Morgan', email: 'avery.morgan@summitfcu.example' });
    expect(profile.userGroups).toEqual(['Funding Team', 'Underwriters']);
    expect(profile.phoneNumber).toBe('3035550186');
    expect(profile.avatar).toMatch(/^data:image\/jpeg;base64,/);
    const cudl = profile.userVendors.find((v) => v.vendorName === 'CUDL')!;
    expect(cudl).toMatchObject({ username: 'amorgan.summit', code: 'SFCU0412', hasExistingPassword: true });
    expect(profile.userVendors.map((v) => v.vendorName)).toEqual(['CUDL', 'Dealertrack', 'RouteOne']);
    expect(profile.lenderEnabledVendors.map((v) => v.name)).toEqual(['CUDL', 'Dealertrack', 'RouteOne']);
    const body = JSON.stringify(profile);
    expect(body).not.toContain('Cudl-demo-1');
    expect(body).not.toMatch(/passwordEncrypted|"password"/);
  });
});

describe('my profile: update rules (spec 1 §5)', () => {
  it('saves the phone as digits only; a formatted or short number is a 422 with the spec text, never a 500', async () => {
    const saved = await officer.put(profileEndpoints.update.path, { phoneNumber: '3035550199' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<MyProfile>().phoneNumber).toBe('3035550199');
    for (const phoneNumber of ['(303) 555-0199', '303555019', '1035550199', '30355501990', 42]) {
      const bad = await officer.put(profileEndpoints.update.path, { phoneNumber });
      expect(bad.statusCode, String(phoneNumber)).toBe(422);
      expect(fieldsOf(bad.body)[0]?.field).toBe('phoneNumber');
    }
    const bad = await officer.put(profileEndpoints.update.path, { phoneNumber: '303-555-0199' });
    expect(fieldsOf(bad.body)).toEqual([{ field: 'phoneNumber', message: profileMessages.invalidPhone }]);
    expect((await userRow('officer')).phone_number).toBe('3035550199');
    // Empty clears it.
    expect(
      (await officer.put(profileEndpoints.update.path, { phoneNumber: '' })).json<MyProfile>().phoneNumber,
    ).toBeNull();
    await officer.put(profileEndpoints.update.path, { phoneNumber: '7205550133' });
  });

  it('stores the core, eDOCS and vendor passwords encrypted and answers only whether they are set', async () => {
    expect((await officer.put(profileEndpoints.update.path, { corePassword: 'x'.repeat(17) })).statusCode).toBe(422);
    expect((await officer.put(profileEndpoints.update.path, { corePassword: '' })).statusCode).toBe(422);
    const before = await profileOf(officer);
    expect(before.hasCorePassword).toBe(false);
    const cudl = before.userVendors.find((v) => v.vendorName === 'CUDL')!;
    const routeOne = before.userVendors.find((v) => v.vendorName === 'RouteOne')!;
    expect(cudl.hasExistingPassword).toBe(false);
    const response = await officer.put(profileEndpoints.update.path, {
      corePassword: 'Core#Secret1',
      edocsUsername: 'ochen',
      edocsPassword: 'Edocs#Secret2',
      userVendors: [
        { id: cudl.id, username: 'ochen.cudl', password: 'Vendor#Secret3', code: 'SFCU9' },
        // RouteOne has no code: one sent is not stored.
        { id: routeOne.id, username: 'ochen.r1', password: 'Vendor#Secret4', code: 'ignored' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    for (const secret of ['Core#Secret1', 'Edocs#Secret2', 'Vendor#Secret3', 'Vendor#Secret4']) {
      expect(response.body).not.toContain(secret);
      expect((await officer.get(profileEndpoints.update.path)).body).not.toContain(secret);
    }
    const after = response.json<MyProfile>();
    expect(after).toMatchObject({ hasCorePassword: true, hasEdocsPassword: true, edocsUsername: 'ochen' });
    expect(after.userVendors.find((v) => v.id === cudl.id)).toMatchObject({
      username: 'ochen.cudl',
      code: 'SFCU9',
      hasExistingPassword: true,
    });
    expect(after.userVendors.find((v) => v.id === routeOne.id)).toMatchObject({
      code: null,
      hasExistingPassword: true,
    });
    const row = await userRow('officer');
    expect(row.core_password_encrypted).toMatch(/^v1\./);
    expect(row.core_password_encrypted).not.toContain('Core#Secret1');
    const { rows } = await t.pool.query<{ password_encrypted: string }>(
      `select password_encrypted from user_vendors where id = $1`,
      [cudl.id],
    );
    expect(rows[0]!.password_encrypted).toMatch(/^v1\./);
    // The audit says what changed, never a secret.
    const audit = JSON.stringify(await profileAudits());
    expect(audit).toContain('corePassword');
    for (const secret of ['Core#Secret1', 'Edocs#Secret2', 'Vendor#Secret3', 'v1.'])
      expect(audit).not.toContain(secret);
    // Limits of spec 1 §9: user name 200, password 40, code 100.
    for (const vendor of [
      { id: cudl.id, username: 'u'.repeat(201) },
      { id: cudl.id, password: 'p'.repeat(41) },
      { id: cudl.id, code: 'c'.repeat(101) },
    ]) {
      expect((await officer.put(profileEndpoints.update.path, { userVendors: [vendor] })).statusCode).toBe(422);
    }
  });

  it('is whole or nothing: an unknown vendor refuses the phone sent with it', async () => {
    const phoneBefore = (await userRow('officer')).phone_number;
    const { rows } = await t.pool.query<{ id: number }>(
      `select uv.id from user_vendors uv join users u on u.id = uv.user_id where u.username = 'admin' limit 1`,
    );
    const response = await officer.put(profileEndpoints.update.path, {
      phoneNumber: '3035550111',
      userVendors: [{ id: rows[0]!.id, username: 'not mine' }],
    });
    expect(response.statusCode).toBe(422);
    expect(fieldsOf(response.body)).toEqual([{ field: 'userVendors.0.id', message: profileMessages.unknownVendor }]);
    expect((await userRow('officer')).phone_number).toBe(phoneBefore);
    expect(
      (await officer.put(profileEndpoints.update.path, { id: 999_999, phoneNumber: '3035550111' })).statusCode,
    ).toBe(403);
  });

  it('changes the sign-in password through the change-password rules, with the rest in one write', async () => {
    const phoneBefore = (await userRow('officer')).phone_number;
    const wrong = await officer.put(profileEndpoints.update.path, {
      phoneNumber: '3035550122',
      systemPassword: { oldPassword: 'Wrong2026', password: 'Newpass2026', confirmPassword: 'Newpass2026' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(fieldsOf(wrong.body)).toEqual([
      { field: 'systemPassword.oldPassword', message: messages.password.currentIncorrect },
    ]);
    expect((await userRow('officer')).phone_number).toBe(phoneBefore);
    const mismatch = await officer.put(profileEndpoints.update.path, {
      systemPassword: { oldPassword: 'Officer2026', password: 'Newpass2026', confirmPassword: 'Newpass2027' },
    });
    expect(fieldsOf(mismatch.body)).toEqual([
      { field: 'systemPassword.confirmPassword', message: messages.password.mismatch },
    ]);
    for (const weak of ['short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere', 'Waytoolong123456789']) {
      const response = await officer.put(profileEndpoints.update.path, {
        systemPassword: { oldPassword: 'Officer2026', password: weak, confirmPassword: weak },
      });
      expect(response.statusCode, weak).toBe(422);
      expect(fieldsOf(response.body)[0]).toEqual({
        field: 'systemPassword.password',
        message: messages.password.rules,
      });
    }
    const same = await officer.put(profileEndpoints.update.path, {
      systemPassword: { oldPassword: 'Officer2026', password: 'Officer2026', confirmPassword: 'Officer2026' },
    });
    expect(fieldsOf(same.body)).toEqual([
      { field: 'systemPassword.password', message: messages.password.sameAsCurrent },
    ]);

    const changed = await officer.put(profileEndpoints.update.path, {
      phoneNumber: '3035550122',
      systemPassword: { oldPassword: 'Officer2026', password: 'Newpass2026', confirmPassword: 'Newpass2026' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<MyProfile>().phoneNumber).toBe('3035550122');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'officer', password: 'Officer2026' },
        })
      ).statusCode,
    ).toBe(401);
    const again = await signIn(t, 'officer', 'Newpass2026');
    // The history: the password just replaced may not come back.
    const reuse = await again.put(profileEndpoints.update.path, {
      systemPassword: { oldPassword: 'Newpass2026', password: 'Officer2026', confirmPassword: 'Officer2026' },
    });
    expect(fieldsOf(reuse.body)).toEqual([{ field: 'systemPassword.password', message: messages.password.reused(5) }]);
    const audit = JSON.stringify(await profileAudits());
    expect(audit).toContain('"password"');
    expect(audit).not.toContain('Newpass2026');
    officer = again;
  });

  it('refuses every write while impersonating another lender (403 with the spec text), reads still work', async () => {
    const harbor = (await admin.get('/api/user/lenders'))
      .json<{ id: number; name: string }[]>()
      .find((l) => l.name === HARBOR)!;
    expect((await admin.put('/api/user/lender', { lenderId: harbor.id })).statusCode).toBe(200);
    const refused = await admin.put(profileEndpoints.update.path, { phoneNumber: '3035550177' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(messages.profile.impersonating);
    expect((await uploadAvatar(admin, pngOf(64, 64), 'me.png')).statusCode).toBe(403);
    // The profile is the home lender's, whichever lender the session works in.
    expect((await profileOf(admin)).userVendors.map((v) => v.vendorName)).toEqual(['CUDL', 'Dealertrack', 'RouteOne']);
    expect((await userRow('admin')).phone_number).toBe('3035550186');
    const home = (await admin.get('/api/user/me')).json<{ homeLender: { id: number } }>().homeLender.id;
    await admin.put('/api/user/lender', { lenderId: home });
  });
});

const multipart = (field: string, fileName: string, contentType: string, content: Buffer) => {
  const boundary = '----credence-avatar-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
};

const uploadAvatar = (
  client: ApiClient,
  content: Buffer,
  fileName: string,
  contentType = 'image/png',
  field = 'avatar',
) => {
  const { payload, contentType: type } = multipart(field, fileName, contentType, content);
  return t.app.inject({
    method: 'POST',
    url: profileEndpoints.uploadAvatar.path,
    headers: { authorization: `Bearer ${client.token}`, 'content-type': type },
    payload,
  });
};

const pngOf = (width: number, height: number) => {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set([200, 40, 40, 255], i * 4);
  return PNG.sync.write(png);
};
const jpegOf = (width: number, height: number) =>
  jpeg.encode({ width, height, data: Buffer.alloc(width * height * 4, 90) }, 80).data;

describe('avatar upload (spec 1 §5)', () => {
  it('checks the type by content, not by name, and stores a small square JPEG shown with the user', async () => {
    // A real PNG named .txt is an image; a script named .png is not.
    const png = await uploadAvatar(officer, pngOf(300, 200), 'holiday.txt', 'text/plain');
    expect(png.statusCode, png.body).toBe(200);
    const avatar = png.json<{ avatar: string }>().avatar;
    expect(avatar).toMatch(/^data:image\/jpeg;base64,/);
    const decoded = jpeg.decode(Buffer.from(avatar.split(',')[1]!, 'base64'));
    expect([decoded.width, decoded.height]).toEqual([AVATAR_SIZE_PX, AVATAR_SIZE_PX]);
    // The red of the picture survives the resize.
    expect(decoded.data[0]).toBeGreaterThan(150);
    expect((await officer.get('/api/user/me')).json<{ avatar: string }>().avatar).toBe(avatar);
    expect((await uploadAvatar(officer, jpegOf(90, 160), 'portrait.jpeg', 'image/jpeg')).statusCode).toBe(200);

    for (const [content, name] of [
      [Buffer.from('<script>alert(1)</script>'), 'me.png'],
      [Buffer.from('GIF89a\x01\x00\x01\x00'), 'me.jpg'],
      [Buffer.from('%PDF-1.7\n'), 'me.jpeg'],
    ] as const) {
      const refused = await uploadAvatar(officer, content, name, 'image/png');
      expect(refused.statusCode, name).toBe(422);
      expect(fieldsOf(refused.body)).toEqual([{ field: 'avatar', message: profileMessages.invalidExtension }]);
    }
    // Starts like a PNG but is not one: a 422, never a 500.
    const broken = Buffer.concat([pngOf(4, 4).subarray(0, 30), Buffer.alloc(50, 7)]);
    const unreadable = await uploadAvatar(officer, broken, 'broken.png');
    expect(unreadable.statusCode).toBe(422);
    expect(fieldsOf(unreadable.body)).toEqual([{ field: 'avatar', message: profileMessages.avatarUnreadable }]);
    // Nothing but an avatar part; not multipart at all.
    expect((await uploadAvatar(officer, pngOf(4, 4), 'me.png', 'image/png', 'photo')).statusCode).toBe(422);
    expect((await officer.post(profileEndpoints.uploadAvatar.path, { avatar: 'x' })).statusCode).toBe(415);
    // A photo is made into the avatar off the event loop: another call answers while it is being resized.
    const photo = jpegOf(2400, 1600);
    let uploadDone = 0;
    const upload = uploadAvatar(officer, photo, 'photo.jpg', 'image/jpeg').then((r) => {
      uploadDone = performance.now();
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const other = await officer.get(profileEndpoints.update.path);
    const otherDone = performance.now();
    expect(other.statusCode).toBe(200);
    expect((await upload).statusCode).toBe(200);
    expect(otherDone).toBeLessThan(uploadDone);
    const audit = JSON.stringify(await profileAudits());
    expect(audit).toContain('avatar');
    expect(audit).not.toContain('base64');
  });
});
