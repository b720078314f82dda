import { PasswordHasher } from './password-hasher';
import type { AppConfig } from '../core/config/app-config';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher({ bcryptCost: 4 } as AppConfig);

  it('verifies the password it hashed', async () => {
    const hash = await hasher.hash('correct horse battery staple');
    await expect(hasher.verify('correct horse battery staple', hash)).resolves.toBe(true);
  });

  it('rejects a wrong password', async () => {
    const hash = await hasher.hash('correct horse battery staple');
    await expect(hasher.verify('correct horse battery stapler', hash)).resolves.toBe(false);
    await expect(hasher.verify('', hash)).resolves.toBe(false);
  });

  it('produces a bcrypt 2b hash with the configured cost', async () => {
    const hash = await hasher.hash('s3cret-password');
    expect(hash.startsWith('$2b$04$')).toBe(true);
    expect(hash).toHaveLength(60);
  });

  it('salts: two hashes of the same password differ, and both verify', async () => {
    const a = await hasher.hash('same password');
    const b = await hasher.hash('same password');
    expect(a).not.toBe(b);
    await expect(hasher.verify('same password', a)).resolves.toBe(true);
    await expect(hasher.verify('same password', b)).resolves.toBe(true);
  });

  it('verifies a 72-character password of multi-byte characters (144 bytes)', async () => {
    const password = 'é'.repeat(72);
    expect(password).toHaveLength(72);
    expect(Buffer.byteLength(password, 'utf8')).toBe(144);
    const hash = await hasher.hash(password);
    await expect(hasher.verify(password, hash)).resolves.toBe(true);
    await expect(hasher.verify('é'.repeat(71), hash)).resolves.toBe(false);
  });

  it('distinguishes long passwords that share their first 72 bytes', async () => {
    // 36 × "é" is exactly 72 bytes; the passwords differ only after that.
    const a = 'é'.repeat(36) + 'a'.repeat(36);
    const b = 'é'.repeat(36) + 'b'.repeat(36);
    expect(a).toHaveLength(72);
    expect(b).toHaveLength(72);
    expect(Buffer.byteLength(a, 'utf8')).toBe(108);
    expect(Buffer.from(a, 'utf8').subarray(0, 72).equals(Buffer.from(b, 'utf8').subarray(0, 72))).toBe(true);

    const hashA = await hasher.hash(a);
    const hashB = await hasher.hash(b);
    await expect(hasher.verify(a, hashA)).resolves.toBe(true);
    await expect(hasher.verify(b, hashB)).resolves.toBe(true);
    await expect(hasher.verify(b, hashA)).resolves.toBe(false);
    await expect(hasher.verify(a, hashB)).resolves.toBe(false);
  });

  it('distinguishes long passwords differing only in the last character', async () => {
    const a = 'é'.repeat(71) + 'x';
    const b = 'é'.repeat(71) + 'y';
    const hashA = await hasher.hash(a);
    await expect(hasher.verify(a, hashA)).resolves.toBe(true);
    await expect(hasher.verify(b, hashA)).resolves.toBe(false);
  });

  it('verifies a 72-character ASCII password and rejects one with the last character changed', async () => {
    const password = 'p'.repeat(71) + 'A';
    const changed = 'p'.repeat(71) + 'B';
    expect(Buffer.byteLength(password, 'utf8')).toBe(72);
    const hash = await hasher.hash(password);
    await expect(hasher.verify(password, hash)).resolves.toBe(true);
    await expect(hasher.verify(changed, hash)).resolves.toBe(false);
  });
});
