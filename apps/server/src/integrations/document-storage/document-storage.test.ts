import { mkdtempSync, rmSync, symlinkSync, mkdirSync, readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileSystemProvider } from './file-system-provider.ts';
import { fillPathTemplate, sanitiseSegment } from './path-template.ts';
import { s3Provider } from './s3-provider.ts';
import { sha256Hex, signV4 } from './sigv4.ts';

describe('SigV4 (AWS documented example: PUT Object)', () => {
  it('signs the documented request to the documented signature', () => {
    const body = 'Welcome to Amazon S3.';
    const hash = sha256Hex(body);
    expect(hash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signed = signV4({
      method: 'PUT',
      path: '/test%24file.text',
      headers: {
        Host: 'examplebucket.s3.amazonaws.com',
        Date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-date': '20130524T000000Z',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': hash,
      },
      payloadHash: hash,
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      at: new Date('2013-05-24T00:00:00Z'),
    });
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
    expect(signed.authorization).toContain(
      'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class',
    );
  });
});

describe('path templates', () => {
  it('keeps each value inside one segment: no traversal, no absolute path, no new directory', () => {
    expect(sanitiseSegment('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(sanitiseSegment('/abs')).toBe('_abs');
    expect(sanitiseSegment('..')).toBe('unknown');
    expect(sanitiseSegment(null)).toBe('unknown');
    expect(
      fillPathTemplate('{memberNumber}/{applicationId}/{documentType}.pdf', {
        memberNumber: '../../..',
        applicationId: '12',
        documentType: 'Loan Summary',
      }),
    ).toBe('_.._../12/Loan Summary.pdf');
    expect(() => fillPathTemplate('../{applicationId}', { applicationId: '1' })).toThrow(/safe relative path/);
    expect(() => fillPathTemplate('{nope}.pdf', { applicationId: '1' })).toThrow(/unknown field/);
  });
});

describe('file-system provider', () => {
  const base = mkdtempSync(path.join(os.tmpdir(), 'doc-storage-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));
  const document = (p: string) => ({
    path: p,
    content: Buffer.from('%PDF-1.4 test'),
    sha256: sha256Hex('%PDF-1.4 test'),
    contentType: 'application/pdf',
    index: { MemberNo: '100234' },
  });

  it('writes the document and its sidecar below the root', async () => {
    const result = await fileSystemProvider({ base, rootDirectory: 'summit' }).file(document('100234/7/Loan.pdf'));
    expect(result.location).toBe('100234/7/Loan.pdf');
    expect(readFileSync(path.join(base, 'summit/100234/7/Loan.pdf'), 'utf8')).toBe('%PDF-1.4 test');
    expect(JSON.parse(readFileSync(path.join(base, 'summit/100234/7/Loan.pdf.json'), 'utf8')).fields).toEqual({
      MemberNo: '100234',
    });
  });

  it('refuses a root or path that leaves the storage root, and a symbolic link out of it', async () => {
    await expect(fileSystemProvider({ base, rootDirectory: '../x' }).file(document('a.pdf'))).rejects.toThrow(
      /safe relative path/,
    );
    await expect(fileSystemProvider({ base, rootDirectory: 'ok' }).file(document('../../a.pdf'))).rejects.toThrow(
      /safe relative path/,
    );
    const outside = mkdtempSync(path.join(os.tmpdir(), 'doc-outside-'));
    mkdirSync(path.join(base, 'linked'), { recursive: true });
    symlinkSync(outside, path.join(base, 'linked', 'out'));
    await expect(fileSystemProvider({ base, rootDirectory: 'linked' }).file(document('out/a.pdf'))).rejects.toThrow(
      /outside the storage root/,
    );
    expect(existsSync(path.join(outside, 'a.pdf'))).toBe(false);
    rmSync(outside, { recursive: true, force: true });
  });
});

describe('S3 provider', () => {
  it('never calls a link-local address (the cloud metadata service), typed or resolved', async () => {
    const document = {
      path: 'a.pdf',
      content: Buffer.from('x'),
      sha256: sha256Hex('x'),
      contentType: 'application/pdf',
      index: {},
    };
    const options = { region: 'us-east-1', bucket: 'b', accessKeyId: 'a', secretAccessKey: 's', forcePathStyle: true };
    await expect(s3Provider({ ...options, endpoint: 'http://169.254.169.254' }).file(document)).rejects.toThrow(
      /link-local/,
    );
    const resolver = () => Promise.resolve([{ address: '169.254.169.254', family: 4 as const }]);
    await expect(
      s3Provider({ ...options, endpoint: 'https://metadata.example.org', resolver }).file(document),
    ).rejects.toThrow(/link-local/);
  });
});
