import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { SecretBox } from '../src/core/common/crypto/secret-box';
import { OidcClient } from '../src/sso/oidc-client';
import { makeWorkspace, PASSWORD, type Registered } from './support/builders';
import { addMembership, sessionCookie } from './support/console';
import { OidcTestProvider } from './support/oidc-provider';
import { cookieHeader, db, logIn, randomIPv4, setCookies, SESSION_COOKIE, sha256, TRUST_LOOPBACK } from './support/operator';
import { expectProblem } from './support/problem';
import { createTestApp, type TestApp } from './support/test-app';
import type { AddressInfo } from 'node:net';
import type { Response } from 'supertest';

const CALLBACK = 'http://localhost:4000/users/sso/callback';
const SSO_COOKIE = '_agent_ops_sso';
const CONNECTIONS = '/api/v1/operator/sso_connections';
const domain = () => `corp-${randomBytes(4).toString('hex')}.test`;
const sub = (tag: string) => `${tag}-${randomBytes(6).toString('hex')}`;
/** Everything but Date stays real: the app, pg, Redis and the provider keep running on real timers. */
const REAL_TIMERS = [
  'nextTick',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
  'queueMicrotask',
  'hrtime',
  'performance',
] as const;

/** A sign-in between its start and the provider's redirect back. */
interface Flow {
  /** The `_agent_ops_sso` cookie's value. */
  cookie: string;
  /** The provider's authorization URL the start redirected to. */
  location: string;
}

/**
 * Single sign-on with OpenID Connect (API.md Part 3; ADRs 0254 to 0257), end to end against real
 * OpenID providers (oidc-provider, shaped like Okta and like Entra ID) on loopback: the service's
 * openid-client does discovery, the code flow with PKCE and every ID token check over HTTP.
 */
describe('single sign-on (OpenID Connect)', () => {
  let t: TestApp;
  let okta: OidcTestProvider;
  let entra: OidcTestProvider;

  beforeAll(async () => {
    [t, okta, entra] = await Promise.all([
      createTestApp({ env: TRUST_LOOPBACK }),
      OidcTestProvider.start({ flavor: 'okta', redirectUris: [CALLBACK] }),
      OidcTestProvider.start({ flavor: 'entra', redirectUris: [CALLBACK] }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([okta?.close(), entra?.close()]);
    await t?.close();
  });

  const rows = <T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> => db(t).query(sql, params);
  const eventsOf = (workspaceId: string, action: string) =>
    rows<{ outcome: string; target_id: string; actor_id: string; changes: Record<string, unknown> | null }>(
      `SELECT outcome, target_id, actor_id, changes FROM audit_events WHERE workspace_id = $1 AND action = $2 ORDER BY txid, occurred_at`,
      [workspaceId, action],
    );
  const ssoSessions = (uid: string) => rows(`SELECT 1 FROM user_sessions WHERE user_id = $1 AND auth_method = 'sso'`, [uid]);
  const identities = (uid: string) => rows<{ subject: string }>(`SELECT subject FROM sso_identities WHERE user_id = $1`, [uid]);

  function connectionBody(provider: OidcTestProvider, domains: string[], extra: Record<string, unknown> = {}) {
    return {
      name: provider.flavor === 'okta' ? 'Okta' : 'Entra ID',
      issuer: provider.issuer,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
      domains,
      ...extra,
    };
  }

  /** One more connection of the owner's workspace, for a fresh domain (a fresh discovery and JWKS cache in the app). */
  async function addConnection(cookie: string, provider: OidcTestProvider, extra: Record<string, unknown> = {}) {
    const d = domain();
    const res = await t
      .http()
      .post(CONNECTIONS)
      .set('cookie', cookie)
      .send(connectionBody(provider, [d], extra));
    expect(res.status).toBe(201);
    return { domain: d, connection: res.body.sso_connection };
  }

  async function ownerWithConnection(provider: OidcTestProvider, extra: Record<string, unknown> = {}) {
    const d = domain();
    const reg = await makeWorkspace(t, { email: `owner@${d}` });
    const cookie = await sessionCookie(t, reg);
    const res = await t
      .http()
      .post(CONNECTIONS)
      .set('cookie', cookie)
      .send(connectionBody(provider, [d], extra));
    expect(res.status).toBe(201);
    return { reg, cookie, domain: d, connection: res.body.sso_connection };
  }

  /** A fresh account (owner of a workspace of its own) made a member of `workspaceId`. */
  async function member(email: string, workspaceId: string, role: 'admin' | 'member' = 'member') {
    const reg = await makeWorkspace(t, { email });
    await addMembership(t, email, workspaceId, role);
    return { reg, uid: reg.body.user.id as string };
  }

  /** POST /users/sso by address: the flow cookie and the provider's URL. */
  async function start(email: string, app: TestApp = t): Promise<Flow> {
    const res = await app.http().post('/users/sso').type('form').send({ email });
    expect(res.status).toBe(302);
    const cookie = setCookies(res).get(SSO_COOKIE)?.value;
    expect(cookie).toBeTruthy();
    return { cookie: cookie!, location: res.headers.location };
  }

  /** The provider's leg as the browser runs it: the callback URL (path and query) it redirects to. */
  async function provider(flow: Flow): Promise<string> {
    const back = await OidcTestProvider.followToCallback(flow.location);
    expect(back.origin + back.pathname).toBe(CALLBACK);
    return back.pathname + back.search;
  }

  const callback = (path: string, flowCookie: string | undefined, app: TestApp = t, extraCookies: Record<string, string> = {}) =>
    app
      .http()
      .get(path)
      .set('cookie', cookieHeader({ [SSO_COOKIE]: flowCookie, ...extraCookies }));

  /** Starts by address, runs the provider as `claims`, and returns the callback's answer. */
  async function signIn(email: string, claims: Record<string, unknown> & { sub: string }, idp = okta): Promise<Response> {
    idp.setAccount(claims);
    const flow = await start(email);
    return callback(await provider(flow), flow.cookie);
  }

  /** A page of the SSO flow with `status` (400, 403, 404 or 503): HTML, never a 500, no session started. */
  function expectPage(res: Response, status: number, text?: string | RegExp): void {
    expect({ status: res.status, type: res.headers['content-type'] }).toEqual({ status, type: expect.stringMatching(/^text\/html/) });
    if (status !== 404) expect(res.text).toContain(`data-status="${status}"`);
    if (text !== undefined) expect(res.text).toMatch(text);
    expect(setCookies(res).get(SESSION_COOKIE)?.value || undefined).toBeUndefined();
  }

  /** A sign-in that ended with a session: the 302 to the console and the session's row. */
  async function expectSignedIn(res: Response): Promise<string> {
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/app');
    const session = setCookies(res).get(SESSION_COOKIE)?.value;
    expect(session).toBeTruthy();
    const [row] = await rows<{ auth_method: string }>(`SELECT auth_method FROM user_sessions WHERE token_hash = $1`, [sha256(session!)]);
    expect(row.auth_method).toBe('sso');
    return cookieHeader({ [SESSION_COOKIE]: session });
  }

  it('signs a member in by address', async () => {
    const { reg, connection } = await ownerWithConnection(okta);
    expect(connection.redirect_uri).toBe(CALLBACK);
    expect(connection.client_secret).toBeUndefined();
    const res = await signIn(reg.email, { sub: 'okta-owner', email: reg.email, email_verified: true });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/app');
    const session = setCookies(res).get(SESSION_COOKIE)?.value;
    expect(session).toBeTruthy();
    const [row] = await db(t).query(`SELECT auth_method FROM user_sessions WHERE token_hash = $1`, [sha256(session!)]);
    expect(row.auth_method).toBe('sso');
    void PASSWORD;
  });

  it("Okta's org authorization server (the issuer is the org's root URL) signs in as its custom servers do", async () => {
    const org = await OidcTestProvider.start({ flavor: 'okta-org', redirectUris: [CALLBACK] });
    try {
      expect(new URL(org.issuer).pathname).toBe('/');
      const { reg, connection } = await ownerWithConnection(org);
      expect(connection.issuer).toBe(org.issuer);
      const res = await signIn(reg.email, { sub: '00uorgowner', email: reg.email, email_verified: true }, org);
      expect(res.status).toBe(302);
      expect(setCookies(res).get(SESSION_COOKIE)?.value).toBeTruthy();
      expect(org.requestsTo(org.endpoints.token)).toHaveLength(1);
    } finally {
      await org.close();
    }
  });

  describe('connections', () => {
    it('create, read, update, disable and delete: the secret is sealed, never answered, and audited only as [sealed]', async () => {
      const d = domain();
      const reg = await makeWorkspace(t, { email: `owner@${d}` });
      const cookie = await sessionCookie(t, reg);
      const created = await t
        .http()
        .post(CONNECTIONS)
        .set('cookie', cookie)
        .send(connectionBody(okta, [d], { jit_provisioning: true, default_role: 'admin' }));
      expect(created.status).toBe(201);
      const conn = created.body.sso_connection;
      expect(conn).toEqual({
        id: expect.any(String),
        name: 'Okta',
        issuer: okta.issuer,
        client_id: okta.clientId,
        domains: [d],
        enforce: false,
        jit_provisioning: true,
        default_role: 'admin',
        email_claim_fallback: null,
        status: 'active',
        redirect_uri: CALLBACK,
        inserted_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const [sealed] = await rows<{ client_secret_sealed: string }>(`SELECT client_secret_sealed FROM sso_connections WHERE id = $1`, [
        conn.id,
      ]);
      expect(sealed.client_secret_sealed).not.toBe(okta.clientSecret);
      expect(sealed.client_secret_sealed).not.toContain(okta.clientSecret);

      const list = await t.http().get(CONNECTIONS).set('cookie', cookie).expect(200);
      expect(list.body).toEqual({ sso_connections: [conn], count: 1 });
      const shown = await t.http().get(`${CONNECTIONS}/${conn.id}`).set('cookie', cookie).expect(200);
      expect(shown.body).toEqual({ sso_connection: conn });

      // a new secret replaces the sealed one: a wrong one is refused by the provider's token endpoint (400), the right one signs in again
      const wrongSecret = randomBytes(24).toString('base64url');
      const patched = await t
        .http()
        .patch(`${CONNECTIONS}/${conn.id}`)
        .set('cookie', cookie)
        .send({ name: 'Okta (prod)', client_secret: wrongSecret, enforce: true });
      expect(patched.status).toBe(200);
      expect(patched.body.sso_connection).toMatchObject({ name: 'Okta (prod)', enforce: true, domains: [d] });
      const [resealed] = await rows<{ client_secret_sealed: string }>(`SELECT client_secret_sealed FROM sso_connections WHERE id = $1`, [
        conn.id,
      ]);
      expect(resealed.client_secret_sealed).not.toBe(sealed.client_secret_sealed);
      expect(resealed.client_secret_sealed).not.toContain(wrongSecret);
      expectPage(await signIn(reg.email, { sub: sub('crud'), email: reg.email, email_verified: true }), 400, /answer was refused/);
      // (the app keys its discovered configuration by the row's updated_at: the test clock must move, as real time does)
      t.clock.advance(1);
      await t.http().patch(`${CONNECTIONS}/${conn.id}`).set('cookie', cookie).send({ client_secret: okta.clientSecret }).expect(200);
      await expectSignedIn(await signIn(reg.email, { sub: sub('crud'), email: reg.email, email_verified: true }));

      const disabled = await t.http().patch(`${CONNECTIONS}/${conn.id}`).set('cookie', cookie).send({ status: 'disabled' }).expect(200);
      expect(disabled.body.sso_connection.status).toBe('disabled');
      await t.http().delete(`${CONNECTIONS}/${conn.id}`).set('cookie', cookie).expect(204);
      await t.http().get(`${CONNECTIONS}/${conn.id}`).set('cookie', cookie).expect(404);
      expect((await t.http().get(CONNECTIONS).set('cookie', cookie).expect(200)).body).toEqual({ sso_connections: [], count: 0 });
      // its domain is free again
      await t
        .http()
        .post(CONNECTIONS)
        .set('cookie', cookie)
        .send(connectionBody(okta, [d]))
        .expect(201);

      for (const res of [created, list, shown, patched, disabled]) {
        expect(JSON.stringify(res.body)).not.toContain(okta.clientSecret);
        expect(JSON.stringify(res.body)).not.toContain(wrongSecret);
        expect(JSON.stringify(res.body)).not.toContain('client_secret');
      }

      const ws = reg.workspaceId;
      const [create] = (await eventsOf(ws, 'sso_connection.create')).filter((e) => e.target_id === conn.id);
      expect(create.changes).toEqual({
        name: [null, 'Okta'],
        issuer: [null, okta.issuer],
        client_id: [null, okta.clientId],
        client_secret: [null, '[sealed]'],
        domains: [null, [d]],
        enforce: [null, false],
        jit_provisioning: [null, true],
        default_role: [null, 'admin'],
        email_claim_fallback: [null, null],
      });
      const updates = (await eventsOf(ws, 'sso_connection.update')).filter((e) => e.target_id === conn.id).map((e) => e.changes);
      expect(updates).toEqual([
        { name: ['Okta', 'Okta (prod)'], enforce: [false, true], client_secret: ['[sealed]', '[sealed]'] },
        { client_secret: ['[sealed]', '[sealed]'] },
        { status: ['active', 'disabled'] },
      ]);
      const [deleted] = await eventsOf(ws, 'sso_connection.delete');
      expect(deleted).toMatchObject({
        outcome: 'success',
        target_id: conn.id,
        changes: { status: ['disabled', null], domains: [[d], null] },
      });
      const all = await rows<{ changes: unknown }>(`SELECT changes FROM audit_events WHERE workspace_id = $1`, [ws]);
      expect(JSON.stringify(all)).not.toContain(okta.clientSecret);
      expect(JSON.stringify(all)).not.toContain(wrongSecret);
    });

    it('checks the issuer first: unreachable, naming another issuer, or http off loopback are 422 errors.issuer', async () => {
      const { cookie } = await ownerWithConnection(okta);
      // a port nobody listens on
      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const freePort = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      // a discovery document that names another issuer
      const impostor = http.createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            issuer: okta.issuer,
            authorization_endpoint: okta.endpoints.authorization,
            token_endpoint: okta.endpoints.token,
            jwks_uri: okta.endpoints.jwks,
            response_types_supported: ['code'],
          }),
        );
      });
      await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
      try {
        const impostorIssuer = `http://127.0.0.1:${(impostor.address() as AddressInfo).port}/oauth2/default`;
        for (const [issuer, message] of [
          [`http://127.0.0.1:${freePort}/oauth2/default`, /could not be fetched/],
          [impostorIssuer, /refused/],
          ['http://idp.example.com/oauth2/default', /https/],
          ['ftp://127.0.0.1/oauth2/default', /https/],
        ] as const) {
          const res = await t
            .http()
            .post(CONNECTIONS)
            .set('cookie', cookie)
            .send(connectionBody(okta, [domain()], { issuer }));
          const body = expectProblem(res, 422, 'validation-error');
          expect((body.errors as Record<string, string[]>).issuer).toEqual([expect.stringMatching(message)]);
        }
      } finally {
        await new Promise<void>((resolve) => impostor.close(() => resolve()));
      }
      // in production even a loopback issuer must be https (the service's own check, before any fetch)
      const production = new OidcClient({ ...t.config, isProduction: true }, t.clock, t.app.get(SecretBox));
      expect(production.issuerProblem(okta.issuer)).toMatch(/https/);
      expect(production.issuerProblem('https://example.okta.com/oauth2/default')).toBeNull();
      expect(t.app.get(OidcClient).issuerProblem(okta.issuer)).toBeNull();
    });

    it('a domain belongs to one connection: 409 domain_taken, and of two workspaces creating it at once exactly one wins', async () => {
      const d = domain();
      const [a, b, c] = await Promise.all([makeWorkspace(t), makeWorkspace(t), makeWorkspace(t)]);
      const [ca, cb, cc] = await Promise.all([sessionCookie(t, a), sessionCookie(t, b), sessionCookie(t, c)]);
      const raced = await Promise.all(
        [ca, cb].map((cookie) =>
          t
            .http()
            .post(CONNECTIONS)
            .set('cookie', cookie)
            .send(connectionBody(okta, [d, domain()])),
        ),
      );
      expect(raced.map((r) => r.status).sort()).toEqual([201, 409]);
      expectProblem(
        raced.find((r) => r.status === 409)!,
        409,
        'conflict',
        { detail: 'domain_taken' },
      );
      const taken = await t
        .http()
        .post(CONNECTIONS)
        .set('cookie', cc)
        .send(connectionBody(okta, [domain(), d]));
      expectProblem(taken, 409, 'conflict', { detail: 'domain_taken' });
      const [{ n }] = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM sso_connection_domains WHERE domain = $1`, [d]);
      expect(n).toBe(1);
    });

    it('only an owner with recent authentication creates or changes one; admins read them', async () => {
      const { reg, cookie, connection } = await ownerWithConnection(okta);
      const ws = reg.workspaceId;
      const [admin, mem] = await Promise.all([member(`admin@${domain()}`, ws, 'admin'), member(`member@${domain()}`, ws)]);
      const [adminCookie, memberCookie] = await Promise.all([sessionCookie(t, admin.reg), sessionCookie(t, mem.reg)]);
      for (const c of [adminCookie, memberCookie]) {
        const as = { cookie: c, 'x-workspace-id': ws };
        expectProblem(
          await t
            .http()
            .post(CONNECTIONS)
            .set(as)
            .send(connectionBody(okta, [domain()])),
          403,
          'forbidden',
          {
            detail: 'insufficient_role',
          },
        );
        expectProblem(await t.http().patch(`${CONNECTIONS}/${connection.id}`).set(as).send({ name: 'x' }), 403, 'forbidden', {
          detail: 'insufficient_role',
        });
        expectProblem(await t.http().delete(`${CONNECTIONS}/${connection.id}`).set(as), 403, 'forbidden', { detail: 'insufficient_role' });
      }
      const listed = await t.http().get(CONNECTIONS).set({ cookie: adminCookie, 'x-workspace-id': ws }).expect(200);
      expect(listed.body.sso_connections.map((c: { id: string }) => c.id)).toEqual([connection.id]);
      expect(JSON.stringify(listed.body)).not.toContain(okta.clientSecret);
      expectProblem(await t.http().get(CONNECTIONS).set({ cookie: memberCookie, 'x-workspace-id': ws }), 403, 'forbidden', {
        detail: 'insufficient_role',
      });

      // the owner's log-in is 11 minutes old
      t.clock.advance(11 * 60_000);
      try {
        for (const res of [
          await t
            .http()
            .post(CONNECTIONS)
            .set('cookie', cookie)
            .send(connectionBody(okta, [domain()])),
          await t.http().patch(`${CONNECTIONS}/${connection.id}`).set('cookie', cookie).send({ name: 'x' }),
          await t.http().delete(`${CONNECTIONS}/${connection.id}`).set('cookie', cookie),
        ]) {
          expectProblem(res, 403, 'forbidden', { detail: 'reauthentication_required' });
        }
        await t.http().get(CONNECTIONS).set('cookie', cookie).expect(200);
      } finally {
        t.clock.advance(-11 * 60_000);
      }
      expect(await eventsOf(ws, 'sso_connection.update')).toEqual([]);
    });
  });

  describe('who signs in', () => {
    it('a member by address: the subject is linked, member.login names the connection, the members list says sso', async () => {
      const { reg, cookie, domain: d, connection } = await ownerWithConnection(okta);
      const m = await member(`grace@${d}`, reg.workspaceId);
      const subject = sub('okta');
      const memberCookie = await expectSignedIn(
        await signIn(m.reg.email.toUpperCase(), { sub: subject, email: m.reg.email, email_verified: true }),
      );
      expect(await identities(m.uid)).toEqual([{ subject }]);
      const [login] = (await eventsOf(reg.workspaceId, 'member.login')).filter((e) => e.target_id === m.uid);
      expect(login).toMatchObject({
        outcome: 'success',
        actor_id: m.uid,
        changes: { session_id: [null, expect.any(String)], auth_method: [null, 'sso'], sso_connection_id: [null, connection.id] },
      });
      const members = await t.http().get('/api/v1/operator/members').set('cookie', cookie).expect(200);
      const bySso = Object.fromEntries(members.body.members.map((x: { user: { id: string }; sso: boolean }) => [x.user.id, x.sso]));
      expect(bySso).toEqual({ [reg.body.user.id]: false, [m.uid]: true });
      // the SSO session works on the console API
      await t.http().get('/api/v1/operator/members').set({ cookie: memberCookie, 'x-workspace-id': reg.workspaceId }).expect(200);

      // a second sign-in of the same subject: the same link
      await expectSignedIn(await signIn(m.reg.email, { sub: subject, email: m.reg.email, email_verified: true }));
      expect(await identities(m.uid)).toEqual([{ subject }]);

      // GET /users/sso/:id starts through the connection directly
      okta.setAccount({ sub: subject, email: m.reg.email, email_verified: true });
      const direct = await t.http().get(`/users/sso/${connection.id}`);
      expect(direct.status).toBe(302);
      expect(direct.headers.location.startsWith(okta.endpoints.authorization)).toBe(true);
      const url = new URL(direct.headers.location);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        client_id: okta.clientId,
        redirect_uri: CALLBACK,
        response_type: 'code',
        scope: 'openid email profile',
        code_challenge_method: 'S256',
        state: expect.any(String),
        nonce: expect.any(String),
        code_challenge: expect.any(String),
      });
      const flow = { cookie: setCookies(direct).get(SSO_COOKIE)!.value, location: direct.headers.location };
      expect(setCookies(direct).get(SSO_COOKIE)!.attrs).toMatchObject({ httponly: true, samesite: 'Lax', path: '/users/sso' });
      await expectSignedIn(await callback(await provider(flow), flow.cookie));
    });

    it('just-in-time provisioning: a confirmed account without a password, a default_role membership, member.sso_provision', async () => {
      const { reg, domain: d, connection } = await ownerWithConnection(okta, { jit_provisioning: true, default_role: 'admin' });
      const email = `newcomer@${d}`;
      await expectSignedIn(await signIn(email, { sub: sub('jit'), email, email_verified: true, name: 'New Comer' }));
      const [account] = await rows<{ id: string; confirmed_at: Date | null; password_hash: string | null; status: string }>(
        `SELECT id, confirmed_at, password_hash, status FROM users WHERE email = $1`,
        [email],
      );
      expect(account).toMatchObject({ confirmed_at: expect.any(Date), password_hash: null, status: 'active' });
      expect(await rows(`SELECT workspace_id, role, status FROM memberships WHERE user_id = $1`, [account.id])).toEqual([
        { workspace_id: reg.workspaceId, role: 'admin', status: 'active' },
      ]);
      const [provision] = await eventsOf(reg.workspaceId, 'member.sso_provision');
      expect(provision).toMatchObject({
        outcome: 'success',
        target_id: account.id,
        actor_id: account.id,
        changes: { role: [null, 'admin'], sso_connection_id: [null, connection.id] },
      });
      expect((await eventsOf(reg.workspaceId, 'member.login')).filter((e) => e.target_id === account.id)).toHaveLength(1);
      // the address has no password to log in with
      const { res } = await logIn(t, { email, password: PASSWORD }, { ip: randomIPv4(), json: true });
      expectProblem(res, 401, 'unauthorized', { detail: 'invalid_credentials' });
    });

    it("a rogue workspace's provider cannot sign in or link another workspace's user, JIT or not", async () => {
      const d = domain();
      // workspace A's user has an address in D; A has no connection
      const victim = await makeWorkspace(t, { email: `victim@${d}` });
      const victimId = victim.body.user.id as string;
      // workspace B holds D, with just-in-time provisioning, and its provider asserts the victim's address
      const rogue = await makeWorkspace(t, { email: `rogue@${domain()}` });
      const rogueCookie = await sessionCookie(t, rogue);
      await t
        .http()
        .post(CONNECTIONS)
        .set('cookie', rogueCookie)
        .send(connectionBody(okta, [d], { jit_provisioning: true }))
        .expect(201);
      const refused = await signIn(victim.email, { sub: sub('rogue'), email: victim.email, email_verified: true });
      expectPage(refused, 403, /no member of this workspace with that address/);
      expect(await ssoSessions(victimId)).toEqual([]);
      expect(await identities(victimId)).toEqual([]);
      expect(await rows(`SELECT workspace_id FROM memberships WHERE user_id = $1`, [victimId])).toEqual([
        { workspace_id: victim.workspaceId },
      ]);
      expect(await eventsOf(rogue.workspaceId, 'member.sso_provision')).toEqual([]);
      expect((await eventsOf(rogue.workspaceId, 'member.login')).filter((e) => e.target_id === victimId)).toEqual([]);

      // without JIT an address that has no account gets the same words ("no account" and "not a member" are one answer)
      const { domain: d2 } = await addConnection(rogueCookie, okta);
      const unknown = await signIn(`nobody@${d2}`, { sub: sub('nobody'), email: `nobody@${d2}`, email_verified: true });
      expectPage(unknown, 403);
      const reason = (r: Response) => /id="sso-reason"[^>]*>([^<]*)</.exec(r.text)?.[1];
      expect(reason(unknown)).toBe(reason(refused));
      expect(await rows(`SELECT 1 FROM users WHERE email = $1`, [`nobody@${d2}`])).toEqual([]);
    });

    it('refuses email_verified false (400), an address outside the domains (403), suspended accounts and memberships (403)', async () => {
      const { reg, domain: d } = await ownerWithConnection(okta, { jit_provisioning: true });
      const m = await member(`kat@${d}`, reg.workspaceId);
      const subject = sub('okta');
      expectPage(await signIn(m.reg.email, { sub: subject, email: m.reg.email, email_verified: false }), 400, /not verified/);
      // email_verified "false" as a string, as some providers send it
      expectPage(await signIn(m.reg.email, { sub: subject, email: m.reg.email, email_verified: 'false' }), 400, /not verified/);
      // the connection's provider asserts an address of another domain (a real account of it)
      const outsider = await makeWorkspace(t);
      expectPage(
        await signIn(m.reg.email, { sub: sub('out'), email: outsider.email, email_verified: true }),
        403,
        /not in this connection/,
      );
      expect(await ssoSessions(outsider.body.user.id)).toEqual([]);
      // no email claim at all, and no fallback configured
      expectPage(await signIn(m.reg.email, { sub: subject, name: 'Kat' }), 400, /no email claim/);

      await rows(`UPDATE users SET status = 'suspended' WHERE id = $1`, [m.uid]);
      expectPage(await signIn(m.reg.email, { sub: subject, email: m.reg.email, email_verified: true }), 403, /suspended/);
      await rows(`UPDATE users SET status = 'active' WHERE id = $1`, [m.uid]);
      await rows(`UPDATE memberships SET status = 'suspended' WHERE user_id = $1 AND workspace_id = $2`, [m.uid, reg.workspaceId]);
      expectPage(await signIn(m.reg.email, { sub: subject, email: m.reg.email, email_verified: true }), 403, /suspended/);
      expect(await ssoSessions(m.uid)).toEqual([]);
      expect(await identities(m.uid)).toEqual([]);
      await rows(`UPDATE memberships SET status = 'active' WHERE user_id = $1 AND workspace_id = $2`, [m.uid, reg.workspaceId]);
      // email_verified absent is accepted
      await expectSignedIn(await signIn(m.reg.email, { sub: subject, email: m.reg.email }));
    });

    it('links one subject per account: another sub for the address, or the sub with another address, is 403', async () => {
      const { reg, domain: d } = await ownerWithConnection(okta);
      const [a, b] = await Promise.all([member(`ada@${d}`, reg.workspaceId), member(`bob@${d}`, reg.workspaceId)]);
      const subject = sub('okta');
      await expectSignedIn(await signIn(a.reg.email, { sub: subject, email: a.reg.email, email_verified: true }));
      // the address reassigned at the provider to another subject
      expectPage(await signIn(a.reg.email, { sub: sub('other'), email: a.reg.email, email_verified: true }), 403, /linked to another/);
      // the subject now asserting another member's address
      expectPage(await signIn(b.reg.email, { sub: subject, email: b.reg.email, email_verified: true }), 403, /another address/);
      expect(await identities(a.uid)).toEqual([{ subject }]);
      expect(await identities(b.uid)).toEqual([]);
      expect(await ssoSessions(b.uid)).toEqual([]);
    });

    it('Entra: an ID token without email signs in through email_claim_fallback upn; without the fallback it is a 400 page', async () => {
      const { reg, cookie, domain: d, connection } = await ownerWithConnection(entra, { email_claim_fallback: 'upn' });
      expect(connection.issuer).toBe(`${entra.origin}/${entra.tenantId}/v2.0`);
      const m = await member(`lin@${d}`, reg.workspaceId);
      const claims = { sub: sub('entra'), upn: m.reg.email.toUpperCase(), preferred_username: `lin.alias@${d}`, name: 'Lin' };
      await expectSignedIn(await signIn(m.reg.email, claims, entra));
      expect(await identities(m.uid)).toEqual([{ subject: claims.sub }]);

      await t
        .http()
        .patch(`${CONNECTIONS}/${connection.id}`)
        .set('cookie', cookie)
        .send({ email_claim_fallback: 'preferred_username' })
        .expect(200);
      // preferred_username names no account here: the same 403 as any address without a membership
      expectPage(await signIn(m.reg.email, claims, entra), 403);

      await t.http().patch(`${CONNECTIONS}/${connection.id}`).set('cookie', cookie).send({ email_claim_fallback: null }).expect(200);
      expectPage(await signIn(m.reg.email, claims, entra), 400, /no email claim/);
      expect(await identities(m.uid)).toEqual([{ subject: claims.sub }]);
    });
  });

  describe('enforcement', () => {
    it("enforce: a member's password is refused with the SSO link, an unknown address the same; the owner keeps password log-in", async () => {
      const { reg, cookie, domain: d, connection } = await ownerWithConnection(okta, { enforce: true });
      const m = await member(`eve@${d}`, reg.workspaceId);
      const ssoUrl = (email: string) => `/users/sso?email=${encodeURIComponent(email)}`;
      for (const creds of [
        m.reg,
        { email: m.reg.email, password: 'not the password at all' },
        { email: `nobody@${d}`, password: PASSWORD },
      ]) {
        const json = await logIn(t, creds, { ip: randomIPv4(), json: true });
        expectProblem(json.res, 401, 'unauthorized', { detail: 'sso_required', extra: { sso_url: ssoUrl(creds.email) } });
        expect(json.session).toBeUndefined();
        const form = await logIn(t, creds, { ip: randomIPv4() });
        expect(form.res.status).toBe(401);
        expect(form.res.headers['content-type']).toMatch(/^text\/html/);
        expect(form.res.text).toContain(`<a href="${ssoUrl(creds.email)}" id="sso-required-link">`);
        expect(form.session).toBeUndefined();
      }
      // the owner's password still works (the way back in)
      const owner = await logIn(t, reg, { ip: randomIPv4(), json: true });
      expect(owner.res.status).toBe(302);
      expect(owner.session).toBeTruthy();
      // the member signs in by SSO
      await expectSignedIn(await signIn(m.reg.email, { sub: sub('okta'), email: m.reg.email, email_verified: true }));

      // disabled: it enforces nothing and starts no sign-in
      await t.http().patch(`${CONNECTIONS}/${connection.id}`).set('cookie', cookie).send({ status: 'disabled' }).expect(200);
      const byAddress = await t.http().post('/users/sso').type('form').send({ email: m.reg.email });
      expectPage(byAddress, 404, /Single sign-on is not set up for that address/);
      expect(setCookies(byAddress).get(SSO_COOKIE)).toBeUndefined();
      expectPage(await t.http().get(`/users/sso/${connection.id}`), 404, /Single sign-on is not set up for that address/);
      // an address of no connection gets the same page
      const none = await t
        .http()
        .post('/users/sso')
        .send({ email: `someone@${domain()}` });
      expectPage(none, 404, /Single sign-on is not set up for that address/);
      const password = await logIn(t, m.reg, { ip: randomIPv4(), json: true });
      expect(password.res.status).toBe(302);
    });

    it('an SSO session satisfies a require_mfa workspace; a password session of the same member must enroll', async () => {
      const { reg, domain: d } = await ownerWithConnection(okta);
      await rows(`UPDATE workspaces SET require_mfa = true WHERE id = $1`, [reg.workspaceId]);
      const m = await member(`mo@${d}`, reg.workspaceId);
      const ws = reg.workspaceId;
      const passwordCookie = await sessionCookie(t, m.reg);
      expectProblem(
        await t.http().get('/api/v1/operator/service_agents').set({ cookie: passwordCookie, 'x-workspace-id': ws }),
        403,
        'forbidden',
        {
          detail: 'mfa_enrollment_required',
        },
      );
      const ssoCookie = await expectSignedIn(await signIn(m.reg.email, { sub: sub('okta'), email: m.reg.email, email_verified: true }));
      await t.http().get('/api/v1/operator/service_agents').set({ cookie: ssoCookie, 'x-workspace-id': ws }).expect(200);
      await t.http().get('/api/v1/operator/members').set({ cookie: ssoCookie, 'x-workspace-id': ws }).expect(200);
    });
  });

  describe('the flow and the ID token', () => {
    let m: { reg: Registered; uid: string };
    let subject: string;
    const again = () => signIn(m.reg.email, { sub: subject, email: m.reg.email, email_verified: true });

    beforeAll(async () => {
      const { reg, domain: d } = await ownerWithConnection(okta);
      m = await member(`ida@${d}`, reg.workspaceId);
      subject = sub('okta');
    });

    it('refuses tampered ID tokens (signature, key, exp, aud, iss, nonce) with 400; 30 s of skew passes', async () => {
      await expectSignedIn(await again());
      const now = () => Math.floor(Date.now() / 1000);
      const tampers: Parameters<OidcTestProvider['tamperNextIdToken']>[0][] = [
        { kind: 'bad_signature' },
        { kind: 'foreign_key' },
        { kind: 'resign', claims: (c) => ({ ...c, iat: now() - 720, exp: now() - 120 }) },
        { kind: 'resign', claims: (c) => ({ ...c, aud: 'someone-else' }) },
        { kind: 'resign', claims: (c) => ({ ...c, iss: 'https://idp.example.com/oauth2/default' }) },
        { kind: 'resign', claims: (c) => ({ ...c, nonce: 'not-the-nonce' }) },
      ];
      for (const tamper of tampers) {
        okta.tamperNextIdToken(tamper);
        expectPage(await again(), 400, /answer was refused/);
      }
      // every refusal was the ID token's: the same sign-in untampered passes
      await expectSignedIn(await again());
      okta.tamperNextIdToken({ kind: 'resign', claims: (c) => ({ ...c, iat: now() - 630, exp: now() - 30 }) });
      await expectSignedIn(await again());
    });

    it('a state works once and in the browser that started it; a provider error is a 400 page', async () => {
      okta.setAccount({ sub: subject, email: m.reg.email, email_verified: true });
      // replayed: the same callback URL and cookie a second time
      const flow = await start(m.reg.email);
      const back = await provider(flow);
      const first = await callback(back, flow.cookie);
      await expectSignedIn(first);
      expect(setCookies(first).get(SSO_COOKIE)?.value).toBe('');
      expectPage(await callback(back, flow.cookie), 400, /not started in this browser, was used already/);

      // another browser's flow: flow 1's provider leg, with flow 2's cookie; then with no cookie
      const [one, two] = [await start(m.reg.email), await start(m.reg.email)];
      const backOne = await provider(one);
      expectPage(await callback(backOne, two.cookie), 400, /not started in this browser/);
      expectPage(await callback(backOne, undefined), 400, /not started in this browser/);
      expectPage(await callback(backOne, 'x'.repeat(43)), 400, /not started in this browser/);
      // the refusals spent nothing of flow 1: its own browser completes it
      await expectSignedIn(await callback(backOne, one.cookie));
      // flow 2's cookie was taken by the refusal
      expectPage(await callback(await provider(two), two.cookie), 400, /not started in this browser/);

      // the provider redirects back with an error
      const denied = await start(m.reg.email);
      const state = new URL(denied.location).searchParams.get('state')!;
      const error = await callback(
        `/users/sso/callback?error=access_denied&error_description=nope&state=${encodeURIComponent(state)}`,
        denied.cookie,
      );
      expectPage(error, 400, /answer was refused/);
    });

    it("key rotation at the provider: within the JWKS cache's minute a new kid is refused, after it the JWKS is fetched again", async () => {
      // a fresh connection: its JWKS is fetched at its first sign-in
      const { reg, domain: d } = await ownerWithConnection(okta);
      const r = await member(`rot@${d}`, reg.workspaceId);
      const claims = { sub: sub('rot'), email: r.reg.email, email_verified: true };
      const jwksFetches = () => okta.requestsTo(okta.endpoints.jwks).length;
      const before = jwksFetches();
      await expectSignedIn(await signIn(r.reg.email, claims));
      expect(jwksFetches()).toBe(before + 1);
      await expectSignedIn(await signIn(r.reg.email, claims));
      expect(jwksFetches()).toBe(before + 1);

      await okta.rotateKeys();
      // the cached set is less than a minute old: no refetch for an unknown kid (ADR 0255), a 400
      expectPage(await signIn(r.reg.email, claims), 400, /no applicable keys/);
      expect(jwksFetches()).toBe(before + 1);
      // 61 s later for the library (only Date is faked; the app's own clock is the test clock)
      jest.useFakeTimers({ now: Date.now() + 61_000, doNotFake: [...REAL_TIMERS] });
      try {
        await expectSignedIn(await signIn(r.reg.email, claims));
      } finally {
        jest.useRealTimers();
      }
      expect(jwksFetches()).toBe(before + 2);
    });
  });

  describe('the provider down or slow', () => {
    let cookie: string;

    beforeAll(async () => {
      ({ cookie } = await ownerWithConnection(okta));
    });
    afterEach(() => {
      okta.down(null);
      okta.stall(null);
    });

    it('discovery down at the start: a 503 page, and the next start discovers again', async () => {
      const { domain: d } = await addConnection(cookie, okta);
      okta.down('discovery');
      const res = await t
        .http()
        .post('/users/sso')
        .type('form')
        .send({ email: `someone@${d}` });
      expectPage(res, 503, /could not be reached/);
      expect(setCookies(res).get(SSO_COOKIE)).toBeUndefined();
      okta.down(null);
      await start(`someone@${d}`);
    });

    it('the token endpoint down at the callback: a 503 page', async () => {
      const { domain: d } = await addConnection(cookie, okta);
      okta.setAccount({ sub: sub('down'), email: `someone@${d}`, email_verified: true });
      const flow = await start(`someone@${d}`);
      const back = await provider(flow);
      okta.down('token');
      expectPage(await callback(back, flow.cookie), 503, /could not be reached/);
    });

    it('the JWKS down at the first sign-in of a connection: a 503 page', async () => {
      const { domain: d } = await addConnection(cookie, okta);
      okta.setAccount({ sub: sub('down'), email: `someone@${d}`, email_verified: true });
      const flow = await start(`someone@${d}`);
      const back = await provider(flow);
      const jwks = okta.requestsTo(okta.endpoints.jwks).length;
      okta.down('jwks');
      expectPage(await callback(back, flow.cookie), 503, /could not be reached/);
      expect(okta.requestsTo(okta.endpoints.jwks).length).toBe(jwks + 1);
    });

    it('a stalled provider: past SSO_PROVIDER_TIMEOUT_MS the start and the callback are 503 pages', async () => {
      const { domain: d } = await addConnection(cookie, okta);
      const fast = await createTestApp({ env: { ...TRUST_LOOPBACK, SSO_PROVIDER_TIMEOUT_MS: '500' } });
      try {
        okta.stall('discovery');
        let started = Date.now();
        expectPage(
          await fast
            .http()
            .post('/users/sso')
            .type('form')
            .send({ email: `someone@${d}` }),
          503,
          /did not answer in time/,
        );
        expect(Date.now() - started).toBeLessThan(5000);
        okta.stall(null);

        okta.setAccount({ sub: sub('slow'), email: `someone@${d}`, email_verified: true });
        const flow = await start(`someone@${d}`, fast);
        const back = await provider(flow);
        okta.stall('token');
        started = Date.now();
        expectPage(await callback(back, flow.cookie, fast), 503, /did not answer in time/);
        expect(Date.now() - started).toBeGreaterThanOrEqual(450);
        expect(Date.now() - started).toBeLessThan(5000);
      } finally {
        okta.stall(null);
        await fast.close();
      }
    });
  });
});
