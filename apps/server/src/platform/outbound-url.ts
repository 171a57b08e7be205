import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Outgoing requests to addresses a lender's administrator typed (webhooks): the SSRF guard. A URL is allowed only
 * when it is `https` and EVERY address its host resolves to is public — not private (10/8, 172.16/12, 192.168/16),
 * loopback, link-local (169.254/16 and its cloud metadata address, fe80::/10), CGNAT (100.64/10), unspecified,
 * multicast, reserved or documentation ranges, IPv6 unique-local (fc00::/7), and not an IPv4 address hidden in
 * IPv6 (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16, Teredo 2001::/32; a mapped address is
 * judged as the IPv4 address it carries). IPv6 must be global unicast (2000::/3).
 *
 * The check runs when an endpoint is saved (422 on `url`) AND before every delivery, which then connects to the
 * address that was checked (`pinnedLookup`), so a DNS answer that changes between the check and the connection
 * (rebinding) cannot reach another address. The caller follows no redirect.
 *
 * `WEBHOOKS_ALLOW_LOOPBACK=true` (tests, the demo) also allows loopback hosts — 127.0.0.0/8, ::1, `localhost` — over
 * http or https; nothing else.
 */

const blockedV4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blockedV4.addSubnet(net, prefix, 'ipv4');

const globalV6 = new BlockList();
globalV6.addSubnet('2000::', 3, 'ipv6');
const blockedV6 = new BlockList();
for (const [net, prefix] of [
  ['2001::', 32], // Teredo
  ['2001::', 23], // IETF protocol assignments
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (may carry a private IPv4)
  ['3fff::', 20], // documentation
] as const)
  blockedV6.addSubnet(net, prefix, 'ipv6');

const loopbackV4 = new BlockList();
loopbackV4.addSubnet('127.0.0.0', 8, 'ipv4');

/** The IPv4 address an IPv4-mapped IPv6 address carries (`::ffff:10.0.0.1`, `::ffff:a00:1`), else null. */
export const mappedIPv4 = (address: string): string | null => {
  const lower = address.toLowerCase();
  const prefix = /^(?:::|(?:0{1,4}:){5})ffff:/.exec(lower);
  if (!prefix) return null;
  const rest = lower.slice(prefix[0].length);
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(rest);
  if (!hex) return null;
  const hi = Number.parseInt(hex[1]!, 16);
  const lo = Number.parseInt(hex[2]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
};

export const isLoopbackAddress = (address: string): boolean => {
  const mapped = isIP(address) === 6 ? mappedIPv4(address) : null;
  if (mapped) return loopbackV4.check(mapped, 'ipv4');
  if (isIP(address) === 4) return loopbackV4.check(address, 'ipv4');
  return address === '::1' || /^(0{0,4}:){7}0{0,3}1$/.test(address);
};

/** Whether an address may be called: public unicast only (see the module comment). */
export const isPublicAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 4) return !blockedV4.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = mappedIPv4(address);
  if (mapped) return false; // IPv4-mapped: never connect through it, whatever it carries
  if (address.toLowerCase().startsWith('64:ff9b:')) return false; // NAT64
  return globalV6.check(address, 'ipv6') && !blockedV6.check(address, 'ipv6');
};

let allowLoopbackSetting = process.env.WEBHOOKS_ALLOW_LOOPBACK === 'true';
/** Tests turn the loopback allowance on and off (and put it back). */
export const setAllowLoopback = (allow: boolean) => {
  const before = allowLoopbackSetting;
  allowLoopbackSetting = allow;
  return before;
};
export const allowLoopback = () => allowLoopbackSetting;

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export type OutboundCheck =
  | { ok: true; url: URL; address: ResolvedAddress }
  | { ok: false; message: string; code: 'scheme' | 'url' | 'unresolved' | 'private' };

export const outboundMessages = {
  invalid: 'Enter a full URL, such as https://hooks.example.com/credence.',
  https: 'Webhook URLs must use https.',
  credentials: 'A webhook URL may not carry a user name or password.',
  unresolved: 'This host name could not be resolved.',
  private: (address: string) =>
    `This address resolves to ${address}, a private, loopback or link-local network address: webhooks are only sent to public addresses.`,
} as const;

/**
 * Checks a URL for an outgoing request (see the module comment) and answers the first allowed address to connect
 * to, or why it is refused. `resolver` is for tests.
 */
export const checkOutboundUrl = async (
  raw: string,
  options: { allowLoopback?: boolean; resolver?: Resolver } = {},
): Promise<OutboundCheck> => {
  const loopbackAllowed = options.allowLoopback ?? allowLoopbackSetting;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, code: 'url', message: outboundMessages.invalid };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, code: 'scheme', message: outboundMessages.https };
  if (url.username || url.password) return { ok: false, code: 'url', message: outboundMessages.credentials };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolver ?? systemResolver)(host);
    } catch {
      return { ok: false, code: 'unresolved', message: outboundMessages.unresolved };
    }
    if (addresses.length === 0) return { ok: false, code: 'unresolved', message: outboundMessages.unresolved };
  }
  const loopbackHost = addresses.every((a) => isLoopbackAddress(a.address));
  const allowedLoopback = loopbackAllowed && loopbackHost;
  if (url.protocol === 'http:' && !allowedLoopback)
    return { ok: false, code: 'scheme', message: outboundMessages.https };
  if (!allowedLoopback) {
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) return { ok: false, code: 'private', message: outboundMessages.private(refused.address) };
  }
  return { ok: true, url, address: addresses[0]! };
};

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | { address: string; family: number }[],
  family?: number,
) => void;

/** A `lookup` for http(s).request that answers the checked address whatever the name: no second resolution. */
export const pinnedLookup =
  (pinned: ResolvedAddress) =>
  (_hostname: string, options: { all?: boolean } | number | undefined, callback: LookupCallback) => {
    if (typeof options === 'object' && options?.all)
      callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
