import { createHash, createHmac } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  documentStorageEndpoints,
  documentStorageResource,
  endpointPath,
  type DocumentFiling,
  type DocumentStorageProvider,
} from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataProtector } from '../../platform/crypto.ts';
import { postgresFileStore } from '../../platform/file-store.ts';
import type { OutboxRow } from '../../platform/outbox.ts';
import { signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
// The hook under test lives in the loan summary's export on funding (issue 37: "a careful minimal hook").
// eslint-disable-next-line import-x/no-restricted-paths
import { exportLoanSummaryOnFunding } from '../loan-summary/loan-summary-export.ts';
import { documentStorageBase, runDueFilings, type FilingDeps } from './document-storage.service.ts';

const e = documentStorageResource.endpoints;
const SECRET = 'wJalrXUtnFEMI/K7MDENG/credence-test-secret';

/**
 * An S3-compatible endpoint for the contract test: it checks each PUT's AWS Signature V4 with a computation of its
 * own (not the provider's signer), the body against the signed payload hash, and answers 200 or S3's 403.
 */
const startS3 = async () => {
  const received: { path: string; headers: http.IncomingHttpHeaders; body: Buffer; verdict: string }[] = [];
  const verify = (req: http.IncomingMessage, body: Buffer): string => {
    const auth =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
        req.headers.authorization ?? '',
      );
    if (!auth) return 'AuthorizationHeaderMalformed';
    const [, accessKey, day, region, signedHeaders, signature] = auth;
    if (accessKey !== 'AKIDCREDENCETEST') return 'InvalidAccessKeyId';
    const payloadHash = String(req.headers['x-amz-content-sha256']);
    if (createHash('sha256').update(body).digest('hex') !== payloadHash) return 'XAmzContentSHA256Mismatch';
    const names = signedHeaders!.split(';');
    for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256'])
      if (!names.includes(required)) return 'AccessDenied';
    if (Object.keys(req.headers).some((h) => h.startsWith('x-amz-meta-') && !names.includes(h))) return 'AccessDenied';
    const canonical = [
      req.method,
      req.url!.split('?')[0],
      '',
      names
        .map(
          (n) =>
            `${n}:${String(req.headers[n] ?? '')
              .trim()
              .replace(/ +/g, ' ')}\n`,
        )
        .join(''),
      signedHeaders,
      payloadHash,
    ].join('\n');
    const scope = `${day}/${region}/s3/aws4_request`;
    const toSign = `AWS4-HMAC-SHA256\n${String(req.headers['x-amz-date'])}\n${scope}\n${createHash('sha256').update(canonical).digest('hex')}`;
    let key: Buffer = createHmac('sha256', `AWS4${SECRET}`).update(day!).digest();
    for (const part of [region!, 's3', 'aws4_request']) key = createHmac('sha256', key).update(part).digest();
    return createHmac('sha256', key).update(toSign).digest('hex') === signature ? 'ok' : 'SignatureDoesNotMatch';
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const verdict = req.method === 'PUT' ? verify(req, body) : 'MethodNotAllowed';
      received.push({ path: decodeURIComponent(req.url!), headers: req.headers, body, verdict });
      if (verdict === 'ok') res.writeHead(200, { etag: '"x"' }).end();
      else res.writeHead(403).end(`<?xml version="1.0"?><Error><Code>${verdict}</Code><Message>m</Message></Error>`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, port: (server.address() as AddressInfo).port, close: () => server.close() };
};

describe('document filing (issue 37 item 4): file system and S3, retries, statuses, secrets', () => {
  let t: TestApp;
  let admin: ApiClient;
  let officer: ApiClient;
  let deps: FilingDeps;
  let base: string;
  let s3: Awaited<ReturnType<typeof startS3>>;
  const used = new Set<number>();

  /** A funded Summit application whose summary was not exported yet, and its `loan.funded` event. */
  const fundedEvent = async (): Promise<OutboxRow & { applicationId: number }> => {
    const { rows } = await t.pool.query<{ id: number; lender_id: number; payload: Record<string, unknown> }>(
      `select o.id, o.lender_id, o.payload from outbox o join lenders l on l.id = o.lender_id
        where o.kind = 'loan.funded' and l.name = $1 and o.payload->>'exportLoanSummary' = 'true'
        order by o.id`,
      [SUMMIT],
    );
    const row = rows.find((r) => !used.has(Number(r.payload.applicationId)))!;
    used.add(Number(row.payload.applicationId));
    return {
      id: row.id,
      lenderId: row.lender_id,
      kind: 'loan.funded',
      payload: row.payload,
      attempts: 0,
      applicationId: Number(row.payload.applicationId),
    };
  };
  /** Exports the summary on funding (the hook queues its filing) and answers the application. */
  const exportSummary = async () => {
    const event = await fundedEvent();
    expect(await exportLoanSummaryOnFunding({ app: t.app, db: t.db, fileStore: postgresFileStore }, event)).toBe(
      'attached',
    );
    return event.applicationId;
  };
  const filings = async (applicationId: number, providerId: number) => {
    const response = await officer.get(endpointPath(documentStorageEndpoints.filings, { id: applicationId }));
    expect(response.statusCode).toBe(200);
    return response.json<DocumentFiling[]>().filter((f) => f.providerId === providerId);
  };
  const create = async (input: Record<string, unknown>) => {
    const response = await admin.post(endpointPath(e.create), input);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<DocumentStorageProvider>();
  };
  const fileSystem = (name: string, rootDirectory: string, pathTemplate: string) =>
    create({
      name,
      providerType: 'FileSystem',
      uploadTypeIds: [9],
      pathTemplate,
      fieldMappings: [
        { field: 'memberNumber', indexField: 'MemberNo' },
        { field: 'loanId', indexField: 'LoanNumber' },
        { field: 'documentType', indexField: 'DocType' },
        { field: 'applicationId', indexField: 'AppId' },
        { field: 'fundingDate', indexField: 'FundedOn' },
      ],
      rootDirectory,
    });
  const s3Input = (name: string) => ({
    name,
    providerType: 'S3',
    uploadTypeIds: [9],
    pathTemplate: 'loans/{memberNumber}/{applicationId}/{documentType}.pdf',
    fieldMappings: [
      { field: 'memberNumber', indexField: 'MemberNo' },
      { field: 'documentType', indexField: 'Doc-Type' },
    ],
    s3Endpoint: `http://127.0.0.1:${s3.port}`,
    s3Region: 'us-east-1',
    s3Bucket: 'credence-docs',
    s3AccessKeyId: 'AKIDCREDENCETEST',
    s3SecretAccessKey: SECRET,
    s3ForcePathStyle: true,
  });
  const memberOf = async (applicationId: number) =>
    (
      await t.pool.query<{ m: string }>(
        `select coalesce(nullif(l.member_number, ''), a.primary_member_number) as m
           from applications a left join loans l on l.application_id = a.id where a.id = $1`,
        [applicationId],
      )
    ).rows[0]!.m;

  beforeAll(async () => {
    t = await createTestApp();
    s3 = await startS3();
    admin = await signIn(t, 'admin', 'Admin2026');
    officer = await signIn(t, 'officer', 'Officer2026');
    base = documentStorageBase(t.config, {});
    deps = {
      db: t.db,
      store: postgresFileStore,
      protector: createDataProtector(t.config.dataEncryptionKey),
      base,
      retryBaseSeconds: 1,
    };
    // The demo's own providers stay out of the way of these counts.
    await t.pool.query(`update document_storage_providers set enabled = false`);
  });
  afterAll(async () => {
    s3?.close();
    await t?.close();
  });

  it('files the summary exported on funding at the mapped path, with the mapped fields in its sidecar', async () => {
    const provider = await fileSystem(
      'Share FS',
      'summit/loan-docs',
      '{memberNumber}/{applicationId}/{documentType}.pdf',
    );
    const applicationId = await exportSummary();
    expect(await filings(applicationId, provider.id)).toEqual([expect.objectContaining({ status: 'queued' })]);
    expect(await runDueFilings(deps)).toEqual(['filed']);
    const member = await memberOf(applicationId);
    const relative = `${member}/${applicationId}/Loan Summary.pdf`;
    const file = path.join(base, 'summit/loan-docs', relative);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const { rows } = await t.pool.query<{ loan_id: string | null; funding_date: string | null }>(
      `select loan_id, to_char(funding_date, 'YYYY-MM-DD') as funding_date from loans where application_id = $1`,
      [applicationId],
    );
    const sidecar = JSON.parse(readFileSync(`${file}.json`, 'utf8')) as {
      fields: Record<string, string>;
      sha256: string;
    };
    expect(sidecar.fields).toEqual({
      MemberNo: member,
      LoanNumber: rows[0]!.loan_id ?? '',
      DocType: 'Loan Summary',
      AppId: String(applicationId),
      FundedOn: rows[0]!.funding_date ?? '',
    });
    expect(sidecar.sha256).toBe(createHash('sha256').update(readFileSync(file)).digest('hex'));
    expect(await filings(applicationId, provider.id)).toEqual([
      expect.objectContaining({
        status: 'filed',
        attempts: 1,
        location: relative,
        providerName: 'Share FS',
        lastError: null,
      }),
    ]);
    await admin.post(endpointPath(e.disable, { id: provider.id }));
  });

  it('retries a failed filing with a scrubbed reason, then files it', async () => {
    const provider = await fileSystem('Blocked FS', 'blocked', '{applicationId}/{documentType}.pdf');
    // A file where the provider's directory should be: the filing cannot make its directory.
    mkdirSync(base, { recursive: true });
    writeFileSync(path.join(base, 'blocked'), 'not a directory');
    const applicationId = await exportSummary();
    expect(await runDueFilings(deps)).toEqual(['retrying']);
    const [failed] = await filings(applicationId, provider.id);
    expect(failed).toMatchObject({ status: 'retrying', attempts: 1, nextAttemptAt: expect.any(String) });
    expect(failed!.lastError).toMatch(/^E[A-Z]+: the directory could not be created$/);
    expect(failed!.lastError).not.toContain(base);
    // Not due yet: nothing runs.
    expect(await runDueFilings(deps)).toEqual([]);
    rmSync(path.join(base, 'blocked'));
    await t.pool.query(`update document_filings set next_attempt_at = now() where provider_id = $1`, [provider.id]);
    expect(await runDueFilings(deps)).toEqual(['filed']);
    expect(await filings(applicationId, provider.id)).toEqual([
      expect.objectContaining({ status: 'filed', attempts: 2, lastError: null }),
    ]);
    expect(existsSync(path.join(base, 'blocked', String(applicationId), 'Loan Summary.pdf'))).toBe(true);
    await admin.post(endpointPath(e.disable, { id: provider.id }));
  });

  it('refuses path traversal: in the settings (422) and from a value, which stays one segment below the root', async () => {
    const valid = { name: 'Escape', providerType: 'FileSystem', uploadTypeIds: [9], fieldMappings: [] };
    for (const [input, field] of [
      [{ ...valid, rootDirectory: '../outside', pathTemplate: '{applicationId}.pdf' }, 'rootDirectory'],
      [{ ...valid, rootDirectory: '/etc', pathTemplate: '{applicationId}.pdf' }, 'rootDirectory'],
      [{ ...valid, rootDirectory: 'ok', pathTemplate: '../{applicationId}.pdf' }, 'pathTemplate'],
      [{ ...valid, rootDirectory: 'ok', pathTemplate: 'a/../../{applicationId}.pdf' }, 'pathTemplate'],
    ] as const) {
      const response = await admin.post(endpointPath(e.create), input);
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: { field: string }[] }>().errors.map((x) => x.field)).toEqual([field]);
    }
    const provider = await fileSystem('Traversal FS', 'traversal', '{memberNumber}/{documentType}.pdf');
    const event = await fundedEvent();
    await t.pool.query(`update loans set member_number = '../../../../escaped' where application_id = $1`, [
      event.applicationId,
    ]);
    await exportLoanSummaryOnFunding({ app: t.app, db: t.db, fileStore: postgresFileStore }, event);
    expect(await runDueFilings(deps)).toEqual(['filed']);
    const [filed] = await filings(event.applicationId, provider.id);
    expect(filed!.location).toBe('_.._.._.._escaped/Loan Summary.pdf');
    expect(existsSync(path.join(base, 'traversal', '_.._.._.._escaped', 'Loan Summary.pdf'))).toBe(true);
    expect(existsSync(path.join(base, '..', 'escaped'))).toBe(false);
    await admin.post(endpointPath(e.disable, { id: provider.id }));
  });

  it('PUTs to an S3-compatible endpoint signed with SigV4 (checked independently), the fields as metadata', async () => {
    const provider = await create(s3Input('Archive S3'));
    const applicationId = await exportSummary();
    expect(await runDueFilings(deps)).toEqual(['filed']);
    const member = await memberOf(applicationId);
    const put = s3.received.at(-1)!;
    expect(put.verdict).toBe('ok');
    expect(put.path).toBe(`/credence-docs/loans/${member}/${applicationId}/Loan Summary.pdf`);
    expect(put.headers['x-amz-meta-memberno']).toBe(member);
    expect(put.headers['x-amz-meta-doc-type']).toBe('Loan Summary');
    expect(put.headers['content-type']).toBe('application/pdf');
    expect(put.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(JSON.stringify(put.headers)).not.toContain(SECRET);
    expect(await filings(applicationId, provider.id)).toEqual([
      expect.objectContaining({
        status: 'filed',
        location: `s3://credence-docs/loans/${member}/${applicationId}/Loan Summary.pdf`,
      }),
    ]);

    // The wrong secret: the endpoint refuses the signature; the reason kept is its status and code only.
    const wrong = await admin.put(endpointPath(e.update, { id: provider.id }), {
      ...s3Input('Archive S3'),
      s3SecretAccessKey: 'not-the-secret',
    });
    expect(wrong.statusCode, wrong.body).toBe(200);
    const second = await exportSummary();
    expect(await runDueFilings(deps)).toEqual(['failed']);
    expect(s3.received.at(-1)!.verdict).toBe('SignatureDoesNotMatch');
    expect(await filings(second, provider.id)).toEqual([
      expect.objectContaining({ status: 'failed', lastError: 'The S3 endpoint answered 403 SignatureDoesNotMatch' }),
    ]);
    await admin.post(endpointPath(e.disable, { id: provider.id }));
  });

  it('never answers the S3 secret: encrypted at rest, kept when an update leaves it out, not in the audit', async () => {
    const created = await admin.post(endpointPath(e.create), s3Input('Secret S3'));
    expect(created.statusCode).toBe(201);
    const row = created.json<DocumentStorageProvider>();
    expect(row.hasS3SecretAccessKey).toBe(true);
    const { s3SecretAccessKey: _left, ...withoutSecret } = s3Input('Secret S3');
    const updated = await admin.put(endpointPath(e.update, { id: row.id }), {
      ...withoutSecret,
      s3Region: 'us-west-2',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<DocumentStorageProvider>()).toMatchObject({
      hasS3SecretAccessKey: true,
      s3Region: 'us-west-2',
    });
    const answers = [
      created.body,
      updated.body,
      (await admin.get(endpointPath(e.get, { id: row.id }))).body,
      (await admin.get(endpointPath(e.list))).body,
    ];
    for (const body of answers) {
      expect(body).not.toContain(SECRET);
      expect(body).not.toContain('s3SecretAccessKey');
    }
    const stored = await t.pool.query<{ s: string }>(
      'select s3_secret_access_key as s from document_storage_providers where id = $1',
      [row.id],
    );
    expect(stored.rows[0]!.s).toMatch(/^v1\./);
    expect(
      createDataProtector(t.config.dataEncryptionKey).decrypt(stored.rows[0]!.s, 'document_storage.s3_secret'),
    ).toBe(SECRET);
    const audit = await t.pool.query<{ details: unknown }>(
      `select details from audit_events where area = 'documentStorageProviders' and record_id = $1`,
      [String(row.id)],
    );
    expect(audit.rows.length).toBe(2);
    expect(JSON.stringify(audit.rows)).not.toContain(SECRET);
    // Another lender's administrator, and a user without the right, see nothing of it.
    expect((await officer.get(endpointPath(e.get, { id: row.id }))).statusCode).toBe(403);
    expect((await officer.get(endpointPath(documentStorageEndpoints.mappableFields))).statusCode).toBe(403);
    const fields = await admin.get(endpointPath(documentStorageEndpoints.mappableFields));
    expect(fields.json<{ key: string }[]>().map((f) => f.key)).toEqual(
      expect.arrayContaining(['documentType', 'memberNumber', 'loanId', 'applicationId', 'fundingDate']),
    );
  });
});
