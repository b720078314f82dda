import { createHash, randomBytes } from 'node:crypto';
import { EventBus, BusEvent } from '../src/core/redis/event-bus.service';
import { RedisKeys } from '../src/core/redis/redis-keys';
import { RedisService } from '../src/core/redis/redis.service';
import { PasswordResetService } from '../src/sessions/password-reset.service';
import { makeWorkspace, Registered, uniqueEmail } from './support/builders';
import { eventually } from './support/eventually';
import {
  db,
  getApp,
  logIn,
  Mail,
  mailQueueDrained,
  mailsTo,
  randomIPv4,
  resetPath,
  resetToken,
  SESSION_COOKIE,
  sha256,
  TRUST_LOOPBACK,
  userId,
  waitForMails,
} from './support/operator';
import { expectProblem } from './support/problem';
import { createTestApp, TestApp } from './support/test-app';
import type { Job } from 'bullmq';

const NEW_PASSWORD = 'a brand new password 42';
const PANEL = 'If your email is in our system, you will receive instructions to reset your password shortly.';
/** How long to wait before concluding that a mail was not sent. */

/**
 * POST /users/forgot-password from `ip`. The clock moves 1 ms first so no two requests share a
 * request time: the mailer derives the link from (job id, request time), and job ids restart
 * when another test run flushes the shared Redis (see the repeated-job test below).
 */
const requestReset = (t: TestApp, email: string, ip: string) => {
  t.clock.advance(1);
  return t.http().post('/users/forgot-password').set('x-forwarded-for', ip).type('form').send({ email });
};

const submitReset = (t: TestApp, path: string, password: string, confirmation = password) =>
  t.http().post(path).type('form').send({ password, password_confirmation: confirmation });

/** The dead-end panel: says the link is unusable and links to a new request. */
function expectDeadEnd(res: { status: number; text: string; headers: Record<string, string> }): void {
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.text).toContain('id="reset-dead-end"');
  expect(res.text).toContain('<a href="/users/forgot-password">');
  expect(res.text).not.toContain('name="password"');
}

function expectResetForm(res: { status: number; text: string; headers: Record<string, string> }, path: string): void {
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.text).toContain(`<form method="post" action="${path}">`);
  expect(res.text).toMatch(/<input id="password" name="password" type="password"/);
  expect(res.text).toMatch(/<input id="password_confirmation" name="password_confirmation" type="password"/);
  expect(res.text).not.toContain('id="reset-dead-end"');
}

/** Requests a link for `email` and returns the mail (the newest of `expected` mails to it). */
async function resetMail(t: TestApp, email: string, ip = randomIPv4(), expected = 1): Promise<Mail> {
  const res = await requestReset(t, email, ip);
  expect(res.status).toBe(200);
  const mails = await waitForMails(t, email, expected);
  return mails[expected - 1];
}

const loginStatus = async (t: TestApp, email: string, password: string) =>
  (await logIn(t, { email, password }, { ip: randomIPv4() })).res.status;

/**
 * The links issued to a user: the mailer stores one row per mail it sends. Unlike the dev mailbox
 * (Redis), the rows survive another test run flushing the shared Redis, so "no further mail" is
 * checked on them.
 */
const linkCount = async (t: TestApp, email: string) =>
  Number(
    (
      await db(t).query(`SELECT count(*)::int AS n FROM password_reset_tokens r JOIN users u ON u.id = r.user_id WHERE u.email = $1`, [
        email,
      ])
    )[0].n,
  );

async function waitForLinks(t: TestApp, email: string, count: number, timeoutMs = 15_000): Promise<void> {
  await eventually(
    async () => {
      const links = await linkCount(t, email);
      if (links < count) throw new Error(`got ${links}`);
    },
    { timeoutMs, intervalMs: 100, what: `${count} reset link(s) for ${email}` },
  );
}

const countRows = async (t: TestApp, table: 'user_sessions' | 'password_reset_tokens', uid: string) =>
  Number((await db(t).query(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [uid]))[0].n);

describe('password reset', () => {
  let t: TestApp;
  let redis: RedisService;
  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
    redis = t.app.get(RedisService);
  });
  afterAll(() => t.close());

  it('GET /users/forgot-password renders the request form', async () => {
    const res = await t.http().get('/users/forgot-password').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<form method="post" action="/users/forgot-password">');
    expect(res.text).toMatch(/<input id="email" name="email" type="email"/);
  });

  it('answers a known and an unknown address identically, never echoing it; only the known one gets a mail', async () => {
    const known = await makeWorkspace(t);
    const unknown = uniqueEmail('nobody');
    const ip = randomIPv4();
    const a = await requestReset(t, unknown, ip);
    const b = await requestReset(t, `  ${known.email.toUpperCase()} `, ip);
    expect(b.status).toBe(a.status);
    expect(a.status).toBe(200);
    expect(b.headers['content-type']).toBe(a.headers['content-type']);
    expect(b.text).toBe(a.text);
    expect(a.text).toContain(PANEL);
    for (const res of [a, b]) {
      expect(res.text.toLowerCase()).not.toContain(known.email);
      expect(res.text.toLowerCase()).not.toContain(unknown);
      expect(res.text).not.toContain(unknown.split('@')[0]);
      expect(res.headers['set-cookie']).toBeUndefined();
    }

    const [mail] = await waitForMails(t, known.email); // normalized: the stored, lower-case address
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.text).toMatch(/\/users\/reset-password\/[A-Za-z0-9_-]{43}\b/);
    expect(mail.html).toContain(resetPath(mail));
    await mailQueueDrained(t);
    expect(await mailsTo(t, unknown)).toEqual([]);
    expect(await linkCount(t, known.email)).toBe(1);
  });

  it('the link renders the new-password form; the database holds only the SHA-256 of the token', async () => {
    const w = await makeWorkspace(t);
    const mail = await resetMail(t, w.email);
    const path = resetPath(mail);
    const token = resetToken(mail);
    expectResetForm(await t.http().get(path), path);

    const rows: { token_hash: Buffer; sent_to: string; inserted_at: Date; expires_at: Date; used_at: Date | null; row: string }[] =
      await db(t).query(
        `SELECT token_hash, sent_to, inserted_at, expires_at, used_at, row_to_json(r)::text AS row FROM password_reset_tokens r WHERE user_id = $1`,
        [await userId(t, w.email)],
      );
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toHaveLength(32);
    expect(rows[0].token_hash.equals(sha256(token))).toBe(true);
    expect(rows[0].row).not.toContain(token);
    expect(rows[0].row).not.toContain(Buffer.from(token).toString('hex'));
    expect(rows[0].sent_to).toBe(w.email);
    expect(new Date(rows[0].inserted_at).getTime()).toBe(t.clock.now());
    expect(new Date(rows[0].expires_at).getTime() - new Date(rows[0].inserted_at).getTime()).toBe(60 * 60_000);
  });

  it('an unknown or malformed token renders the dead-end panel', async () => {
    expectDeadEnd(await t.http().get(`/users/reset-password/${'A'.repeat(43)}`));
    expectDeadEnd(await t.http().get('/users/reset-password/short'));
    expectDeadEnd(await submitReset(t, `/users/reset-password/${'B'.repeat(43)}`, NEW_PASSWORD));
  });

  it('the development mailbox, which holds every link, answers only a client on this machine', async () => {
    // this app trusts the loopback proxy: a forwarded client is the client
    for (const path of ['/dev/mailbox.json', '/dev/mailbox']) {
      await t.http().get(path).expect(200);
      await t.http().get(path).set('x-forwarded-for', '127.0.0.1').expect(200);
      expectProblem(await t.http().get(path).set('x-forwarded-for', '203.0.113.9'), 404, 'not-found', { detail: 'not_found' });
    }
    const page = await t.http().get('/dev/mailbox').expect(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('a link is single use: it sets the password once, then renders the dead-end panel', async () => {
    const w = await makeWorkspace(t);
    const path = resetPath(await resetMail(t, w.email));
    const res = await submitReset(t, path, NEW_PASSWORD).expect(302);
    expect(res.headers.location).toBe('/users/log-in?notice=reset');
    const login = await t.http().get('/users/log-in?notice=reset').expect(200);
    expect(login.text).toMatch(/password has been reset/i);
    // a notice is one of the form's own, never a property every object has
    for (const notice of ['constructor', 'toString', '__proto__']) {
      const other = await t.http().get(`/users/log-in?notice=${notice}`).expect(200);
      expect(other.text).not.toMatch(/function|native code|\[object/);
    }

    expectDeadEnd(await t.http().get(path));
    expectDeadEnd(await submitReset(t, path, 'yet another password 77'));
    expect(await loginStatus(t, w.email, 'yet another password 77')).toBe(401);
    expect(await loginStatus(t, w.email, NEW_PASSWORD)).toBe(302);
  });

  it('a link expires 60 minutes after it was issued', async () => {
    const w = await makeWorkspace(t);
    const path = resetPath(await resetMail(t, w.email));
    t.clock.advance(60 * 60_000 - 1000);
    expectResetForm(await t.http().get(path), path);
    t.clock.advance(2000); // 60 min + 1 s
    expectDeadEnd(await t.http().get(path));
    expectDeadEnd(await submitReset(t, path, NEW_PASSWORD));
    expect(await loginStatus(t, w.email, NEW_PASSWORD)).toBe(401);
    expect(await loginStatus(t, w.email, w.password)).toBe(302);
  });

  it('issuing a newer link leaves the older one valid; using either deletes both', async () => {
    const w = await makeWorkspace(t);
    const ip = randomIPv4();
    const first = await resetMail(t, w.email, ip, 1);
    t.clock.advance(60_000);
    const second = await resetMail(t, w.email, ip, 2);
    expect(resetPath(second)).not.toBe(resetPath(first));
    expectResetForm(await t.http().get(resetPath(second)), resetPath(second));

    expect((await submitReset(t, resetPath(first), NEW_PASSWORD)).status).toBe(302);
    expectDeadEnd(await t.http().get(resetPath(second)));
    expect(await countRows(t, 'password_reset_tokens', await userId(t, w.email))).toBe(0);
  });

  describe('setting a new password', () => {
    let w: Registered;
    let uid: string;
    beforeEach(async () => {
      w = await makeWorkspace(t);
      uid = await userId(t, w.email);
    });

    it('ends every session, deletes every reset link, confirms the account and swaps the password', async () => {
      const sessions = [(await logIn(t, w, { ip: randomIPv4() })).session, (await logIn(t, w, { ip: randomIPv4() })).session];
      for (const s of sessions) await getApp(t, { [SESSION_COOKIE]: s }).expect(200);
      const [{ confirmed_at: before }] = await db(t).query(`SELECT confirmed_at FROM users WHERE id = $1`, [uid]);
      expect(before).toBeNull(); // register leaves the account unconfirmed

      const ip = randomIPv4();
      const first = await resetMail(t, w.email, ip, 1);
      const second = await resetMail(t, w.email, ip, 2);
      expect(await countRows(t, 'user_sessions', uid)).toBe(2);
      expect(await countRows(t, 'password_reset_tokens', uid)).toBe(2);

      expect((await submitReset(t, resetPath(second), NEW_PASSWORD)).status).toBe(302);

      for (const s of sessions) {
        const res = await getApp(t, { [SESSION_COOKIE]: s }).expect(302);
        expect(res.headers.location).toBe('/users/log-in');
      }
      expect(await countRows(t, 'user_sessions', uid)).toBe(0);
      expect(await countRows(t, 'password_reset_tokens', uid)).toBe(0);
      expectDeadEnd(await t.http().get(resetPath(first)));

      const [{ confirmed_at: after }] = await db(t).query(`SELECT confirmed_at FROM users WHERE id = $1`, [uid]);
      expect(after).not.toBeNull();
      expect(new Date(after).getTime()).toBe(t.clock.now());

      expect(await loginStatus(t, w.email, w.password)).toBe(401);
      expect(await loginStatus(t, w.email, NEW_PASSWORD)).toBe(302);
    });

    it('keeps an existing confirmation date', async () => {
      const confirmedAt = new Date('2024-01-02T03:04:05.000Z');
      await db(t).query(`UPDATE users SET confirmed_at = $2 WHERE id = $1`, [uid, confirmedAt]);
      expect((await submitReset(t, resetPath(await resetMail(t, w.email)), NEW_PASSWORD)).status).toBe(302);
      const [{ confirmed_at }] = await db(t).query(`SELECT confirmed_at FROM users WHERE id = $1`, [uid]);
      expect(new Date(confirmed_at).toISOString()).toBe(confirmedAt.toISOString());
    });

    it('publishes user.sessions_revoked on the event bus, so every node can close live sockets', async () => {
      const path = resetPath(await resetMail(t, w.email));
      const seen: BusEvent[] = [];
      const off = t.app.get(EventBus).on('user.sessions_revoked', (e) => seen.push(e));
      try {
        expect((await submitReset(t, path, NEW_PASSWORD)).status).toBe(302);
        expect(seen.filter((e) => e.userId === uid)).toHaveLength(1);
      } finally {
        off();
      }
    });

    it('a mismatched confirmation or a bad length is a 422 page with the error; the link stays usable', async () => {
      const path = resetPath(await resetMail(t, w.email));
      const cases: [string, string, RegExp][] = [
        [NEW_PASSWORD, `${NEW_PASSWORD}!`, /Password confirmation does not match\./],
        ['short pass1', 'short pass1', /Password must be 12 to 72 characters\./],
        ['x'.repeat(73), 'x'.repeat(73), /Password must be 12 to 72 characters\./],
      ];
      for (const [password, confirmation, error] of cases) {
        const res = await submitReset(t, path, password, confirmation);
        expect(res.status).toBe(422);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.text).toMatch(error);
        expect(res.text).toContain('role="alert"');
        expect(res.text).not.toContain(password); // the attempted password is not echoed
        expectResetForm({ ...res, status: 200 }, path);
      }
      expect(await loginStatus(t, w.email, w.password)).toBe(302);
      expectResetForm(await t.http().get(path), path);
      expect((await submitReset(t, path, 'x'.repeat(72))).status).toBe(302);
      expect(await loginStatus(t, w.email, 'x'.repeat(72))).toBe(302);
    });
  });

  // Job ids restart when Redis loses its data; even two jobs with the same id, request time and
  // nonce must mail each user a link to their own account only (the user is part of the token).
  it("a repeated job never mails one user a link to another user's account", async () => {
    const a = await makeWorkspace(t);
    const b = await makeWorkspace(t);
    const service = t.app.get(PasswordResetService);
    const id = `collide-${randomBytes(6).toString('hex')}`;
    const requestedAt = t.clock.now();
    const nonce = randomBytes(16).toString('base64url');
    type ResetJob = Job<{ email: string; requestedAt: number; nonce: string }>;
    await service.deliver({ id, data: { email: a.email, requestedAt, nonce } } as unknown as ResetJob);
    await service.deliver({ id, data: { email: b.email, requestedAt, nonce } } as unknown as ResetJob);
    const [mail] = await waitForMails(t, b.email);
    await submitReset(t, resetPath(mail), NEW_PASSWORD);
    // A's account is untouched by the link mailed to B.
    expect(await loginStatus(t, a.email, NEW_PASSWORD)).toBe(401);
    expect(await loginStatus(t, a.email, a.password)).toBe(302);
  });

  describe('outstanding links die with a change of account', () => {
    it('changing the email makes an outstanding link a dead end', async () => {
      const w = await makeWorkspace(t);
      const path = resetPath(await resetMail(t, w.email));
      expectResetForm(await t.http().get(path), path);
      const moved = uniqueEmail('moved');
      await db(t).query(`UPDATE users SET email = $2 WHERE email = $1`, [w.email, moved]);
      expectDeadEnd(await t.http().get(path));
      expectDeadEnd(await submitReset(t, path, NEW_PASSWORD));
      expect(await loginStatus(t, moved, NEW_PASSWORD)).toBe(401);
      expect(await loginStatus(t, moved, w.password)).toBe(302);
    });

    it('suspending the account makes an outstanding link a dead end', async () => {
      const w = await makeWorkspace(t);
      const path = resetPath(await resetMail(t, w.email));
      await db(t).query(`UPDATE users SET status = 'suspended' WHERE email = $1`, [w.email]);
      expectDeadEnd(await t.http().get(path));
      expectDeadEnd(await submitReset(t, path, NEW_PASSWORD));
      await db(t).query(`UPDATE users SET status = 'active' WHERE email = $1`, [w.email]);
      expect(await loginStatus(t, w.email, NEW_PASSWORD)).toBe(401);
    });

    // SPEC.md Effects 5: suspending or changing the email invalidates outstanding links, for good.
    it('a link invalidated by a suspension or an email change stays dead when the change is undone', async () => {
      const w = await makeWorkspace(t);
      const ip = randomIPv4();
      const suspendedPath = resetPath(await resetMail(t, w.email, ip, 1));
      await db(t).query(`UPDATE users SET status = 'suspended' WHERE email = $1`, [w.email]);
      await db(t).query(`UPDATE users SET status = 'active' WHERE email = $1`, [w.email]);
      expectDeadEnd(await t.http().get(suspendedPath));

      const movedPath = resetPath(await resetMail(t, w.email, ip, 2));
      const moved = uniqueEmail('moved');
      await db(t).query(`UPDATE users SET email = $2 WHERE email = $1`, [w.email, moved]);
      await db(t).query(`UPDATE users SET email = $2 WHERE email = $1`, [moved, w.email]);
      expectDeadEnd(await t.http().get(movedPath));
    });

    it('a suspended account gets no link at all', async () => {
      const w = await makeWorkspace(t);
      await db(t).query(`UPDATE users SET status = 'suspended' WHERE email = $1`, [w.email]);
      const other = await makeWorkspace(t);
      const ip = randomIPv4();
      expect((await requestReset(t, w.email, ip)).status).toBe(200);
      await resetMail(t, other.email, ip); // a later request is delivered ...
      await mailQueueDrained(t);
      expect(await mailsTo(t, w.email)).toEqual([]); // ... but the suspended account got nothing
      expect(await linkCount(t, w.email)).toBe(0);
    });
  });

  // Requests go out back to back and Redis is read at once: other test runs may flush the shared
  // Redis, and the throttle keys must not vanish between the requests being compared.
  describe('request throttles (Redis, real TTL)', () => {
    it('5 per address in 15 minutes: the 6th renders the same panel and sends no mail', async () => {
      const w = await makeWorkspace(t);
      const ip = randomIPv4();
      const key = RedisKeys.resetRequestsByAddress(createHash('sha256').update(w.email).digest('base64url'));
      const other = await makeWorkspace(t);
      const bodies: string[] = [];
      for (let i = 0; i < 6; i++) bodies.push((await requestReset(t, w.email, ip).expect(200)).text);
      // A throttled address is throttled from any IP; another account from the same IP is served.
      bodies.push((await requestReset(t, w.email, randomIPv4()).expect(200)).text);
      await requestReset(t, other.email, ip).expect(200);
      const ttl = await redis.client.ttl(key);
      expect(ttl).toBeGreaterThan(850);
      expect(ttl).toBeLessThanOrEqual(900);
      expect(key).not.toContain(w.email);
      expect(new Set(bodies).size).toBe(1); // the throttled 6th and 7th render the same panel
      expect(bodies[5]).toContain(PANEL);

      await waitForMails(t, w.email, 5);
      await waitForLinks(t, other.email, 1);
      await mailQueueDrained(t);
      expect(await linkCount(t, w.email)).toBe(5);
    });

    it('10 per IP in 15 minutes: the 11th request, for a known address, renders the same panel and sends no mail', async () => {
      const ip = randomIPv4();
      const tenth = await makeWorkspace(t);
      const eleventh = await makeWorkspace(t);
      const bodies: string[] = [];
      for (let i = 0; i < 9; i++) bodies.push((await requestReset(t, uniqueEmail('ipcap'), ip).expect(200)).text);
      bodies.push((await requestReset(t, tenth.email, ip).expect(200)).text);
      bodies.push((await requestReset(t, eleventh.email, ip).expect(200)).text);
      const ttl = await redis.client.ttl(RedisKeys.resetRequestsByIp(ip));
      expect(ttl).toBeGreaterThan(850);
      expect(ttl).toBeLessThanOrEqual(900);
      expect(new Set(bodies).size).toBe(1);

      await waitForMails(t, tenth.email, 1); // the 10th is still served
      await mailQueueDrained(t);
      expect(await linkCount(t, eleventh.email)).toBe(0);
      expect(await mailsTo(t, eleventh.email)).toEqual([]);

      // From another IP the same address is served, which shows the 11th was refused for its IP.
      await requestReset(t, eleventh.email, randomIPv4()).expect(200);
      await waitForLinks(t, eleventh.email, 1);
    });
  });
});
