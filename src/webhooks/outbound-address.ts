import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, isIPv4, type LookupFunction } from 'node:net';

/**
 * Which addresses an outgoing webhook may reach under the `public` URL policy (API.md: "must not
 * resolve to a private, loopback or link-local address"): none of the special-purpose ranges of
 * the IANA IPv4 and IPv6 registries that are not globally reachable (RFC 6890 and its updates),
 * plus multicast. IPv6 forms that embed an IPv4 address (IPv4-mapped, NAT64) are judged by the
 * address they embed; 6to4 and Teredo, which tunnel to an address we cannot see, are refused.
 */
const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the limited broadcast address
];
const BLOCKED_V6: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const blocked = new BlockList();
for (const [net, prefix] of BLOCKED_V4) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of BLOCKED_V6) blocked.addSubnet(net, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const first = parse(head);
  const last = tail === undefined ? [] : parse(tail);
  const zeros = tail === undefined ? [] : new Array<number>(8 - first.length - last.length).fill(0);
  return [...first, ...zeros, ...last];
}

const v4FromGroups = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** Whether an IP address (v4 or v6, with or without a zone) is one a public webhook may reach. */
export function isPublicAddress(address: string): boolean {
  const ip = address.split('%')[0];
  const family = isIP(ip);
  if (family === 4) return !blocked.check(ip, 'ipv4');
  if (family !== 6) return false;
  const g = ipv6Groups(ip.toLowerCase());
  // IPv4-mapped (::ffff:a.b.c.d) and the well-known NAT64 prefix (64:ff9b::/96) carry an IPv4 address.
  const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0);
  if (mapped || nat64) return isPublicAddress(v4FromGroups(g[6], g[7]));
  return !blocked.check(ip, 'ipv6');
}

/** A name or address the `public` policy refuses (the message names the address, never a secret). */
export class AddressNotAllowedError extends Error {
  readonly code = 'WEBHOOK_ADDRESS_NOT_ALLOWED';
  constructor(readonly address: string) {
    super(`address not allowed: ${address}`);
  }
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

/** Every address the system resolver gives for a name (as connections would use them). */
export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, order: 'verbatim' }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/** Host of a URL without IPv6 brackets. */
export const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Resolves a host and checks every address it resolves to: one private address is enough to
 * refuse (a name with a public and a private record must not reach the private one).
 */
export async function resolvePublicAddresses(host: string, resolve: Resolver = systemResolver): Promise<LookupAddress[]> {
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw new AddressNotAllowedError(host);
    return [{ address: host, family: isIPv4(host) ? 4 : 6 }];
  }
  const addresses = await resolve(host);
  if (addresses.length === 0) throw Object.assign(new Error(`${host} does not resolve`), { code: 'ENOTFOUND' });
  const refused = addresses.find((a) => !isPublicAddress(a.address));
  if (refused) throw new AddressNotAllowedError(refused.address);
  return addresses;
}

/**
 * A `lookup` for outgoing connections under the `public` policy: the connection goes to an
 * address checked at connect time, so a name that resolved to a public address when the
 * subscription was saved and to a private one now (DNS rebinding) is refused, and no second
 * resolution happens between the check and the connect.
 */
export function guardedLookup(resolve: Resolver = systemResolver): LookupFunction {
  return ((hostname: string, options: { all?: boolean; family?: number | string }, callback: (...args: unknown[]) => void) => {
    resolvePublicAddresses(hostname, resolve).then(
      (addresses) => {
        const family = options.family === 6 || options.family === 'IPv6' ? 6 : options.family === 4 || options.family === 'IPv4' ? 4 : 0;
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        if (usable.length === 0)
          return callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }));
        if (options.all) callback(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      },
      (err: Error) => callback(err),
    );
  }) as LookupFunction;
}
