import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Random bytes as base64url without padding. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}


/** Constant-time equality of two strings, without leaking their lengths through early exit. */
export function constantTimeEqual(a: string, b: string): boolean {
  const ha = sha256(a);
  const hb = sha256(b);
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

/** Compared against when nothing is stored for a presented prefix, so both paths do the same work. */
const NO_STORED_DIGEST = Buffer.alloc(32);

/**
 * Whether the SHA-256 of a presented secret equals the stored hash, in constant time. With no
 * stored hash (an unknown prefix) it still hashes and compares, so timing does not tell which
 * prefixes exist; the answer is then false.
 */
export function secretMatches(secret: string, storedHash: Buffer | undefined): boolean {
  const matches = digestsEqual(sha256(secret), storedHash ?? NO_STORED_DIGEST);
  return storedHash !== undefined && matches;
}

/** Constant-time equality of two digests (Buffers of equal length, or false). */
export function digestsEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface PrefixedSecret {
  /** e.g. `agk_<prefix>.<secret>`, shown once */
  value: string;
  prefix: string;
  /** SHA-256 of the secret part: the only thing stored */
  secretHash: Buffer;
}

const B64URL = '[A-Za-z0-9_-]';
const PREFIX_LEN = 11; // 8 bytes base64url, no padding
const SECRET_LEN = 43; // 32 bytes base64url, no padding

/** Mints `<kind>_<prefix>.<secret>` with an 8-byte prefix and a 32-byte secret (API.md, Secrets). */
export function mintPrefixedSecret(kind: 'agk' | 'age' | 'mpk'): PrefixedSecret {
  const prefix = randomBytes(8).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  return { value: `${kind}_${prefix}.${secret}`, prefix, secretHash: sha256(secret) };
}

const PATTERNS = {
  agk: new RegExp(`^agk_(${B64URL}{${PREFIX_LEN}})\\.(${B64URL}{${SECRET_LEN}})$`),
  age: new RegExp(`^age_(${B64URL}{${PREFIX_LEN}})\\.(${B64URL}{${SECRET_LEN}})$`),
  mpk: new RegExp(`^mpk_(${B64URL}{${PREFIX_LEN}})\\.(${B64URL}{${SECRET_LEN}})$`),
} as const;

/** Splits a presented `<kind>_<prefix>.<secret>` into its parts, or null when malformed. */
export function parsePrefixedSecret(kind: keyof typeof PATTERNS, value: string): { prefix: string; secret: string } | null {
  const m = PATTERNS[kind].exec(value);
  return m ? { prefix: m[1], secret: m[2] } : null;
}
