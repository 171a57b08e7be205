import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3 requests, with node:crypto only (no SDK): the canonical request, the string to
 * sign and the signing key as AWS documents them ("Authenticating Requests: Using the Authorization Header"). S3
 * object paths are encoded once (RFC 3986 unreserved characters kept, `/` kept), never twice as other services do.
 */

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 percent-encoding of a path: every byte but the unreserved characters and `/`. */
export const encodeS3Path = (path: string) =>
  path
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join('/');

/** `20130524T000000Z` */
export const amzDate = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export type SignInput = {
  method: string;
  /** The encoded path as sent (encodeS3Path of the object's path). */
  path: string;
  /** Every header to send and sign, `host` included; names in any case. */
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  service?: string;
  accessKeyId: string;
  secretAccessKey: string;
  at: Date;
};

export type Signature = { authorization: string; signature: string; canonicalRequest: string; stringToSign: string };

/** Signs a request without a query string; `headers` must already hold `x-amz-date` and `x-amz-content-sha256`. */
export const signV4 = (input: SignInput): Signature => {
  const service = input.service ?? 's3';
  const date = amzDate(input.at);
  const day = date.slice(0, 8);
  const headers = Object.entries(input.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = headers.map(([name]) => name).join(';');
  const canonicalRequest = [
    input.method,
    input.path,
    '',
    headers.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  return {
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    signature,
    canonicalRequest,
    stringToSign,
  };
};
