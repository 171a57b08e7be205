import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { IMMUTABLE_CACHE } from './web-static.ts';

/** A tiny built web app, as `vite build` + the precompress plugin leave it (issue 17, item 10). */
const script = `console.log(${JSON.stringify('Credence '.repeat(200))});\n`;
const indexHtml =
  '<!doctype html><html lang="en"><head><title>Credence</title></head><body><div id="root"></div></body></html>';
const asset = '/assets/index-AbC123xy.js';

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'credence-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const file = path.join(dist, asset);
  writeFileSync(file, script);
  writeFileSync(`${file}.br`, brotliCompressSync(script));
  writeFileSync(`${file}.gz`, gzipSync(script));
  writeFileSync(path.join(dist, 'index.html'), indexHtml);
  writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(indexHtml));
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ WEB_DIST: dist });
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('sends a hashed asset precompressed with brotli when the browser accepts it, cached for a year', async () => {
    const response = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a browser without brotli, and the plain file to one that accepts neither', async () => {
    const gzip = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'identity' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('answers index.html with no-cache, for / and for every page of the app (the SPA fallback)', async () => {
    for (const url of ['/', '/home', '/application/42?tab=files', '/index.html']) {
      const response = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      // No .br twin of index.html here: the gzip one is sent.
      expect(response.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(response.rawPayload).toString(), url).toBe(indexHtml);
    }
    const plain = await t.app.inject({ url: '/home' });
    expect(plain.body).toBe(indexHtml);
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('revalidates unhashed files, keeps no-store on the API and answers 404 for a missing asset', async () => {
    const favicon = await t.app.inject({ url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');

    const api = await t.app.inject({ url: '/api/no-such-route' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['cache-control']).toBe('no-store');

    const missing = await t.app.inject({ url: '/assets/index-Gone0000.js', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('does not serve the compressed twins or build metadata as pages of their own type', async () => {
    const twin = await t.app.inject({ url: `${asset}.br` });
    // A direct request for a twin gets the bytes as a download, never as a script with a wrong encoding.
    expect(twin.headers['content-encoding']).toBeUndefined();
    const manifest = await t.app.inject({ url: '/.vite/manifest.json' });
    expect(manifest.statusCode).toBe(404);
  });
});
