import { AgentSocket, AgentSocketOptions } from './agent-socket';
import { abortable, backoffDelay } from './backoff';
import { ProblemError, TransportError } from './errors';
import { HttpClient, HttpOptions, HttpResponse } from './http';
import type {
  HttpMethod,
  PathsWith,
  RequestOptions,
  ResponseBody,
  SocketTokenResponse,
  TokenResponse,
  OtaProgressReport,
  OtaUpdateEnvelope,
} from './api-types';
import type { CredentialStore, StoredAccessToken, StoredCredentials } from './credential-store';

export interface AgentClientOptions extends Omit<HttpOptions, 'baseUrl'> {
  /** The service; defaults to the one the credentials came from. */
  baseUrl?: string;
  /** What claim() returned (or a store loaded). Either this or `apiKey`. */
  credentials?: StoredCredentials;
  /** An agk_ key issued by an operator, for integrations that never claimed. */
  apiKey?: string;
  /** Where refreshed access tokens are saved (so a restart reuses them). */
  store?: CredentialStore;
  /**
   * `access_token` (default): the key is exchanged for an access token, sent as Bearer and
   * refreshed before it expires; the key itself travels only to the exchange. `api_key`: the key
   * is sent (x-agent-api-key) on every request.
   */
  auth?: 'access_token' | 'api_key';
  /** Ask the exchange for fewer scopes than the key has. */
  scopes?: string[];
  /** Refresh once this fraction of a token's lifetime has passed. Default 0.8. */
  refreshAfter?: number;
  /** Told about problems that do not fail a request (a store that could not be written). */
  onWarning?: (message: string, err?: unknown) => void;
}

interface TokenState extends StoredAccessToken {
  issuedAtMs: number;
  expiresAtMs: number;
}

/** An access token this close to its expiry is not sent: it could expire on the way. */
const EXPIRY_MARGIN_MS = 60_000;
/** Retries of an early refresh that failed: 5 s doubling to 5 minutes, with jitter. */
const REFRESH_BACKOFF = { initialDelayMs: 5_000, maxDelayMs: 300_000, multiplier: 2 };

/** 401 details that a fresh access token cures (anything else about the key does not). */
const REFRESHABLE = new Set(['token_expired', 'invalid_token']);

/**
 * The machine API as one agent: authenticates with its key or an access token it refreshes
 * before expiry, types every request and answer from the service's OpenAPI document, mints
 * socket tokens and opens the agent socket.
 */
export class AgentClient {
  readonly http: HttpClient;
  readonly auth: 'access_token' | 'api_key';
  private readonly apiKey: string;
  private credentials?: StoredCredentials;
  private token?: TokenState;
  private refreshing?: Promise<TokenState>;
  private readonly refreshAfter: number;
  /** After an early refresh failed: not before this (ms), and how many failed in a row. */
  private refreshRetryAtMs = 0;
  private refreshFailures = 0;

  constructor(private readonly options: AgentClientOptions) {
    const baseUrl = options.baseUrl ?? options.credentials?.base_url;
    if (!baseUrl) throw new TypeError('agentClient needs baseUrl or credentials');
    const apiKey = options.apiKey ?? options.credentials?.api_key;
    if (!apiKey || !apiKey.startsWith('agk_')) throw new TypeError('agentClient needs an agk_ key (apiKey or credentials)');
    this.http = new HttpClient({ ...options, baseUrl });
    this.apiKey = apiKey;
    this.auth = options.auth ?? 'access_token';
    this.credentials = options.credentials ? { ...options.credentials } : undefined;
    this.refreshAfter = options.refreshAfter ?? 0.8;
    if (!(this.refreshAfter > 0 && this.refreshAfter <= 1)) throw new TypeError('refreshAfter must be in (0, 1]');
    const stored = options.credentials?.access_token;
    if (stored && this.scopesMatch(stored.scopes)) this.token = tokenState(stored);
  }

  /** Who this client is, when it was built from claimed credentials. */
  get identity(): { serviceAgentId: string; credentialId: string; workspaceId: string; robotId: string | null } | undefined {
    const c = this.credentials;
    return c && { serviceAgentId: c.service_agent_id, credentialId: c.credential_id, workspaceId: c.workspace_id, robotId: c.robot_id };
  }

  /**
   * A typed call of any machine route of the OpenAPI document:
   * `await agent.request('post', '/api/v1/messages', { body: { body: 'hello' } })`.
   */
  async request<M extends HttpMethod, P extends PathsWith<M>>(
    method: M,
    path: P,
    ...options: OptionalIfEmpty<RequestOptions<P, M>>
  ): Promise<ResponseBody<P, M>> {
    const opts = (options[0] ?? {}) as {
      params?: { path?: PathParams; query?: Record<string, unknown> };
      body?: unknown;
      signal?: AbortSignal;
    };
    const res = await this.send<ResponseBody<P, M>>(method, fillPath(path, opts.params?.path), {
      query: opts.params?.query,
      body: opts.body,
      signal: opts.signal,
    });
    return res.body;
  }

  /** An authenticated call of a path the generated types do not cover (yet). */
  async send<T>(
    method: string,
    path: string,
    options: { query?: Record<string, unknown>; body?: unknown; signal?: AbortSignal } = {},
  ): Promise<HttpResponse<T>> {
    if (this.auth === 'api_key') {
      return this.http.request<T>({ method, path, ...options, headers: { 'x-agent-api-key': this.apiKey } });
    }
    const token = await this.currentToken(options.signal);
    try {
      return await this.http.request<T>({ method, path, ...options, headers: { authorization: `Bearer ${token.token}` } });
    } catch (err) {
      // Expired early by another clock, or lost (an exchanged token may not survive a database
      // crash): one fresh token, one more try. A revoked key answers api_key_revoked and ends here.
      if (!(err instanceof ProblemError && err.status === 401 && REFRESHABLE.has(err.detail))) throw err;
      const fresh = await this.refresh(token, options.signal);
      return this.http.request<T>({ method, path, ...options, headers: { authorization: `Bearer ${fresh.token}` } });
    }
  }

  /** The current access token, exchanged or refreshed first when due. */
  async accessToken(signal?: AbortSignal): Promise<string> {
    return (await this.currentToken(signal)).token;
  }

  /** When the current access token expires (and when it will be refreshed), if there is one. */
  tokenTimes(): { expiresAt: Date; refreshAt: Date } | undefined {
    const t = this.token;
    return t && { expiresAt: new Date(t.expiresAtMs), refreshAt: new Date(this.refreshAtMs(t)) };
  }

  /** POST /api/v1/socket_tokens: a 600-second token for the websocket (scope sockets:connect). */
  async mintSocketToken(signal?: AbortSignal): Promise<SocketTokenResponse> {
    return (await this.send<SocketTokenResponse>('post', '/api/v1/socket_tokens', { signal })).body;
  }

  /** The agent socket: commands to handlers, heartbeats, reconnects. Call start() on it. */
  socket(options: AgentSocketOptions = {}): AgentSocket {
    return new AgentSocket(this, options);
  }

  /**
   * PATCH /api/v1/ota_updates/:id (scope ota_updates:write): reports an OTA update's progress,
   * forward only (pending → downloading → installing → succeeded | failed).
   */
  async reportOtaProgress(otaUpdateId: string, report: OtaProgressReport, signal?: AbortSignal): Promise<OtaUpdateEnvelope> {
    const path = `/api/v1/ota_updates/${encodeURIComponent(otaUpdateId)}`;
    return (await this.send<OtaUpdateEnvelope>('patch', path, { body: report, signal })).body;
  }

  private scopesMatch(scopes: string[]): boolean {
    const wanted = this.options.scopes;
    return !wanted || (wanted.length === scopes.length && wanted.every((s) => scopes.includes(s)));
  }

  private refreshAtMs(t: TokenState): number {
    return t.issuedAtMs + (t.expiresAtMs - t.issuedAtMs) * this.refreshAfter;
  }

  /**
   * The token to send: the current one until its refresh point; then a fresh one. A refresh made
   * early (the current token still has time left) that fails is not the request's failure: the
   * current token is sent, and the exchange is tried again after a backoff, not on every request
   * (an exchange outage must not take the machine API down with it, nor draw a fleet's whole
   * request rate onto the exchange).
   */
  private async currentToken(signal?: AbortSignal): Promise<TokenState> {
    const t = this.token;
    if (t && Date.now() < this.refreshAtMs(t)) return t;
    if (!t || Date.now() >= t.expiresAtMs - EXPIRY_MARGIN_MS) return this.refresh(t, signal);
    if (Date.now() < this.refreshRetryAtMs) return t;
    try {
      const fresh = await this.refresh(t, signal);
      this.refreshFailures = 0;
      return fresh;
    } catch (err) {
      if (err instanceof TransportError && err.kind === 'aborted') throw err;
      this.refreshRetryAtMs = Date.now() + backoffDelay(this.refreshFailures++, REFRESH_BACKOFF);
      this.options.onWarning?.('could not refresh the access token early; the current one is used meanwhile', err);
      return t;
    }
  }

  /** One exchange at a time: concurrent callers share it. */
  private refresh(stale: TokenState | undefined, signal?: AbortSignal): Promise<TokenState> {
    if (this.token && this.token !== stale && Date.now() < this.refreshAtMs(this.token)) return Promise.resolve(this.token);
    // Shared by every caller, so no caller's signal may cancel it; each stops waiting on its own.
    this.refreshing ??= this.exchange().finally(() => (this.refreshing = undefined));
    return abortable(this.refreshing, signal);
  }

  private async exchange(): Promise<TokenState> {
    const issuedAtMs = Date.now();
    const res = await this.http.request<TokenResponse>({
      method: 'post',
      path: '/api/v1/agent_tokens',
      headers: { 'x-agent-api-key': this.apiKey },
      body: this.options.scopes ? { scopes: this.options.scopes } : {},
    });
    const stored: StoredAccessToken = {
      token: res.body.token,
      scopes: res.body.scopes,
      issued_at: new Date(issuedAtMs).toISOString(),
      expires_at: new Date(issuedAtMs + res.body.expires_in * 1000).toISOString(),
    };
    this.token = tokenState(stored);
    await this.persist(stored);
    return this.token;
  }

  private async persist(token: StoredAccessToken): Promise<void> {
    if (!this.options.store || !this.credentials) return;
    this.credentials = { ...this.credentials, access_token: token };
    try {
      await this.options.store.save(this.credentials);
    } catch (err) {
      this.options.onWarning?.('could not save the refreshed access token', err);
    }
  }
}

function tokenState(stored: StoredAccessToken): TokenState {
  return { ...stored, issuedAtMs: Date.parse(stored.issued_at), expiresAtMs: Date.parse(stored.expires_at) };
}

/** A tuple that makes the options argument optional when nothing in it is required. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends O` asks whether every member of O is optional
type OptionalIfEmpty<O> = {} extends O ? [options?: O] : [options: O];

/** A route's path parameters, as the generated types declare them. */
type PathParams = Record<string, string | number | boolean | null | undefined>;

/** `/api/v1/traces/{id}` with `{ id }` → `/api/v1/traces/<id>`, each value URL-encoded. */
export function fillPath(path: string, params: PathParams = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new TypeError(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** An agent client for claimed credentials (or an agk_ key); see AgentClientOptions. */
export function agentClient(options: AgentClientOptions): AgentClient {
  return new AgentClient(options);
}
