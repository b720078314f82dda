import { isIPv6 } from 'node:net';
import { normalizeIp } from '../../config/ip-address';
import type { IncomingMessage } from 'node:http';

export { normalizeIp };

/**
 * The client address of a request: the direct peer, unless the peer is one of TRUSTED_PROXY_IPS,
 * in which case the right-most x-forwarded-for entry that is not itself a trusted proxy.
 * The one helper used by the machine rate limiter and the login throttles.
 */
export function clientIp(req: IncomingMessage, trustedProxies: ReadonlySet<string>): string {
  const peer = normalizeIp(req.socket.remoteAddress ?? '');
  if (trustedProxies.size === 0 || !trustedProxies.has(peer)) return peer;
  const header = req.headers['x-forwarded-for'];
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return peer;
  const hops = value
    .split(',')
    .map(normalizeIp)
    .filter((h) => h.length > 0);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!trustedProxies.has(hops[i])) return hops[i];
  }
  return hops[0] ?? peer;
}

/**
 * The bucket an address is counted in: IPv4 per address, IPv6 per /64 prefix (one subscriber
 * usually holds a whole /64, so per-address counting would be trivially evaded).
 */
export function ipBucket(address: string): string {
  const ip = normalizeIp(address);
  // No colon, no IPv6: skips isIPv6's long regular expression for every IPv4 peer.
  if (!ip.includes(':') || !isIPv6(ip)) return ip;
  const expanded = expandIPv6(ip);
  return `${expanded.slice(0, 4).join(':')}::/64`;
}

function expandIPv6(ip: string): string[] {
  const zoneless = ip.split('%')[0];
  const [head, tail] = zoneless.split('::') as [string, string | undefined];
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const parts = tail === undefined ? headParts : [...headParts, ...Array(Math.max(missing, 0)).fill('0'), ...tailParts];
  return parts.map((p) => (p === '' ? '0' : p.toLowerCase().replace(/^0+(?=.)/, '')));
}
