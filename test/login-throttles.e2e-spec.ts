import { createHash, randomInt } from 'node:crypto';
import http from 'node:http';
import { RedisKeys } from '../src/core/redis/redis-keys';
import { RedisService } from '../src/core/redis/redis.service';
import { makeWorkspace, Registered, uniqueEmail } from './support/builders';
import { logIn, randomIPv4, randomIPv6Prefix, SESSION_COOKIE, TRUST_LOOPBACK } from './support/operator';
import { createTestApp, TestApp } from './support/test-app';
import type { Response } from 'supertest';

const WRONG = 'not the password at all';

/** The identity bucket id of login-throttle.service.ts: a hash of (normalized email, IP bucket). */
const identityId = (email: string, ipBucket: string) => createHash('sha256').update(`${email}\n${ipBucket}`).digest('base64url');

/** The per-identity 429: retry-after, a short plain-text body, no redirect, no cookie. */
function expectLoginThrottled(res: Response, maxRetryAfter = 1800): number {
  expect(res.status).toBe(429);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  expect(res.headers.location).toBeUndefined();
  expect(res.headers['set-cookie']).toBeUndefined();
  expect(res.text.length).toBeGreaterThan(0);
  expect(res.text.length).toBeLessThan(200);
  expect(res.text).not.toMatch(/<html|<form/i);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
  return retryAfter;
}

const fail = (t: TestApp, email: string, ip: string) => logIn(t, { email, password: WRONG }, { ip });

describe('login throttles', () => {
  let t: TestApp;
  let redis: RedisService;
  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
    redis = t.app.get(RedisService);
  });
  afterAll(() => t.close());

  describe('per identity (normalized email and client IP)', () => {
    let w: Registered;
    beforeEach(async () => {
      w = await makeWorkspace(t);
    });

    it('9 wrong passwords re-render the form; the 10th is a 429 and the cooldown refuses even the right password', async () => {
      const ip = randomIPv4();
      for (let i = 1; i <= 9; i++) {
        const { res } = await fail(t, w.email, ip);
        expect(res.status).toBe(401);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
      }
      const tenth = await fail(t, w.email, ip);
      const retryAfter = expectLoginThrottled(tenth.res);
      expect(retryAfter).toBeGreaterThanOrEqual(1795);

      const right = await logIn(t, w, { ip });
      expectLoginThrottled(right.res);
      expect(right.session).toBeUndefined();
      // The email is normalized before it is counted: another spelling is the same identity.
      const spelled = await logIn(t, { email: ` ${w.email.toUpperCase()}`, password: w.password }, { ip, json: true });
      expectLoginThrottled(spelled.res);
    });

    it.each([30, 100])(
      '%i concurrent wrong passwords for one identity: at most 10 are verified (9 answered 401), the rest 429',
      async (n) => {
        const ip = randomIPv4();
        const results = await Promise.all(Array.from({ length: n }, () => fail(t, w.email, ip)));
        const statuses = results.map((r) => r.res.status);
        expect(statuses.filter((s) => s === 401)).toHaveLength(9);
        expect(statuses.filter((s) => s === 429)).toHaveLength(n - 9);
        for (const r of results.filter((x) => x.res.status === 429)) expectLoginThrottled(r.res);
        // The cooldown is on: the right password is refused too.
        expectLoginThrottled((await logIn(t, w, { ip })).res);
      },
    );

    it('the cooldown lives in Redis for 30 minutes (real TTL), under a key that does not carry the email', async () => {
      const ip = randomIPv4();
      const key = RedisKeys.loginCooldown(identityId(w.email, ip));
      expect(await redis.client.exists(key)).toBe(0);
      for (let i = 0; i < 9; i++) expect((await fail(t, w.email, ip)).res.status).toBe(401);
      expect(await redis.client.exists(key)).toBe(0);
      expectLoginThrottled((await fail(t, w.email, ip)).res);
      const ttl = await redis.client.ttl(key);
      expect(ttl).toBeGreaterThanOrEqual(1700);
      expect(ttl).toBeLessThanOrEqual(1800);
      expect(key).not.toContain(w.email);
      expect(key).not.toContain(w.email.split('@')[0]);

      // When the key expires (Redis time, not the app clock) the cooldown is over.
      await redis.client.del(key);
      const after = await logIn(t, w, { ip });
      expect(after.res.status).toBe(302);
      expect(after.session).toBeDefined();
    });

    it('moving the app clock does not end the cooldown', async () => {
      const ip = randomIPv4();
      for (let i = 0; i < 9; i++) await fail(t, w.email, ip);
      expectLoginThrottled((await fail(t, w.email, ip)).res);
      t.clock.advance(31 * 60_000);
      expectLoginThrottled((await logIn(t, w, { ip })).res);
    });

    it('another client IP for the same email is not in cooldown', async () => {
      const ip = randomIPv4();
      for (let i = 0; i < 9; i++) await fail(t, w.email, ip);
      expectLoginThrottled((await fail(t, w.email, ip)).res);
      const other = await logIn(t, w, { ip: randomIPv4() });
      expect(other.res.status).toBe(302);
      expect(other.res.headers.location).toBe('/app');
    });

    it('another email from the same IP is not in cooldown', async () => {
      const ip = randomIPv4();
      for (let i = 0; i < 9; i++) await fail(t, w.email, ip);
      expectLoginThrottled((await fail(t, w.email, ip)).res);
      const other = await makeWorkspace(t);
      expect((await logIn(t, other, { ip })).res.status).toBe(302);
    });

    it('a successful login before the 10th failure clears the bucket', async () => {
      const ip = randomIPv4();
      for (let i = 0; i < 5; i++) expect((await fail(t, w.email, ip)).res.status).toBe(401);
      expect((await logIn(t, w, { ip })).res.status).toBe(302);
      for (let i = 0; i < 9; i++) expect((await fail(t, w.email, ip)).res.status).toBe(401);
      // ... and the count starts again from there: the 10th failure after the success is refused.
      expectLoginThrottled((await fail(t, w.email, ip)).res);
    });

    it('unknown emails count like known ones (the 10th failure is a 429, not an enumeration signal)', async () => {
      const ip = randomIPv4();
      const nobody = uniqueEmail('nobody');
      for (let i = 0; i < 9; i++) expect((await fail(t, nobody, ip)).res.status).toBe(401);
      expectLoginThrottled((await fail(t, nobody, ip)).res);
    });
  });

  describe('per IP (unreturned attempts)', () => {
    it('50 failed attempts across different emails pass; the 51st is a 429 with retry-after, in plain text', async () => {
      const ip = randomIPv4();
      for (let i = 1; i <= 50; i++) {
        const { res } = await fail(t, uniqueEmail('ip'), ip);
        expect({ attempt: i, status: res.status }).toEqual({ attempt: i, status: 401 });
      }
      const refused = await fail(t, uniqueEmail('ip'), ip);
      const retryAfter = expectLoginThrottled(refused.res, 900);
      expect(retryAfter).toBeGreaterThan(800);
      const ttl = await redis.client.ttl(RedisKeys.loginAttemptsByIp(ip));
      expect(ttl).toBeGreaterThan(800);
      expect(ttl).toBeLessThanOrEqual(900);
      // Even a right password is refused: the IP has no slot left.
      const w = await makeWorkspace(t);
      expectLoginThrottled((await logIn(t, w, { ip })).res, 900);
      // Another IP is not affected.
      expect((await logIn(t, w, { ip: randomIPv4() })).res.status).toBe(302);
    });

    it('a verified login gives its slot back: 49 failures, a success and a failure still pass; then the 51st slot is refused', async () => {
      const ip = randomIPv4();
      const w = await makeWorkspace(t);
      for (let i = 0; i < 49; i++) expect((await fail(t, uniqueEmail('slot'), ip)).res.status).toBe(401);
      expect((await logIn(t, w, { ip })).res.status).toBe(302); // takes slot 50, gives it back
      expect(await redis.client.get(RedisKeys.loginAttemptsByIp(ip))).toBe('49');
      expect((await fail(t, uniqueEmail('slot'), ip)).res.status).toBe(401); // slot 50
      expectLoginThrottled((await fail(t, uniqueEmail('slot'), ip)).res, 900); // slot 51
    });

    it('successful logins never use up the IP: 60 in a row all pass', async () => {
      const ip = randomIPv4();
      const w = await makeWorkspace(t);
      for (let i = 0; i < 60; i++) expect((await logIn(t, w, { ip })).res.status).toBe(302);
      expect(Number((await redis.client.get(RedisKeys.loginAttemptsByIp(ip))) ?? '0')).toBe(0);
    });

    it('IPv6 is counted per /64: two addresses share the counter, a third in the /64 is refused, another /64 is not', async () => {
      const prefix = randomIPv6Prefix();
      for (let i = 0; i < 50; i++) {
        const ip = i % 2 === 0 ? `${prefix}::1` : `${prefix}::2`;
        expect((await fail(t, uniqueEmail('v6'), ip)).res.status).toBe(401);
      }
      expectLoginThrottled((await fail(t, uniqueEmail('v6'), `${prefix}:1234:5678:9abc:def0`)).res, 900);
      expectLoginThrottled((await fail(t, uniqueEmail('v6'), `${prefix}::1`)).res, 900);
      expect((await fail(t, uniqueEmail('v6'), `${randomIPv6Prefix()}::1`)).res.status).toBe(401);
    });

    it('the per-identity cooldown for an IPv6 client covers its whole /64', async () => {
      const prefix = randomIPv6Prefix();
      const w = await makeWorkspace(t);
      for (let i = 0; i < 9; i++) await fail(t, w.email, `${prefix}::${(i + 1).toString(16)}`);
      expectLoginThrottled((await fail(t, w.email, `${prefix}::a`)).res);
      expectLoginThrottled((await logIn(t, w, { ip: `${prefix}::ffff` })).res);
    });
  });

  describe('shared across nodes', () => {
    let b: TestApp;
    beforeAll(async () => {
      b = await createTestApp({ env: TRUST_LOOPBACK });
    });
    afterAll(() => b.close());

    it('two app instances on one Redis share the identity counter: 5 failures on A, 4 on B, the 10th on A is a 429', async () => {
      const w = await makeWorkspace(t);
      const ip = randomIPv4();
      for (let i = 0; i < 5; i++) expect((await fail(t, w.email, ip)).res.status).toBe(401);
      for (let i = 0; i < 4; i++) expect((await fail(b, w.email, ip)).res.status).toBe(401);
      expectLoginThrottled((await fail(t, w.email, ip)).res);
      // The cooldown set through A refuses the right password on B.
      expectLoginThrottled((await logIn(b, w, { ip })).res);
    });

    it('two app instances share the per-IP counter', async () => {
      const ip = randomIPv4();
      for (let i = 0; i < 50; i++) expect((await fail(i % 2 ? b : t, uniqueEmail('nodes'), ip)).res.status).toBe(401);
      expectLoginThrottled((await fail(b, uniqueEmail('nodes'), ip)).res, 900);
      expectLoginThrottled((await fail(t, uniqueEmail('nodes'), ip)).res, 900);
    });
  });
});

/**
 * A request from a chosen loopback source address (127.x.y.z), so the direct peer is an address
 * no other suite uses.
 */
function postFrom(
  base: string,
  localAddress: string,
  xff: string,
  body: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  const url = new URL('/users/log-in', base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': xff },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe.each([
  ['an app without TRUSTED_PROXY_IPS', {}],
  ['an app that trusts other proxies only', { TRUSTED_PROXY_IPS: '127.0.0.1,::1,192.0.2.10' }],
])('x-forwarded-for from an untrusted peer (%s)', (_name, env: Record<string, string>) => {
  let t: TestApp;
  let base: string;
  let peer: string;
  beforeAll(async () => {
    t = await createTestApp({ env });
    base = await t.listen();
    peer = `127.${randomInt(1, 255)}.${randomInt(256)}.${randomInt(1, 255)}`;
  });
  afterAll(async () => {
    await t.app.get(RedisService).client.del(RedisKeys.loginAttemptsByIp(peer));
    await t.close();
  });

  it('is ignored: varying it does not escape the per-IP counter of the direct peer', async () => {
    const form = (email: string) => `email=${encodeURIComponent(email)}&password=${encodeURIComponent(WRONG)}`;
    for (let i = 0; i < 50; i++) {
      const res = await postFrom(base, peer, randomIPv4(), form(uniqueEmail('xff')));
      expect({ attempt: i + 1, status: res.status }).toEqual({ attempt: i + 1, status: 401 });
    }
    const refused = await postFrom(base, peer, randomIPv4(), form(uniqueEmail('xff')));
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.headers['content-type']).toMatch(/^text\/plain/);
    // Counted under the peer's own address.
    expect(Number(await t.app.get(RedisService).client.get(RedisKeys.loginAttemptsByIp(peer)))).toBeGreaterThanOrEqual(50);
    expect(refused.headers['set-cookie']?.some((c) => c.startsWith(SESSION_COOKIE))).toBeFalsy();
  });
});

/**
 * Issue 51, item 3: through a trusted proxy, every spelling of one client's address is one client,
 * and an entry that is not an address is the proxy's (the hop that passed it on), never a bucket
 * of its own. Before, each port, each case of "::FFFF:" and each piece of garbage got a fresh
 * per-IP and per-identity budget.
 */
describe('x-forwarded-for spellings through a trusted proxy', () => {
  let t: TestApp;
  let base: string;
  let proxy: string;
  const redis = () => t.app.get(RedisService).client;
  const form = (email: string, password = WRONG) => `email=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}`;
  const port = () => randomInt(1, 65536);
  /** The i-th spelling of an IPv4 client, as load balancers and dual-stack listeners write it. */
  const spellingOf = (ip: string, i: number): string => {
    const [a, b, c, d] = ip.split('.').map(Number);
    const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
    const forms = [
      `${ip}:${port()}`,
      `::FFFF:${ip}`,
      `[::ffff:${ip}]:${port()}`,
      `::ffff:${hex.toUpperCase()}`,
      `[::FFFF:${ip}]`,
      `0:0:0:0:0:ffff:${ip}`,
      ip,
      `198.51.100.77, ${ip}:${port()}`, // what the client sent itself, then what the proxy appended
    ];
    return forms[i % forms.length];
  };
  const statusesOf = async (n: number, xff: (i: number) => string, email: (i: number) => string, password?: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) statuses.push((await postFrom(base, proxy, xff(i), form(email(i), password))).status);
    return statuses;
  };
  const repeat = (status: number, n: number) => Array.from({ length: n }, () => status);

  beforeAll(async () => {
    proxy = `127.${randomInt(1, 255)}.${randomInt(256)}.${randomInt(1, 255)}`;
    t = await createTestApp({ env: { TRUSTED_PROXY_IPS: `127.0.0.1,::1,${proxy}` } });
    base = await t.listen();
  });
  afterAll(async () => {
    await redis().del(RedisKeys.loginAttemptsByIp(proxy));
    await t.close();
  });

  it('per IP: 60 failed log-ins in ip:port, ::FFFF:, bracketed and hex spellings of one client: 50 pass, the 51st to 60th are 429', async () => {
    const ip = randomIPv4();
    const statuses = await statusesOf(
      60,
      (i) => spellingOf(ip, i),
      () => uniqueEmail('spelled'),
    );
    expect(statuses).toEqual([...repeat(401, 50), ...repeat(429, 10)]);
    // Counted under the client's own address (refused attempts count on).
    expect(Number(await redis().get(RedisKeys.loginAttemptsByIp(ip)))).toBe(60);
  });

  it('per IP: an IPv6 client in [v6]:port, upper-case and uncompressed spellings is one /64', async () => {
    const prefix = randomIPv6Prefix();
    const [, , g3, g4] = prefix.split(':');
    const spellings = [
      `[${prefix}::1]:${port()}`,
      `${prefix.toUpperCase()}::1`,
      `[${prefix}:0:0:0:1]`,
      `2001:0db8:${g3}:${g4}:0000:0000:0000:0001`,
      `[${prefix}::abcd]:443`,
    ];
    const statuses = await statusesOf(
      55,
      (i) => spellings[i % spellings.length],
      () => uniqueEmail('spelled6'),
    );
    expect(statuses).toEqual([...repeat(401, 50), ...repeat(429, 5)]);
  });

  it('per identity: one account guessed in 15 spellings of one client is locked at the 10th, the right password too', async () => {
    const w = await makeWorkspace(t);
    const ip = randomIPv4();
    const statuses = await statusesOf(
      15,
      (i) => spellingOf(ip, i),
      () => w.email,
    );
    expect(statuses).toEqual([...repeat(401, 9), ...repeat(429, 6)]);
    expect((await postFrom(base, proxy, `${ip}:${port()}`, form(w.email, w.password))).status).toBe(429);
  });

  it('garbage entries are the proxy that passed them on: 60 failed log-ins with 60 junk values, the 51st is a 429 under its address', async () => {
    await redis().del(RedisKeys.loginAttemptsByIp(proxy));
    const junk = ['x', 'unknown', '1.2.3.4.5', '999.0.0.1', '127.1', '_hidden', '[::1', '10.0.0.1:99999'];
    const statuses = await statusesOf(
      60,
      (i) => (i < junk.length ? junk[i] : `${randomIPv4()}, junk-${i}`),
      () => uniqueEmail('junk'),
    );
    expect(statuses).toEqual([...repeat(401, 50), ...repeat(429, 10)]);
    expect(Number(await redis().get(RedisKeys.loginAttemptsByIp(proxy)))).toBe(60);
    for (const j of junk) expect(await redis().exists(RedisKeys.loginAttemptsByIp(j))).toBe(0);
  });
});
