import { loadConfig } from '../../config/app-config';
import { clientIp, ipBucket, normalizeIp } from './client-ip';
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
