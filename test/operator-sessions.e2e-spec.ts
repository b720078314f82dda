import { makeWorkspace } from './support/builders';
import {
  cookieHeader,
  db,
  getApp,
  isCleared,
  logIn,
  randomIPv4,
  REMEMBER_ME_COOKIE,
  SESSION_COOKIE,
  setCookies,
  SetCookie,
  sha256,
  TRUST_LOOPBACK,
  userId,
} from './support/operator';
import { expectProblem } from './support/problem';
import { createTestApp, TestApp } from './support/test-app';

const DAY = 24 * 3600 * 1000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const GENERIC_FAILURE = 'Invalid email or password.';

/** The attributes every session cookie carries, whatever the environment. */
function expectBaseAttributes(cookie: SetCookie | undefined): void {
  expect(cookie).toBeDefined();
  expect(cookie!.attrs.httponly).toBe(true);
  expect(cookie!.attrs.samesite).toBe('Lax');
  expect(cookie!.attrs.path).toBe('/');
}

const sessionRows = (t: TestApp, uid: string) =>
  db(t).query<{ token_hash: Buffer; issued_at: Date; expires_at: Date; row: string }[]>(
    `SELECT token_hash, issued_at, expires_at, row_to_json(s)::text AS row FROM user_sessions s WHERE user_id = $1`,
    [uid],
  );

const rowsWithHash = async (t: TestApp, token: string) =>
  Number((await db(t).query(`SELECT count(*)::int AS n FROM user_sessions WHERE token_hash = $1`, [sha256(token)]))[0].n);

describe('operator sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
  });
  afterAll(() => t.close());

  it('GET /users/log-in renders the form with email, password and remember_me fields', async () => {
    const res = await t.http().get('/users/log-in').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<form method="post" action="/users/log-in">');
    expect(res.text).toMatch(/<input id="email" name="email"/);
    expect(res.text).toMatch(/<input id="password" name="password" type="password"/);
    expect(res.text).toMatch(/name="remember_me"/);
    expect(res.text).toContain('href="/users/forgot-password"');
    expect(setCookies(res).size).toBe(0);
  });

  it('a deep link without a session goes to the log-in form and, once logged in, back to the page asked for', async () => {
    const w = await makeWorkspace(t);
    const deep = await t.http().get('/app/traces?filter%5Bstatus%5D=error').expect(302);
    expect(deep.headers.location).toBe('/users/log-in?return_to=%2Fapp%2Ftraces%3Ffilter%255Bstatus%255D%3Derror');
    const form = await t.http().get(deep.headers.location).expect(200);
    expect(form.text).toContain('<input type="hidden" name="return_to" value="/app/traces?filter%5Bstatus%5D=error">');
    const ip = randomIPv4();
    const done = await t
      .http()
      .post('/users/log-in')
      .set('x-forwarded-for', ip)
      .type('form')
      .send({ email: w.email, password: w.password, return_to: '/app/traces?filter%5Bstatus%5D=error' })
      .expect(302);
    expect(done.headers.location).toBe('/app/traces?filter%5Bstatus%5D=error');
    // anything that is not a console path of this origin goes to /app
    for (const hostile of ['https://evil.example/app', '//evil.example/app', '/api/v1/operator/me', '/app\\x']) {
      const r = await t
        .http()
        .post('/users/log-in')
        .set('x-forwarded-for', randomIPv4())
        .type('form')
        .send({ email: w.email, password: w.password, return_to: hostile })
        .expect(302);
      expect(r.headers.location).toBe('/app');
    }
    expect((await t.http().get('/users/log-in?return_to=//evil.example').expect(200)).text).not.toContain('name="return_to"');
  });

  it('GET /app without a session redirects to /users/log-in, also with an unknown cookie', async () => {
    const none = await t.http().get('/app').expect(302);
    expect(none.headers.location).toBe('/users/log-in');
    const unknown = await getApp(t, { [SESSION_COOKIE]: 'A'.repeat(43) }).expect(302);
    expect(unknown.headers.location).toBe('/users/log-in');
  });

  it('a form login answers 302 to /app with a browser-session cookie (HttpOnly, Lax, Path=/, no Secure, no Max-Age)', async () => {
    const w = await makeWorkspace(t);
    const { res, session } = await logIn(t, w, { ip: randomIPv4() });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/app');
    const cookies = setCookies(res);
    const cookie = cookies.get(SESSION_COOKIE);
    expectBaseAttributes(cookie);
    expect(cookie!.attrs.secure).toBeUndefined();
    expect(cookie!.attrs['max-age']).toBeUndefined();
    expect(cookie!.attrs.expires).toBeUndefined();
    expect(session).toMatch(TOKEN);
    expect(cookies.has(REMEMBER_ME_COOKIE)).toBe(false);

    const app = await getApp(t, { [SESSION_COOKIE]: session }).expect(200);
    expect(app.headers['content-type']).toMatch(/^text\/html/);
    expect(app.text).toContain('Welcome');
    expect(app.text).toContain(w.email);
    expect(setCookies(app).size).toBe(0); // a fresh session is not reissued
  });

  it('a JSON login works the same, with the email trimmed and lower-cased', async () => {
    const w = await makeWorkspace(t);
    const { res, session } = await logIn(
      t,
      { email: `  ${w.email.toUpperCase()} `, password: w.password },
      { ip: randomIPv4(), json: true },
    );
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/app');
    const cookie = setCookies(res).get(SESSION_COOKIE);
    expectBaseAttributes(cookie);
    expect(cookie!.attrs.secure).toBeUndefined();
    expect(cookie!.attrs['max-age']).toBeUndefined();
    expect(cookie!.attrs.expires).toBeUndefined();
    expect(setCookies(res).has(REMEMBER_ME_COOKIE)).toBe(false);
    await getApp(t, { [SESSION_COOKIE]: session }).expect(200);
  });

  it('the session row holds only the 32-byte SHA-256 of the token and lives 14 days', async () => {
    const w = await makeWorkspace(t);
    const { session } = await logIn(t, w, { ip: randomIPv4() });
    const rows = await sessionRows(t, await userId(t, w.email));
    expect(rows).toHaveLength(1);
    expect(Buffer.isBuffer(rows[0].token_hash)).toBe(true);
    expect(rows[0].token_hash).toHaveLength(32);
    expect(rows[0].token_hash.equals(sha256(session!))).toBe(true);
    expect(rows[0].row).not.toContain(session!);
    expect(rows[0].row).not.toContain(Buffer.from(session!).toString('hex'));
    expect(new Date(rows[0].issued_at).getTime()).toBe(t.clock.now());
    expect(new Date(rows[0].expires_at).getTime() - new Date(rows[0].issued_at).getTime()).toBe(14 * DAY);
  });

  describe('remember me', () => {
    it('sets a signed HttpOnly Lax cookie with Max-Age 14 days, from the form and from JSON', async () => {
      for (const json of [false, true]) {
        const w = await makeWorkspace(t);
        const { res, session, rememberMe } = await logIn(t, w, { ip: randomIPv4(), rememberMe: true, json });
        expect(res.status).toBe(302);
        const cookie = setCookies(res).get(REMEMBER_ME_COOKIE);
        expectBaseAttributes(cookie);
        expect(cookie!.attrs['max-age']).toBe('1209600');
        expect(cookie!.attrs.secure).toBeUndefined();
        const expires = new Date(cookie!.attrs.expires as string).getTime();
        expect(Math.abs(expires - (Date.now() + 14 * DAY))).toBeLessThan(60_000);
        // Signed: not the bare session token.
        expect(rememberMe).toBeDefined();
        expect(rememberMe).not.toBe(session);
        expect(rememberMe!.length).toBeGreaterThan(session!.length);
      }
    });

    it('remember_me false in JSON sets no remember-me cookie', async () => {
      const w = await makeWorkspace(t);
      const { res } = await logIn(t, w, { ip: randomIPv4(), rememberMe: false, json: true });
      expect(res.status).toBe(302);
      expect(setCookies(res).has(REMEMBER_ME_COOKIE)).toBe(false);
    });

    it('alone (session cookie gone) it logs back in and sets a fresh session cookie', async () => {
      const w = await makeWorkspace(t);
      const { rememberMe } = await logIn(t, w, { ip: randomIPv4(), rememberMe: true });
      const res = await getApp(t, { [REMEMBER_ME_COOKIE]: rememberMe }).expect(200);
      expect(res.text).toContain('Welcome');
      const fresh = setCookies(res).get(SESSION_COOKIE);
      expectBaseAttributes(fresh);
      expect(fresh!.attrs['max-age']).toBeUndefined();
      expect(fresh!.value).toMatch(TOKEN);
      await getApp(t, { [SESSION_COOKIE]: fresh!.value }).expect(200);
    });

    it('a tampered remember-me cookie (one character changed) is not accepted', async () => {
      const w = await makeWorkspace(t);
      const { rememberMe } = await logIn(t, w, { ip: randomIPv4(), rememberMe: true });
      const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
      for (const tampered of [
        flip(rememberMe!, 0),
        flip(rememberMe!, rememberMe!.length - 2),
        flip(rememberMe!, rememberMe!.indexOf('.') + 1),
      ]) {
        expect(tampered).not.toBe(rememberMe);
        const res = await getApp(t, { [REMEMBER_ME_COOKIE]: tampered }).expect(302);
        expect(res.headers.location).toBe('/users/log-in');
        expect(setCookies(res).has(SESSION_COOKIE)).toBe(false);
      }
      // The untampered cookie still works.
      await getApp(t, { [REMEMBER_ME_COOKIE]: rememberMe }).expect(200);
    });
  });

  describe('lifetime and reissue (moving the app clock)', () => {
    it('a session ends 14 days after issue: /app redirects to the login page, remember-me does not extend it', async () => {
      const w = await makeWorkspace(t);
      const { session, rememberMe } = await logIn(t, w, { ip: randomIPv4(), rememberMe: true });
      await getApp(t, { [SESSION_COOKIE]: session }).expect(200);
      t.clock.advance(14 * DAY + 1000);
      const res = await getApp(t, { [SESSION_COOKIE]: session }).expect(302);
      expect(res.headers.location).toBe('/users/log-in');
      const remembered = await getApp(t, { [SESSION_COOKIE]: session, [REMEMBER_ME_COOKIE]: rememberMe }).expect(302);
      expect(remembered.headers.location).toBe('/users/log-in');
      expect(setCookies(remembered).has(SESSION_COOKIE)).toBe(false);
    });

    it('on a JSON operator route an expired session is a 401 problem, not a redirect', async () => {
      const w = await makeWorkspace(t);
      const { session } = await logIn(t, w, { ip: randomIPv4() });
      const me = () =>
        t
          .http()
          .get('/api/v1/operator/me')
          .set('cookie', cookieHeader({ [SESSION_COOKIE]: session }));
      const live = await me().expect(200);
      expect(live.body.user.email).toBe(w.email);
      t.clock.advance(14 * DAY + 1000);
      const res = await me();
      expectProblem(res, 401, 'unauthorized', { detail: 'session_required' });
      expect(res.headers.location).toBeUndefined();
    });

    it('before 7 days no cookie is set; after 7 days + 1 minute the session is reissued and the old token dies', async () => {
      const w = await makeWorkspace(t);
      const uid = await userId(t, w.email);
      const { session } = await logIn(t, w, { ip: randomIPv4() });

      t.clock.advance(7 * DAY - 60_000);
      const early = await getApp(t, { [SESSION_COOKIE]: session }).expect(200);
      expect(setCookies(early).size).toBe(0);
      expect(await rowsWithHash(t, session!)).toBe(1);

      t.clock.advance(2 * 60_000); // 7 days + 1 minute after issue
      const res = await getApp(t, { [SESSION_COOKIE]: session }).expect(200);
      expect(res.text).toContain('Welcome');
      const fresh = setCookies(res).get(SESSION_COOKIE);
      expectBaseAttributes(fresh);
      expect(fresh!.attrs['max-age']).toBeUndefined();
      expect(fresh!.value).toMatch(TOKEN);
      expect(fresh!.value).not.toBe(session);

      // The old row is gone; the new one is issued now and lives 14 days from now.
      expect(await rowsWithHash(t, session!)).toBe(0);
      const rows = await sessionRows(t, uid);
      expect(rows).toHaveLength(1);
      expect(rows[0].token_hash.equals(sha256(fresh!.value))).toBe(true);
      expect(new Date(rows[0].issued_at).getTime()).toBe(t.clock.now());
      expect(new Date(rows[0].expires_at).getTime()).toBe(t.clock.now() + 14 * DAY);

      const old = await getApp(t, { [SESSION_COOKIE]: session }).expect(302);
      expect(old.headers.location).toBe('/users/log-in');
      const again = await getApp(t, { [SESSION_COOKIE]: fresh!.value }).expect(200);
      expect(setCookies(again).size).toBe(0);
    });

    it('a reissue also renews the remember-me cookie; the old remember-me cookie stops working', async () => {
      const w = await makeWorkspace(t);
      const { session, rememberMe } = await logIn(t, w, { ip: randomIPv4(), rememberMe: true });
      t.clock.advance(7 * DAY + 60_000);
      const res = await getApp(t, { [SESSION_COOKIE]: session, [REMEMBER_ME_COOKIE]: rememberMe }).expect(200);
      const cookies = setCookies(res);
      const freshSession = cookies.get(SESSION_COOKIE)?.value;
      const freshRemember = cookies.get(REMEMBER_ME_COOKIE);
      expect(freshSession).toMatch(TOKEN);
      expect(freshSession).not.toBe(session);
      expectBaseAttributes(freshRemember);
      expect(freshRemember!.attrs['max-age']).toBe('1209600');
      expect(freshRemember!.value).not.toBe(rememberMe);

      await getApp(t, { [REMEMBER_ME_COOKIE]: rememberMe }).expect(302);
      await getApp(t, { [REMEMBER_ME_COOKIE]: freshRemember!.value }).expect(200);
    });
  });

  it('a new login renews the session: the cookie the browser sent to POST /users/log-in stops working', async () => {
    const w = await makeWorkspace(t);
    const ip = randomIPv4();
    const first = await logIn(t, w, { ip });
    const second = await logIn(t, w, { ip, cookie: cookieHeader({ [SESSION_COOKIE]: first.session }) });
    expect(second.res.status).toBe(302);
    expect(second.session).toMatch(TOKEN);
    expect(second.session).not.toBe(first.session);
    expect(await rowsWithHash(t, first.session!)).toBe(0);
    const old = await getApp(t, { [SESSION_COOKIE]: first.session }).expect(302);
    expect(old.headers.location).toBe('/users/log-in');
    await getApp(t, { [SESSION_COOKIE]: second.session }).expect(200);
  });

  it('a failed login re-renders the form (401, HTML) with one generic message: unknown email, wrong password, suspended user', async () => {
    const known = await makeWorkspace(t);
    const suspended = await makeWorkspace(t);
    await db(t).query(`UPDATE users SET status = 'suspended' WHERE email = $1`, [suspended.email]);
    const unknownEmail = `nobody-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;

    const attempts = [
      { email: unknownEmail, password: known.password },
      { email: known.email, password: 'wrong password, long enough' },
      { email: suspended.email, password: suspended.password },
    ];
    const bodies: string[] = [];
    for (const attempt of attempts) {
      const { res } = await logIn(t, attempt, { ip: randomIPv4() });
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers.location).toBeUndefined();
      expect(setCookies(res).size).toBe(0);
      expect(res.text.split(GENERIC_FAILURE)).toHaveLength(2); // exactly once
      expect(res.text).toContain('<form method="post" action="/users/log-in">');
      bodies.push(res.text.split(attempt.email).join('<EMAIL>'));
    }
    // Apart from the echoed address, the three answers are byte for byte the same.
    expect(bodies[1]).toBe(bodies[0]);
    expect(bodies[2]).toBe(bodies[0]);
    // JSON logins get a 401 problem, the same for all three.
    const jsonBodies: string[] = [];
    for (const attempt of attempts) {
      const json = await logIn(t, attempt, { ip: randomIPv4(), json: true });
      expectProblem(json.res, 401, 'unauthorized', { detail: 'invalid_credentials' });
      expect(setCookies(json.res).size).toBe(0);
      jsonBodies.push(json.res.text);
    }
    expect(new Set(jsonBodies).size).toBe(1);
  });

  it('suspending a user ends the use of their live session', async () => {
    const w = await makeWorkspace(t);
    const { session } = await logIn(t, w, { ip: randomIPv4() });
    await getApp(t, { [SESSION_COOKIE]: session }).expect(200);
    await db(t).query(`UPDATE users SET status = 'suspended' WHERE email = $1`, [w.email]);
    const res = await getApp(t, { [SESSION_COOKIE]: session }).expect(302);
    expect(res.headers.location).toBe('/users/log-in');
  });

  describe.each(['delete', 'post'] as const)('%s /users/log-out', (method) => {
    it('deletes the session row, clears both cookies and redirects to the login page', async () => {
      const w = await makeWorkspace(t);
      const uid = await userId(t, w.email);
      const { session, rememberMe } = await logIn(t, w, { ip: randomIPv4(), rememberMe: true });
      expect(await sessionRows(t, uid)).toHaveLength(1);

      const res = await t
        .http()
        [method]('/users/log-out')
        .set('cookie', cookieHeader({ [SESSION_COOKIE]: session, [REMEMBER_ME_COOKIE]: rememberMe }))
        .expect(302);
      expect(res.headers.location).toMatch(/^\/users\/log-in(\?|$)/);
      const cookies = setCookies(res);
      for (const name of [SESSION_COOKIE, REMEMBER_ME_COOKIE]) {
        const cookie = cookies.get(name);
        expect(isCleared(cookie)).toBe(true);
        expect(cookie!.value).toBe('');
        expect(cookie!.attrs.path).toBe('/');
      }
      expect(await sessionRows(t, uid)).toHaveLength(0);

      // Neither the session cookie nor the remember-me cookie reaches /app any more.
      expect((await getApp(t, { [SESSION_COOKIE]: session }).expect(302)).headers.location).toBe('/users/log-in');
      expect((await getApp(t, { [REMEMBER_ME_COOKIE]: rememberMe }).expect(302)).headers.location).toBe('/users/log-in');
    });
  });

  it('log-out with a session due for reissue ends the reissued session too (none is left behind)', async () => {
    const w = await makeWorkspace(t);
    const uid = await userId(t, w.email);
    const { session } = await logIn(t, w, { ip: randomIPv4() });
    t.clock.advance(7 * DAY + 60_000); // the log-out request itself reissues the session first
    await t
      .http()
      .delete('/users/log-out')
      .set('cookie', cookieHeader({ [SESSION_COOKIE]: session }))
      .expect(302);
    expect(await sessionRows(t, uid)).toHaveLength(0);
  });

  it('log-out with only the remember-me cookie still deletes the session row', async () => {
    const w = await makeWorkspace(t);
    const uid = await userId(t, w.email);
    const { rememberMe } = await logIn(t, w, { ip: randomIPv4(), rememberMe: true });
    await t
      .http()
      .delete('/users/log-out')
      .set('cookie', cookieHeader({ [REMEMBER_ME_COOKIE]: rememberMe }))
      .expect(302);
    expect(await sessionRows(t, uid)).toHaveLength(0);
    await getApp(t, { [REMEMBER_ME_COOKIE]: rememberMe }).expect(302);
  });

  it('a session deleted on the server no longer reaches /app', async () => {
    const w = await makeWorkspace(t);
    const { session } = await logIn(t, w, { ip: randomIPv4() });
    await getApp(t, { [SESSION_COOKIE]: session }).expect(200);
    await db(t).query(`DELETE FROM user_sessions WHERE token_hash = $1`, [sha256(session!)]);
    expect((await getApp(t, { [SESSION_COOKIE]: session }).expect(302)).headers.location).toBe('/users/log-in');
  });

  it('GET /users/log-in with a live session redirects to /app', async () => {
    const w = await makeWorkspace(t);
    const { session } = await logIn(t, w, { ip: randomIPv4() });
    const res = await t
      .http()
      .get('/users/log-in')
      .set('cookie', cookieHeader({ [SESSION_COOKIE]: session }))
      .expect(302);
    expect(res.headers.location).toBe('/app');
  });
});

describe('operator session cookies in production', () => {
  let t: TestApp;
  let prod: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
    prod = await createTestApp({
      env: {
        ...TRUST_LOOPBACK,
        NODE_ENV: 'production',
        METRICS_BEARER_TOKEN: 'x'.repeat(20),
        SESSION_SECRET: 'y'.repeat(40),
        SECRETS_ENCRYPTION_KEY: 'YWdlbnQtbmV0d29yay1kZXZlbG9wbWVudC1rZXktMzI=', // required in production (the development key, base64)
        BASE_URL: 'https://fleet.example.com',
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        // No workers: this instance must not take mail jobs meant for the memory transport.
        QUEUE_MAILER_CONCURRENCY: '0',
        QUEUE_PASSWORD_RESETS_CONCURRENCY: '0',
        QUEUE_WEBHOOKS_CONCURRENCY: '0',
      },
    });
  });
  afterAll(async () => {
    await prod?.close();
    await t?.close();
  });

  it('the session and remember-me cookies carry Secure, and so do the clearing cookies of log-out', async () => {
    const w = await makeWorkspace(t);
    const { res, session, rememberMe } = await logIn(prod, w, { ip: randomIPv4(), rememberMe: true });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/app');
    const cookies = setCookies(res);
    for (const name of [SESSION_COOKIE, REMEMBER_ME_COOKIE]) {
      expectBaseAttributes(cookies.get(name));
      expect(cookies.get(name)!.attrs.secure).toBe(true);
    }
    expect(cookies.get(SESSION_COOKIE)!.attrs['max-age']).toBeUndefined();
    expect(cookies.get(REMEMBER_ME_COOKIE)!.attrs['max-age']).toBe('1209600');
    await getApp(prod, { [SESSION_COOKIE]: session }).expect(200);

    const out = await prod
      .http()
      .delete('/users/log-out')
      .set('cookie', cookieHeader({ [SESSION_COOKIE]: session, [REMEMBER_ME_COOKIE]: rememberMe }))
      .expect(302);
    for (const name of [SESSION_COOKIE, REMEMBER_ME_COOKIE]) {
      const cookie = setCookies(out).get(name);
      expect(isCleared(cookie)).toBe(true);
      expect(cookie!.attrs.secure).toBe(true);
    }
  });
});
