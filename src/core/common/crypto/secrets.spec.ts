import { createHash } from 'node:crypto';
import { constantTimeEqual, mintPrefixedSecret, parsePrefixedSecret, randomToken, secretMatches, sha256, sha256Base64 } from './secrets';

const B64URL_11 = 'A'.repeat(10) + '_';
const B64URL_43 = 'b'.repeat(41) + '-9';
const WELL_FORMED = `agk_${B64URL_11}.${B64URL_43}`;

describe('mintPrefixedSecret', () => {
  it.each(['agk', 'age', 'mpk', 'aot'] as const)('mints %s_<11 chars>.<43 chars> in base64url', (kind) => {
    const minted = mintPrefixedSecret(kind);
    expect(minted.value).toMatch(new RegExp(`^${kind}_[A-Za-z0-9_-]{11}\\.[A-Za-z0-9_-]{43}$`));
  });

  it('exposes the prefix that appears in the value', () => {
    const minted = mintPrefixedSecret('agk');
    expect(minted.prefix).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(minted.value.startsWith(`agk_${minted.prefix}.`)).toBe(true);
  });

  it('round-trips through parsePrefixedSecret, and stores only the SHA-256 of the secret part', () => {
    const minted = mintPrefixedSecret('agk');
    const parsed = parsePrefixedSecret('agk', minted.value);
    expect(parsed).not.toBeNull();
    expect(parsed!.prefix).toBe(minted.prefix);
    expect(minted.value).toBe(`agk_${parsed!.prefix}.${parsed!.secret}`);

    const expectedHash = createHash('sha256').update(parsed!.secret).digest();
    expect(Buffer.isBuffer(minted.secretHash)).toBe(true);
    expect(minted.secretHash.length).toBe(32);
    expect(minted.secretHash.equals(expectedHash)).toBe(true);
    // Not a hash of the whole presented value.
    expect(minted.secretHash.equals(createHash('sha256').update(minted.value).digest())).toBe(false);
  });

  it('mints a different value, prefix and hash every time', () => {
    const a = mintPrefixedSecret('agk');
    const b = mintPrefixedSecret('agk');
    expect(a.value).not.toBe(b.value);
    expect(a.prefix).not.toBe(b.prefix);
    expect(a.secretHash.equals(b.secretHash)).toBe(false);
  });
});

describe('parsePrefixedSecret', () => {
  it('splits a well-formed value into prefix and secret', () => {
    expect(parsePrefixedSecret('agk', WELL_FORMED)).toEqual({ prefix: B64URL_11, secret: B64URL_43 });
  });

  it('rejects a value of another kind', () => {
    const minted = mintPrefixedSecret('age');
    expect(parsePrefixedSecret('agk', minted.value)).toBeNull();
    expect(parsePrefixedSecret('mpk', minted.value)).toBeNull();
    expect(parsePrefixedSecret('age', minted.value)).not.toBeNull();
    // an operator API token is no agent key, and no agent key is one
    const token = mintPrefixedSecret('aot');
    expect(parsePrefixedSecret('agk', token.value)).toBeNull();
    expect(parsePrefixedSecret('aot', token.value)).toEqual({ prefix: token.prefix, secret: token.value.split('.')[1] });
    expect(parsePrefixedSecret('aot', mintPrefixedSecret('agk').value)).toBeNull();
  });

  it.each([
    ['a prefix one character short', `agk_${B64URL_11.slice(1)}.${B64URL_43}`],
    ['a prefix one character long', `agk_${B64URL_11}x.${B64URL_43}`],
    ['a secret one character short', `agk_${B64URL_11}.${B64URL_43.slice(1)}`],
    ['a secret one character long', `agk_${B64URL_11}.${B64URL_43}x`],
    ['a missing dot', `agk_${B64URL_11}${B64URL_43}`],
    ['a dot replaced by another character', `agk_${B64URL_11}_${B64URL_43}`],
    ['leading characters', ` ${WELL_FORMED}`],
    ['trailing characters', `${WELL_FORMED} `],
    ['a trailing newline', `${WELL_FORMED}\n`],
    ['a non-base64url character in the secret', `agk_${B64URL_11}.${B64URL_43.slice(1)}+`],
    ['padding in the prefix', `agk_${B64URL_11.slice(1)}=.${B64URL_43}`],
    ['an upper-case kind', WELL_FORMED.replace('agk_', 'AGK_')],
    ['a missing kind separator', WELL_FORMED.replace('agk_', 'agk')],
    ['the empty string', ''],
  ])('rejects %s', (_label, value) => {
    expect(parsePrefixedSecret('agk', value)).toBeNull();
  });
});

describe('constantTimeEqual', () => {
  it('is true for equal strings', () => {
    expect(constantTimeEqual('metrics-token-123', 'metrics-token-123')).toBe(true);
    expect(constantTimeEqual('', '')).toBe(true);
  });

  it('is false for different strings of the same length', () => {
    expect(constantTimeEqual('metrics-token-123', 'metrics-token-124')).toBe(false);
  });

  it('is false (and does not throw) for strings of different lengths', () => {
    expect(() => constantTimeEqual('short', 'much-longer-value')).not.toThrow();
    expect(constantTimeEqual('short', 'much-longer-value')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('', 'a')).toBe(false);
  });
});

describe('secretMatches', () => {
  it('is true only for the secret whose SHA-256 is stored', () => {
    const minted = mintPrefixedSecret('agk');
    const { secret } = parsePrefixedSecret('agk', minted.value)!;
    expect(secretMatches(secret, minted.secretHash)).toBe(true);
    expect(secretMatches(`${secret.slice(0, -1)}x`, minted.secretHash)).toBe(false);
  });

  it('is false when nothing is stored (an unknown prefix), even for the all-zero digest', () => {
    expect(secretMatches('anything', undefined)).toBe(false);
    expect(secretMatches('anything', Buffer.alloc(32))).toBe(false);
  });

  it('is false when any one byte of the stored digest differs, first, middle or last', () => {
    const digest = sha256('the secret');
    for (const at of [0, 15, 31]) {
      const changed = Buffer.from(digest);
      changed[at] ^= 0x01;
      expect(secretMatches('the secret', changed)).toBe(false);
    }
    expect(secretMatches('the secret', digest)).toBe(true);
  });

  it('is false for a stored digest of another length, longer or shorter, even with the same leading bytes', () => {
    const digest = sha256('the secret');
    expect(secretMatches('the secret', digest.subarray(0, 31))).toBe(false);
    expect(secretMatches('the secret', Buffer.concat([digest, Buffer.from([0])]))).toBe(false);
    expect(secretMatches('the secret', Buffer.alloc(0))).toBe(false);
  });

  it('takes digests with bytes above 0x7f as they are (the latin1 digest is one char per byte)', () => {
    // a secret whose digest has high bytes: nearly every digest has one; check the premise
    const digest = sha256('high bytes');
    expect([...digest].some((b) => b > 0x7f)).toBe(true);
    expect(secretMatches('high bytes', digest)).toBe(true);
  });
});

describe('hash and token helpers', () => {
  it('sha256 agrees with node:crypto', () => {
    const expected = createHash('sha256').update('hello').digest();
    expect(sha256('hello').equals(expected)).toBe(true);
  });

  it('sha256Base64 is the base64 of the same digest, for non-ASCII input too', () => {
    for (const value of ['hello', 'at_x.y', 'ünïcødé ✓', '']) {
      expect(sha256Base64(value)).toBe(createHash('sha256').update(value, 'utf8').digest('base64'));
      expect(Buffer.from(sha256Base64(value), 'base64').equals(sha256(value))).toBe(true);
    }
  });

  it('randomToken returns unpadded base64url of the requested byte length', () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken(8)).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(Buffer.from(randomToken(16), 'base64url').length).toBe(16);
    expect(randomToken()).not.toBe(randomToken());
  });

  it('never hands out the same bytes twice, across refills of the entropy block', () => {
    // 8 KiB blocks: 2,000 tokens of 32 bytes span several refills, and a request larger than a
    // block is served on its own.
    const tokens = Array.from({ length: 2000 }, () => randomToken(32));
    expect(new Set(tokens).size).toBe(tokens.length);
    const chunks = new Set<string>();
    for (const t of tokens) {
      const bytes = Buffer.from(t, 'base64url');
      for (let i = 0; i < 32; i += 8) chunks.add(bytes.subarray(i, i + 8).toString('hex'));
    }
    expect(chunks.size).toBe(tokens.length * 4);
    expect(Buffer.from(randomToken(10000), 'base64url').length).toBe(10000);
  });
});
