import { AddressNotAllowedError, guardedLookup, isPublicAddress, resolvePublicAddresses, type Resolver } from './outbound-address';
import type { LookupAddress } from 'node:dns';

describe('isPublicAddress', () => {
  it.each([
    '0.0.0.0',
    '10.0.0.1',
    '10.255.255.255',
    '100.64.0.1',
    '127.0.0.1',
    '127.1.2.3',
    '169.254.169.254', // cloud metadata
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.10',
    '192.168.1.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'FE80::ABCD',
    'fc00::1',
    'fd12:3456:789a::1',
    'fec0::1',
    'ff02::1',
    '2001:db8::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
    '2002:c000:0204::1', // 6to4
    '100::1',
    '::ffff:127.0.0.1', // IPv4-mapped loopback
    '::ffff:7f00:1', // the same, in hex
    '::ffff:10.1.2.3',
    '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe', // NAT64 of 169.254.169.254
    '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
    '64:ff9b:1::1',
    // Issue 51: the IPv4-compatible and IPv4-translated forms of loopback, accepted before.
    '::127.0.0.1',
    '::7f00:1', // the same, as the URL parser writes it
    '::ffff:0:127.0.0.1',
    '::ffff:0:7f00:1',
    '::FFFF:0:7F00:1',
    '0:0:0:0:ffff:0:7f00:1',
    '::169.254.169.254',
    '::ffff:0:a9fe:a9fe',
    '::8.8.8.8', // IPv4-compatible: refused whatever it carries
    '::ffff:0:8.8.8.8', // IPv4-translated: likewise
    '64:ff9b:1::808:808', // local-use NAT64: likewise
    '::FFFF:127.0.0.1', // IPv4-mapped in upper case
    '0000:0000:0000:0000:0000:ffff:7f00:0001',
    '64:FF9B::127.0.0.1',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.215.14',
    '172.15.255.255', // just below 172.16/12
    '172.32.0.1', // just above it
    '100.63.255.255',
    '100.128.0.1',
    '192.169.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8', // IPv4-mapped public
    '64:ff9b::808:808', // NAT64 of 8.8.8.8
  ])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses what is not an IP address', () => {
    expect(isPublicAddress('localhost')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
    expect(isPublicAddress('1.2.3')).toBe(false);
    // Forms the URL parser would have normalised: here (a resolver's answer) they are no address.
    expect(isPublicAddress('8.8.8')).toBe(false);
    expect(isPublicAddress('134744072')).toBe(false);
    expect(isPublicAddress('[2606:4700:4700::1111]')).toBe(false);
  });
});

const resolverOf =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('resolvePublicAddresses', () => {
  const resolver = resolverOf({
    'hooks.example.com': ['93.184.215.14', '2606:4700::6810:85e5'],
    'mixed.example.com': ['93.184.215.14', '10.0.0.5'],
    'metadata.example.com': ['169.254.169.254'],
  });

  it('answers every address of a public name', async () => {
    await expect(resolvePublicAddresses('hooks.example.com', resolver)).resolves.toHaveLength(2);
  });

  it('refuses a name with any private record, naming the address', async () => {
    await expect(resolvePublicAddresses('mixed.example.com', resolver)).rejects.toThrow(new AddressNotAllowedError('10.0.0.5'));
    await expect(resolvePublicAddresses('metadata.example.com', resolver)).rejects.toBeInstanceOf(AddressNotAllowedError);
  });

  it('checks IP literals without resolving them', async () => {
    const never: Resolver = () => Promise.reject(new Error('must not resolve'));
    await expect(resolvePublicAddresses('8.8.8.8', never)).resolves.toEqual([{ address: '8.8.8.8', family: 4 }]);
    await expect(resolvePublicAddresses('127.0.0.1', never)).rejects.toBeInstanceOf(AddressNotAllowedError);
    await expect(resolvePublicAddresses('::1', never)).rejects.toBeInstanceOf(AddressNotAllowedError);
  });

  it('passes on a resolution failure', async () => {
    await expect(resolvePublicAddresses('nowhere.example.com', resolver)).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});

describe('guardedLookup (the connect-time check)', () => {
  const call = (lookup: ReturnType<typeof guardedLookup>, host: string, options: { all?: boolean; family?: number }) =>
    new Promise<{ err: unknown; address: unknown; family: unknown }>((resolve) =>
      (lookup as unknown as (h: string, o: object, cb: (err: unknown, address?: unknown, family?: unknown) => void) => void)(
        host,
        options,
        (err, address, family) => resolve({ err, address, family }),
      ),
    );

  it('hands the connection the checked address, one or all as asked', async () => {
    const lookup = guardedLookup(resolverOf({ 'hooks.example.com': ['93.184.215.14', '2606:4700::6810:85e5'] }));
    expect(await call(lookup, 'hooks.example.com', {})).toEqual({ err: null, address: '93.184.215.14', family: 4 });
    expect(await call(lookup, 'hooks.example.com', { family: 6 })).toEqual({ err: null, address: '2606:4700::6810:85e5', family: 6 });
    const all = await call(lookup, 'hooks.example.com', { all: true });
    expect(all.address).toEqual([
      { address: '93.184.215.14', family: 4 },
      { address: '2606:4700::6810:85e5', family: 6 },
    ]);
  });

  it('refuses a name whose record is an IPv4-compatible or IPv4-translated loopback (the connect-time check is isPublicAddress too)', async () => {
    for (const answer of ['::127.0.0.1', '::7f00:1', '::ffff:0:7f00:1', '::ffff:0:127.0.0.1']) {
      const lookup = guardedLookup(resolverOf({ 'sneaky.example.com': [answer] }));
      const refused = await call(lookup, 'sneaky.example.com', {});
      expect(refused.err).toEqual(new AddressNotAllowedError(answer));
      expect(refused.address).toBeUndefined();
    }
  });

  it('refuses a name that rebinds to a private address after it was saved', async () => {
    let answers = ['93.184.215.14'];
    const rebinding: Resolver = async () => answers.map((address) => ({ address, family: 4 }));
    const lookup = guardedLookup(rebinding);
    expect((await call(lookup, 'rebind.example.com', {})).address).toBe('93.184.215.14');
    answers = ['127.0.0.1'];
    const refused = await call(lookup, 'rebind.example.com', {});
    expect(refused.err).toBeInstanceOf(AddressNotAllowedError);
    expect(refused.address).toBeUndefined();
  });
});
