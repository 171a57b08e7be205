import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

/** Secrets given, so loading writes nothing under DATA_DIR. */
const load = (env: Record<string, string>) =>
  loadConfig({
    JWT_SECRET: 'x'.repeat(40),
    DATA_ENCRYPTION_KEY: Buffer.alloc(32).toString('base64'),
    ...env,
  });

describe('PUBLIC_URL (issue 30, item 1)', () => {
  it("defaults to the server's own address, a wildcard host read as localhost", () => {
    expect(load({}).publicUrl).toBe('http://localhost:3000');
    expect(load({ HOST: '127.0.0.1', PORT: '3105' }).publicUrl).toBe('http://127.0.0.1:3105');
    expect(load({ HOST: '::', PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(load({ HOST: '::1' }).publicUrl).toBe('http://[::1]:3000');
  });

  it('keeps an http(s) origin, without a trailing slash', () => {
    expect(load({ PUBLIC_URL: 'https://credence.example.org/' }).publicUrl).toBe('https://credence.example.org');
    expect(load({ PUBLIC_URL: 'HTTP://Credence.Example.org:8443' }).publicUrl).toBe('http://credence.example.org:8443');
  });

  it.each([
    ['nope', 'Invalid URL'],
    ['ftp://credence.example.org', 'must be an http:// or https:// URL'],
    ['https://user:secret@credence.example.org', 'must not hold credentials'],
    ['https://credence.example.org/app', 'must be an origin only'],
    ['https://credence.example.org/?next=x', 'must be an origin only'],
    ['https://credence.example.org/#top', 'must be an origin only'],
  ])('refuses %s at start', (value, message) => {
    expect(() => load({ PUBLIC_URL: value })).toThrow(message);
  });
});
