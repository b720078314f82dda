import ipaddr from 'ipaddr.js';
import { parseIp, type ParsedIp, unmapped } from '../../config/ip-address';

/** The most CIDRs an allowlist holds (API.md Part 3 "Operator API tokens and IP allowlists"). */
export const MAX_ALLOWED_IPS = 20;

/** One range of an allowlist, parsed once. */
export interface IpRange {
  readonly address: ParsedIp;
  readonly bits: number;
}

/**
 * The canonical spelling of one allowlist entry, or undefined when it is not one (ADR 0261): an
 * IPv4 or IPv6 CIDR (`10.0.0.0/8`, `2001:db8::/32`) whose address is written as parseIp takes it
 * and has no bits set beyond its prefix (as PostgreSQL's cidr type refuses `10.0.0.1/8`: such an
 * entry is a mistake more often than not), or a single address, which is its own /32 or /128. An
 * IPv4-mapped IPv6 range is the IPv4 range it carries, since client addresses are compared in
 * that form (clientIp). IPv6 is in RFC 5952 form.
 */
export function canonicalCidr(text: string): string | undefined {
  const slash = text.indexOf('/');
  const address = parseIp(slash < 0 ? text : text.slice(0, slash));
  if (!address || text.includes('%')) return undefined;
  const max = address.kind() === 'ipv4' ? 32 : 128;
  let bits = max;
  if (slash >= 0) {
    const suffix = text.slice(slash + 1);
    if (!/^(0|[1-9]\d{0,2})$/.test(suffix)) return undefined;
    bits = Number(suffix);
    if (bits > max) return undefined;
  }
  let range: ParsedIp = address;
  const plain = unmapped(address);
  if (plain !== address && bits >= 96) {
    range = plain;
    bits -= 96;
  }
  const network = ipaddr.fromByteArray(networkBytes(range.toByteArray(), bits));
  if (network.toString() !== range.toString()) return undefined;
  return `${range.toString()}/${bits}`;
}

/** The bytes of an address with every bit after the first `bits` cleared. */
function networkBytes(bytes: number[], bits: number): number[] {
  return bytes.map((byte, i) => {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    return byte & ((0xff << (8 - keep)) & 0xff);
  });
}

/** The ranges of an empty allowlist (any address), shared by every record without one. */
const NO_RANGES: readonly IpRange[] = Object.freeze([]);

/** Parses canonical entries (as canonicalCidr wrote them) once, for `ipAllowed`. */
export function parseAllowlist(entries: readonly string[]): readonly IpRange[] {
  if (entries.length === 0) return NO_RANGES;
  return entries.map((entry) => {
    const [address, bits] = ipaddr.parseCIDR(entry);
    return { address, bits };
  });
}

/**
 * Whether a client address (clientIp's canonical spelling) is in the allowlist; an empty list
 * allows every address. An address that does not parse is in no range.
 */
export function ipAllowed(clientIp: string, ranges: readonly IpRange[]): boolean {
  if (ranges.length === 0) return true;
  const ip = parseIp(clientIp);
  if (!ip) return false;
  const client = unmapped(ip);
  return ranges.some((r) => r.address.kind() === client.kind() && client.match(r.address, r.bits));
}
