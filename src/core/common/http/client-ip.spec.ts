import fc from 'fast-check';
import { ConfigValidationError, loadConfig } from '../../config/app-config';
import { clientIp, forwardedAddress, ipBucket, normalizeIp } from './client-ip';
import type { IncomingMessage } from 'node:http';

/** A fake request carrying only what clientIp reads: the socket peer and the headers. */
function fakeRequest(remoteAddress: string | undefined, forwardedFor?: string | string[]): IncomingMessage {
  const headers: Record<string, string | string[]> = {};
  if (forwardedFor !== undefined) headers['x-forwarded-for'] = forwardedFor;
  return { socket: { remoteAddress }, headers } as unknown as IncomingMessage;
}

const NO_PROXIES: ReadonlySet<string> = new Set();

describe('normalizeIp', () => {
  it('strips the IPv4-mapped IPv6 prefix', () => {
    expect(normalizeIp('::ffff:1.2.3.4')).toBe('1.2.3.4');
  });

  it('trims whitespace', () => {
    expect(normalizeIp('  10.0.0.1 ')).toBe('10.0.0.1');
  });

  it('leaves plain IPv4 and IPv6 addresses alone', () => {
    expect(normalizeIp('1.2.3.4')).toBe('1.2.3.4');
    expect(normalizeIp('2001:db8::1')).toBe('2001:db8::1');
    expect(normalizeIp('::ffff:abcd')).toBe('::ffff:abcd');
  });

  it('writes every spelling of an IPv6 address one way: lower case, RFC 5952 compression, no zone', () => {
    for (const spelling of ['2001:DB8::1', '2001:db8:0::1', '2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8:0:0:0::1']) {
      expect(normalizeIp(spelling)).toBe('2001:db8::1');
    }
    expect(normalizeIp('2001:db8:0:1:0:0:0:1')).toBe('2001:db8:0:1::1');
    expect(normalizeIp('FE80::1%eth0')).toBe('fe80::1');
  });

  it('writes an IPv4-mapped address as its IPv4 address in any case, dotted or in hex', () => {
    for (const spelling of [
      '::ffff:203.0.113.7',
      '::FFFF:203.0.113.7',
      '0:0:0:0:0:ffff:203.0.113.7',
      '::ffff:cb00:7107',
      '::FFFF:CB00:7107',
    ]) {
      expect(normalizeIp(spelling)).toBe('203.0.113.7');
    }
  });

  it('leaves text that is not an address as it is (the caller refuses it)', () => {
    for (const text of ['x', 'unknown', '1.2.3.4.5', '127.1', '2130706433', '01.2.3.4', '1.2.3.4%eth0', '[::1]']) {
      expect(normalizeIp(text)).toBe(text);
    }
  });
});

describe('forwardedAddress (one x-forwarded-for entry)', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['203.0.113.7:4711', '203.0.113.7'], // Azure Application Gateway
    ['203.0.113.7:0', '203.0.113.7'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['[2001:DB8:0::1]:65535', '2001:db8::1'],
    ['2001:db8::1', '2001:db8::1'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['[::ffff:203.0.113.7]:80', '203.0.113.7'],
    ['[::FFFF:cb00:7107]', '203.0.113.7'],
    ['fe80::1%eth0', 'fe80::1'],
    ['[fe80::1%25eth0]:443', 'fe80::1'], // a URI's escaped zone: dropped like any zone
  ])('reads %s as %s', (entry, address) => {
    expect(forwardedAddress(entry)).toBe(address);
  });

  it.each([
    'x',
    'unknown',
    '1.2.3.4.5',
    '999.1.1.1',
    '01.2.3.4',
    '127.1',
    '2130706433',
    '0x7f.0.0.1',
    '1.2.3.4:',
    '1.2.3.4:99999',
    '1.2.3.4:http',
    '1.2.3.4:80:80',
    'host:80',
    '[::1',
    '[::1]x',
    '[::1]:',
    '[x]',
    '[]',
    '_hidden',
    '::ffff:',
    '2001:db8::1::2',
  ])('refuses %s', (entry) => {
    expect(forwardedAddress(entry)).toBeUndefined();
  });
});

describe('clientIp', () => {
  it('returns the socket peer when no proxies are trusted, ignoring x-forwarded-for', () => {
    expect(clientIp(fakeRequest('203.0.113.7', '198.51.100.1'), NO_PROXIES)).toBe('203.0.113.7');
  });

  it('ignores x-forwarded-for when the peer is not one of the trusted proxies', () => {
    const trusted = new Set(['10.0.0.1']);
    expect(clientIp(fakeRequest('203.0.113.7', '198.51.100.1'), trusted)).toBe('203.0.113.7');
  });

  it('normalises an IPv4-mapped peer address', () => {
    expect(clientIp(fakeRequest('::ffff:1.2.3.4'), NO_PROXIES)).toBe('1.2.3.4');
  });

  it('returns an empty string when the socket has no remote address', () => {
    expect(clientIp(fakeRequest(undefined), NO_PROXIES)).toBe('');
  });

  describe('behind a trusted proxy', () => {
    const trusted = new Set(['10.0.0.1', '10.0.0.2']);

    it('uses the single forwarded address', () => {
      expect(clientIp(fakeRequest('10.0.0.1', '198.51.100.1'), trusted)).toBe('198.51.100.1');
    });

    it('takes the right-most hop that is not a trusted proxy, not a spoofed left-most one', () => {
      // The client sent "6.6.6.6" itself; 198.51.100.1 is what our first proxy saw.
      const req = fakeRequest('10.0.0.1', '6.6.6.6, 198.51.100.1, 10.0.0.2');
      expect(clientIp(req, trusted)).toBe('198.51.100.1');
    });

    it('recognises a trusted peer that connects with an IPv4-mapped address', () => {
      expect(clientIp(fakeRequest('::ffff:10.0.0.1', '198.51.100.1'), trusted)).toBe('198.51.100.1');
    });

    it('normalises IPv4-mapped and padded hops in the header', () => {
      expect(clientIp(fakeRequest('10.0.0.1', ' ::ffff:198.51.100.9 ,::ffff:10.0.0.2'), trusted)).toBe('198.51.100.9');
    });

    it('joins repeated x-forwarded-for headers in order', () => {
      const req = fakeRequest('10.0.0.1', ['6.6.6.6', '198.51.100.1, 10.0.0.2']);
      expect(clientIp(req, trusted)).toBe('198.51.100.1');
    });

    it('skips empty entries', () => {
      expect(clientIp(fakeRequest('10.0.0.1', '198.51.100.1,, ,10.0.0.2,'), trusted)).toBe('198.51.100.1');
    });

    it('falls back to the peer when the header is absent or empty', () => {
      expect(clientIp(fakeRequest('10.0.0.1'), trusted)).toBe('10.0.0.1');
      expect(clientIp(fakeRequest('10.0.0.1', ''), trusted)).toBe('10.0.0.1');
    });

    it('uses the left-most hop when every hop is a trusted proxy', () => {
      expect(clientIp(fakeRequest('10.0.0.1', '10.0.0.2, 10.0.0.1'), trusted)).toBe('10.0.0.2');
    });

    it.each([
      '198.51.100.1',
      '198.51.100.1:4711',
      '198.51.100.1:1',
      '::ffff:198.51.100.1',
      '::FFFF:198.51.100.1',
      '[::ffff:198.51.100.1]:443',
      '[::FFFF:C633:6401]',
      '6.6.6.6, 198.51.100.1:5000, 10.0.0.2:443',
      '6.6.6.6, 198.51.100.1, [::ffff:10.0.0.2]:80',
    ])('reads the client of "%s" as 198.51.100.1', (xff) => {
      expect(clientIp(fakeRequest('10.0.0.1', xff), trusted)).toBe('198.51.100.1');
    });

    it.each([
      '[2001:db8:1:2::9]:443',
      '[2001:db8:1:2::9]',
      '2001:DB8:1:2::9',
      '2001:db8:1:2:0:0:0:9',
      '2001:0db8:0001:0002:0000:0000:0000:0009',
    ])('reads the IPv6 client of "%s" as 2001:db8:1:2::9', (xff) => {
      expect(clientIp(fakeRequest('10.0.0.1', xff), trusted)).toBe('2001:db8:1:2::9');
    });

    it.each(['x', 'unknown', '1.2.3.4.5', '1.2.3.4:99999', '[::1', '_hidden', '127.1'])(
      'takes garbage ("%s") for untrusted input: the client is the trusted hop that passed it on',
      (garbage) => {
        expect(clientIp(fakeRequest('10.0.0.1', garbage), trusted)).toBe('10.0.0.1');
        expect(clientIp(fakeRequest('10.0.0.1', `198.51.100.1, ${garbage}`), trusted)).toBe('10.0.0.1');
        // Behind two proxies: the inner one wrote the garbage's right-hand neighbour.
        expect(clientIp(fakeRequest('10.0.0.1', `198.51.100.1, ${garbage}, 10.0.0.2`), trusted)).toBe('10.0.0.2');
        // Left of the client address, garbage is never reached.
        expect(clientIp(fakeRequest('10.0.0.1', `${garbage}, 198.51.100.1`), trusted)).toBe('198.51.100.1');
      },
    );

    it('never gives garbage a bucket of its own: 1,000 distinct junk entries are one client', () => {
      const clients = new Set(Array.from({ length: 1000 }, (_, i) => ipBucket(clientIp(fakeRequest('10.0.0.1', `junk-${i}`), trusted))));
      expect([...clients]).toEqual(['10.0.0.1']);
    });
  });

  describe('every spelling of one client is one bucket (generated)', () => {
    const trusted = new Set(['10.0.0.1']);
    const hex = (n: number) => n.toString(16);
    const caseOf = (text: string, upper: boolean) => (upper ? text.toUpperCase() : text);

    it('IPv4 clients, plain, with a port, IPv4-mapped in any case, dotted or in hex, bracketed', () => {
      fc.assert(
        fc.property(
          fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)),
          fc.integer({ min: 0, max: 65535 }),
          fc.boolean(),
          fc.nat(6),
          ([a, b, c, d], port, upper, form) => {
            const ip = `${a}.${b}.${c}.${d}`;
            const mappedHex = `::ffff:${hex((a << 8) | b)}:${hex((c << 8) | d)}`;
            const spelling = [
              ip,
              `${ip}:${port}`,
              caseOf(`::ffff:${ip}`, upper),
              caseOf(`[::ffff:${ip}]:${port}`, upper),
              caseOf(mappedHex, upper),
              caseOf(`[${mappedHex}]`, upper),
              caseOf(`0:0:0:0:0:ffff:${ip}`, upper),
            ][form];
            expect(ipBucket(clientIp(fakeRequest('10.0.0.1', spelling), trusted))).toBe(ip);
          },
        ),
      );
    });

    it('IPv6 clients, compressed or full, in any case, bracketed, with a port', () => {
      fc.assert(
        fc.property(
          fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }),
          fc.boolean(),
          fc.nat(3),
          (groups, upper, form) => {
            fc.pre(!(groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)); // IPv4-mapped: above
            const full = groups.map((g) => hex(g).padStart(4, '0')).join(':');
            const short = groups.map(hex).join(':');
            const spelling = caseOf([full, short, `[${full}]`, `[${short}]:443`][form], upper);
            const canonical = normalizeIp(short);
            expect(clientIp(fakeRequest('10.0.0.1', spelling), trusted)).toBe(canonical);
            expect(ipBucket(clientIp(fakeRequest('10.0.0.1', spelling), trusted))).toBe(`${groups.slice(0, 4).map(hex).join(':')}::/64`);
          },
        ),
      );
    });
  });

  it('honours a trusted proxy configured in IPv4-mapped form (normalised by loadConfig)', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
      REDIS_URL: 'redis://127.0.0.1:6379/0',
      TRUSTED_PROXY_IPS: '::ffff:10.0.0.1',
    });
    const req = { socket: { remoteAddress: '::ffff:10.0.0.1' }, headers: { 'x-forwarded-for': '1.1.1.1' } };
    expect(clientIp(req as never, config.trustedProxyIps)).toBe('1.1.1.1');
  });

  it('matches an IPv6 proxy whatever spelling TRUSTED_PROXY_IPS and the peer use', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
      REDIS_URL: 'redis://127.0.0.1:6379/0',
      TRUSTED_PROXY_IPS: '2001:DB8:0::A',
    });
    expect([...config.trustedProxyIps]).toEqual(['2001:db8::a']);
    expect(clientIp(fakeRequest('2001:db8::a', '1.1.1.1'), config.trustedProxyIps)).toBe('1.1.1.1');
    expect(clientIp(fakeRequest('2001:0db8:0:0:0:0:0:000a', '1.1.1.1'), config.trustedProxyIps)).toBe('1.1.1.1');
  });

  it.each(['10.0.0.1:80', '[::1]', '127.1', 'unknown', '1.2.3.4.5', '10.0.0.1%eth0'])(
    'refuses a TRUSTED_PROXY_IPS entry that is not one address (%s) at start-up',
    (entry) => {
      const load = () =>
        loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db', REDIS_URL: 'redis://127.0.0.1:6379/0', TRUSTED_PROXY_IPS: entry });
      expect(load).toThrow(ConfigValidationError);
      expect(load).toThrow(`TRUSTED_PROXY_IPS: "${entry}" is not an IP address`);
    },
  );
});

describe('ipBucket', () => {
  it('keeps an IPv4 address as its own bucket', () => {
    expect(ipBucket('1.2.3.4')).toBe('1.2.3.4');
    expect(ipBucket('1.2.3.5')).not.toBe(ipBucket('1.2.3.4'));
  });

  it('puts IPv6 addresses of the same /64 in the same bucket', () => {
    expect(ipBucket('2001:db8:1:2::1')).toBe(ipBucket('2001:db8:1:2:ffff::9'));
    expect(ipBucket('2001:db8:1:2::1')).toBe(ipBucket('2001:db8:1:2:3:4:5:6'));
  });

  it('puts IPv6 addresses of different /64s in different buckets', () => {
    expect(ipBucket('2001:db8:1:2::1')).not.toBe(ipBucket('2001:db8:1:3::1'));
    expect(ipBucket('2001:db8:1:2::1')).not.toBe(ipBucket('2001:db8:2:2::1'));
    expect(ipBucket('2001:db8::1')).not.toBe(ipBucket('2001:db9::1'));
  });

  it('gives compressed and expanded forms of one address the same bucket', () => {
    const compressed = ipBucket('2001:db8:1:2::1');
    expect(ipBucket('2001:0db8:0001:0002:0000:0000:0000:0001')).toBe(compressed);
    expect(ipBucket('2001:DB8:1:2:0:0:0:1')).toBe(compressed);
    expect(ipBucket('2001:db8::1')).toBe(ipBucket('2001:0db8:0000:0000::1'));
  });

  it('describes the bucket as the /64 prefix', () => {
    expect(ipBucket('2001:db8:1:2::1')).toMatch(/^2001:db8:1:2.*\/64$/);
  });

  it('handles the loopback and unspecified addresses', () => {
    const loopback = ipBucket('::1');
    expect(loopback).toMatch(/\/64$/);
    expect(loopback).not.toBe('::1');
    expect(ipBucket('0:0:0:0:0:0:0:1')).toBe(loopback);
    expect(ipBucket('::')).toBe(loopback);
    expect(ipBucket('::1')).not.toBe(ipBucket('1::'));
  });

  it('ignores an IPv6 zone id', () => {
    expect(ipBucket('fe80::1%eth0')).toBe(ipBucket('fe80::2'));
  });

  it('keeps normalised IPv4-mapped addresses apart', () => {
    expect(ipBucket(normalizeIp('::ffff:1.2.3.4'))).toBe('1.2.3.4');
    expect(ipBucket(normalizeIp('::ffff:1.2.3.4'))).not.toBe(ipBucket(normalizeIp('::ffff:5.6.7.8')));
  });

  it('treats IPv4-mapped IPv6 addresses as the IPv4 address they carry', () => {
    expect(ipBucket('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(ipBucket('::ffff:5.6.7.8')).toBe('5.6.7.8');
  });
});
