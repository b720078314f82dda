import { createHmac, timingSafeEqual } from 'node:crypto';

/** API.md: a signature more than 5 minutes away from our clock is refused (replays). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureVerdict = 'valid' | 'missing_signature' | 'invalid_signature' | 'signature_expired';

/** `t=<unix>,v1=<hex>[,v1=<hex>...]` (other schemes, such as v0, are ignored), or null when malformed. */
export function parseSignatureHeader(header: string): { timestamp: number; v1: string[] } | null {
  let timestamp: number | undefined;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) v1.push(value.toLowerCase());
  }
  return timestamp === undefined || v1.length === 0 ? null : { timestamp, v1 };
}

/**
 * Verifies a payment-provider signature as Stripe signs webhook events: HMAC-SHA256, keyed by the
 * endpoint secret as it is written (`whsec_...` included), of `<t>.<raw body>`, hex; any v1 of
 * the header may match any configured secret (both are lists while a secret is being rolled).
 * Compared in constant time. The timestamp must be within the tolerance of `nowMs`, either way.
 */
export function verifyStripeSignature(
  header: string | undefined,
  rawBody: Buffer | undefined,
  secrets: readonly string[],
  nowMs: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureVerdict {
  if (!header) return 'missing_signature';
  const parsed = parseSignatureHeader(header);
  if (!parsed || !rawBody) return 'invalid_signature';
  let matched = false;
  for (const secret of secrets) {
    const expected = createHmac('sha256', secret).update(`${parsed.timestamp}.`).update(rawBody).digest();
    for (const candidate of parsed.v1) {
      // every pair is compared, so timing does not tell which one matched
      if (timingSafeEqual(expected, Buffer.from(candidate, 'hex'))) matched = true;
    }
  }
  if (!matched) return 'invalid_signature';
  if (Math.abs(Math.floor(nowMs / 1000) - parsed.timestamp) > toleranceSeconds) return 'signature_expired';
  return 'valid';
}
