import { canonicalCidr, ipAllowed, parseAllowlist } from './ip-allowlist';

describe('canonicalCidr', () => {
  it.each([
    ['10.0.0.0/8', '10.0.0.0/8'],
    ['192.168.1.7', '192.168.1.7/32'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['2001:DB8::/32', '2001:db8::/32'],
    ['2001:db8:0:0::1', '2001:db8::1/128'],
    ['::/0', '::/0'],
    ['::ffff:10.0.0.0/104', '10.0.0.0/8'],
  ])('takes %s as %s', (text, canonical) => {
    expect(canonicalCidr(text)).toBe(canonical);
  });

  it.each([
    '10.0.0.1/8',
    '10.0.0.0/33',
    '10.0.0.0/',
    '10.0.0.0/08',
    '10.0.0/8',
    '127.1',
    'example.com',
    '',
    '2001:db8::1/129',
    '2001:db8::1/64',
    'fe80::1%eth0',
    '10.0.0.0/8/8',
    ' 10.0.0.0/8',
  ])('refuses %j', (text) => {
    expect(canonicalCidr(text)).toBeUndefined();
  });
});

describe('ipAllowed', () => {
  const ranges = parseAllowlist(['10.1.0.0/16', '2001:db8::/32', '203.0.113.9/32']);

  it('allows addresses in a range, of either family', () => {
    expect(ipAllowed('10.1.200.3', ranges)).toBe(true);
    expect(ipAllowed('203.0.113.9', ranges)).toBe(true);
    expect(ipAllowed('2001:db8:ffff::1', ranges)).toBe(true);
    expect(ipAllowed('::ffff:10.1.0.1', ranges)).toBe(true);
  });

  it('refuses addresses outside every range, and anything that is not an address', () => {
    expect(ipAllowed('10.2.0.1', ranges)).toBe(false);
    expect(ipAllowed('203.0.113.10', ranges)).toBe(false);
    expect(ipAllowed('2001:db9::1', ranges)).toBe(false);
    expect(ipAllowed('', ranges)).toBe(false);
    expect(ipAllowed('garbage', ranges)).toBe(false);
  });

  it('allows everything with an empty list', () => {
    expect(ipAllowed('198.51.100.1', [])).toBe(true);
  });
});
