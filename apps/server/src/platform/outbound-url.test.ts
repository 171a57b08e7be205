import { describe, expect, it } from 'vitest';
import { checkOutboundUrl, isPublicAddress, mappedIPv4, type Resolver } from './outbound-url.ts';

const resolvesTo =
  (...addresses: string[]): Resolver =>
  () =>
    Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const));

describe('outbound URL guard', () => {
  it.each([
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '127.0.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'fc00::1',
    '::ffff:10.0.0.1',
    '::ffff:a00:1',
    '::ffff:8.8.8.8',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('reads IPv4-mapped addresses in both spellings', () => {
    expect(mappedIPv4('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(mappedIPv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(mappedIPv4('2001:db8::1')).toBeNull();
  });

  it('allows https to a public host and refuses http', async () => {
    const ok = await checkOutboundUrl('https://hooks.example.com/x', { resolver: resolvesTo('93.184.216.34') });
    expect(ok).toMatchObject({ ok: true, address: { address: '93.184.216.34' } });
    const http = await checkOutboundUrl('http://hooks.example.com/x', { resolver: resolvesTo('93.184.216.34') });
    expect(http).toMatchObject({ ok: false, message: 'Webhook URLs must use https.' });
  });

  it('refuses a host when any of its addresses is private (DNS answers are all checked)', async () => {
    const mixed = await checkOutboundUrl('https://rebind.example.com/', {
      resolver: resolvesTo('93.184.216.34', '10.0.0.5'),
    });
    expect(mixed).toMatchObject({ ok: false, code: 'private' });
    expect(mixed.ok ? '' : mixed.message).toContain('10.0.0.5');
  });

  it('allows loopback over http only with the setting on', async () => {
    expect(await checkOutboundUrl('http://127.0.0.1:9999/', { allowLoopback: false })).toMatchObject({ ok: false });
    expect(await checkOutboundUrl('https://[::1]:9999/', { allowLoopback: false })).toMatchObject({ ok: false });
    expect(await checkOutboundUrl('http://127.0.0.1:9999/', { allowLoopback: true })).toMatchObject({ ok: true });
    expect(
      await checkOutboundUrl('http://localhost:9999/', {
        allowLoopback: true,
        resolver: resolvesTo('127.0.0.1', '::1'),
      }),
    ).toMatchObject({ ok: true });
    // The allowance is for loopback only: a private address stays refused.
    expect(await checkOutboundUrl('http://10.0.0.1/', { allowLoopback: true })).toMatchObject({ ok: false });
    expect(await checkOutboundUrl('https://10.0.0.1/', { allowLoopback: true })).toMatchObject({ ok: false });
  });

  it('refuses other schemes, credentials and names that do not resolve', async () => {
    expect(await checkOutboundUrl('ftp://example.com/')).toMatchObject({ ok: false, code: 'scheme' });
    expect(await checkOutboundUrl('not a url')).toMatchObject({ ok: false, code: 'url' });
    expect(
      await checkOutboundUrl('https://user:pw@hooks.example.com/', { resolver: resolvesTo('93.184.216.34') }),
    ).toMatchObject({ ok: false, code: 'url' });
    const failing: Resolver = () => Promise.reject(new Error('ENOTFOUND'));
    expect(await checkOutboundUrl('https://nowhere.invalid/', { resolver: failing })).toMatchObject({
      ok: false,
      code: 'unresolved',
    });
  });
});
