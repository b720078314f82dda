import { generate } from 'otplib';
import { Client } from 'pg';
import { MFA_COOKIE } from '../src/sessions/session.constants';
import { makeWorkspace, type Registered } from './support/builders';
import { addMembership } from './support/console';
import { eventually } from './support/eventually';
import {
  cookieHeader,
  db,
  logIn,
  randomIPv4,
  resetThroughMail,
  SESSION_COOKIE,
  setCookies,
  sha256,
  TRUST_LOOPBACK,
  userId,
} from './support/operator';
import { expectProblem } from './support/problem';
import { expectNotTakenBy, postAndShowOnce } from './support/shown-once';
import { TcpProxy } from './support/tcp-proxy';
import { createTestApp, type TestApp } from './support/test-app';
import type { Response } from 'supertest';

/** A recovery code as the security page shows it (ADR 0247). */
const RECOVERY_CODE_ON_PAGE = /class="recovery-code">([A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4})</;

const UA = 'Mozilla/5.0 (X11; Linux x86_64) mfa-e2e';
const RECOVERY_CODE = /^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/;

interface Enrolled {
  reg: Registered;
  uid: string;
  secret: string;
  codes: string[];
  /** The session cookie of the log-in that enrolled. */
  cookie: string;
}

/** TOTP/recovery codes, the second step of a log-in, recent authentication (API.md Part 3 "Second factor (MFA)"). */
describe('second factor: TOTP and recovery codes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
  });
  afterAll(() => t.close());

  const rows = <T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> => db(t).query(sql, params);
  const events = (uid: string, action: string) =>
    rows<{ outcome: string; changes: Record<string, unknown> | null; target_id: string }>(
      `SELECT outcome, changes, target_id FROM audit_events WHERE action = $1 AND (target_id = $2 OR actor_id = $2) ORDER BY occurred_at`,
      [action, uid],
    );
  /** The code the authenticator app shows at the app's clock (plus `offsetS`). */
  const codeAt = (secret: string, app: TestApp = t, offsetS = 0) =>
    generate({ secret, epoch: Math.floor(app.clock.now() / 1000) + offsetS });
  /** A step further: the next code is a new one (a code is accepted once). */
  const nextStep = (app: TestApp = t) => app.clock.advance(30_000);

  async function signIn(reg: Registered): Promise<string> {
    const { res, session } = await logIn(t, reg, { ip: randomIPv4(), json: true });
    expect(res.status).toBe(302);
    return cookieHeader({ [SESSION_COOKIE]: session });
  }

  async function enroll(): Promise<Enrolled> {
    const reg = await makeWorkspace(t);
    const cookie = await signIn(reg);
    const started = await t.http().post('/api/v1/operator/me/mfa/totp').set('cookie', cookie).expect(201);
    const secret = started.body.secret as string;
    const confirmed = await t
      .http()
      .post('/api/v1/operator/me/mfa/totp/confirm')
      .set('cookie', cookie)
      .send({ code: await codeAt(secret) });
    expect(confirmed.status).toBe(200);
    nextStep();
    return { reg, uid: await userId(t, reg.email), secret, codes: confirmed.body.recovery_codes, cookie };
  }

  /** The password step, as a form from browser `ua`: the pending cookie. */
  async function passwordStep(
    reg: Registered,
    opts: { ip?: string; ua?: string; rememberMe?: boolean } = {},
  ): Promise<{ res: Response; pending?: string }> {
    let req = t
      .http()
      .post('/users/log-in')
      .set('x-forwarded-for', opts.ip ?? randomIPv4())
      .set('user-agent', opts.ua ?? UA)
      .type('form');
    req = req.send({ email: reg.email, password: reg.password, ...(opts.rememberMe ? { remember_me: 'true' } : {}) });
    const res = await req;
    return { res, pending: setCookies(res).get(MFA_COOKIE)?.value };
  }

  const codeStep = (pending: string, code: string, opts: { ip?: string; ua?: string; app?: TestApp } = {}) =>
    (opts.app ?? t)
      .http()
      .post('/users/log-in/mfa')
      .set('x-forwarded-for', opts.ip ?? randomIPv4())
      .set('user-agent', opts.ua ?? UA)
      .set('cookie', cookieHeader({ [MFA_COOKIE]: pending }))
      .type('form')
      .send({ code });

  const sessionsOf = (uid: string) =>
    rows<{ auth_method: string; mfa: boolean; remember_me: boolean }>(
      `SELECT auth_method, mfa, remember_me FROM user_sessions WHERE user_id = $1`,
      [uid],
    );

  describe('enrollment', () => {
    it('starts pending with a sealed seed, confirms with a current code: ten hashed recovery codes shown once, the session marked mfa, one event', async () => {
      const reg = await makeWorkspace(t);
      const uid = await userId(t, reg.email);
      const cookie = await signIn(reg);
      const started = await t.http().post('/api/v1/operator/me/mfa/totp').set('cookie', cookie).expect(201);
      expect(started.body).toEqual({
        secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
        otpauth_url: expect.stringMatching(/^otpauth:\/\/totp\//),
      });
      const url = new URL(started.body.otpauth_url);
      expect(url.searchParams.get('secret')).toBe(started.body.secret);
      expect(url.searchParams.get('issuer')).toBe('Agent Network');
      const [stored] = await rows<{ secret_sealed: string; confirmed_at: Date | null }>(
        `SELECT secret_sealed, confirmed_at FROM user_totp WHERE user_id = $1`,
        [uid],
      );
      expect(stored.confirmed_at).toBeNull();
      expect(stored.secret_sealed).toMatch(/^v1\./);
      expect(stored.secret_sealed).not.toContain(started.body.secret);

      // pending is no factor: log-in still takes the password alone
      expect((await logIn(t, reg, { ip: randomIPv4(), json: true })).res.status).toBe(302);

      // a wrong code leaves it pending and writes nothing
      const wrong = await t.http().post('/api/v1/operator/me/mfa/totp/confirm').set('cookie', cookie).send({ code: '000000' });
      expectProblem(wrong, 422, 'validation-error', { detail: 'validation_failed' });
      expect(wrong.body.errors.code).toHaveLength(1);
      expect(await events(uid, 'mfa.totp_enable')).toEqual([]);

      const confirmed = await t
        .http()
        .post('/api/v1/operator/me/mfa/totp/confirm')
        .set('cookie', cookie)
        .send({ code: await codeAt(started.body.secret) });
      expect(confirmed.status).toBe(200);
      const codes: string[] = confirmed.body.recovery_codes;
      expect(codes).toHaveLength(10);
      codes.forEach((c) => expect(c).toMatch(RECOVERY_CODE));
      expect(new Set(codes).size).toBe(10);
      const hashes = await rows<{ code_hash: Buffer }>(`SELECT code_hash FROM user_recovery_codes WHERE user_id = $1`, [uid]);
      expect(hashes).toHaveLength(10);
      expect(JSON.stringify(hashes)).not.toContain(codes[0].replace(/-/g, ''));
      const token = decodeURIComponent(cookie.slice(`${SESSION_COOKIE}=`.length));
      const [session] = await rows<{ mfa: boolean }>(`SELECT mfa FROM user_sessions WHERE token_hash = $1`, [sha256(token)]);
      expect(session.mfa).toBe(true);
      expect(await events(uid, 'mfa.totp_enable')).toEqual([
        expect.objectContaining({ outcome: 'success', changes: { totp: [null, 'enabled'] } }),
      ]);

      // confirmed: starting again is 409, confirming again too
      expectProblem(await t.http().post('/api/v1/operator/me/mfa/totp').set('cookie', cookie), 409, 'conflict', {
        detail: 'totp_already_enabled',
      });
      nextStep();
      expectProblem(
        await t
          .http()
          .post('/api/v1/operator/me/mfa/totp/confirm')
          .set('cookie', cookie)
          .send({ code: await codeAt(started.body.secret) }),
        409,
        'conflict',
        { detail: 'totp_already_enabled' },
      );
    });

    it('starting over while pending replaces the seed: the old seed no longer confirms', async () => {
      const reg = await makeWorkspace(t);
      const cookie = await signIn(reg);
      const first = (await t.http().post('/api/v1/operator/me/mfa/totp').set('cookie', cookie).expect(201)).body.secret;
      const second = (await t.http().post('/api/v1/operator/me/mfa/totp').set('cookie', cookie).expect(201)).body.secret;
      expect(second).not.toBe(first);
      expect(
        (
          await t
            .http()
            .post('/api/v1/operator/me/mfa/totp/confirm')
            .set('cookie', cookie)
            .send({ code: await codeAt(first) })
        ).status,
      ).toBe(422);
      expect(
        (
          await t
            .http()
            .post('/api/v1/operator/me/mfa/totp/confirm')
            .set('cookie', cookie)
            .send({ code: await codeAt(second) })
        ).status,
      ).toBe(200);
    });

    it('confirming with nothing pending is 409 totp_not_pending; bad bodies are 422', async () => {
      const reg = await makeWorkspace(t);
      const cookie = await signIn(reg);
      expectProblem(
        await t.http().post('/api/v1/operator/me/mfa/totp/confirm').set('cookie', cookie).send({ code: '123456' }),
        409,
        'conflict',
        {
          detail: 'totp_not_pending',
        },
      );
      expectProblem(await t.http().post('/api/v1/operator/me/mfa/totp/confirm').set('cookie', cookie).send({}), 422, 'validation-error');
      expectProblem(
        await t.http().post('/api/v1/operator/me/mfa/totp/confirm').set('cookie', cookie).send({ code: 5 }),
        422,
        'validation-error',
      );
      expectProblem(await t.http().post('/api/v1/operator/me/mfa/recovery_codes').set('cookie', cookie), 409, 'conflict', {
        detail: 'totp_not_enabled',
      });
      expectProblem(await t.http().delete('/api/v1/operator/me/mfa/totp').set('cookie', cookie), 409, 'conflict', {
        detail: 'totp_not_enabled',
      });
      expectProblem(await t.http().post('/api/v1/operator/me/mfa/totp'), 401, 'unauthorized', { detail: 'session_required' });
    });

    it('starting, removing and regenerating need recent authentication; the re-check (password or code) renews it', async () => {
      const e = await enroll();
      t.clock.advance(11 * 60_000);
      for (const res of [
        await t.http().post('/api/v1/operator/me/mfa/recovery_codes').set('cookie', e.cookie),
        await t.http().delete('/api/v1/operator/me/mfa/totp').set('cookie', e.cookie),
      ]) {
        expectProblem(res, 403, 'forbidden', { detail: 'reauthentication_required' });
      }
      const ip = randomIPv4();
      const wrong = await t
        .http()
        .post('/users/reauthenticate')
        .set('cookie', e.cookie)
        .set('x-forwarded-for', ip)
        .send({ password: 'not the password at all' });
      expectProblem(wrong, 401, 'unauthorized', { detail: 'invalid_credentials' });
      await eventually(async () => expect((await events(e.uid, 'session.reauthenticate')).map((x) => x.outcome)).toEqual(['failure']), {
        what: 'the failed re-check audited',
      });
      expectProblem(await t.http().post('/users/reauthenticate').set('cookie', e.cookie).send({}), 422, 'validation-error');
      await t
        .http()
        .post('/users/reauthenticate')
        .set('cookie', e.cookie)
        .set('x-forwarded-for', ip)
        .send({ password: e.reg.password })
        .expect(204);
      expect((await events(e.uid, 'session.reauthenticate')).map((x) => x.outcome)).toEqual(['failure', 'success']);

      const regenerated = await t.http().post('/api/v1/operator/me/mfa/recovery_codes').set('cookie', e.cookie).expect(200);
      expect(regenerated.body.recovery_codes).toHaveLength(10);
      expect(regenerated.body.recovery_codes).not.toContain(e.codes[0]);
      expect(await events(e.uid, 'mfa.recovery_codes_regenerate')).toHaveLength(1);

      // a code re-checks too, and marks the session mfa
      t.clock.advance(11 * 60_000);
      await t
        .http()
        .post('/users/reauthenticate')
        .set('cookie', e.cookie)
        .send({ code: await codeAt(e.secret) })
        .expect(204);
      await t.http().delete('/api/v1/operator/me/mfa/totp').set('cookie', e.cookie).expect(204);
      expect(await events(e.uid, 'mfa.totp_disable')).toEqual([expect.objectContaining({ changes: { totp: ['enabled', null] } })]);
      expect(await rows(`SELECT 1 FROM user_recovery_codes WHERE user_id = $1`, [e.uid])).toEqual([]);
      // without a factor, log-in is the password again
      expect((await logIn(t, e.reg, { ip: randomIPv4(), json: true })).res.status).toBe(302);
    });

    it('the re-check page: GET keeps return_to, a form post goes back to it', async () => {
      const e = await enroll();
      const page = await t.http().get('/users/reauthenticate?return_to=/app/account/security').set('cookie', e.cookie).expect(200);
      expect(page.text).toContain('name="return_to" value="/app/account/security"');
      expect(page.text).toContain('id="reauth-code"');
      const back = await t
        .http()
        .post('/users/reauthenticate')
        .set('cookie', e.cookie)
        .type('form')
        .send({ password: e.reg.password, return_to: '/app/account/security' });
      expect(back.status).toBe(302);
      expect(back.headers.location).toBe('/app/account/security');
      const wrong = await t
        .http()
        .post('/users/reauthenticate')
        .set('cookie', e.cookie)
        .type('form')
        .send({ password: 'wrong password, long enough' });
      expect(wrong.status).toBe(401);
      expect(wrong.text).toContain('id="reauth-error"');
    });
  });

  describe('the log-in step', () => {
    it('a correct password starts no session: 302 to /users/log-in/mfa with the pending cookie; the code completes it', async () => {
      const e = await enroll();
      const before = (await sessionsOf(e.uid)).length;
      const { res, pending } = await passwordStep(e.reg, { rememberMe: true });
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/users/log-in/mfa');
      const cookie = setCookies(res).get(MFA_COOKIE)!;
      expect(cookie.attrs).toMatchObject({ httponly: true, samesite: 'Lax', 'max-age': '300', path: '/' });
      expect(setCookies(res).get(SESSION_COOKIE)).toBeUndefined();
      expect(await sessionsOf(e.uid)).toHaveLength(before);

      const form = await t
        .http()
        .get('/users/log-in/mfa')
        .set('user-agent', UA)
        .set('cookie', cookieHeader({ [MFA_COOKIE]: pending }))
        .expect(200);
      expect(form.text).toContain('autocomplete="one-time-code"');
      expect((await t.http().get('/users/log-in/mfa')).headers.location).toBe('/users/log-in?notice=mfa-expired');

      const wrong = await codeStep(pending!, '000000');
      expect(wrong.status).toBe(401);
      expect(wrong.text).toContain('id="mfa-error"');
      // like a wrong password's, the failure's event is not waited for
      await eventually(async () => expect((await events(e.uid, 'member.login')).filter((x) => x.outcome === 'failure')).toHaveLength(1), {
        what: 'the failed code audited',
      });

      const done = await codeStep(pending!, await codeAt(e.secret));
      expect(done.status).toBe(302);
      expect(done.headers.location).toBe('/app');
      const set = setCookies(done);
      expect(set.get(SESSION_COOKIE)?.value).toBeTruthy();
      expect(set.get('_agent_ops_web_user_remember_me')?.value).toBeTruthy();
      await t
        .http()
        .get('/api/v1/operator/me')
        .set('cookie', cookieHeader({ [SESSION_COOKIE]: set.get(SESSION_COOKIE)!.value }))
        .expect(200);
      expect(await sessionsOf(e.uid)).toContainEqual({ auth_method: 'password', mfa: true, remember_me: true });
      const logins = await events(e.uid, 'member.login');
      expect(logins.at(-1)).toMatchObject({ outcome: 'success', changes: { second_factor: [null, 'totp'] } });

      // the step is gone, and the code was used: neither works again
      expect((await codeStep(pending!, await codeAt(e.secret))).headers.location).toBe('/users/log-in?notice=mfa-expired');
      const again = await passwordStep(e.reg);
      expect((await codeStep(again.pending!, await codeAt(e.secret))).status).toBe(401);
      // one step of drift either way is accepted
      expect((await codeStep(again.pending!, await codeAt(e.secret, t, 30))).status).toBe(302);
    });

    it('JSON: 401 mfa_required with extra.mfa_token, then { mfa_token, code }', async () => {
      const e = await enroll();
      const first = await logIn(t, e.reg, { ip: randomIPv4(), json: true });
      const problem = expectProblem(first.res, 401, 'unauthorized', { detail: 'mfa_required' });
      const token = (problem.extra as { mfa_token: string }).mfa_token;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(first.session).toBeUndefined();
      expectProblem(await t.http().post('/users/log-in/mfa').send({ mfa_token: token, code: '000000' }), 401, 'unauthorized', {
        detail: 'invalid_mfa_code',
      });
      expectProblem(await t.http().post('/users/log-in/mfa').send({ mfa_token: 'nope', code: '000000' }), 401, 'unauthorized', {
        detail: 'mfa_step_expired',
      });
      const done = await t
        .http()
        .post('/users/log-in/mfa')
        .send({ mfa_token: token, code: await codeAt(e.secret) });
      expect(done.status).toBe(302);
      expect(setCookies(done).get(SESSION_COOKIE)?.value).toBeTruthy();
    });

    it('the pending step is useless after 5 minutes, after 5 wrong codes, and in another browser', async () => {
      const e = await enroll();
      const late = await passwordStep(e.reg);
      t.clock.advance(5 * 60_000 + 1000);
      expect((await codeStep(late.pending!, await codeAt(e.secret))).headers.location).toBe('/users/log-in?notice=mfa-expired');

      const copied = await passwordStep(e.reg);
      expect((await codeStep(copied.pending!, await codeAt(e.secret), { ua: 'curl/8.0' })).headers.location).toBe(
        '/users/log-in?notice=mfa-expired',
      );

      const guessed = await passwordStep(e.reg);
      const ip = randomIPv4();
      for (let i = 0; i < 4; i++) expect((await codeStep(guessed.pending!, `00000${i}`, { ip })).status).toBe(401);
      expect((await codeStep(guessed.pending!, '000009', { ip })).headers.location).toBe('/users/log-in?notice=mfa-expired');
      expect((await codeStep(guessed.pending!, await codeAt(e.secret), { ip })).headers.location).toBe('/users/log-in?notice=mfa-expired');
    });

    it('wrong codes count in the per-identity login throttle: password and code guesses share one limit of 10', async () => {
      const e = await enroll();
      const ip = randomIPv4();
      // each password step reserves one slot of the identity that only a completed log-in clears
      const a = await passwordStep(e.reg, { ip });
      for (let i = 0; i < 4; i++) expect((await codeStep(a.pending!, `11111${i}`, { ip })).status).toBe(401);
      const b = await passwordStep(e.reg, { ip });
      for (let i = 0; i < 3; i++) expect((await codeStep(b.pending!, `22222${i}`, { ip })).status).toBe(401);
      // 2 password steps + 7 wrong codes = 9 slots: the 10th attempt is refused with the cooldown
      const throttled = await codeStep(b.pending!, '333333', { ip });
      expect(throttled.status).toBe(429);
      expect(throttled.headers['retry-after']).toBeDefined();
      expect((await passwordStep(e.reg, { ip })).res.status).toBe(429);
    });

    it('a recovery code completes the step once, also when two browsers race it', async () => {
      const e = await enroll();
      const [a, b] = [await passwordStep(e.reg), await passwordStep(e.reg)];
      const code = e.codes[3].toLowerCase().replace(/-/g, ' ');
      const raced = await Promise.all([codeStep(a.pending!, code), codeStep(b.pending!, code)]);
      expect(raced.map((r) => r.status).sort()).toEqual([302, 401]);
      expect(await rows(`SELECT 1 FROM user_recovery_codes WHERE user_id = $1 AND used_at IS NOT NULL`, [e.uid])).toHaveLength(1);
      const logins = await events(e.uid, 'member.login');
      expect(logins.filter((x) => x.outcome === 'success').at(-1)).toMatchObject({ changes: { second_factor: [null, 'recovery_code'] } });
    });

    it('two concurrent correct posts of one step start one session', async () => {
      const e = await enroll();
      const { pending } = await passwordStep(e.reg);
      const before = (await sessionsOf(e.uid)).length;
      const raced = await Promise.all([codeStep(pending!, e.codes[0]), codeStep(pending!, e.codes[1])]);
      expect(raced.filter((r) => setCookies(r).get(SESSION_COOKIE)?.value)).toHaveLength(1);
      expect(await sessionsOf(e.uid)).toHaveLength(before + 1);
      // the loser's transaction rolled back: its recovery code is still unused
      expect(await rows(`SELECT 1 FROM user_recovery_codes WHERE user_id = $1 AND used_at IS NULL`, [e.uid])).toHaveLength(9);
    });

    it('a password reset ends pending log-ins; a suspended account cannot complete one', async () => {
      const e = await enroll();
      const { pending } = await passwordStep(e.reg);
      await resetThroughMail(t, e.reg.email, 'a brand new password 42');
      expect((await codeStep(pending!, await codeAt(e.secret))).headers.location).toBe('/users/log-in?notice=mfa-expired');

      const s = await enroll();
      const step = await passwordStep(s.reg);
      await rows(`UPDATE users SET status = 'suspended' WHERE id = $1`, [s.uid]);
      expect((await codeStep(step.pending!, await codeAt(s.secret))).headers.location).toBe('/users/log-in?notice=mfa-expired');
      await rows(`UPDATE users SET status = 'active' WHERE id = $1`, [s.uid]);
    });

    it('an unknown address, a wrong password and a right one answer as before for an account without a factor', async () => {
      const e = await enroll();
      const unknown = await t
        .http()
        .post('/users/log-in')
        .set('x-forwarded-for', randomIPv4())
        .type('form')
        .send({ email: 'nobody-mfa@example.com', password: 'x' });
      const wrong = await t
        .http()
        .post('/users/log-in')
        .set('x-forwarded-for', randomIPv4())
        .type('form')
        .send({ email: e.reg.email, password: 'wrong password, long enough' });
      expect([unknown.status, wrong.status]).toEqual([401, 401]);
      expect(setCookies(wrong).get(MFA_COOKIE)).toBeUndefined();
    });
  });

  describe('the security page', () => {
    it('enrolls from the page: an inline SVG QR code under the page CSP, the secret, then (303) the recovery codes once', async () => {
      const reg = await makeWorkspace(t);
      const cookie = await signIn(reg);
      const page = await t.http().get('/app/account/security').set('cookie', cookie).expect(200);
      expect(page.text).toContain('id="enroll-totp"');
      // the passkeys section shares the page, and with it this origin's scripts (no inline script, no other origin)
      expect(page.text).toContain('id="passkeys-title"');
      expect(page.text).not.toMatch(/<script(?![^>]*src="\/assets\/)/);
      const started = await t.http().post('/app/account/security/totp').set('cookie', cookie).type('form').send({}).expect(201);
      expect(started.headers['content-security-policy']).toContain("default-src 'none'");
      expect(started.text).toMatch(/<figure id="totp-qr"[^>]*><svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      // the QR code is inline SVG: no image from anywhere, and only this origin's script files (the passkeys section's)
      expect(started.text).not.toMatch(/<img/);
      expect(started.text).not.toMatch(/<script(?![^>]*src="\/assets\/)/);
      expect(started.headers['content-security-policy']).toContain("img-src 'self'");
      const secret = /id="totp-secret" class="secret">([A-Z2-7]{32})</.exec(started.text)![1];
      const wrong = await t.http().post('/app/account/security/totp/confirm').set('cookie', cookie).type('form').send({ code: '000000' });
      expect(wrong.status).toBe(422);
      expect(wrong.text).toContain('id="totp-qr"');
      const code = await codeAt(secret);
      const { shown: done, location } = await postAndShowOnce(t, {
        post: () => t.http().post('/app/account/security/totp/confirm').set('cookie', cookie).type('form').send({ code }),
        cookie,
        page: '/app/account/security',
        secret: RECOVERY_CODE_ON_PAGE,
      });
      expect(location).toContain('notice=totp-enabled');
      expect(done.text).toContain('The authenticator app is on.');
      expect(done.text.match(/class="recovery-code">[A-Z2-7-]{14}</g)).toHaveLength(10);
      const later = await t.http().get('/app/account/security').set('cookie', cookie).expect(200);
      expect(later.text).not.toContain('class="recovery-code"');
      expect(later.text).toContain('id="disable-totp"');

      // new codes: 303, shown once; another operator's session cannot take them
      const regenerate = {
        post: () => t.http().post('/app/account/security/recovery_codes').set('cookie', cookie).type('form').send({}),
        cookie,
        page: '/app/account/security',
        secret: RECOVERY_CODE_ON_PAGE,
      };
      const replaced = await postAndShowOnce(t, regenerate);
      expect(replaced.location).toContain('notice=codes-replaced');
      expect(replaced.shown.text.match(/class="recovery-code">[A-Z2-7-]{14}</g)).toHaveLength(10);
      expect(done.text).not.toContain(replaced.secret);
      await expectNotTakenBy(t, regenerate, await signIn(await makeWorkspace(t)));
      const off = await t.http().post('/app/account/security/totp/disable').set('cookie', cookie).type('form').send({});
      expect(off.status).toBe(303);
      t.clock.advance(11 * 60_000);
      const stale = await t.http().get('/app/account/security').set('cookie', cookie).expect(200);
      expect(stale.text).toContain('id="recheck"');
      expect((await t.http().post('/app/account/security/totp').set('cookie', cookie).type('form').send({})).headers.location).toBe(
        '/users/reauthenticate',
      );
    });

    it('a member of a require_mfa workspace without a factor reaches the page and the enrollment routes, nothing else', async () => {
      const owner = await makeWorkspace(t);
      await rows(`UPDATE workspaces SET require_mfa = true WHERE id = $1`, [owner.workspaceId]);
      const member = await makeWorkspace(t);
      await addMembership(t, member.email, owner.workspaceId, 'member');
      const cookie = await signIn(member);
      const ws = { cookie, 'x-workspace-id': owner.workspaceId };
      expectProblem(await t.http().get('/api/v1/operator/service_agents').set(ws), 403, 'forbidden', { detail: 'mfa_enrollment_required' });
      await t.http().get('/app/account/security').set(ws).expect(200);
      const secret = (await t.http().post('/api/v1/operator/me/mfa/totp').set(ws).expect(201)).body.secret;
      await t
        .http()
        .post('/api/v1/operator/me/mfa/totp/confirm')
        .set(ws)
        .send({ code: await codeAt(secret) })
        .expect(200);
      await t.http().get('/api/v1/operator/service_agents').set(ws).expect(200);
    });
  });
});

describe('second factor across nodes and faults', () => {
  it('two nodes accepting the same TOTP code at once accept it once', async () => {
    const [a, b] = await Promise.all([createTestApp({ env: TRUST_LOOPBACK }), createTestApp({ env: TRUST_LOOPBACK })]);
    try {
      b.clock.set(a.clock.now());
      const reg = await makeWorkspace(a);
      const { session } = await logIn(a, reg, { ip: randomIPv4(), json: true });
      const cookie = cookieHeader({ [SESSION_COOKIE]: session });
      const secret = (await a.http().post('/api/v1/operator/me/mfa/totp').set('cookie', cookie).expect(201)).body.secret;
      await a
        .http()
        .post('/api/v1/operator/me/mfa/totp/confirm')
        .set('cookie', cookie)
        .send({ code: await generate({ secret, epoch: Math.floor(a.clock.now() / 1000) }) })
        .expect(200);
      a.clock.advance(30_000);
      b.clock.set(a.clock.now());
      const step = async (app: TestApp) => {
        const res = await app
          .http()
          .post('/users/log-in')
          .set('x-forwarded-for', randomIPv4())
          .set('user-agent', UA)
          .type('form')
          .send({ email: reg.email, password: reg.password });
        return setCookies(res).get(MFA_COOKIE)!.value;
      };
      const [pa, pb] = [await step(a), await step(b)];
      const code = await generate({ secret, epoch: Math.floor(a.clock.now() / 1000) });
      const post = (app: TestApp, pending: string) =>
        app
          .http()
          .post('/users/log-in/mfa')
          .set('x-forwarded-for', randomIPv4())
          .set('user-agent', UA)
          .set('cookie', cookieHeader({ [MFA_COOKIE]: pending }))
          .type('form')
          .send({ code });
      const raced = await Promise.all([post(a, pa), post(b, pb)]);
      expect(raced.map((r) => r.status).sort()).toEqual([302, 401]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('Redis down at the password step of an MFA account: 503 and no session', async () => {
    const redisUrl = new URL(process.env.REDIS_URL!);
    const proxy = new TcpProxy(redisUrl.hostname, Number(redisUrl.port));
    await proxy.start();
    const t = await createTestApp({ env: { ...TRUST_LOOPBACK, REDIS_URL: proxy.urlFor(redisUrl) } });
    try {
      const reg = await makeWorkspace(t);
      const { session } = await logIn(t, reg, { ip: randomIPv4(), json: true });
      const cookie = cookieHeader({ [SESSION_COOKIE]: session });
      const secret = (await t.http().post('/api/v1/operator/me/mfa/totp').set('cookie', cookie).expect(201)).body.secret;
      await t
        .http()
        .post('/api/v1/operator/me/mfa/totp/confirm')
        .set('cookie', cookie)
        .send({ code: await generate({ secret, epoch: Math.floor(t.clock.now() / 1000) }) })
        .expect(200);
      const uid = await userId(t, reg.email);
      const before: unknown[] = await db(t).query(`SELECT id FROM user_sessions WHERE user_id = $1`, [uid]);
      await proxy.cut();
      const res = await t
        .http()
        .post('/users/log-in')
        .set('x-forwarded-for', randomIPv4())
        .type('form')
        .send({ email: reg.email, password: reg.password });
      expectProblem(res, 503, 'service-unavailable', { detail: 'redis_unavailable' });
      expect(setCookies(res).get(SESSION_COOKIE)).toBeUndefined();
      expect(setCookies(res).get(MFA_COOKIE)).toBeUndefined();
      expect(await db(t).query(`SELECT id FROM user_sessions WHERE user_id = $1`, [uid])).toHaveLength(before.length);
    } finally {
      await proxy.start();
      await t.close();
      await proxy.cut();
    }
  });

  it('Postgres unable to answer at confirm: 503 and still pending, never a half-enrolled factor', async () => {
    const t = await createTestApp({ env: { ...TRUST_LOOPBACK, DB_STATEMENT_TIMEOUT_MS: '1000' } });
    const holder = new Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      const reg = await makeWorkspace(t);
      const { session } = await logIn(t, reg, { ip: randomIPv4(), json: true });
      const cookie = cookieHeader({ [SESSION_COOKIE]: session });
      const secret = (await t.http().post('/api/v1/operator/me/mfa/totp').set('cookie', cookie).expect(201)).body.secret;
      const uid = await userId(t, reg.email);
      // the confirming UPDATE waits on this lock past the statement timeout: Postgres cancels it mid-confirm
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM user_totp WHERE user_id = $1 FOR UPDATE', [uid]);
      const code = await generate({ secret, epoch: Math.floor(t.clock.now() / 1000) });
      const res = await t.http().post('/api/v1/operator/me/mfa/totp/confirm').set('cookie', cookie).send({ code });
      expectProblem(res, 503, 'service-unavailable', { detail: 'database_unavailable' });
      await holder.query('ROLLBACK');
      const [row] = await db(t).query(`SELECT confirmed_at, last_step FROM user_totp WHERE user_id = $1`, [uid]);
      expect(row).toEqual({ confirmed_at: null, last_step: '0' });
      expect(await db(t).query(`SELECT 1 FROM user_recovery_codes WHERE user_id = $1`, [uid])).toEqual([]);
      expect(await db(t).query(`SELECT 1 FROM audit_events WHERE action = 'mfa.totp_enable' AND actor_id = $1`, [uid])).toEqual([]);
      // the retry confirms
      await t.http().post('/api/v1/operator/me/mfa/totp/confirm').set('cookie', cookie).send({ code }).expect(200);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
      await t.close();
    }
  });
});
