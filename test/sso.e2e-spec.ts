import { randomBytes } from 'node:crypto';
import { makeWorkspace, PASSWORD } from './support/builders';
import { sessionCookie } from './support/console';
import { OidcTestProvider } from './support/oidc-provider';
import { cookieHeader, db, setCookies, SESSION_COOKIE, sha256, TRUST_LOOPBACK } from './support/operator';
import { createTestApp, type TestApp } from './support/test-app';

const CALLBACK = 'http://localhost:4000/users/sso/callback';
const SSO_COOKIE = '_agent_ops_sso';
const domain = () => `corp-${randomBytes(4).toString('hex')}.test`;

describe('single sign-on (OpenID Connect)', () => {
  let t: TestApp;
  let okta: OidcTestProvider;

  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
    okta = await OidcTestProvider.start({ flavor: 'okta', redirectUris: [CALLBACK] });
  });
  afterAll(async () => {
    await okta.close();
    await t.close();
  });

  async function ownerWithConnection(provider: OidcTestProvider, extra: Record<string, unknown> = {}) {
    const d = domain();
    const reg = await makeWorkspace(t, { email: `owner@${d}` });
    const cookie = await sessionCookie(t, reg);
    const res = await t
      .http()
      .post('/api/v1/operator/sso_connections')
      .set('cookie', cookie)
      .send({
        name: 'Okta',
        issuer: provider.issuer,
        client_id: provider.clientId,
        client_secret: provider.clientSecret,
        domains: [d],
        ...extra,
      });
    expect(res.status).toBe(201);
    return { reg, cookie, domain: d, connection: res.body.sso_connection };
  }

  /** Starts by address, runs the provider, and returns the callback's answer. */
  async function signIn(email: string, claims: Record<string, unknown> & { sub: string }, provider = okta) {
    provider.setAccount(claims);
    const start = await t.http().post('/users/sso').type('form').send({ email });
    expect(start.status).toBe(302);
    const flow = setCookies(start).get(SSO_COOKIE)?.value;
    const back = await OidcTestProvider.followToCallback(start.headers.location);
    return t
      .http()
      .get(back.pathname + back.search)
      .set('cookie', cookieHeader({ [SSO_COOKIE]: flow }));
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
});
