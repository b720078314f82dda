import { createSign, generateKeyPair, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import http from 'node:http';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';

/** Which real identity provider the issuer, endpoints and ID token claims look like. */
/** okta: a custom authorization server (`/oauth2/default`); okta-org: Okta's org authorization server (the org's root URL). */
export type OidcFlavor = 'okta' | 'okta-org' | 'entra';

/** A part of the provider that `down()` and `stall()` take out, by the path of its requests. */
export type OidcPart = 'all' | 'discovery' | 'token' | 'jwks' | 'authorize';

/** The claims of a test identity: what the provider's `findAccount` answers for the scopes. */
export type OidcAccountClaims = Record<string, unknown> & { sub: string };

/** How the next token response's ID token is rewritten (`tamperNextIdToken`). */
export type IdTokenTamper =
  /** Characters of the signature part flipped: a token whose signature does not verify. */
  | { kind: 'bad_signature' }
  /** The payload passed through `claims` and signed again with the provider's current key and kid. */
  | { kind: 'resign'; claims: (claims: Record<string, unknown>) => Record<string, unknown> }
  /** The payload signed with a freshly generated key under the current kid: a known kid, the wrong key. */
  | { kind: 'foreign_key' };

export interface OidcTestProviderOptions {
  flavor: OidcFlavor;
  /** Random when not given. */
  clientId?: string;
  /** Random when not given. */
  clientSecret?: string;
  redirectUris: string[];
}

export interface SeenRequest {
  method: string;
  /** The path without the query string. */
  path: string;
}

/** The provider's endpoints (absolute URLs), as its discovery document names them. */
export interface OidcEndpoints {
  discovery: string;
  authorization: string;
  token: string;
  jwks: string;
  userinfo: string;
}

// oidc-provider ships no type declarations (and @types/oidc-provider is not installed): the slice
// of its API used here is typed below. It is an ES module that this CommonJS code loads with
// require() (Node 24's require(esm); jest 30's require does the same).
interface OidcProviderModule {
  Provider: new (issuer: string, configuration: Record<string, unknown>) => OidcProviderInstance;
}

interface OidcProviderInstance {
  callback(): (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;
  interactionDetails(req: http.IncomingMessage, res: http.ServerResponse): Promise<{ prompt: { name: string } }>;
  interactionFinished(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: new (properties: { accountId: string; clientId: string }) => OidcGrant;
}

interface OidcGrant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
}

/** The part of oidc-provider's koa context (`ctx.oidc`) that loadExistingGrant reads. */
interface OidcContext {
  oidc: { client?: { clientId: string }; account?: { accountId: string }; provider: OidcProviderInstance };
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- untyped ES module, see above
const { Provider } = require('oidc-provider') as OidcProviderModule;

const generateRsaKeyPair = promisify(generateKeyPair);

const SCOPES = 'openid email profile';
const WELL_KNOWN = '/.well-known/openid-configuration';
/** Claims oidc-provider sets itself: never added to the scope's claims. */
const PROTOCOL_CLAIMS = new Set([
  'iss',
  'aud',
  'azp',
  'exp',
  'iat',
  'nbf',
  'jti',
  'nonce',
  'at_hash',
  'c_hash',
  's_hash',
  'sid',
  'auth_time',
  'acr',
  'amr',
]);

interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  /** The private JWK, with kid, alg and use, as oidc-provider's `jwks` takes it. */
  jwk: Record<string, unknown>;
}

async function newSigningKey(kid = randomBytes(12).toString('base64url')): Promise<SigningKey> {
  const { privateKey } = await generateRsaKeyPair('rsa', { modulusLength: 2048 });
  return { kid, privateKey, jwk: { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' } };
}

function b64urlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodeJwtPart(part: string | undefined): Record<string, unknown> {
  return JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** A compact RS256 JWS over `header` and `payload`. */
function signRs256(header: Record<string, unknown>, payload: Record<string, unknown>, key: KeyObject): string {
  const input = `${b64urlJson({ ...header, alg: 'RS256' })}.${b64urlJson(payload)}`;
  return `${input}.${createSign('RSA-SHA256').update(input).sign(key).toString('base64url')}`;
}

interface StoredEntry {
  model: string;
  payload: Record<string, unknown>;
  expiresAt: number;
}

/**
 * One store for every Provider instance of a harness (oidc-provider 9's default memory adapter
 * keeps a store per instance, so the sessions, interactions and codes of the instance before a
 * key rotation would be lost). Implements oidc-provider's adapter interface on one Map.
 */
class SharedStore {
  private readonly entries = new Map<string, StoredEntry>();

  adapterFor(model: string) {
    const key = (id: string) => `${model}:${id}`;
    return {
      upsert: async (id: string, payload: Record<string, unknown>, expiresIn?: number) => {
        const expiresAt = typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : Infinity;
        this.entries.set(key(id), { model, payload, expiresAt });
      },
      find: async (id: string) => this.get(key(id)),
      findByUid: async (uid: string) => this.findWhere(model, (p) => p.uid === uid),
      findByUserCode: async (userCode: string) => this.findWhere(model, (p) => p.userCode === userCode),
      consume: async (id: string) => {
        const payload = this.get(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      destroy: async (id: string) => {
        this.entries.delete(key(id));
      },
      revokeByGrantId: async (grantId: string) => {
        for (const [k, entry] of this.entries) if (entry.payload.grantId === grantId) this.entries.delete(k);
      },
    };
  }

  private get(key: string): Record<string, unknown> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > Date.now()) return entry.payload;
    this.entries.delete(key);
    return undefined;
  }

  private findWhere(model: string, match: (payload: Record<string, unknown>) => boolean) {
    for (const entry of this.entries.values()) {
      if (entry.model === model && entry.expiresAt > Date.now() && match(entry.payload)) return entry.payload;
    }
    return undefined;
  }
}

/** Where the flavor mounts oidc-provider's routes, and which claims each scope carries. */
interface FlavorLayout {
  /** The path of the issuer (discovery is at `${issuerPath}/.well-known/openid-configuration`). */
  issuerPath: string;
  /** The path prefix oidc-provider's routes are mounted under. */
  mount: string;
  routes: { authorization: string; token: string; jwks: string; userinfo: string; end_session: string };
  claims: { openid: string[]; email: string[]; profile: string[] };
  tenantId?: string;
}

function layoutFor(flavor: OidcFlavor): FlavorLayout {
  if (flavor === 'okta-org') {
    // Okta's org authorization server: the issuer is https://{org}.okta.com, endpoints under /oauth2/v1/
    return {
      issuerPath: '',
      mount: '',
      routes: {
        authorization: '/oauth2/v1/authorize',
        token: '/oauth2/v1/token',
        jwks: '/oauth2/v1/keys',
        userinfo: '/oauth2/v1/userinfo',
        end_session: '/oauth2/v1/logout',
      },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    };
  }
  if (flavor === 'okta') {
    // An Okta custom authorization server: https://{org}.okta.com/oauth2/default/v1/...
    return {
      issuerPath: '/oauth2/default',
      mount: '/oauth2/default',
      routes: { authorization: '/v1/authorize', token: '/v1/token', jwks: '/v1/keys', userinfo: '/v1/userinfo', end_session: '/v1/logout' },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    };
  }
  // Entra ID v2.0: issuer https://login.microsoftonline.com/{tid}/v2.0, endpoints under /{tid}/.
  const tenantId = randomUUID();
  return {
    issuerPath: `/${tenantId}/v2.0`,
    mount: `/${tenantId}`,
    routes: {
      authorization: '/oauth2/v2.0/authorize',
      token: '/oauth2/v2.0/token',
      jwks: '/discovery/v2.0/keys',
      userinfo: '/oidc/userinfo',
      end_session: '/oauth2/v2.0/logout',
    },
    claims: { openid: ['sub', 'tid', 'oid'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username', 'upn'] },
    tenantId,
  };
}

interface HeldRequest {
  req: http.IncomingMessage;
  res: http.ServerResponse;
}

/**
 * A real OpenID provider (oidc-provider on node:http, 127.0.0.1, a random port) shaped like Okta
 * or Entra ID, for the service's SSO tests. One confidential client (client_secret_basic, code
 * flow, PKCE S256 required); ID tokens RS256. There is no login page and no consent: the
 * provider's interaction is answered by the harness at once as the account `setAccount` set, and
 * every authorization request signs in afresh (the provider's session cookie is not sent to the
 * authorization endpoint), so a browser or `followToCallback` that opens the authorization URL
 * lands on the redirect_uri with `code` and `state`.
 *
 * Negative tests: `rotateKeys()`, `tamperNextIdToken()`, `down(part)` (connection reset),
 * `stall(part)` (no answer); `requests` logs what the server saw.
 */
export class OidcTestProvider {
  /** Every request the server saw, in order. */
  readonly requests: SeenRequest[] = [];
  readonly endpoints: OidcEndpoints;
  /** The Entra tenant id (the `tid` claim and the issuer's first segment); undefined for okta. */
  readonly tenantId?: string;

  private provider!: OidcProviderInstance;
  private handler!: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;
  private keys: SigningKey[] = [];
  private readonly store = new SharedStore();
  private readonly cookieKeys = [randomBytes(32).toString('base64url')];
  private readonly accounts = new Map<string, OidcAccountClaims>();
  private readonly oids = new Map<string, string>();
  /** Claims a test set that no scope of the flavor carries: added to the openid scope. */
  private readonly extraClaims = new Set<string>();
  private current: OidcAccountClaims;
  private pendingTamper?: IdTokenTamper;
  private downPart: OidcPart | null = null;
  private stallPart: OidcPart | null = null;
  private readonly held = new Set<HeldRequest>();

  private constructor(
    readonly flavor: OidcFlavor,
    readonly issuer: string,
    readonly clientId: string,
    readonly clientSecret: string,
    private readonly redirectUris: string[],
    private readonly layout: FlavorLayout,
    private readonly server: http.Server,
  ) {
    const origin = new URL(issuer).origin;
    const at = (route: string) => `${origin}${layout.mount}${route}`;
    this.endpoints = {
      discovery: `${issuer}${WELL_KNOWN}`,
      authorization: at(layout.routes.authorization),
      token: at(layout.routes.token),
      jwks: at(layout.routes.jwks),
      userinfo: at(layout.routes.userinfo),
    };
    this.tenantId = layout.tenantId;
    const sub = randomBytes(10).toString('hex');
    this.current =
      flavor !== 'entra'
        ? {
            sub: `00u${sub}`,
            email: 'ada@example.test',
            email_verified: true,
            name: 'Ada Lovelace',
            preferred_username: 'ada@example.test',
          }
        : { sub, name: 'Ada Lovelace', preferred_username: 'ada@contoso.example' };
    this.accounts.set(this.current.sub, this.current);
  }

  static async start(opts: OidcTestProviderOptions): Promise<OidcTestProvider> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const layout = layoutFor(opts.flavor);
    const idp = new OidcTestProvider(
      opts.flavor,
      `http://127.0.0.1:${port}${layout.issuerPath}`,
      opts.clientId ?? `client-${randomBytes(8).toString('hex')}`,
      opts.clientSecret ?? randomBytes(24).toString('base64url'),
      opts.redirectUris,
      layout,
      server,
    );
    idp.keys = [await newSigningKey()];
    idp.rebuild();
    server.on('request', (req, res) => idp.onRequest(req, res));
    return idp;
  }

  /** The origin of the provider (`http://127.0.0.1:<port>`). */
  get origin(): string {
    return new URL(this.issuer).origin;
  }

  /**
   * Who the next sign-in authenticates as: `claims` is what the provider releases for the scopes
   * (email: email, email_verified; profile: name, preferred_username, upn; any other claim the
   * test sets goes with openid). Entra: `tid` (this tenant) and `oid` (stable per sub) are added
   * unless set.
   */
  setAccount(claims: OidcAccountClaims): void {
    const known = new Set(Object.values(this.layout.claims).flat());
    const unknown = Object.keys(claims).filter((c) => !known.has(c) && !this.extraClaims.has(c) && !PROTOCOL_CLAIMS.has(c));
    this.current = { ...claims };
    this.accounts.set(claims.sub, this.current);
    if (unknown.length > 0) {
      for (const claim of unknown) this.extraClaims.add(claim);
      this.rebuild();
    }
  }

  /** The account the next sign-in authenticates as. */
  currentAccount(): OidcAccountClaims {
    return { ...this.current };
  }

  /** The kid of the key ID tokens are signed with now. */
  currentKid(): string {
    return this.keys[0].kid;
  }

  /**
   * From now on ID tokens are signed with a new RSA key (a new kid), and the JWKS serves the new
   * key, and with `keepOld` the keys it served before too. Sessions, interactions and codes in
   * flight keep working. Returns the new kid.
   */
  async rotateKeys(opts: { keepOld?: boolean } = {}): Promise<string> {
    const key = await newSigningKey();
    this.keys = opts.keepOld ? [key, ...this.keys] : [key];
    this.rebuild();
    return key.kid;
  }

  /** Rewrites the ID token of the next token response that carries one (once; then resets). */
  tamperNextIdToken(mode: IdTokenTamper): void {
    this.pendingTamper = mode;
  }

  /** Requests to `part` get their connection reset while set; `null` restores. */
  down(part: OidcPart | null): void {
    this.downPart = part;
  }

  /**
   * Requests to `part` get no answer while set (held open); `null` restores, and answers what
   * was held (for a client that still waits). `close()` drops what is held.
   */
  stall(part: OidcPart | null): void {
    this.stallPart = part;
    if (part !== null) return;
    const held = [...this.held];
    this.held.clear();
    for (const { req, res } of held) if (!res.destroyed) this.dispatch(req, res);
  }

  /** The requests the server saw to `path` (a path or an URL on the provider). */
  requestsTo(pathOrUrl: string): SeenRequest[] {
    const path = pathOrUrl.startsWith('http') ? new URL(pathOrUrl).pathname : pathOrUrl;
    return this.requests.filter((r) => r.path === path);
  }

  /** Closes the server and every connection, held ones included. */
  async close(): Promise<void> {
    for (const { res } of this.held) res.destroy();
    this.held.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /**
   * Opens `authorizationUrl` as a browser would: GETs with `redirect: 'manual'`, following
   * `location` while it stays on the provider's origin, keeping the provider's cookies in
   * `cookieJar`. Returns the first location off that origin: the redirect_uri with `code` and
   * `state` (or `error`). Throws when the provider answers anything but a redirect.
   */
  static async followToCallback(authorizationUrl: string, cookieJar = new Map<string, string>()): Promise<URL> {
    let url = new URL(authorizationUrl);
    const { origin } = url;
    for (let hop = 0; hop < 20; hop++) {
      const cookie = [...cookieJar].map(([name, value]) => `${name}=${value}`).join('; ');
      const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
      for (const line of res.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        const expires = attributes.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith('expires='));
        const expired = expires !== undefined && Date.parse(expires.slice('expires='.length)) <= Date.now();
        if (expired || value === '') cookieJar.delete(name);
        else cookieJar.set(name, value);
      }
      const location = res.headers.get('location');
      const body = await res.text();
      if (res.status < 300 || res.status >= 400 || !location) {
        throw new Error(`the provider answered ${res.status} to GET ${url.pathname}: ${body.slice(0, 500)}`);
      }
      const next = new URL(location, url);
      if (next.origin !== origin) return next;
      url = next;
    }
    throw new Error(`more than 20 redirects from ${authorizationUrl}`);
  }

  /** A new Provider instance for the current keys and claims, on the one shared store. */
  private rebuild(): void {
    const { layout } = this;
    const extra = [...this.extraClaims];
    const scopeClaims = { ...layout.claims, openid: [...layout.claims.openid, ...extra] };
    const provider = new Provider(this.issuer, {
      adapter: (model: string) => this.store.adapterFor(model),
      clients: [
        {
          client_id: this.clientId,
          client_secret: this.clientSecret,
          redirect_uris: this.redirectUris,
          response_types: ['code'],
          grant_types: ['authorization_code'],
          token_endpoint_auth_method: 'client_secret_basic',
          id_token_signed_response_alg: 'RS256',
        },
      ],
      jwks: { keys: this.keys.map((k) => k.jwk) },
      scopes: SCOPES.split(' '),
      claims: scopeClaims,
      responseTypes: ['code'],
      pkce: { required: () => true },
      // scope claims in the ID token of the code flow too (as Okta and Entra put them there)
      conformIdTokenClaims: false,
      findAccount: (_ctx: unknown, id: string) => {
        const claims = this.accounts.get(id);
        if (!claims) return undefined;
        return { accountId: id, claims: () => this.released(claims) };
      },
      loadExistingGrant: async (ctx: OidcContext) => {
        const { client, account } = ctx.oidc;
        if (!client || !account) return undefined;
        return this.saveGrant(ctx.oidc.provider, account.accountId, client.clientId, [...Object.values(scopeClaims).flat()]);
      },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${layout.mount}/interaction/${interaction.uid}` },
      routes: layout.routes,
      cookies: { keys: this.cookieKeys },
      features: { devInteractions: { enabled: false } },
      ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
      clientBasedCORS: () => false,
      renderError: (ctx: { type: string; body: unknown }, out: Record<string, unknown>) => {
        ctx.type = 'json';
        ctx.body = out;
      },
    });
    this.provider = provider;
    this.handler = provider.callback();
  }

  private released(claims: OidcAccountClaims): Record<string, unknown> {
    if (this.flavor !== 'entra') return { ...claims };
    let oid = this.oids.get(claims.sub);
    if (!oid) this.oids.set(claims.sub, (oid = randomUUID()));
    return { tid: this.tenantId, oid, ...claims };
  }

  private async saveGrant(provider: OidcProviderInstance, accountId: string, clientId: string, claims: string[]): Promise<OidcGrant> {
    const grant = new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(SCOPES);
    grant.addOIDCClaims(claims);
    await grant.save();
    return grant;
  }

  private paths() {
    const { mount, routes, issuerPath } = this.layout;
    return {
      discovery: `${issuerPath}${WELL_KNOWN}`,
      jwks: `${mount}${routes.jwks}`,
      token: `${mount}${routes.token}`,
      authorize: `${mount}${routes.authorization}`,
    };
  }

  private partOf(path: string): Exclude<OidcPart, 'all'> | undefined {
    const paths = this.paths();
    for (const part of ['discovery', 'jwks', 'token', 'authorize'] as const) if (paths[part] === path) return part;
    return undefined;
  }

  private onRequest(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = new URL(req.url ?? '/', this.origin).pathname;
    this.requests.push({ method: req.method ?? '', path });
    const part = this.partOf(path);
    const hit = (set: OidcPart | null) => set === 'all' || (set !== null && set === part);
    if (hit(this.downPart)) {
      req.socket.destroy();
      return;
    }
    if (hit(this.stallPart)) {
      this.held.add({ req, res });
      return;
    }
    this.dispatch(req, res);
  }

  /** Answers the interaction, or runs oidc-provider on the path below the mount. */
  private dispatch(req: http.IncomingMessage, res: http.ServerResponse): void {
    const rawUrl = req.url ?? '/';
    const path = new URL(rawUrl, this.origin).pathname;
    const { mount } = this.layout;
    const paths = this.paths();
    if (req.method === 'GET' && path.startsWith(`${mount}/interaction/`)) {
      void this.answerInteraction(req, res);
      return;
    }
    let inner: string;
    if (path === paths.discovery) inner = rawUrl.slice(this.layout.issuerPath.length);
    else if (path.startsWith(`${mount}/`)) inner = rawUrl.slice(mount.length);
    else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    // No SSO session: each authorization request signs in afresh as the current account.
    if (path === paths.authorize) delete req.headers.cookie;
    // oidc-provider takes the part of originalUrl before url as its mount path (for the URLs it
    // builds): the flavor's mount, also for discovery at the issuer's path.
    (req as http.IncomingMessage & { originalUrl?: string }).originalUrl = `${mount}${inner}`;
    req.url = inner;
    if (req.method === 'POST' && path === paths.token && this.pendingTamper) this.rewriteIdTokenIn(res);
    void this.handler(req, res);
  }

  private async answerInteraction(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const provider = this.provider;
    try {
      const { prompt } = await provider.interactionDetails(req, res);
      // loadExistingGrant grants every scope, so only login is ever asked for
      if (prompt.name !== 'login') throw new Error(`unexpected prompt ${prompt.name}`);
      await provider.interactionFinished(req, res, { login: { accountId: this.current.sub } }, { mergeWithLastSubmission: false });
    } catch (err) {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' }).end(`interaction failed: ${String(err)}`);
    }
  }

  /** Rewrites `id_token` in the JSON body the provider ends `res` with (koa ends with the whole body). */
  private rewriteIdTokenIn(res: http.ServerResponse): void {
    const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
    (res as { end: (...args: unknown[]) => http.ServerResponse }).end = (chunk?: unknown, ...rest: unknown[]) => {
      const mode = this.pendingTamper;
      if (mode && res.statusCode === 200 && (typeof chunk === 'string' || Buffer.isBuffer(chunk))) {
        let body: Record<string, unknown> = {};
        try {
          body = (JSON.parse(chunk.toString()) as Record<string, unknown> | null) ?? {};
        } catch {
          // not JSON: passed on as it is
        }
        if (typeof body.id_token === 'string') {
          this.pendingTamper = undefined;
          body.id_token = this.tampered(body.id_token, mode);
          const text = JSON.stringify(body);
          res.setHeader('content-length', Buffer.byteLength(text));
          return end(text, ...rest);
        }
      }
      return end(chunk, ...rest);
    };
  }

  private tampered(idToken: string, mode: IdTokenTamper): string {
    const [header, payload, signature] = idToken.split('.');
    switch (mode.kind) {
      case 'bad_signature': {
        // the first characters: the last one may only carry padding bits
        const flip = (c: string) => (c === 'A' ? 'B' : 'A');
        return `${header}.${payload}.${[...signature.slice(0, 4)].map(flip).join('')}${signature.slice(4)}`;
      }
      case 'resign':
        return signRs256(
          { ...decodeJwtPart(header), kid: this.currentKid() },
          mode.claims(decodeJwtPart(payload)),
          this.keys[0].privateKey,
        );
      case 'foreign_key': {
        // sync: the token endpoint's answer waits for it (tens of ms)
        const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
        return signRs256({ ...decodeJwtPart(header), kid: this.currentKid() }, decodeJwtPart(payload), privateKey);
      }
    }
  }
}
