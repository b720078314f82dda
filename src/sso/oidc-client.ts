import { isIP } from 'node:net';
import { Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import { Clock } from '../core/common/clock/clock';
import { SecretBox } from '../core/common/crypto/secret-box';
import { AppConfig } from '../core/config/app-config';
import type { SsoConnectionRow } from './sso-connections.repository';

/** The provider could not be reached, answered 5xx, or did not answer in time: a 503 page, never a 500. */
export class ProviderUnavailable extends Error {
  override readonly name = 'ProviderUnavailable';
}

/** The provider's answer failed a check (an error redirect, a refused code, an ID token that does not verify): a 400 page. */
export class SignInRejected extends Error {
  override readonly name = 'SignInRejected';
}

/** What the service reads of a verified ID token. */
export type IdTokenClaims = Record<string, unknown> & { sub: string };

/** How long a discovered provider (its metadata and JWKS cache) is reused before discovery runs again. */
export const DISCOVERY_TTL_MS = 60 * 60 * 1000;
/** API.md Part 3: ID token timestamps tolerate a minute of clock skew. */
export const ID_TOKEN_CLOCK_TOLERANCE_S = 60;
export const SSO_SCOPE = 'openid email profile';

/**
 * The one way the service speaks OpenID Connect: openid-client 6 (discovery, the authorization
 * URL, the code exchange and every ID token check: signature by the provider's JWKS, iss, aud,
 * exp with a minute of tolerance, nonce, PKCE). Nothing here parses a JWT or a JWK.
 *
 * Discovered configurations are kept per connection (and its last change) for an hour: openid-
 * client keeps the provider's JWKS with it for up to five minutes and fetches it again when a
 * token names a `kid` it does not know (ADR 0255).
 */
@Injectable()
export class OidcClient {
  private readonly configs = new Map<string, { key: string; at: number; config: Promise<oidc.Configuration> }>();

  constructor(
    private readonly appConfig: AppConfig,
    private readonly clock: Clock,
    private readonly box: SecretBox,
  ) {}

  /** `${BASE_URL}/users/sso/callback`: the redirect URI of every connection. */
  get redirectUri(): string {
    return `${this.appConfig.baseUrl}/users/sso/callback`;
  }

  /**
   * Where the forms that start a sign-in may be redirected (their pages' CSP `form-action`): any
   * https origin, since the provider is known only once the address is posted; outside production
   * also the loopback names an http issuer may have (CSP has no syntax for an IPv6 literal, so an
   * http issuer on [::1] is not offered).
   */
  get providerFormTargets(): readonly string[] {
    return this.appConfig.isProduction ? ['https:'] : ['https:', 'http://localhost:*', 'http://127.0.0.1:*'];
  }

  /** Why an issuer is refused before anything is fetched, or null (API.md: https in production; elsewhere http on loopback too). */
  issuerProblem(issuer: string): string | null {
    let url: URL;
    try {
      url = new URL(issuer);
    } catch {
      return 'must be an absolute URL';
    }
    if (url.username || url.password || url.search || url.hash) return 'must not carry credentials, a query or a fragment';
    if (url.protocol === 'https:') return null;
    if (url.protocol !== 'http:') return 'must be an https URL';
    if (this.appConfig.isProduction) return 'must be an https URL';
    return isLoopback(url.hostname) ? null : 'must be an https URL (http only on a loopback address outside production)';
  }

  /**
   * Discovery at creation (and when the issuer or client changes): resolves when the issuer's
   * discovery document is fetched and names that issuer; otherwise the reason, for 422 errors.issuer.
   */
  async check(issuer: string, clientId: string): Promise<string | null> {
    const problem = this.issuerProblem(issuer);
    if (problem) return problem;
    try {
      await this.discover(issuer, clientId, 'check-only');
      return null;
    } catch (err) {
      if (isUnavailable(err)) return `its discovery document could not be fetched (${describe(err)})`;
      return `its discovery document was refused (${describe(err)})`;
    }
  }

  /** The provider's authorization URL for one sign-in (code flow, PKCE S256, state, nonce). */
  async authorizationUrl(conn: SsoConnectionRow, p: { state: string; nonce: string; codeVerifier: string }): Promise<URL> {
    const config = await this.configOf(conn);
    return oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: SSO_SCOPE,
      state: p.state,
      nonce: p.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(p.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  /**
   * The callback: exchanges the code and verifies the ID token; its claims. Throws
   * ProviderUnavailable or SignInRejected, nothing else.
   */
  async exchange(
    conn: SsoConnectionRow,
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<IdTokenClaims> {
    const config = await this.configOf(conn);
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new SignInRejected('the provider answered without an ID token');
      return claims;
    } catch (err) {
      throw classify(err);
    }
  }

  private configOf(conn: SsoConnectionRow): Promise<oidc.Configuration> {
    const key = `${conn.issuer}\n${conn.client_id}\n${conn.client_secret_sealed}\n${conn.updated_at.toISOString()}`;
    const now = this.clock.now();
    const cached = this.configs.get(conn.id);
    if (cached && cached.key === key && now - cached.at < DISCOVERY_TTL_MS) return cached.config;
    const secret = this.box.open(conn.client_secret_sealed, sealContext(conn.id));
    const config = this.discover(conn.issuer, conn.client_id, secret).catch((err: unknown) => {
      // a failed discovery is not kept: the next sign-in tries again
      if (this.configs.get(conn.id)?.config === config) this.configs.delete(conn.id);
      throw classify(err);
    });
    this.configs.set(conn.id, { key, at: now, config });
    return config;
  }

  private async discover(issuer: string, clientId: string, secret: string): Promise<oidc.Configuration> {
    const timeout = this.appConfig.ssoProviderTimeoutMs / 1000;
    const insecure = new URL(issuer).protocol === 'http:';
    const config = await oidc.discovery(
      new URL(issuer),
      clientId,
      { [oidc.clockTolerance]: ID_TOKEN_CLOCK_TOLERANCE_S },
      oidc.ClientSecretBasic(secret),
      // enableNonRepudiationChecks: the ID token's signature is checked against the provider's JWKS
      // even though it came straight from the token endpoint (openid-client skips that by default)
      { timeout, execute: insecure ? [oidc.enableNonRepudiationChecks, oidc.allowInsecureRequests] : [oidc.enableNonRepudiationChecks] },
    );
    config.timeout = timeout;
    return config;
  }
}

/** The SecretBox context of a connection's client secret: a sealed secret copied to another row does not open. */
export const sealContext = (connectionId: string) => `sso_connection:${connectionId}`;

/** localhost or 127.0.0.0/8 (an http issuer outside production; see providerFormTargets for why not [::1]). */
function isLoopback(host: string): boolean {
  return host === 'localhost' || (isIP(host) === 4 && host.startsWith('127.'));
}

/** Network failures, timeouts and 5xx answers (duck-typed: errors cross jest's realms). */
function isUnavailable(err: unknown): boolean {
  if (err instanceof ProviderUnavailable) return true;
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { name?: string; code?: string; message?: string; cause?: unknown; status?: number };
  if (e.code === 'OAUTH_TIMEOUT' || e.code === 'OAUTH_ABORT') return true;
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
  if (e.name === 'TypeError' && e.message === 'fetch failed') return true;
  if (typeof e.status === 'number' && e.status >= 500) return true;
  const cause = e.cause as { status?: number } | undefined;
  if (typeof cause?.status === 'number' && cause.status >= 500) return true;
  return e.cause !== undefined && e.cause !== err && isUnavailable(e.cause);
}

function classify(err: unknown): ProviderUnavailable | SignInRejected {
  if (err instanceof ProviderUnavailable || err instanceof SignInRejected) return err;
  return isUnavailable(err) ? new ProviderUnavailable(describe(err)) : new SignInRejected(describe(err));
}

function describe(err: unknown): string {
  if (typeof err !== 'object' || err === null) return String(err);
  const e = err as { message?: string; code?: string; error?: string; error_description?: string; cause?: unknown };
  if (e.error) return e.error_description ? `${e.error}: ${e.error_description}` : e.error;
  const own = e.code && e.message ? `${e.code}: ${e.message}` : (e.message ?? 'unknown error');
  // the library's outer error is generic ("invalid response encountered"); its cause says which check failed
  const cause = e.cause as { message?: unknown } | undefined;
  return cause && cause !== err && typeof cause.message === 'string' && cause.message ? `${own} (${cause.message})` : own;
}
