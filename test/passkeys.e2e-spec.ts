import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { chromium, type Browser } from 'playwright-core';
import { PAGE_CSP, SCRIPTED_PAGE_CSP } from '../src/core/pages/layout';
import { PasskeysService } from '../src/passkeys';
import { CHROMIUM_LAUNCH } from './support/browser';
import { makeWorkspace } from './support/builders';
import { addMembership, makeOperator, type Operator, sessionCookie } from './support/console';
import { eventually } from './support/eventually';
import { db, TRUST_LOOPBACK } from './support/operator';
import { expectProblem } from './support/problem';
import { freePort } from './support/spawned-app';
import { TcpProxy } from './support/tcp-proxy';
import { createTestApp, type TestApp } from './support/test-app';
import { SoftAuthenticator } from './support/webauthn';

/**
 * Passkeys as a second factor (API.md Part 3 "Second factor (MFA)"; ADR 0251, 0252): registration
 * through the REST routes and the log-in step's service methods, answered by a software
 * authenticator (test/support/webauthn.ts) and verified by @simplewebauthn/server, unmocked.
 */
const ME = '/api/v1/operator/me/webauthn';
const ORIGIN = new URL(process.env.BASE_URL!).origin;
const RP_ID = new URL(process.env.BASE_URL!).hostname;

describe('passkeys', () => {
  let t: TestApp;
  let passkeys: PasskeysService;

  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
    passkeys = t.app.get(PasskeysService);
  });
  afterAll(() => t.close());

  const userOf = (op: Operator): string => op.reg.body.user.id;
  const options = (op: Operator, cookie = op.cookie) => t.http().post(`${ME}/registration_options`).set('cookie', cookie);
  const submit = (op: Operator, body: unknown, cookie = op.cookie) =>
    t
      .http()
      .post(`${ME}/credentials`)
      .set('cookie', cookie)
      .send(body as object);

  /** Registers `auth` as a passkey of `op` through the routes; the stored passkey. */
  async function register(op: Operator, auth = new SoftAuthenticator(), name = 'Laptop'): Promise<{ id: string; auth: SoftAuthenticator }> {
    const opts = (await options(op).expect(200)).body;
    const res = await submit(op, { name, response: auth.register(opts) });
    expect(res.status).toBe(201);
    return { id: res.body.webauthn_credential.id, auth };
  }

  const rowsOf = (op: Operator) =>
    db(t).query<{ id: string; name: string; counter: number; transports: string[]; last_used_at: Date | null }[]>(
      `SELECT id, name, counter::int AS counter, transports, last_used_at FROM webauthn_credentials WHERE user_id = $1 ORDER BY inserted_at`,
      [userOf(op)],
    );
  const passkeyEvents = (op: Operator) =>
    db(t).query<Record<string, unknown>[]>(
      `SELECT workspace_id, action, actor_type, actor_id, actor_label, target_type, target_id, target_label, changes
         FROM audit_events WHERE actor_id = $1 AND action LIKE 'mfa.%' ORDER BY occurred_at, action, workspace_id`,
      [userOf(op)],
    );

  describe('registration', () => {
    it('answers options for this relying party, stores the verified passkey with one mfa.passkey_add event per workspace, and lists it', async () => {
      const op = await makeOperator(t);
      const res = await options(op).expect(200);
      const uid = userOf(op);
      expect(res.body).toMatchObject({
        rp: { name: 'Agent Network', id: RP_ID },
        user: { id: Buffer.from(uid.replace(/-/g, ''), 'hex').toString('base64url'), name: op.reg.email },
        attestation: 'none',
        excludeCredentials: [],
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      expect(res.body.pubKeyCredParams.map((p: { alg: number }) => p.alg).sort((x: number, y: number) => x - y)).toEqual([-257, -8, -7]);
      expect(Buffer.from(res.body.challenge, 'base64url').length).toBeGreaterThanOrEqual(32);

      const other = await makeOperator(t);
      await addMembership(t, op.reg.email, other.reg.workspaceId, 'member');
      const auth = new SoftAuthenticator();
      const created = await submit(op, { name: '  YubiKey 5C ', response: auth.register(res.body) }).expect(201);
      const passkey = created.body.webauthn_credential;
      expect(passkey).toEqual({ id: expect.any(String), name: 'YubiKey 5C', inserted_at: expect.any(String), last_used_at: null });
      expect(new Date(passkey.inserted_at).toISOString()).toBe(passkey.inserted_at);

      const [row] = await rowsOf(op);
      expect(row).toMatchObject({ id: passkey.id, counter: 0, transports: ['internal'] }); // the unknown transport is dropped
      const stored = await db(t).query(`SELECT credential_id FROM webauthn_credentials WHERE id = $1`, [passkey.id]);
      expect(Buffer.from(stored[0].credential_id).equals(auth.credentialId)).toBe(true);

      const list = await t.http().get(`${ME}/credentials`).set('cookie', op.cookie).expect(200);
      expect(list.body).toEqual({ webauthn_credentials: [passkey], count: 1 });

      const event = {
        action: 'mfa.passkey_add',
        actor_type: 'user',
        actor_id: uid,
        actor_label: op.reg.email,
        target_type: 'webauthn_credential',
        target_id: passkey.id,
        target_label: 'YubiKey 5C',
        changes: null,
      };
      const events = await passkeyEvents(op);
      expect(events).toHaveLength(2);
      expect(events).toEqual(
        expect.arrayContaining([op.reg.workspaceId, other.reg.workspaceId].map((w) => ({ ...event, workspace_id: w }))),
      );

      // the next options exclude it, and the same authenticator cannot be registered twice
      const again = (await options(op).expect(200)).body;
      expect(again.excludeCredentials).toEqual([{ id: auth.id, type: 'public-key', transports: ['internal'] }]);
      expectProblem(await submit(op, { name: 'Twice', response: auth.register(again) }), 409, 'conflict', {
        detail: 'webauthn_credential_exists',
      });
      expect(await rowsOf(op)).toHaveLength(1);
      expect(await passkeyEvents(op)).toHaveLength(2);
    });

    it('refuses a wrong origin, a wrong rp id, a wrong challenge, a replay, an expired or missing challenge, and bad bodies, storing and recording nothing', async () => {
      const op = await makeOperator(t);
      const auth = new SoftAuthenticator();
      const refusedWith = async (response: unknown, detail: string, name: unknown = 'Key') => {
        const res = await submit(op, { name, response });
        expectProblem(res, 422, 'validation-error', { detail });
        return res;
      };
      const fresh = async () => (await options(op).expect(200)).body;

      await refusedWith(auth.register(await fresh(), { origin: 'https://evil.example' }), 'webauthn_verification_failed');
      await refusedWith(auth.register(await fresh(), { origin: `${ORIGIN}.evil.example` }), 'webauthn_verification_failed');
      await refusedWith(auth.register(await fresh(), { rpId: 'evil.example' }), 'webauthn_verification_failed');
      await refusedWith(auth.register(await fresh(), { challenge: randomBytes(32).toString('base64url') }), 'webauthn_verification_failed');
      // a refused answer used the challenge up: answering it again correctly is too late
      const used = await fresh();
      await refusedWith(auth.register(used, { origin: 'https://evil.example' }), 'webauthn_verification_failed');
      await refusedWith(auth.register(used), 'webauthn_challenge_invalid');
      // no challenge asked at all
      await refusedWith(
        auth.register({ challenge: randomBytes(32).toString('base64url'), rp: { id: RP_ID } }),
        'webauthn_challenge_invalid',
      );
      // expired: 5 minutes by the service's clock
      const stale = await fresh();
      t.clock.advance(5 * 60_000 + 1);
      await refusedWith(auth.register(stale), 'webauthn_challenge_invalid');
      // malformed answers are a 422, never a 500
      for (const response of [
        {},
        { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: '!!', attestationObject: 'AAAA' } },
        { response: 'nope' },
      ]) {
        await fresh();
        await refusedWith(response, 'webauthn_verification_failed');
      }
      for (const body of [
        { response: {} },
        { name: '', response: {} },
        { name: 'x'.repeat(101), response: {} },
        { name: 'Key', response: 'string' },
        { name: 'Key' },
      ]) {
        const res = await submit(op, body);
        expectProblem(res, 422, 'validation-error', { detail: 'validation_failed' });
      }
      expect(await rowsOf(op)).toEqual([]);
      expect(await passkeyEvents(op)).toEqual([]);

      // and the right answer to a fresh challenge still works
      await register(op, auth);
    });

    it("binds the challenge to the session that asked: the same account's other session cannot answer it", async () => {
      const op = await makeOperator(t);
      const otherSession = await sessionCookie(t, op.reg);
      const opts = (await options(op).expect(200)).body;
      const auth = new SoftAuthenticator();
      expectProblem(await submit(op, { name: 'Key', response: auth.register(opts) }, otherSession), 422, 'validation-error', {
        detail: 'webauthn_challenge_invalid',
      });
      // asking again in the first session replaces its challenge: the old options no longer verify
      const replaced = (await options(op).expect(200)).body;
      expectProblem(await submit(op, { name: 'Key', response: auth.register(opts) }), 422, 'validation-error', {
        detail: 'webauthn_verification_failed',
      });
      // and that refusal used the new challenge up
      expectProblem(await submit(op, { name: 'Key', response: auth.register(replaced) }), 422, 'validation-error', {
        detail: 'webauthn_challenge_invalid',
      });
      expect(await rowsOf(op)).toEqual([]);
    });

    it('two answers to one challenge racing store one passkey', async () => {
      const op = await makeOperator(t);
      const opts = (await options(op).expect(200)).body;
      const results = await Promise.all(
        Array.from({ length: 4 }, () => submit(op, { name: 'Raced', response: new SoftAuthenticator().register(opts) })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422, 422]);
      expect(await rowsOf(op)).toHaveLength(1);
      expect(await passkeyEvents(op)).toHaveLength(1);
    });

    it('a passkey satisfies the workspace policy require_mfa; its routes stay open to a member who has none', async () => {
      const op = await makeOperator(t);
      await db(t).query(`UPDATE workspaces SET require_mfa = true WHERE id = $1`, [op.reg.workspaceId]);
      const agents = () => t.http().get('/api/v1/operator/service_agents').set('cookie', op.cookie);
      expectProblem(await agents(), 403, 'forbidden', { detail: 'mfa_enrollment_required' });
      await t.http().get(`${ME}/credentials`).set('cookie', op.cookie).expect(200);
      await register(op);
      await agents().expect(200);
    });
  });

  describe('removal', () => {
    it("removes the operator's own passkey with one mfa.passkey_remove event; another account's, an unknown or a malformed id is 404", async () => {
      const op = await makeOperator(t);
      const stranger = await makeOperator(t);
      const { id } = await register(op, new SoftAuthenticator(), 'Phone');
      const { id: theirs } = await register(stranger);
      const del = (who: Operator, pid: string) => t.http().delete(`${ME}/credentials/${pid}`).set('cookie', who.cookie);

      for (const pid of [theirs, randomUUID(), 'not-a-uuid']) expectProblem(await del(op, pid), 404, 'not-found', { detail: 'not_found' });
      expectProblem(await del(stranger, id), 404, 'not-found');
      expect(await rowsOf(stranger)).toHaveLength(1);

      await del(op, id).expect(204);
      expect(await rowsOf(op)).toEqual([]);
      expectProblem(await del(op, id), 404, 'not-found');
      const events = await passkeyEvents(op);
      expect(events.map((e) => [e.action, e.target_id, e.target_label, e.workspace_id])).toEqual([
        ['mfa.passkey_add', id, 'Phone', op.reg.workspaceId],
        ['mfa.passkey_remove', id, 'Phone', op.reg.workspaceId],
      ]);
      expect((await t.http().get(`${ME}/credentials`).set('cookie', op.cookie).expect(200)).body).toEqual({
        webauthn_credentials: [],
        count: 0,
      });
    });
  });

  describe('the log-in step (PasskeysService.authenticationOptions and verifyAuthentication)', () => {
    it("verifies an assertion of the account's passkey once, moving its counter and last_used_at; refuses replays, regressions and other origins", async () => {
      const op = await makeOperator(t);
      const { id, auth } = await register(op);
      const uid = userOf(op);

      const { options: opts, challengeId } = await passkeys.authenticationOptions(uid);
      expect(opts).toMatchObject({
        rpId: RP_ID,
        userVerification: 'preferred',
        allowCredentials: [{ id: auth.id, type: 'public-key', transports: ['internal'] }],
      });
      expect(challengeId).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const assertion = auth.assert(opts);
      t.clock.advance(1000);
      expect(await passkeys.verifyAuthentication(uid, challengeId, assertion)).toBe(true);
      const [row] = await rowsOf(op);
      expect(row.counter).toBe(1);
      expect(row.last_used_at?.getTime()).toBe(t.clock.now());
      const listed = (await t.http().get(`${ME}/credentials`).set('cookie', op.cookie).expect(200)).body.webauthn_credentials[0];
      expect(listed).toMatchObject({ id, last_used_at: new Date(t.clock.now()).toISOString() });

      // the same answer again: the challenge is gone
      expect(await passkeys.verifyAuthentication(uid, challengeId, assertion)).toBe(false);
      // a counter that did not move forward: a cloned authenticator
      const next = await passkeys.authenticationOptions(uid);
      expect(await passkeys.verifyAuthentication(uid, next.challengeId, auth.assert(next.options, { counter: 1 }))).toBe(false);
      // wrong origin, wrong rp id, wrong challenge
      for (const c of [
        { origin: 'https://evil.example' },
        { rpId: 'evil.example' },
        { challenge: randomBytes(32).toString('base64url') },
      ]) {
        const o = await passkeys.authenticationOptions(uid);
        expect(await passkeys.verifyAuthentication(uid, o.challengeId, auth.assert(o.options, c))).toBe(false);
      }
      // expired
      const stale = await passkeys.authenticationOptions(uid);
      t.clock.advance(5 * 60_000 + 1);
      expect(await passkeys.verifyAuthentication(uid, stale.challengeId, auth.assert(stale.options))).toBe(false);
      // malformed answers and ids
      for (const bad of [null, 'x', {}, { rawId: 42 }, { rawId: auth.id, response: {} }]) {
        const o = await passkeys.authenticationOptions(uid);
        expect(await passkeys.verifyAuthentication(uid, o.challengeId, bad)).toBe(false);
      }
      expect(await passkeys.verifyAuthentication(uid, '', auth.assert(opts))).toBe(false);
      expect(await passkeys.verifyAuthentication(uid, 'x'.repeat(101), auth.assert(opts))).toBe(false);
      expect((await rowsOf(op))[0].counter).toBe(1);

      // and a good one still passes
      const good = await passkeys.authenticationOptions(uid);
      expect(await passkeys.verifyAuthentication(uid, good.challengeId, auth.assert(good.options))).toBe(true);
      expect((await rowsOf(op))[0].counter).toBeGreaterThan(1);
    });

    it("refuses another account's passkey and another account's challenge", async () => {
      const a = await makeOperator(t);
      const b = await makeOperator(t);
      const { auth: authA } = await register(a);
      const { auth: authB } = await register(b);

      // B's log-in answered with A's passkey
      const forB = await passkeys.authenticationOptions(userOf(b));
      expect(await passkeys.verifyAuthentication(userOf(b), forB.challengeId, authA.assert(forB.options))).toBe(false);
      // A's challenge presented as B's (and then it is gone for A too)
      const forA = await passkeys.authenticationOptions(userOf(a));
      expect(await passkeys.verifyAuthentication(userOf(b), forA.challengeId, authB.assert(forA.options))).toBe(false);
      expect(await passkeys.verifyAuthentication(userOf(a), forA.challengeId, authA.assert(forA.options))).toBe(false);
      expect((await rowsOf(a))[0].counter).toBe(0);
      expect((await rowsOf(b))[0].counter).toBe(0);
    });

    it('a removed passkey no longer verifies', async () => {
      const op = await makeOperator(t);
      const { id, auth } = await register(op);
      const o = await passkeys.authenticationOptions(userOf(op));
      await t.http().delete(`${ME}/credentials/${id}`).set('cookie', op.cookie).expect(204);
      expect(await passkeys.verifyAuthentication(userOf(op), o.challengeId, auth.assert(o.options))).toBe(false);
    });

    it('answers racing with one challenge, or with one counter value on two challenges, pass once', async () => {
      const op = await makeOperator(t);
      const { auth } = await register(op);
      const uid = userOf(op);
      const one = await passkeys.authenticationOptions(uid);
      const sameChallenge = await Promise.all(
        [1, 2, 3].map((n) => passkeys.verifyAuthentication(uid, one.challengeId, auth.assert(one.options, { counter: n }))),
      );
      expect(sameChallenge.filter(Boolean)).toHaveLength(1);

      const many = await Promise.all([1, 2, 3].map(() => passkeys.authenticationOptions(uid)));
      const sameCounter = await Promise.all(
        many.map((o) => passkeys.verifyAuthentication(uid, o.challengeId, auth.assert(o.options, { counter: 10 }))),
      );
      expect(sameCounter.filter(Boolean)).toHaveLength(1);
      expect((await rowsOf(op))[0].counter).toBe(10);
    });
  });

  describe('the log-in step through its routes: GET /users/log-in/mfa/options, POST /users/log-in/mfa { webauthn_response }', () => {
    const UA = 'passkey-login-test/1.0';
    const MFA = '_agent_ops_mfa';
    const SESSION = '_agent_ops_key';
    const cookieOf = (res: { headers: Record<string, unknown> }, name: string): string | undefined => {
      const all = (res.headers['set-cookie'] as string[] | undefined) ?? [];
      const hit = all.find((c) => c.startsWith(`${name}=`));
      return hit ? hit.slice(name.length + 1).split(';')[0] : undefined;
    };
    /** The password step of an account with a passkey: the pending cookie it sets. */
    async function passwordStep(op: Operator): Promise<string> {
      const res = await t
        .http()
        .post('/users/log-in')
        .set('user-agent', UA)
        .type('form')
        .send({ email: op.reg.email, password: op.reg.password });
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/users/log-in/mfa');
      expect(cookieOf(res, SESSION)).toBeUndefined();
      return cookieOf(res, MFA)!;
    }
    const optionsFor = (pending: string) =>
      t.http().get('/users/log-in/mfa/options').set('user-agent', UA).set('cookie', `${MFA}=${pending}`);
    const post = (pending: string, assertion: unknown) =>
      t
        .http()
        .post('/users/log-in/mfa')
        .set('user-agent', UA)
        .set('cookie', `${MFA}=${pending}`)
        .type('form')
        .send({ webauthn_response: JSON.stringify(assertion) });

    it("the page offers the passkey with its scripts; an assertion over this log-in's challenge signs in with mfa; a replay is refused", async () => {
      const op = await makeOperator(t);
      const { auth } = await register(op);
      const pending = await passwordStep(op);

      const page = await t.http().get('/users/log-in/mfa').set('user-agent', UA).set('cookie', `${MFA}=${pending}`).expect(200);
      expect(page.text).toContain('id="passkey-login"');
      expect(page.text).toContain('src="/assets/passkey-login.js"');
      expect(page.headers['content-security-policy']).toBe(SCRIPTED_PAGE_CSP);

      const opts = (await optionsFor(pending).expect(200)).body;
      expect(opts.rpId).toBe(RP_ID);
      expect(opts.allowCredentials.map((c: { id: string }) => c.id)).toEqual([auth.credentialId.toString('base64url')]);
      const assertion = auth.assert(opts);
      const done = await post(pending, assertion).expect(302);
      expect(done.headers.location).toBe('/app');
      const session = cookieOf(done, SESSION)!;
      expect(session).toBeTruthy();
      const rows = await db(t).query(`SELECT auth_method, mfa FROM user_sessions WHERE token_hash = $1`, [
        createHash('sha256').update(session).digest(),
      ]);
      expect(rows).toEqual([{ auth_method: 'password', mfa: true }]);
      await t.http().get('/api/v1/operator/me').set('cookie', `${SESSION}=${session}`).expect(200);

      // the next log-in's step: the earlier assertion (its challenge used up) does not sign in
      const next = await passwordStep(op);
      await optionsFor(next).expect(200);
      const replay = await post(next, assertion);
      expect(replay.status).toBe(401);
      expect(replay.text).toContain('id="passkey-login"');
      expect(cookieOf(replay, SESSION)).toBeUndefined();
    });

    it('a JSON client names its step with x-mfa-token and posts { mfa_token, webauthn_response }; no step is 401 mfa_step_expired', async () => {
      const op = await makeOperator(t);
      const { auth } = await register(op);
      const first = await t.http().post('/users/log-in').set('user-agent', UA).send({ email: op.reg.email, password: op.reg.password });
      const token = (expectProblem(first, 401, 'unauthorized', { detail: 'mfa_required' }).extra as { mfa_token: string }).mfa_token;
      expectProblem(await t.http().get('/users/log-in/mfa/options').set('user-agent', UA), 401, 'unauthorized', {
        detail: 'mfa_step_expired',
      });
      const opts = (await t.http().get('/users/log-in/mfa/options').set('user-agent', UA).set('x-mfa-token', token).expect(200)).body;
      // asking again replaces the step's challenge: the first options no longer verify
      const again = (await t.http().get('/users/log-in/mfa/options').set('user-agent', UA).set('x-mfa-token', token).expect(200)).body;
      expectProblem(
        await t
          .http()
          .post('/users/log-in/mfa')
          .set('user-agent', UA)
          .send({ mfa_token: token, webauthn_response: auth.assert(opts) }),
        401,
        'unauthorized',
        { detail: 'invalid_mfa_code' },
      );
      const again2 = (await t.http().get('/users/log-in/mfa/options').set('user-agent', UA).set('x-mfa-token', token).expect(200)).body;
      expect(again2.challenge).not.toBe(again.challenge);
      const done = await t
        .http()
        .post('/users/log-in/mfa')
        .set('user-agent', UA)
        .send({ mfa_token: token, webauthn_response: auth.assert(again2) })
        .expect(302);
      expect(cookieOf(done, SESSION)).toBeTruthy();
    });
  });

  describe('the passkeys page', () => {
    const PAGE = '/app/account/passkeys';

    it("loads only this origin's scripts, and only it may run them; the assets are served from here", async () => {
      const op = await makeOperator(t);
      const res = await t.http().get(PAGE).set('cookie', op.cookie).expect(200);
      expect(res.headers['content-security-policy']).toBe(SCRIPTED_PAGE_CSP);
      expect(SCRIPTED_PAGE_CSP).toContain("script-src 'self'; connect-src 'self'");
      expect(SCRIPTED_PAGE_CSP).not.toMatch(/unsafe-inline'[^;]*;\s*connect|script-src[^;]*(unsafe|https?:|\*)/);
      const scripts = [...res.text.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
      expect(scripts).toEqual([' src="/assets/console.js" defer', ' src="/assets/webauthn.js" defer', ' src="/assets/passkeys.js" defer']);
      expect(res.text).toContain('id="add-passkey"');
      // other console pages run only the console's own script file, and may connect nowhere (ADR 0269)
      const app = await t.http().get('/app').set('cookie', op.cookie).expect(200);
      expect(app.headers['content-security-policy']).toBe(`${PAGE_CSP}; script-src 'self'`);
      expect([...app.text.matchAll(/<script([^>]*)>/g)].map((m) => m[1])).toEqual([' src="/assets/console.js" defer']);
      // and pages outside the console frame none at all
      const login = await t.http().get('/users/log-in').expect(200);
      expect(login.headers['content-security-policy']).toBe(PAGE_CSP);
      expect(login.text).not.toContain('<script');

      const lib = await t.http().get('/assets/webauthn.js').expect(200);
      expect(lib.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(lib.headers['x-content-type-options']).toBe('nosniff');
      expect(lib.text).toContain('SimpleWebAuthnBrowser');
      const ours = await t.http().get('/assets/passkeys.js').expect(200);
      expect(ours.text).toContain('startRegistration');

      const signedOut = await t.http().get(PAGE).expect(302);
      expect(signedOut.headers.location).toBe(`/users/log-in?return_to=${encodeURIComponent(PAGE)}`);
    });

    it('adds a passkey through its form, shows a refusal on the page, and removes it with its button', async () => {
      const op = await makeOperator(t);
      const auth = new SoftAuthenticator();
      const opts = (await options(op).expect(200)).body;
      const answer = JSON.stringify(auth.register(opts));
      const post = (body: Record<string, string>) => t.http().post(PAGE).set('cookie', op.cookie).type('form').send(body);

      const added = await post({ name: 'Desk key', response: answer }).expect(303);
      expect(added.headers.location).toBe('/app/account/security?notice=passkey-added');
      const [row] = await rowsOf(op);
      expect(row.name).toBe('Desk key');
      const shown = await t.http().get(added.headers.location).set('cookie', op.cookie).expect(200);
      expect(shown.text).toContain('Passkey added.');
      expect(shown.text).toContain(`data-passkey-id="${row.id}"`);

      // the same answer again: its challenge is used up
      const again = await post({ name: 'Desk key', response: answer }).expect(422);
      expect(again.text).toContain('That request expired or was answered already');
      expect(again.headers['content-security-policy']).toBe(SCRIPTED_PAGE_CSP);
      const garbage = await post({ name: 'Desk key', response: '{not json' }).expect(422);
      expect(garbage.text).toContain('That request expired or was answered already');
      await options(op).expect(200);
      const unnamed = await post({ name: ' ', response: answer }).expect(422);
      expect(unnamed.text).toContain('Give the passkey a name');
      expect(await rowsOf(op)).toHaveLength(1);

      const removed = await t.http().post(`${PAGE}/${row.id}/delete`).set('cookie', op.cookie).type('form').send({}).expect(303);
      expect(removed.headers.location).toBe('/app/account/security?notice=passkey-removed');
      expect(await rowsOf(op)).toEqual([]);
      await t.http().post(`${PAGE}/${row.id}/delete`).set('cookie', op.cookie).set('accept', 'text/html').type('form').send({}).expect(404);
      expect((await passkeyEvents(op)).map((e) => e.action)).toEqual(['mfa.passkey_add', 'mfa.passkey_remove']);
    });
  });

  describe('recent authentication', () => {
    it('adding and removing a passkey need a session authenticated in the last 10 minutes; listing does not', async () => {
      const op = await makeOperator(t);
      const { id } = await register(op);
      t.clock.advance(10 * 60_000 + 1);
      expectProblem(await options(op), 403, 'forbidden', { detail: 'reauthentication_required' });
      expectProblem(await submit(op, { name: 'Key', response: {} }), 403, 'forbidden', { detail: 'reauthentication_required' });
      expectProblem(await t.http().delete(`${ME}/credentials/${id}`).set('cookie', op.cookie), 403, 'forbidden', {
        detail: 'reauthentication_required',
      });
      await t.http().get(`${ME}/credentials`).set('cookie', op.cookie).expect(200);
      expect(await rowsOf(op)).toHaveLength(1);
      expect((await passkeyEvents(op)).map((e) => e.action)).toEqual(['mfa.passkey_add']);
    });
  });
});

describe('passkeys while Redis is unreachable', () => {
  const redisUrl = new URL(process.env.REDIS_URL!);
  const proxy = new TcpProxy(redisUrl.hostname, Number(redisUrl.port));
  let t: TestApp;

  beforeAll(async () => {
    await proxy.start();
    t = await createTestApp({ env: { ...TRUST_LOOPBACK, REDIS_URL: proxy.urlFor(redisUrl) } });
  });
  afterEach(() => proxy.start());
  afterAll(async () => {
    await proxy.start();
    await t.close();
    await proxy.cut();
  });

  it('registration answers 503 redis_unavailable at either step and stores nothing; the log-in step throws rather than answering', async () => {
    const op = await makeOperator(t);
    const opts = (await t.http().post(`${ME}/registration_options`).set('cookie', op.cookie).expect(200)).body;
    const auth = new SoftAuthenticator();

    await proxy.cut();
    expectProblem(await t.http().post(`${ME}/registration_options`).set('cookie', op.cookie), 503, 'service-unavailable', {
      detail: 'redis_unavailable',
    });
    expectProblem(
      await t
        .http()
        .post(`${ME}/credentials`)
        .set('cookie', op.cookie)
        .send({ name: 'Key', response: auth.register(opts) }),
      503,
      'service-unavailable',
      { detail: 'redis_unavailable' },
    );
    const service = t.app.get(PasskeysService);
    await expect(service.authenticationOptions(op.reg.body.user.id)).rejects.toThrow();
    await expect(service.verifyAuthentication(op.reg.body.user.id, 'x'.repeat(43), {})).rejects.toThrow();
    expect(await db(t).query(`SELECT 1 FROM webauthn_credentials WHERE user_id = $1`, [op.reg.body.user.id])).toEqual([]);
    expect(await db(t).query(`SELECT 1 FROM audit_events WHERE actor_id = $1 AND action LIKE 'mfa.%'`, [op.reg.body.user.id])).toEqual([]);

    // back: registration works again
    await proxy.start();
    await eventually(async () => {
      const again = (await t.http().post(`${ME}/registration_options`).set('cookie', op.cookie).expect(200)).body;
      await t
        .http()
        .post(`${ME}/credentials`)
        .set('cookie', op.cookie)
        .send({ name: 'Key', response: auth.register(again) })
        .expect(201);
    });
  });
});

describe('passkeys in Chromium, with its virtual authenticator', () => {
  jest.setTimeout(90_000);
  let t: TestApp;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    // WebAuthn wants a domain for the rp id (not an IP address) and a secure context: localhost is both
    const port = await freePort();
    base = `http://localhost:${port}`;
    t = await createTestApp({ env: { ...TRUST_LOOPBACK, BASE_URL: base } });
    await t.app.listen(port, '127.0.0.1');
    browser = await chromium.launch({
      ...CHROMIUM_LAUNCH,
      args: [...CHROMIUM_LAUNCH.args!, '--host-resolver-rules=MAP localhost 127.0.0.1'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('registers a passkey on the security page, then logs in with it through the second step', async () => {
    const reg = await makeWorkspace(t);
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    try {
      await page.goto(`${base}/users/log-in`);
      await page.fill('#email', reg.email);
      await page.fill('#password', reg.password);
      await Promise.all([page.waitForURL(`${base}/app`), page.click('button[type=submit]')]);

      await page.goto(`${base}/app/account/security`);
      await page.waitForSelector('#add-passkey-button:not([disabled])');
      await page.fill('#passkey-name', 'Chromium virtual key');
      await Promise.all([page.waitForURL(`${base}/app/account/security?notice=passkey-added`), page.click('#add-passkey-button')]);
      expect(await page.textContent('#security-notice')).toBe('Passkey added.');
      expect(await page.textContent('#passkeys tbody')).toContain('Chromium virtual key');

      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);
      const [stored] = await db(t).query(`SELECT credential_id, user_id FROM webauthn_credentials WHERE user_id = $1`, [reg.body.user.id]);
      expect(Buffer.from(stored.credential_id).toString('base64')).toBe(
        Buffer.from(credentials[0].credentialId, 'base64').toString('base64'),
      );

      // and uses it: log out, the password, then "Use a passkey" on the second step lands on /app
      await Promise.all([page.waitForURL(/\/users\/log-in/), page.click('header button[type=submit]')]);
      await page.goto(`${base}/users/log-in`);
      await page.fill('#email', reg.email);
      await page.fill('#password', reg.password);
      await Promise.all([page.waitForURL(`${base}/users/log-in/mfa`), page.click('button[type=submit]')]);
      await page.waitForSelector('#passkey-login-button:not([disabled])');
      await Promise.all([page.waitForURL(`${base}/app`), page.click('#passkey-login-button')]);
      const cookies = await context.cookies();
      expect(cookies.map((c) => c.name)).toContain('_agent_ops_key');
      expect(cookies.map((c) => c.name)).not.toContain('_agent_ops_mfa');
      const token = cookies.find((c) => c.name === '_agent_ops_key')!.value;
      const [session] = await db(t).query(`SELECT mfa FROM user_sessions WHERE token_hash = $1`, [
        createHash('sha256').update(token).digest(),
      ]);
      expect(session.mfa).toBe(true);
      const [used] = await db(t).query(`SELECT counter::int AS counter, last_used_at FROM webauthn_credentials WHERE user_id = $1`, [
        reg.body.user.id,
      ]);
      expect(used.last_used_at).not.toBeNull();
    } finally {
      await context.close();
    }
  });
});
