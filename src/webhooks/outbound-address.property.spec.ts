import fc from 'fast-check';
import { ValidationProblem } from '../core/common/problem/problem.error';
import { isPublicAddress } from './outbound-address';
import { checkSubscriptionUrl } from './webhook-url';
import type { Resolver } from './outbound-address';

/**
 * Issue 51, item 7: the `public` URL policy judges the address, never its spelling. Addresses are
 * generated in every range the policy refuses, written in every spelling the WHATWG URL parser
 * (IPv4 in decimal, octal, hex, short and percent-encoded forms; IPv6 in any case, compressed or
 * full) or a resolver (IPv6 without brackets, with a zone) can hand the check, and each must be
 * refused; generated public addresses must be accepted. The ranges here are written out again from
 * the IANA registries, apart from the code's own table, so that a range dropped there fails here.
 */

// ---- The oracle: what the policy refuses, from the registries -------------------------------

const V4_REFUSED: [string, string, number][] = [
  ['this network', '0.0.0.0', 8],
  ['private', '10.0.0.0', 8],
  ['carrier-grade NAT', '100.64.0.0', 10],
  ['loopback', '127.0.0.0', 8],
  ['link-local', '169.254.0.0', 16],
  ['private', '172.16.0.0', 12],
  ['IETF protocol assignments', '192.0.0.0', 24],
  ['documentation', '192.0.2.0', 24],
  ['6to4 relay anycast', '192.88.99.0', 24],
  ['private', '192.168.0.0', 16],
  ['benchmarking', '198.18.0.0', 15],
  ['documentation', '198.51.100.0', 24],
  ['documentation', '203.0.113.0', 24],
  ['multicast', '224.0.0.0', 4],
  ['reserved and broadcast', '240.0.0.0', 4],
];

const V6_REFUSED: [string, string, number][] = [
  ['unspecified', '::', 128],
  ['loopback', '::1', 128],
  ['IPv4-compatible', '::', 96],
  ['IPv4-translated', '::ffff:0:0:0', 96],
  ['local-use NAT64', '64:ff9b:1::', 48],
  ['discard-only', '100::', 64],
  ['IETF protocol assignments, Teredo', '2001::', 23],
  ['documentation', '2001:db8::', 32],
  ['6to4', '2002::', 16],
  ['documentation', '3fff::', 20],
  ['segment routing', '5f00::', 16],
  ['unique local', 'fc00::', 7],
  ['link-local', 'fe80::', 10],
  ['site-local', 'fec0::', 10],
  ['multicast', 'ff00::', 8],
];

const v4Number = (dotted: string) => dotted.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const inV4Range = (n: number, [, net, prefix]: [string, string, number]) =>
  Math.floor(n / 2 ** (32 - prefix)) === Math.floor(v4Number(net) / 2 ** (32 - prefix));

/** An IPv6 address as a 128-bit number, from the eight groups the URL parser writes back. */
const v6Number = (text: string): bigint => {
  const host = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  const [head, tail] = host.includes('::') ? host.split('::') : [host, undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const all = [...groups(head), ...Array<string>(8 - groups(head).length - groups(tail).length).fill('0'), ...groups(tail)];
  return all.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n);
};
const inV6Range = (n: bigint, [, net, prefix]: [string, string, number]) =>
  n >> BigInt(128 - prefix) === v6Number(net) >> BigInt(128 - prefix);

// ---- Spellings ---------------------------------------------------------------------------------

const octets = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const hex4 = (n: number) => [(n >>> 16).toString(16), (n & 0xffff).toString(16)];
const padded = (g: string) => g.padStart(4, '0');

/** Host texts the WHATWG URL parser reads as this IPv4 address. */
function v4UrlHosts(n: number): string[] {
  const [a, b, c, d] = octets(n);
  const dotted = `${a}.${b}.${c}.${d}`;
  return [
    dotted,
    `${dotted}.`,
    String(n),
    `0x${n.toString(16)}`,
    `0X${n.toString(16).toUpperCase()}`,
    `0${n.toString(8)}`,
    [a, b, c, d].map((x) => `0${x.toString(8)}`).join('.'),
    [a, b, c, d].map((x) => `0x${x.toString(16)}`).join('.'),
    `${a}.${b}.${c * 256 + d}`,
    `${a}.${b * 65536 + c * 256 + d}`,
    [...dotted].map((ch) => `%${ch.charCodeAt(0).toString(16)}`).join(''),
    [...dotted].map((ch) => (ch === '.' ? '\u3002' : String.fromCharCode(ch.charCodeAt(0) + 0xfee0))).join(''), // fullwidth
  ];
}

/** IPv6 texts that carry this IPv4 address, by the form that carries it (no brackets). */
function v4InV6(n: number): Record<'mapped' | 'nat64' | 'compatible' | 'translated' | 'localNat64', string[]> {
  const dotted = octets(n).join('.');
  const [hi, lo] = hex4(n);
  return {
    mapped: [
      `::ffff:${dotted}`,
      `::FFFF:${dotted}`,
      `::ffff:${hi}:${lo}`,
      `::FFFF:${hi.toUpperCase()}:${lo.toUpperCase()}`,
      `0:0:0:0:0:ffff:${dotted}`,
      `0000:0000:0000:0000:0000:ffff:${padded(hi)}:${padded(lo)}`,
    ],
    nat64: [
      `64:ff9b::${dotted}`,
      `64:FF9B::${hi}:${lo}`,
      `0064:ff9b:0000:0000:0000:0000:${padded(hi)}:${padded(lo)}`,
      `64:ff9b:0:0:0:0:${dotted}`,
    ],
    compatible: [`::${dotted}`, `::${hi}:${lo}`, `0:0:0:0:0:0:${dotted}`, `0000:0000:0000:0000:0000:0000:${padded(hi)}:${padded(lo)}`],
    translated: [
      `::ffff:0:${dotted}`,
      `::FFFF:0:${hi}:${lo}`,
      `0:0:0:0:ffff:0:${dotted}`,
      `0000:0000:0000:0000:ffff:0000:${padded(hi)}:${padded(lo)}`,
    ],
    localNat64: [`64:ff9b:1::${dotted}`, `64:FF9B:1:0:0:0:${hi}:${lo}`],
  };
}

/** Texts of one IPv6 address: full and padded, full, compressed (as the URL parser writes it), in both cases. */
function v6Texts(n: bigint): string[] {
  const groups = Array.from({ length: 8 }, (_, i) => Number((n >> BigInt(16 * (7 - i))) & 0xffffn).toString(16));
  const full = groups.join(':');
  const compressed = new URL(`http://[${full}]/`).hostname.slice(1, -1);
  const texts = [groups.map(padded).join(':'), full, compressed];
  return [...texts, ...texts.map((t) => t.toUpperCase())];
}

// ---- Generators --------------------------------------------------------------------------------

const v4In = (range: [string, string, number]) =>
  fc.integer({ min: 0, max: 2 ** (32 - range[2]) - 1 }).map((host) => v4Number(range[1]) + host);
const refusedV4 = fc.oneof(...V4_REFUSED.map((range) => v4In(range).map((n) => ({ range: range[0], n }))));
const publicV4 = fc
  .integer({ min: 0, max: 2 ** 32 - 1 })
  .filter((n) => !V4_REFUSED.some((range) => inV4Range(n, range)))
  .map((n) => ({ range: 'public', n }));

const v6In = (range: [string, string, number]) =>
  fc.bigInt({ min: 0n, max: (1n << BigInt(128 - range[2])) - 1n }).map((host) => v6Number(range[1]) + host);
const refusedV6 = fc.oneof(...V6_REFUSED.map((range) => v6In(range).map((n) => ({ range: range[0], n }))));
/** Global unicast (2000::/3) outside the refused ranges. */
const publicV6 = fc
  .bigInt({ min: 0n, max: (1n << 125n) - 1n })
  .map((host) => (1n << 125n) + host)
  .filter((n) => !V6_REFUSED.some((range) => inV6Range(n, range)));

const neverResolve: Resolver = () => Promise.reject(new Error('an IP literal must not be resolved'));
const REFUSED_MESSAGE = 'must not resolve to a private, loopback or link-local address';

async function urlVerdict(url: string): Promise<'accepted' | 'refused'> {
  try {
    await checkSubscriptionUrl(url, 'public', neverResolve);
    return 'accepted';
  } catch (err) {
    if (err instanceof ValidationProblem && err.fieldErrors.url?.includes(REFUSED_MESSAGE)) return 'refused';
    throw err;
  }
}

const RUNS = { numRuns: 300 };

describe('the public URL policy judges addresses, not spellings (generated)', () => {
  it('the oracle itself: range edges fall on the right side', () => {
    // So that the properties below cannot pass for a wrong reason.
    expect(inV4Range(v4Number('172.31.255.255'), V4_REFUSED[5])).toBe(true);
    expect(inV4Range(v4Number('172.32.0.0'), V4_REFUSED[5])).toBe(false);
    expect(inV6Range(v6Number('fe80::1'), V6_REFUSED[12])).toBe(true);
    expect(inV6Range(v6Number('fec0::1'), V6_REFUSED[12])).toBe(false);
  });

  it('refuses an IPv4 address of every refused range in every URL spelling, IPv6 forms included', async () => {
    await fc.assert(
      fc.asyncProperty(refusedV4, async ({ range, n }) => {
        const carried = v4InV6(n);
        const hosts = [...v4UrlHosts(n), ...Object.values(carried).flatMap((texts) => texts.map((text) => `[${text}]`))];
        for (const host of hosts) {
          expect({ range, url: `https://${host}/hook`, verdict: await urlVerdict(`https://${host}/hook`) }).toEqual({
            range,
            url: `https://${host}/hook`,
            verdict: 'refused',
          });
        }
        for (const text of [octets(n).join('.'), ...Object.values(carried).flat()]) {
          expect({ range, text, public: isPublicAddress(text) }).toEqual({ range, text, public: false });
        }
      }),
      RUNS,
    );
  });

  it('refuses an IPv6 address of every refused range in every spelling, bracketed in a URL or bare with a zone', async () => {
    await fc.assert(
      fc.asyncProperty(refusedV6, async ({ range, n }) => {
        for (const text of v6Texts(n)) {
          expect({ range, url: `https://[${text}]/`, verdict: await urlVerdict(`https://[${text}]/`) }).toEqual({
            range,
            url: `https://[${text}]/`,
            verdict: 'refused',
          });
          for (const bare of [text, `${text}%eth0`])
            expect({ range, bare, public: isPublicAddress(bare) }).toEqual({ range, bare, public: false });
        }
      }),
      RUNS,
    );
  });

  it('accepts a public IPv4 address in every URL spelling, IPv4-mapped and through the well-known NAT64 prefix', async () => {
    await fc.assert(
      fc.asyncProperty(publicV4, async ({ n }) => {
        const carried = v4InV6(n);
        for (const host of [...v4UrlHosts(n), ...[...carried.mapped, ...carried.nat64].map((text) => `[${text}]`)]) {
          expect({ url: `https://${host}/hook`, verdict: await urlVerdict(`https://${host}/hook`) }).toEqual({
            url: `https://${host}/hook`,
            verdict: 'accepted',
          });
        }
        for (const text of [octets(n).join('.'), ...carried.mapped, ...carried.nat64])
          expect({ text, public: isPublicAddress(text) }).toEqual({ text, public: true });
        // Forms whose destination depends on a translator or a deprecated rule: refused whatever they carry.
        for (const text of [...carried.compatible, ...carried.translated, ...carried.localNat64]) {
          expect({ text, public: isPublicAddress(text) }).toEqual({ text, public: false });
        }
      }),
      RUNS,
    );
  });

  it('accepts a public IPv6 address in every spelling', async () => {
    await fc.assert(
      fc.asyncProperty(publicV6, async (n) => {
        for (const text of v6Texts(n)) {
          expect({ url: `https://[${text}]/`, verdict: await urlVerdict(`https://[${text}]/`) }).toEqual({
            url: `https://[${text}]/`,
            verdict: 'accepted',
          });
          expect({ text, public: isPublicAddress(text) }).toEqual({ text, public: true });
        }
      }),
      RUNS,
    );
  });
});
