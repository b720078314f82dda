import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, isIPv4, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { parseIp } from '../core/config/ip-address';

/**
 * Which addresses an outgoing webhook may reach under the `public` URL policy (API.md: "must not
 * resolve to a private, loopback or link-local address"): none of the special-purpose ranges of
 * the IANA IPv4 and IPv6 registries that are not globally reachable (RFC 6890 and its updates),
 * plus multicast. Every address is parsed first (config/ip-address.ts: Node's strict syntax, then
 * ipaddr.js) and judged on its value, never on its spelling. IPv6 forms that embed an IPv4 address
 * are judged by the address they embed when a connection to them reaches that address
 * (IPv4-mapped, the well-known NAT64 prefix), and refused whatever they embed otherwise
 * (IPv4-compatible, IPv4-translated, local-use NAT64, 6to4, Teredo: where they lead depends on a
 * translator, a tunnel or a deprecated rule we cannot see). ADR 0225.
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
  ['::', 96], // IPv4-compatible (deprecated, RFC 4291): "::127.0.0.1"; holds the two above
  ['::ffff:0:0:0', 96], // IPv4-translated (RFC 6145, SIIT): "::ffff:0:127.0.0.1"
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
/** IPv6 ranges whose last 32 bits are an IPv4 address a connection reaches: judged by that address. */
const EMBEDDING_V6: [string, number][] = [
  ['::ffff:0:0', 96], // IPv4-mapped: a dual-stack socket connects to the IPv4 address itself
  ['64:ff9b::', 96], // well-known NAT64 prefix (RFC 6052): DNS64 writes public IPv4 hosts this way
];

const v4Ranges = BLOCKED_V4.map(([net, prefix]): [ipaddr.IPv4, number] => [ipaddr.IPv4.parse(net), prefix]);
const v6Ranges = BLOCKED_V6.map(([net, prefix]): [ipaddr.IPv6, number] => [ipaddr.IPv6.parse(net), prefix]);
const embedding = EMBEDDING_V6.map(([net, prefix]): [ipaddr.IPv6, number] => [ipaddr.IPv6.parse(net), prefix]);

const isPublicV4 = (ip: ipaddr.IPv4) => !v4Ranges.some((range) => ip.match(range));

/** Whether an IP address (v4 or v6, any spelling, with or without a zone) is one a public webhook may reach. */
export function isPublicAddress(address: string): boolean {
  const ip = parseIp(address);
  if (ip === undefined) return false;
  if (ip instanceof ipaddr.IPv4) return isPublicV4(ip);
  if (embedding.some((range) => ip.match(range))) return isPublicV4(new ipaddr.IPv4(ip.toByteArray().slice(12)));
  return !v6Ranges.some((range) => ip.match(range));
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
