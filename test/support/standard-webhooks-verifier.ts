import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * A receiver's verification of a Standard Webhooks delivery, written from the specification
 * (standardwebhooks.com, "Verifying signatures") and not from the service's code, so a test that
 * passes it proves what a third-party receiver would accept:
 * 1. webhook-id, webhook-timestamp and webhook-signature must all be present;
 * 2. the timestamp (integer unix seconds) must be within the tolerance of the receiver's clock;
 * 3. the key is the base64 decoding of the secret after its `whsec_` prefix;
 * 4. the expected signature is base64(HMAC-SHA256(key, "<id>.<timestamp>.<raw body>"));
 * 5. the header is a space-delimited list of `<version>,<signature>`; one `v1` entry equal to the
 *    expected signature (compared in constant time) authenticates the delivery.
 * Returns the parsed body, or throws saying why the delivery is refused.
 */
export function verifyStandardWebhook(
  secret: string,
  headers: IncomingHttpHeaders,
  rawBody: string,
  options: { nowSeconds?: number; toleranceSeconds?: number } = {},
): unknown {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') throw new Error('missing webhook headers');
  if (!/^\d+$/.test(timestamp)) throw new Error('invalid webhook-timestamp');
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300)) throw new Error('timestamp outside the tolerance');
  if (!secret.startsWith('whsec_')) throw new Error('not a whsec_ secret');
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${rawBody}`).digest();
  const matched = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matched) throw new Error('no matching signature');
  return JSON.parse(rawBody);
}
