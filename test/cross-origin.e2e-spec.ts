import { RedisKeys } from '../src/core/redis/redis-keys';
import { RedisService } from '../src/core/redis/redis.service';
import { makeWorkspace, Registered, uniqueEmail } from './support/builders';
import { cookieHeader, db, getApp, logIn, randomIPv4, SESSION_COOKIE, TRUST_LOOPBACK, userId } from './support/operator';
import { expectProblem } from './support/problem';
import { createTestApp, TestApp } from './support/test-app';
import type { Response } from 'supertest';

/** BASE_URL's origin in the test environment (test/support/env.ts). */
const OWN_ORIGIN = new URL(process.env.BASE_URL!).origin;

type Headers = Record<string, string>;

const CASES: { name: string; headers: Headers; refused: boolean }[] = [
  { name: 'Sec-Fetch-Site same-origin', headers: { 'sec-fetch-site': 'same-origin' }, refused: false },
  { name: 'Sec-Fetch-Site none', headers: { 'sec-fetch-site': 'none' }, refused: false },
  { name: 'Sec-Fetch-Site cross-site', headers: { 'sec-fetch-site': 'cross-site' }, refused: true },
  { name: 'Sec-Fetch-Site same-site', headers: { 'sec-fetch-site': 'same-site' }, refused: true },
  { name: 'no Sec-Fetch-Site, Origin = BASE_URL origin', headers: { origin: OWN_ORIGIN }, refused: false },
  { name: 'no Sec-Fetch-Site, Origin https://evil.example', headers: { origin: 'https://evil.example' }, refused: true },
  { name: 'no Sec-Fetch-Site, Origin on another port', headers: { origin: 'http://localhost:4001' }, refused: true },
  { name: 'no Sec-Fetch-Site, Origin null', headers: { origin: 'null' }, refused: true },
  { name: 'neither header (a non-browser client)', headers: {}, refused: false },
  // Sec-Fetch-Site decides when present, whatever the Origin says.
  {
    name: 'Sec-Fetch-Site same-origin with a foreign Origin',
    headers: { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
    refused: false,
  },
  { name: 'Sec-Fetch-Site cross-site with our own Origin', headers: { 'sec-fetch-site': 'cross-site', origin: OWN_ORIGIN }, refused: true },
];

function expectRefused(res: Response): void {
  expectProblem(res, 403, 'forbidden', { detail: 'cross_origin_request' });
  expect(res.headers['set-cookie']).toBeUndefined();
}

describe('cross-origin protection of unsafe page requests', () => {
  let t: TestApp;
  let w: Registered;
  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
    w = await makeWorkspace(t);
  });
  afterAll(() => t.close());

  describe.each(CASES)('$name', ({ headers, refused }) => {
    it(`POST /users/log-in is ${refused ? 'refused' : 'let through'}`, async () => {
      const ip = randomIPv4();
      const res = await t
        .http()
        .post('/users/log-in')
        .set(headers)
        .set('x-forwarded-for', ip)
        .type('form')
        .send({ email: w.email, password: w.password });
      if (refused) {
        expectRefused(res);
        // A refused request never reached the login: no attempt was counted for the IP.
        expect(await t.app.get(RedisService).client.exists(RedisKeys.loginAttemptsByIp(ip))).toBe(0);
      } else {
        expect(res.status).toBe(302);
        expect(res.headers.location).toBe('/app');
      }
    });

    it(`POST /users/forgot-password is ${refused ? 'refused' : 'let through'}`, async () => {
      const res = await t
        .http()
        .post('/users/forgot-password')
        .set(headers)
        .set('x-forwarded-for', randomIPv4())
        .type('form')
        .send({ email: uniqueEmail('xo') });
      if (refused) expectRefused(res);
      else {
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
      }
    });

    it(`DELETE /users/log-out is ${refused ? 'refused, and the session lives on' : 'let through'}`, async () => {
      const { session } = await logIn(t, w, { ip: randomIPv4() });
      const res = await t
        .http()
        .delete('/users/log-out')
        .set(headers)
        .set('cookie', cookieHeader({ [SESSION_COOKIE]: session }));
      if (refused) {
        expectRefused(res);
        await getApp(t, { [SESSION_COOKIE]: session }).expect(200);
      } else {
        expect(res.status).toBe(302);
        await getApp(t, { [SESSION_COOKIE]: session }).expect(302);
      }
    });

    it(`POST /users/reset-password/:token is ${refused ? 'refused' : 'let through'}`, async () => {
      const res = await t
        .http()
        .post(`/users/reset-password/${'A'.repeat(43)}`)
        .set(headers)
        .type('form')
        .send({ password: 'a new password 123', password_confirmation: 'a new password 123' });
      if (refused) expectRefused(res);
      else {
        expect(res.status).toBe(200); // the dead-end panel for an unknown token
        expect(res.text).toContain('href="/users/forgot-password"');
      }
    });
  });

  it('a refused log-in does not create a session row', async () => {
    const fresh = await makeWorkspace(t);
    const res = await t
      .http()
      .post('/users/log-in')
      .set('sec-fetch-site', 'cross-site')
      .set('x-forwarded-for', randomIPv4())
      .type('form')
      .send({ email: fresh.email, password: fresh.password });
    expectRefused(res);
    const rows = await db(t).query(`SELECT count(*)::int AS n FROM user_sessions WHERE user_id = $1`, [await userId(t, fresh.email)]);
    expect(rows[0].n).toBe(0);
  });

  it('other unsafe methods on pages are checked too (PUT/PATCH under /users and /app)', async () => {
    for (const [method, path] of [
      ['put', '/users/log-in'],
      ['patch', '/app'],
      ['post', '/app'],
      ['delete', '/app'],
    ] as const) {
      expectRefused(await t.http()[method](path).set('sec-fetch-site', 'cross-site'));
    }
  });

  it('GET requests are never refused, even cross-site with a foreign Origin', async () => {
    const { session } = await logIn(t, w, { ip: randomIPv4() });
    const hostile = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };
    for (const path of ['/users/log-in', '/users/forgot-password', `/users/reset-password/${'A'.repeat(43)}`]) {
      const res = await t.http().get(path).set(hostile);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
    const app = await t
      .http()
      .get('/app')
      .set(hostile)
      .set('cookie', cookieHeader({ [SESSION_COOKIE]: session }));
    expect(app.status).toBe(200);
    expect((await t.http().get('/app').set(hostile)).status).toBe(302);
    expect((await t.http().head('/users/log-in').set(hostile)).status).toBe(200);
  });

  it('machine API routes are not subject to it (non-browser clients)', async () => {
    const res = await t
      .http()
      .post('/api/v1/agent_tokens')
      .set('sec-fetch-site', 'cross-site')
      .set('origin', 'https://evil.example')
      .set('x-agent-api-key', w.apiKey)
      .send({});
    expect(res.status).toBe(200);
  });
});
