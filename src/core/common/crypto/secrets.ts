import { hash, randomFillSync, timingSafeEqual } from 'node:crypto';

/**
 * CSPRNG output drawn in 8 KiB blocks and handed out once each, as Node does for randomUUID():
 * a separate randomBytes(32) call per token cost ~20 us on the token-exchange hot path. Bytes
 * are never handed out twice; the block is refilled when too little of it is left.
 */
const ENTROPY = Buffer.alloc(8192);
let entropyOffset = ENTROPY.length;

/** Random bytes as base64url without padding. */
export function randomToken(bytes = 32): string {
  if (bytes > ENTROPY.length) return randomFillSync(Buffer.alloc(bytes)).toString('base64url');
  if (entropyOffset + bytes > ENTROPY.length) {
    randomFillSync(ENTROPY);
    entropyOffset = 0;
  }
  const start = entropyOffset;
  entropyOffset += bytes;
  return ENTROPY.toString('base64url', start, start + bytes);
}

/** One-shot SHA-256 (crypto.hash: no Hash object per call). */
export function sha256(value: string): Buffer {
  return hash('sha256', value, 'buffer');
}

/**
 * SHA-256 as base64, straight from crypto.hash to a string. On the request path this is what
 * matters: the digest as a Buffer (a native ArrayBuffer of its own) costs more than the hash
 * itself, 1.6-2.2 µs against 0.4-1.0 for a string digest on Node 24 (bench/README.md, finding 33).
 */
export function sha256Base64(value: string): string {
  return hash('sha256', value, 'base64');
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
  // The digest as a 'binary' (latin1) string, one char per byte, compared byte by byte with no
  // early exit: no Buffer is made for it (see sha256Base64), and every byte is visited.
  const presented = hash('sha256', secret, 'binary');
  const stored = storedHash ?? NO_STORED_DIGEST;
  let diff = presented.length ^ stored.length;
  for (let i = 0; i < presented.length; i++) diff |= presented.charCodeAt(i) ^ (stored[i] ?? 256);
  return storedHash !== undefined && diff === 0;
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
export function mintPrefixedSecret(kind: keyof typeof PATTERNS): PrefixedSecret {
  const prefix = randomToken(8);
  const secret = randomToken(32);
  return { value: `${kind}_${prefix}.${secret}`, prefix, secretHash: sha256(secret) };
}

const PATTERNS = {
  agk: new RegExp(`^agk_(${B64URL}{${PREFIX_LEN}})\\.(${B64URL}{${SECRET_LEN}})$`),
  age: new RegExp(`^age_(${B64URL}{${PREFIX_LEN}})\\.(${B64URL}{${SECRET_LEN}})$`),
  mpk: new RegExp(`^mpk_(${B64URL}{${PREFIX_LEN}})\\.(${B64URL}{${SECRET_LEN}})$`),
  /** operator API tokens (API.md Part 3 "Operator API tokens") */
  aot: new RegExp(`^aot_(${B64URL}{${PREFIX_LEN}})\\.(${B64URL}{${SECRET_LEN}})$`),
} as const;

/** Splits a presented `<kind>_<prefix>.<secret>` into its parts, or null when malformed. */
export function parsePrefixedSecret(kind: keyof typeof PATTERNS, value: string): { prefix: string; secret: string } | null {
  const m = PATTERNS[kind].exec(value);
  return m ? { prefix: m[1], secret: m[2] } : null;
}
