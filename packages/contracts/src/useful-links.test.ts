import { describe, expect, it } from 'vitest';
import { usefulLinkSchema } from './useful-links.ts';

const accepts = (link: string) => usefulLinkSchema.safeParse({ name: 'Link', link }).success;

describe('useful link targets (issue 30 item 7: the URL standard, http and https only)', () => {
  it.each([
    'https://intranet.summitfcu.example/rates',
    'http://example.com',
    'HTTPS://NCUA.GOV/x?y=1#z',
    'cutimes.com',
    'jdpower.com/values',
    'www.cu.org/rates?term=60',
    '  https://example.com  ',
    'http://intranet:8080/rates',
    'http://10.0.0.5:8443/',
  ])('accepts %j', (link) => expect(accepts(link)).toBe(true));

  it.each([
    'javascript:1;alert(document.cookie)',
    'data:1,<script>alert(1)</script>',
    'file:1//etc/passwd',
    'javascript:alert(1)',
    'JaVaScript:alert(1)',
    'javascript:1',
    'vbscript:1',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'mailto:help@cu.org',
    'intranet:8080/rates',
    '   javascript:alert(1)',
    '\u0001javascript:alert(1)',
    '\u0000https://example.com',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'https://exa\u0085mple.com',
    'http:/x',
    'http:x',
    'https:example.com',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'http:\\\\evil.example',
    'https://bank.example@evil.example',
    'http://',
    'http://exa mple.com',
  ])('refuses %j', (link) => expect(accepts(link)).toBe(false));
});
