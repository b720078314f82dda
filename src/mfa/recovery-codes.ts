import { randomBytes } from 'node:crypto';

/** RFC 4648 base32 letters: no 0, 1, 8 or 9 to confuse with O, I, B or g. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const RECOVERY_CODE_COUNT = 10;
const LENGTH = 12;

/**
 * Ten recovery codes, shown once: `XXXX-XXXX-XXXX`, 12 base32 characters (60 random bits each,
 * ADR 0247), stored as the SHA-256 of their canonical form (recoveryCodeCanonical).
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(LENGTH);
    let code = '';
    for (let i = 0; i < LENGTH; i++) code += ALPHABET[bytes[i] & 31];
    return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
  });
}

/** What is hashed: the 12 characters upper-cased, without the dashes and spaces people type; undefined when it cannot be a code. */
export function recoveryCodeCanonical(typed: string): string | undefined {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z2-7]{12}$/.test(code) ? code : undefined;
}
