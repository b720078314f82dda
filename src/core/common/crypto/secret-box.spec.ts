import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';
import type { AppConfig } from '../../config/app-config';

const box = (...keys: Buffer[]) => new SecretBox({ secretsEncryptionKeys: keys } as unknown as AppConfig);

describe('SecretBox', () => {
  const k1 = randomBytes(32);
  const k2 = randomBytes(32);

  it('seals so the plaintext does not appear, and opens it again in the same context', () => {
    const secret = 'whsec_' + randomBytes(32).toString('base64');
    const sealed = box(k1).seal(secret, 'webhook_subscription:a');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(box(k1).open(sealed, 'webhook_subscription:a')).toBe(secret);
  });

  it('never seals the same secret to the same text twice (random IV)', () => {
    expect(box(k1).seal('x', 'c')).not.toBe(box(k1).seal('x', 'c'));
  });

  it('refuses another context (a ciphertext copied to another row), another key, and altered data', () => {
    const sealed = box(k1).seal('secret', 'webhook_subscription:a');
    expect(() => box(k1).open(sealed, 'webhook_subscription:b')).toThrow();
    expect(() => box(k2).open(sealed, 'webhook_subscription:a')).toThrow(/not configured/);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3], 'base64url');
    body[0] ^= 1;
    expect(() => box(k1).open([...parts.slice(0, 3), body.toString('base64url')].join('.'), 'webhook_subscription:a')).toThrow();
    expect(() => box(k1).open('plain text', 'webhook_subscription:a')).toThrow(/not a sealed secret/);
  });

  it('rotates keys: the first key seals, every configured key opens', () => {
    const old = box(k1).seal('secret', 'c');
    const rotated = box(k2, k1);
    expect(rotated.open(old, 'c')).toBe('secret');
    const fresh = rotated.seal('secret', 'c');
    expect(() => box(k1).open(fresh, 'c')).toThrow(/not configured/);
    expect(box(k2).open(fresh, 'c')).toBe('secret');
  });
});
