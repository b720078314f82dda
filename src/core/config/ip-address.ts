/**
 * Strips the IPv4-mapped IPv6 prefix so "::ffff:127.0.0.1" and "127.0.0.1" are one address.
 * Here, in config, because TRUSTED_PROXY_IPS is normalised with it at start-up; the request-side
 * helpers (core/common/http/client-ip.ts) use the same function.
 */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim();
  return trimmed.startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed;
}
