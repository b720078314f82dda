import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export type ParsedIp = ipaddr.IPv4 | ipaddr.IPv6;

/** `::a.b.c.d` alone: RFC 4291's IPv4-compatible form, which ipaddr.js reads as IPv4-mapped. */
const IPV4_COMPATIBLE_TEXT = /^::\d+\.\d+\.\d+\.\d+$/;

/** The text without an IPv6 zone id ("fe80::1%eth0"): the zone names an interface of the host that wrote it. */
const zoneless = (text: string): string => {
  const percent = text.indexOf('%');
  return percent < 0 || !text.includes(':') ? text : text.slice(0, percent);
};

/**
 * Parses one IP address written the standard way: dotted-quad IPv4 without leading zeros, or IPv6
 * in any case, compressed or not, with or without a trailing dotted IPv4 part, a zone id dropped;
 * undefined for anything else. The text is first held to Node's own strict rule (isIP), since
 * ipaddr.js alone also takes "127.1", "0x7f.0.0.1", "2130706433" and even "4711" for IPv4;
 * ipaddr.js then gives the parsed value.
 */
export function parseIp(text: string): ParsedIp | undefined {
  const ip = zoneless(text);
  const family = isIP(ip);
  if (family === 4) return ipaddr.IPv4.parse(ip);
  if (family !== 6) return undefined;
  // "0::a.b.c.d" is the same address, and ipaddr.js reads that one as written.
  return ipaddr.IPv6.parse(IPV4_COMPATIBLE_TEXT.test(ip) ? `0${ip}` : ip);
}

/** ::ffff:0:0/96 (RFC 4291). Matched directly: ipaddr.js's isIPv4MappedAddress walks its whole range table. */
const IPV4_MAPPED = ipaddr.IPv6.parseCIDR('::ffff:0:0/96');

/** The IPv4 address an IPv4-mapped IPv6 address carries, else the address itself. */
export function unmapped(ip: ParsedIp): ParsedIp {
  return ip instanceof ipaddr.IPv6 && ip.match(IPV4_MAPPED) ? ipaddr.fromByteArray(ip.toByteArray().slice(12)) : ip;
}

/**
 * The one spelling of an IP address, or undefined when the text is not one (see parseIp): IPv4
 * dotted; IPv4-mapped IPv6 (::ffff:a.b.c.d, in any case, dotted or in hex) as the IPv4 address it
 * carries; other IPv6 in RFC 5952 form (lower case, the longest run of zero groups compressed);
 * no zone id. So "2001:DB8::1" and "2001:db8:0::1" are one address, and "::FFFF:1.2.3.4" is "1.2.3.4".
 */
export function canonicalIp(text: string): string | undefined {
  const ip = zoneless(text);
  const family = isIP(ip);
  // Node's rule for IPv4 (four decimal parts, no leading zeros) admits only the canonical spelling.
  if (family === 4) return ip;
  if (family !== 6) return undefined;
  return unmapped(parseIp(ip)!).toString();
}

/**
 * The canonical spelling of an address (canonicalIp), or the trimmed text itself when it is not
 * an IP address. TRUSTED_PROXY_IPS is normalised with it at start-up (an entry that is not an
 * address is refused there); the request-side helpers (core/common/http/client-ip.ts) read the
 * peer and the x-forwarded-for hops with the same parser.
 */
export function normalizeIp(text: string): string {
  const trimmed = text.trim();
  return canonicalIp(trimmed) ?? trimmed;
}
