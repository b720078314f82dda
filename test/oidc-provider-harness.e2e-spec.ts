import * as client from 'openid-client';
import { OidcTestProvider, type OidcFlavor } from './support/oidc-provider';

/**
 * The OIDC provider harness itself, proven with openid-client 6 as a relying party (not with the
 * service): discovery at the issuer, the code flow with PKCE, the flavors' claims, key rotation,
 * tampered ID tokens and outages.
 */
const REDIRECT_URI = 'http://127.0.0.1:9/sso/callback';

function headerOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[0], 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** What `promise` rejects with: the messages of the error and of its causes, joined. */
async function failure(promise: Promise<unknown>): Promise<{ error: Error; messages: string }> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as Error,
  );
  const messages: string[] = [];
  // not `instanceof`: fetch's errors come from Node's realm, not the test's
  for (let e: unknown = error; typeof e === 'object' && e !== null && 'message' in e; e = (e as { cause?: unknown }).cause) {
    messages.push(String(e.message));
  }
  return { error, messages: messages.join(' <- ') };
}

describe.each<OidcFlavor>(['okta', 'entra'])('OidcTestProvider (%s)', (flavor) => {
  let idp: OidcTestProvider;

  beforeAll(async () => {
    idp = await OidcTestProvider.start({ flavor, redirectUris: [REDIRECT_URI] });
  });
  afterAll(() => idp.close());

  /**
   * A relying party's sign-in up to the callback; `exchange()` redeems the code. With `verify`,
   * openid-client also checks the ID token's signature against the JWKS (enableNonRepudiationChecks):
   * by default it trusts an ID token that came straight from the token endpoint and never
   * fetches the JWKS.
   */
  async function signIn(opts: { verify?: boolean } = {}) {
    const execute = [client.allowInsecureRequests, ...(opts.verify ? [client.enableNonRepudiationChecks] : [])];
    const config = await client.discovery(new URL(idp.issuer), idp.clientId, idp.clientSecret, undefined, { execute });
    const pkceCodeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(pkceCodeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    const callbackUrl = await OidcTestProvider.followToCallback(authorizationUrl.href);
    const exchange = () =>
      client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
    return { config, callbackUrl, exchange };
  }

  it('serves discovery at the issuer, with the issuer exactly', async () => {
    const res = await fetch(`${idp.issuer}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc.issuer).toBe(idp.issuer);
    expect(doc).toMatchObject({
      authorization_endpoint: idp.endpoints.authorization,
      token_endpoint: idp.endpoints.token,
      jwks_uri: idp.endpoints.jwks,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
    if (flavor === 'okta') expect(idp.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth2\/default$/);
    else expect(idp.issuer).toBe(`${idp.origin}/${idp.tenantId}/v2.0`);
  });

  it('signs the current account in through the code flow with PKCE, with the flavor claims', async () => {
    const sub = `user-${flavor}-1`;
    if (flavor === 'okta') idp.setAccount({ sub, email: 'grace@example.test', email_verified: true, name: 'Grace Hopper' });
    else idp.setAccount({ sub, preferred_username: 'grace@contoso.example', upn: 'grace@contoso.example', name: 'Grace Hopper' });

    const { callbackUrl, exchange } = await signIn();
    expect(callbackUrl.origin + callbackUrl.pathname).toBe(REDIRECT_URI);
    expect(callbackUrl.searchParams.get('code')).toBeTruthy();
    const tokens = await exchange();
    const claims = tokens.claims()!;

    expect(claims).toMatchObject({ sub, iss: idp.issuer, aud: idp.clientId, name: 'Grace Hopper' });
    expect(headerOf(tokens.id_token!)).toMatchObject({ alg: 'RS256', kid: idp.currentKid() });
    if (flavor === 'okta') {
      expect(claims).toMatchObject({ email: 'grace@example.test', email_verified: true });
    } else {
      expect(claims).toMatchObject({ tid: idp.tenantId, preferred_username: 'grace@contoso.example', upn: 'grace@contoso.example' });
      expect(claims.oid).toMatch(/^[0-9a-f-]{36}$/);
      expect(claims).not.toHaveProperty('email');
    }
  });

  it('signs in as whoever setAccount set last, with any claim the test sets', async () => {
    idp.setAccount({ sub: `user-${flavor}-2`, email: 'kat@example.test', email_verified: false, groups: ['admins'] });
    const claims = (await (await signIn()).exchange()).claims()!;
    expect(claims).toMatchObject({ sub: `user-${flavor}-2`, email: 'kat@example.test', email_verified: false, groups: ['admins'] });
  });

  it('rotates keys: a new kid signs, the JWKS serves it (and the old one with keepOld)', async () => {
    const before = idp.currentKid();
    await (await signIn({ verify: true })).exchange();
    const jwksFetches = idp.requestsTo(idp.endpoints.jwks).length;

    const kid = await idp.rotateKeys();
    expect(kid).not.toBe(before);
    expect(idp.currentKid()).toBe(kid);
    const tokens = await (await signIn({ verify: true })).exchange();
    expect(headerOf(tokens.id_token!).kid).toBe(kid);
    expect(idp.requestsTo(idp.endpoints.jwks).length).toBeGreaterThan(jwksFetches);
    const served = (await (await fetch(idp.endpoints.jwks)).json()) as { keys: { kid: string; d?: string }[] };
    expect(served.keys.map((k) => k.kid)).toEqual([kid]);
    expect(served.keys[0]).not.toHaveProperty('d');

    // a sign-in begun before a rotation completes after it (one store for both Provider instances)
    const pending = await signIn({ verify: true });
    const third = await idp.rotateKeys({ keepOld: true });
    expect(headerOf((await pending.exchange()).id_token!).kid).toBe(third);
    const both = (await (await fetch(idp.endpoints.jwks)).json()) as { keys: { kid: string }[] };
    expect(both.keys.map((k) => k.kid)).toEqual([third, kid]);
  });

  it('bad_signature: rejected when the relying party checks signatures, once', async () => {
    idp.tamperNextIdToken({ kind: 'bad_signature' });
    expect((await failure((await signIn({ verify: true })).exchange())).messages).toMatch(/JWT signature verification failed/);
    // the tamper was spent: the next one verifies
    await expect((await signIn({ verify: true })).exchange()).resolves.toHaveProperty('id_token');

    // openid-client's default: no signature check for an ID token from the token endpoint
    idp.tamperNextIdToken({ kind: 'bad_signature' });
    await expect((await signIn()).exchange()).resolves.toHaveProperty('id_token');
  });

  it('foreign_key: a known kid on a token signed with another key is rejected', async () => {
    idp.tamperNextIdToken({ kind: 'foreign_key' });
    const { exchange } = await signIn({ verify: true });
    expect((await failure(exchange())).messages).toMatch(/JWT signature verification failed/);
  });

  it('resign: the same claims re-signed verify; exp 2 minutes ago, a wrong aud or nonce are rejected', async () => {
    idp.tamperNextIdToken({ kind: 'resign', claims: (c) => ({ ...c, resigned: true }) });
    const tokens = await (await signIn({ verify: true })).exchange();
    expect(tokens.claims()).toMatchObject({ resigned: true });
    expect(headerOf(tokens.id_token!).kid).toBe(idp.currentKid());

    const now = Math.floor(Date.now() / 1000);
    idp.tamperNextIdToken({ kind: 'resign', claims: (c) => ({ ...c, iat: now - 3720, exp: now - 120 }) });
    expect((await failure((await signIn()).exchange())).messages).toMatch(/"exp" \(expiration time\)/);
    idp.tamperNextIdToken({ kind: 'resign', claims: (c) => ({ ...c, aud: 'someone-else' }) });
    expect((await failure((await signIn()).exchange())).messages).toMatch(/"aud"/);
    idp.tamperNextIdToken({ kind: 'resign', claims: (c) => ({ ...c, nonce: 'not-the-nonce' }) });
    expect((await failure((await signIn()).exchange())).messages).toMatch(/nonce/);
  });

  it("down('token'): the code exchange fails with a network error; null restores", async () => {
    const { exchange } = await signIn();
    const tokenRequests = idp.requestsTo(idp.endpoints.token).length;
    idp.down('token');
    try {
      // openid-client wraps fetch's TypeError (from Node's realm, not jest's: no instanceof)
      const { error, messages } = await failure(exchange());
      expect(error.name).toBe('ClientError');
      expect(messages).toMatch(/fetch failed/);
      expect(idp.requestsTo(idp.endpoints.token).length).toBe(tokenRequests + 1);
    } finally {
      idp.down(null);
    }
    await expect((await signIn()).exchange()).resolves.toHaveProperty('id_token');
  });

  it("down('all') and down('authorize') reset the connection of the sign-in", async () => {
    try {
      idp.down('authorize');
      expect((await failure(signIn())).messages).toMatch(/fetch failed/);
      idp.down('all');
      expect((await failure(fetch(idp.endpoints.jwks))).messages).toMatch(/fetch failed/);
    } finally {
      idp.down(null);
    }
    await expect(signIn()).resolves.toHaveProperty('callbackUrl');
  });

  it("stall('discovery'): no answer until released (the relying party times out)", async () => {
    const discover = (timeout: number) =>
      client.discovery(new URL(idp.issuer), idp.clientId, idp.clientSecret, undefined, {
        execute: [client.allowInsecureRequests],
        timeout,
      });
    idp.stall('discovery');
    try {
      const started = Date.now();
      expect((await failure(discover(1))).messages).toMatch(/timed out|abort/i);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      const waiting = discover(10).then(
        () => 'answered',
        (e: unknown) => `failed: ${String(e)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      idp.stall(null);
      // released: the held request is answered
      expect(await waiting).toBe('answered');
    } finally {
      idp.stall(null);
    }
  });
});
