import ipaddr from 'ipaddr.js';
import { canonicalIp, normalizeIp, parseIp, unmapped } from '../../config/ip-address';
import type { IncomingMessage } from 'node:http';

export { normalizeIp };

/** Whether `suffix` is ":" and a port number, the end of "1.2.3.4:4711" or "[2001:db8::1]:443". */
const isPortSuffix = (suffix: string) => /^:\d{1,5}$/.test(suffix) && Number(suffix.slice(1)) <= 65535;

/**
 * The address of one x-forwarded-for entry, in its canonical spelling (canonicalIp), or undefined
 * when the entry is not an address. Load balancers write "1.2.3.4", "1.2.3.4:4711" (Azure
 * Application Gateway), "[2001:db8::1]:443", "[2001:db8::1]", "::ffff:1.2.3.4" (dual-stack
 * listeners) in any case; the port and the brackets are not part of the client's address.
 */
export function forwardedAddress(entry: string): string | undefined {
  let host = entry;
  if (host.startsWith('[')) {
    const close = host.indexOf(']');
    if (close < 0) return undefined;
    const rest = host.slice(close + 1);
    if (rest !== '' && !isPortSuffix(rest)) return undefined;
    host = host.slice(1, close);
  } else {
    const colon = host.indexOf(':');
    // One colon only: an IPv4 address and a port (an IPv6 address has at least two).
    if (colon >= 0 && colon === host.lastIndexOf(':')) {
      if (!isPortSuffix(host.slice(colon))) return undefined;
      host = host.slice(0, colon);
    }
  }
  return canonicalIp(host);
}

/**
 * The direct peer as Node gives it: IPv4 as the kernel wrote it, or "::ffff:a.b.c.d" on a
 * dual-stack listener (the usual case), are taken as they are, and so is any IPv6 peer when no
 * proxy is trusted (Node writes it in RFC 5952 form already): no parse on the path every request
 * takes. With TRUSTED_PROXY_IPS set, an IPv6 peer goes through the parser that normalised them.
 */
function peerIp(remote: string | undefined, parse: boolean): string {
  if (!remote) return '';
  if (!remote.includes(':')) return remote;
  if (remote.startsWith('::ffff:') && remote.includes('.')) return remote.slice(7);
  return parse ? normalizeIp(remote) : remote;
}

/**
 * The client address of a request, in its canonical spelling: the direct peer, unless the peer is
 * one of TRUSTED_PROXY_IPS (canonical too, config/ip-address.ts); then x-forwarded-for is walked
 * right to left, each entry read by forwardedAddress: trusted proxies are skipped, and the first
 * other address is the client. An entry that is not an address (garbage, "unknown") ends the walk:
 * it and everything left of it are untrusted input, so the client is the last trusted hop seen,
 * the one that passed it on (never a bucket of the garbage's own). All hops trusted: the left-most.
 * The one helper used by the machine rate limiter and the login, reset and partner throttles.
 */
export function clientIp(req: IncomingMessage, trustedProxies: ReadonlySet<string>): string {
  const peer = peerIp(req.socket.remoteAddress, trustedProxies.size > 0);
  if (trustedProxies.size === 0 || !trustedProxies.has(peer)) return peer;
  const header = req.headers['x-forwarded-for'];
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return peer;
  const hops = value.split(',');
  let lastTrusted = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const entry = hops[i].trim();
    if (entry === '') continue;
    const hop = forwardedAddress(entry);
    if (hop === undefined) return lastTrusted;
    if (!trustedProxies.has(hop)) return hop;
    lastTrusted = hop;
  }
  return lastTrusted;
}

/**
 * The bucket an address is counted in: IPv4 per address, IPv6 per /64 prefix (one subscriber
 * usually holds a whole /64, so per-address counting would be trivially evaded), written as its
 * four leading groups ("2001:db8:1:2::/64"). An IPv4-mapped address is its IPv4 address.
 */
export function ipBucket(address: string): string {
  const text = address.trim();
  // No colon, no IPv6: an IPv4 address (clientIp's answers are canonical) needs no parse.
  if (!text.includes(':')) return text;
  const ip = parseIp(text);
  if (ip === undefined) return text;
  const plain = unmapped(ip);
  if (!(plain instanceof ipaddr.IPv6)) return plain.toString();
  return `${plain.parts
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
