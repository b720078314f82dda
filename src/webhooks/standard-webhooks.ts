import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks: a symmetric secret is shown as `whsec_` + base64 of its bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Random bytes of a signing secret (the spec asks for 24 to 64). */
export const WEBHOOK_SECRET_BYTES = 32;

/** A new signing secret, `whsec_<base64 of 32 random bytes>`; shown once, stored sealed. */
export function mintWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(WEBHOOK_SECRET_BYTES).toString('base64')}`;
}

/** The HMAC key behind a secret: the bytes its base64 part decodes to (not the text). */
export function webhookSigningKey(secret: string): Buffer {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) throw new Error('not a whsec_ secret');
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  if (key.length < 24) throw new Error('a whsec_ secret holds at least 24 bytes');
  return key;
}

/**
 * The `webhook-signature` header: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` for each
 * secret, space-separated (during a rotation both the new and the old secret sign). `id` and
 * `timestamp` are ours (a delivery id and unix seconds), never user input, so neither holds a dot.
 */
export function signStandardWebhook(id: string, timestamp: number, body: string, secrets: readonly string[]): string {
  const content = `${id}.${timestamp}.${body}`;
  return secrets.map((secret) => `v1,${createHmac('sha256', webhookSigningKey(secret)).update(content).digest('base64')}`).join(' ');
}
