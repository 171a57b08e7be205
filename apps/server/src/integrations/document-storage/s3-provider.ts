import http from 'node:http';
import https from 'node:https';
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
};

/** A metadata value as an HTTP header value: printable ASCII only, one line, at most 256 characters. */
const headerValue = (value: string) =>
  value
    .replace(/[^\x20-\x7e]/g, '?')
    .trim()
    .slice(0, 256);

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
