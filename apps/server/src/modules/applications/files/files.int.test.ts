import { messages } from '@credence/contracts';
import { MAX_FILES_PER_APPLICATION } from './files.service.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, findSeededApplication, signIn, SUMMIT, type ApiClient } from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;
let id: number;

const MAX_BYTES = 64 * 1024;

beforeAll(async () => {
  t = await createTestApp({ FILE_MAX_BYTES: String(MAX_BYTES) });
  officer = await signIn(t, 'officer', 'Officer2026');
  id = await findSeededApplication(
    t,
    SUMMIT,
    `a.state = 'approved' and not exists (select 1 from application_files f where f.application_id = a.id)`,
  );
});
afterAll(() => t.close());

type Part = { field: string; value?: string; fileName?: string; contentType?: string; content?: Buffer };
const multipart = (parts: Part[]) => {
  const boundary = '----credence-test-boundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition =
      p.fileName === undefined
        ? `form-data; name="${p.field}"`
        : `form-data; name="${p.field}"; filename="${p.fileName}"`;
    const type = p.fileName === undefined ? '' : `Content-Type: ${p.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(p.content ?? Buffer.from(p.value ?? ''));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
};
const upload = (parts: Part[], appId = id) => {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/applications/${appId}/files/upload`,
    headers: { ...t.bearer(officer.token), 'content-type': contentType },
    payload,
  });
};

const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const csv = Buffer.from('month,income\n2026-10,6500.00\n');

describe('files', () => {
  it('uploads several files with names, lists, downloads with the right headers, changes the type, deletes', async () => {
    const response = await upload([
      { field: 'names[]', value: 'Pay stub October' },
      { field: 'names[]', value: 'Driver license' },
      { field: 'names[]', value: 'Income summary' },
      { field: 'uploadTypeId', value: '3' },
      { field: 'files', fileName: 'paystub-oct.pdf', contentType: 'application/pdf', content: pdf },
      { field: 'files', fileName: 'license.PNG', contentType: 'image/png', content: png },
      { field: 'files', fileName: 'income.csv', contentType: 'text/csv', content: csv },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const files = response.json<{ appFileId: number; name: string; contentType: string; size: number }[]>();
    expect(files.map((f) => [f.name, f.contentType, f.size])).toEqual([
      ['Pay stub October', 'application/pdf', pdf.length],
      ['Driver license', 'image/png', png.length],
      ['Income summary', 'text/csv', csv.length],
    ]);
    const list = (await officer.get(`/api/applications/${id}/files`)).json();
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ uploadTypeId: 3, uploadedByUser: { name: 'Olivia Chen' }, isDeleted: false });

    const download = await officer.get(`/api/applications/${id}/files/${files[0]!.appFileId}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `inline; filename="paystub-oct.pdf"; filename*=UTF-8''paystub-oct.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const csvDownload = await officer.get(`/api/applications/${id}/files/${files[2]!.appFileId}`);
    expect(csvDownload.headers['content-disposition']).toMatch(/^attachment; /);

    const retyped = await officer.put(`/api/applications/${id}/files/${files[1]!.appFileId}`, { uploadTypeId: 2 });
    expect(retyped.statusCode).toBe(200);
    expect(retyped.json().uploadTypeId).toBe(2);
    expect(
      (await officer.put(`/api/applications/${id}/files/${files[1]!.appFileId}`, { uploadTypeId: 99 })).statusCode,
    ).toBe(422);

    expect((await officer.delete(`/api/applications/${id}/files/${files[1]!.appFileId}`)).statusCode).toBe(204);
    expect((await officer.get(`/api/applications/${id}/files`)).json()).toHaveLength(2);
    expect((await officer.get(`/api/applications/${id}/files?includeDeleted=true`)).json()).toHaveLength(3);
    expect((await officer.get(`/api/applications/${id}/files/${files[1]!.appFileId}`)).statusCode).toBe(404);
    const deleted = await officer.get(`/api/applications/${id}/files/${files[1]!.appFileId}?includeDeleted=true`);
    expect(deleted.statusCode).toBe(200);

    const history = (await officer.get(`/api/applications/${id}/history`)).json();
    expect(history.slice(0, 3).map((h: { action: string }) => h.action)).toEqual([
      'File deleted',
      'File upload type changed',
      'File uploaded',
    ]);
    expect(history[1].changes).toEqual([
      { entity: 'File', entityId: files[1]!.appFileId, property: 'uploadTypeId', oldValue: '3', newValue: '2' },
    ]);
  });

  it('opens a file in a new window with a single-use, one-file, one-minute download token (issue 10, item 6)', async () => {
    const [a, b] = (
      await upload([
        { field: 'files', fileName: 'a.pdf', content: pdf },
        { field: 'files', fileName: 'b.pdf', content: pdf },
      ])
    ).json();
    const url = (file: { appFileId: number }) => `/api/applications/${id}/files/${file.appFileId}`;
    const issue = async (file: { appFileId: number }) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `${url(file)}/downloadToken`,
        headers: t.bearer(officer.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ token: string; expiresAt: string }>();
      expect(new Date(body.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(60_000);
      return body.token;
    };
    const open = (path: string) => t.app.inject({ method: 'GET', url: path });

    const token = await issue(a);
    const opened = await open(`${url(a)}?dt=${token}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(pdf)).toBe(true);
    expect((await open(`${url(a)}?dt=${token}`)).statusCode).toBe(401); // single use

    expect((await open(`${url(b)}?dt=${await issue(a)}`)).statusCode).toBe(401); // another file
    expect((await open(`${url(a)}?dt=${await issue(a)}&includeDeleted=true`)).statusCode).toBe(401);
    const stale = await issue(a);
    await t.pool.query(
      `update file_download_tokens set expires_at = now() - interval '1 second' where used_at is null`,
    );
    expect((await open(`${url(a)}?dt=${stale}`)).statusCode).toBe(401); // too late

    // The session token is never accepted in a URL, here or anywhere.
    expect((await open(`${url(a)}?token=${officer.token}`)).statusCode).toBe(401);
    expect((await open(`/api/applications/${id}/files?dt=${await issue(a)}`)).statusCode).toBe(401);
    // Another lender cannot get a token for this file.
    const harbor = await signIn(t, 'harbor', 'Harbor2026');
    expect(
      (await t.app.inject({ method: 'POST', url: `${url(a)}/downloadToken`, headers: t.bearer(harbor.token) }))
        .statusCode,
    ).toBe(404);
    // A token dies with its session.
    const afterLogout = await issue(a);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: t.bearer(officer.token) });
    expect((await open(`${url(a)}?dt=${afterLogout}`)).statusCode).toBe(401);
    expect(t.logs.join('\n')).not.toContain(token);
    officer = await signIn(t, 'officer', 'Officer2026');
  });

  it('refuses too large (413), unknown or disguised types (415) and bad forms (422), all or nothing', async () => {
    const before = await countRows(t, 'application_files');
    const contents = await countRows(t, 'file_contents');
    const tooLarge = await upload([
      { field: 'files', fileName: 'ok.pdf', content: pdf },
      { field: 'files', fileName: 'big.pdf', content: Buffer.concat([pdf, Buffer.alloc(MAX_BYTES)]) },
    ]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: messages.files.tooLarge('64 KB') });
    const exe = await upload([
      { field: 'files', fileName: 'ok.pdf', content: pdf },
      { field: 'files', fileName: 'setup.exe', content: Buffer.from('MZ') },
    ]);
    expect(exe.statusCode).toBe(415);
    expect(exe.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.files.unsupportedType });
    const disguised = await upload([
      { field: 'files', fileName: 'invoice.pdf', content: Buffer.from('<html><script>') },
    ]);
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().message).toBe(messages.files.contentMismatch);
    const tooMany = await upload(
      Array.from({ length: 11 }, (_, i) => ({ field: 'files', fileName: `${i}.pdf`, content: pdf })),
    );
    expect(tooMany.statusCode).toBe(413);
    const names = await upload([
      { field: 'names[]', value: 'one' },
      { field: 'files', fileName: 'a.pdf', content: pdf },
      { field: 'files', fileName: 'b.pdf', content: pdf },
    ]);
    expect(names.statusCode).toBe(422);
    expect(names.json().errors).toEqual([{ field: 'names', message: messages.files.namesMismatch }]);
    const empty = await upload([{ field: 'files', fileName: 'empty.txt', content: Buffer.alloc(0) }]);
    expect(empty.statusCode).toBe(422);
    const none = await upload([{ field: 'names[]', value: 'nothing' }]);
    expect(none.json().errors).toEqual([{ field: 'files', message: messages.files.noFiles }]);
    const json = await officer.post(`/api/applications/${id}/files/upload`, { files: [] });
    expect(json.statusCode).toBe(415);
    expect(await countRows(t, 'application_files')).toBe(before);
    expect(await countRows(t, 'file_contents')).toBe(contents);
  });

  it(`holds at most ${MAX_FILES_PER_APPLICATION} files per application, deleted ones included; over it 422 and nothing stored (issue 30, item 12)`, async () => {
    const appId = await findSeededApplication(
      t,
      SUMMIT,
      `a.id <> ${id} and not exists (select 1 from application_files f where f.application_id = a.id)`,
    );
    const held = async () =>
      (
        await t.pool.query<{ n: number }>(
          'select count(*)::int as n from application_files where application_id = $1',
          [appId],
        )
      ).rows[0]!.n;
    // Files already on the application (a tenth of them deleted), as rows: their content is not needed here.
    await t.pool.query(
      `insert into application_files (lender_id, application_id, file_id, name, file_name, content_type, size, is_deleted)
       select a.lender_id, a.id, gen_random_uuid(), 'Doc ' || n, 'doc-' || n || '.pdf', 'application/pdf', 10, n % 10 = 0
         from applications a, generate_series(1, $2::int) as n
        where a.id = $1`,
      [appId, MAX_FILES_PER_APPLICATION - 4],
    );
    const files = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ field: 'files', fileName: `more-${i}.pdf`, content: pdf }));
    const rows = await countRows(t, 'application_files');
    const contents = await countRows(t, 'file_contents');
    const history = await countRows(t, 'application_history');

    // Two uploads of three at once: the lock lets exactly one pass (496 + 3 = 499; then 499 + 3 is over).
    const both = await Promise.all([upload(files(3), appId), upload(files(3), appId)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const refused = both.find((r) => r.statusCode === 422)!;
    expect(refused.json()).toEqual({
      code: 'VALIDATION',
      message: messages.errors.validation,
      errors: [
        {
          field: 'files',
          message: messages.files.tooManyOnApplication(MAX_FILES_PER_APPLICATION, MAX_FILES_PER_APPLICATION - 1),
        },
      ],
    });
    expect(refused.json().errors[0].message).toBe(
      'An application may hold at most 500 files (deleted ones included): this one holds 499, so at most 1 more can be uploaded.',
    );
    expect(await held()).toBe(MAX_FILES_PER_APPLICATION - 1);
    expect(await countRows(t, 'application_files')).toBe(rows + 3);
    expect(await countRows(t, 'file_contents')).toBe(contents + 3);

    expect((await upload(files(1), appId)).statusCode).toBe(201);
    const full = await upload(files(1), appId);
    expect(full.statusCode).toBe(422);
    expect(full.json().errors[0].message).toBe(
      messages.files.tooManyOnApplication(MAX_FILES_PER_APPLICATION, MAX_FILES_PER_APPLICATION),
    );
    expect(await held()).toBe(MAX_FILES_PER_APPLICATION);
    expect(await countRows(t, 'file_contents')).toBe(contents + 4);
    expect(await countRows(t, 'application_history')).toBe(history + 2); // the two uploads that passed
  });

  it('answers multipart without a boundary 415 and a malformed multipart body 400, never 500 (issue 10, item 7)', async () => {
    const before = await countRows(t, 'application_files');
    const contents = await countRows(t, 'file_contents');
    const send = (contentType: string, payload: string | Buffer) =>
      t.app.inject({
        method: 'POST',
        url: `/api/applications/${id}/files/upload`,
        headers: { ...t.bearer(officer.token), 'content-type': contentType },
        payload,
      });
    const { payload } = multipart([{ field: 'files', fileName: 'a.pdf', content: pdf }]);
    for (const contentType of [
      'multipart/form-data',
      'multipart/form-data; charset=utf-8',
      'multipart/form-data; boundary=',
    ]) {
      const noBoundary = await send(contentType, payload);
      expect(noBoundary.statusCode, contentType).toBe(415);
      expect(noBoundary.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.files.notMultipart });
    }
    const mixed = await send('multipart/mixed', payload);
    expect(mixed.statusCode).toBe(415);
    expect(Object.keys(mixed.json())).toEqual(['code', 'message']);
    // Cut in the middle of a file part: the part ends early.
    const cut = await send('multipart/form-data; boundary=----credence-test-boundary', payload.subarray(0, 150));
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toEqual({ code: 'BAD_REQUEST', message: messages.files.malformed });
    // Garbage where the part headers should be, or another boundary than announced.
    for (const body of ['--x\r\nnot a header at all\r\n\r\n%PDF-\r\n--x--\r\n', 'no boundary in here', '--x--\r\n']) {
      const response = await send('multipart/form-data; boundary=x', body);
      expect(response.statusCode, body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, body).toBeLessThan(500);
      expect(response.json()).toHaveProperty('code');
      expect(response.json()).toHaveProperty('message');
    }
    expect(await countRows(t, 'application_files')).toBe(before);
    expect(await countRows(t, 'file_contents')).toBe(contents);
  });
});
