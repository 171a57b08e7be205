import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { FilingError, type DocumentStorageProvider } from './document-storage.ts';
import { amzDate, encodeS3Path, signV4 } from './sigv4.ts';

export type S3Options = {
  /** `https://s3.us-west-2.amazonaws.com`, `https://minio.example.org:9000` (http only for this machine). */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` (most S3-compatible stores) rather than `bucket.endpoint/key`. */
  forcePathStyle: boolean;
  timeoutMs?: number;
  now?: () => Date;
  /** Name resolution (tests). */
  resolver?: (host: string) => Promise<Resolved[]>;
};

/** A metadata value as an HTTP header value: printable ASCII only, one line, at most 256 characters. */
const headerValue = (value: string) =>
  value
    .replace(/[^\x20-\x7e]/g, '?')
    .trim()
    .slice(0, 256);

/**
 * Addresses never called, whatever the lender typed: link-local (169.254/16 with the cloud metadata address,
 * fe80::/10), unspecified, multicast and reserved. Private and loopback networks stay allowed — a credit union's
 * S3-compatible store (MinIO, Ceph) often lives on its own network — unlike webhooks (platform/outbound-url.ts).
 */
const forbidden = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['169.254.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  forbidden.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  forbidden.addSubnet(net, prefix, 'ipv6');

const isForbidden = (address: string) => {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (v4) return forbidden.check(v4, 'ipv4');
  return forbidden.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
};

export type Resolved = { address: string; family: 4 | 6 };

/** The address to connect to (checked once, then pinned: no second resolution the answer could change in). */
const resolveEndpoint = async (hostname: string, resolver?: (host: string) => Promise<Resolved[]>) => {
  const host = hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  const addresses: Resolved[] = literal
    ? [{ address: host, family: literal === 6 ? 6 : 4 }]
    : await (
        resolver ??
        (async (h: string) =>
          (await dnsLookup(h, { all: true, verbatim: true })).map((a) => ({
            address: a.address,
            family: a.family === 6 ? (6 as const) : (4 as const),
          })))
      )(host).catch(() => {
        throw new FilingError('The S3 endpoint could not be resolved');
      });
  if (addresses.length === 0) throw new FilingError('The S3 endpoint could not be resolved');
  if (addresses.some((a) => isForbidden(a.address)))
    throw new FilingError('The S3 endpoint resolves to a link-local, multicast or reserved address', false);
  return addresses[0]!;
};

const retryableStatus = (status: number) => status >= 500 || status === 408 || status === 429;

/**
 * Any S3-compatible object store, over plain signed HTTP (AWS Signature Version 4 with node:crypto; no SDK): one
 * `PUT Object` of the document at its key, the mapped index fields as object metadata (`x-amz-meta-<field>`), the
 * payload's SHA-256 signed. The request goes to the configured endpoint only: redirects are not followed (a 3xx is
 * a failure), and the secret never leaves this process (only the signature does). A refusal is kept as the store's
 * status and error code (`403 AccessDenied`), never its message or the key.
 */
export const s3Provider = (options: S3Options): DocumentStorageProvider => ({
  file: async (document) => {
    const endpoint = new URL(options.endpoint);
    const host = options.forcePathStyle ? endpoint.host : `${options.bucket}.${endpoint.host}`;
    const objectPath = options.forcePathStyle ? `/${options.bucket}/${document.path}` : `/${document.path}`;
    const encodedPath = encodeS3Path(objectPath);
    const at = (options.now ?? (() => new Date()))();
    const headers: Record<string, string> = {
      host,
      'content-type': document.contentType,
      'x-amz-content-sha256': document.sha256,
      'x-amz-date': amzDate(at),
    };
    for (const [field, value] of Object.entries(document.index))
      headers[`x-amz-meta-${field.toLowerCase()}`] = headerValue(value);
    const { authorization } = signV4({
      method: 'PUT',
      path: encodedPath,
      headers,
      payloadHash: document.sha256,
      region: options.region,
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      at,
    });
    const client = endpoint.protocol === 'https:' ? https : http;
    const pinned = await resolveEndpoint(
      options.forcePathStyle ? endpoint.hostname : `${options.bucket}.${endpoint.hostname}`,
      options.resolver,
    );
    const pinnedLookup: LookupFunction = (_host, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
      else callback(null, pinned.address, pinned.family);
    };
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = client.request(
        {
          method: 'PUT',
          protocol: endpoint.protocol,
          hostname: options.forcePathStyle ? endpoint.hostname : `${options.bucket}.${endpoint.hostname}`,
          port: endpoint.port || undefined,
          path: encodedPath,
          headers: { ...headers, authorization, 'content-length': String(document.content.length) },
          timeout: options.timeoutMs ?? 30_000,
          // The address checked above, whatever the name resolves to now; TLS still checks the name.
          // The address checked above, whatever the name resolves to now; TLS still checks the name.
          lookup: pinnedLookup,
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            if (text.length < 4096) text += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
      request.on('error', reject);
      request.end(document.content);
    }).catch((error: unknown) => {
      const code = (error as { code?: unknown } | null)?.code;
      throw new FilingError(`The S3 endpoint could not be reached${typeof code === 'string' ? ` (${code})` : ''}`);
    });
    if (status >= 200 && status < 300) return { location: `s3://${options.bucket}/${document.path}` };
    if (status >= 300 && status < 400)
      throw new FilingError(`The S3 endpoint answered a redirect (${status}); requests go only to the endpoint set`);
    const code = /<Code>([A-Za-z0-9.]{1,64})<\/Code>/.exec(body)?.[1];
    throw new FilingError(`The S3 endpoint answered ${status}${code ? ` ${code}` : ''}`, retryableStatus(status));
  },
});
