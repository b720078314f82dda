import { AgentSocket, AgentSocketOptions } from './agent-socket';
import { abortable, backoffDelay } from './backoff';
import { ProblemError, TransportError } from './errors';
import { HttpClient, HttpOptions, HttpResponse } from './http';
import { typedRequest, type OptionalIfEmpty } from './typed-request';
import type {
  HttpMethod,
  PathsWith,
  RequestOptions,
  ResponseBody,
  RotateRequest,
  RotateResponse,
  SocketTokenResponse,
  TokenResponse,
  OtaProgressReport,
  OtaUpdateEnvelope,
} from './api-types';
import type { CredentialStore, StoredAccessToken, StoredCredentials } from './credential-store';
import type { DomainEvent } from './socket-protocol';

export { fillPath } from './typed-request';

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
  /**
   * Rotation of the key (`POST /api/v1/credentials/rotate`, scope `credentials:write`): on a
   * schedule, and when the socket says the key is expiring. On by default when the client has
   * claimed credentials and a store to keep the new key in (it is saved before it is used);
   * `false` turns it off.
   */
  rotation?: RotationOptions | false;
}

export interface RotationOptions {
  /**
   * Rotate once the key is this close to its expiry, when its expiry is known (ms), or at half its
   * lifetime when that comes later (a key that lives a day is rotated after twelve hours, not at
   * once: its successor, which lives as long, would be rotated at once too). Default 7 days, when
   * the service warns.
   */
  beforeExpiryMs?: number;
  /** Rotate once the key is this old (ms), whatever its expiry. Default: never. */
  maxAgeMs?: number;
  /** How long the old key keeps working after a rotation (grace_period_seconds, 0..604800). Default: the service's, 3600. */
  gracePeriodSeconds?: number;
  /**
   * Learn the key's expiry from `api_key.expiring` on the socket (which then asks for that event)
   * and rotate when the schedule says: at once for a key past half its lifetime. Default true.
   */
  onExpiringEvent?: boolean;
  /** After such an event, rotate within a random delay up to this (ms), so a fleet warned at once does not rotate at once. Default 60,000. */
  eventJitterMs?: number;
}

export const DEFAULT_ROTATION: Required<Omit<RotationOptions, 'maxAgeMs' | 'gracePeriodSeconds'>> = {
  beforeExpiryMs: 7 * 86_400_000,
  onExpiringEvent: true,
  eventJitterMs: 60_000,
};

/** What a rotation did: the key now in use, and when the one before it stops. */
export interface KeyRotation {
  /** The new agk_ key: in the store already when the client has one; a client without a store must keep it itself. */
  apiKey: string;
  credentialId: string;
  previous: { credentialId: string; expiresAt: Date };
  /** What started it. */
  reason: 'call' | 'schedule' | 'event';
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

export const ROTATE_PATH = '/api/v1/credentials/rotate';
/** Retries of a scheduled rotation that failed: a minute doubling to an hour, with jitter. */
const ROTATION_BACKOFF = { initialDelayMs: 60_000, maxDelayMs: 3_600_000, multiplier: 2 };

/**
 * The machine API as one agent: authenticates with its key or an access token it refreshes
 * before expiry, types every request and answer from the service's OpenAPI document, mints
 * socket tokens and opens the agent socket.
 */
export class AgentClient {
  readonly http: HttpClient;
  readonly auth: 'access_token' | 'api_key';
  private apiKey: string;
  private credentials?: StoredCredentials;
  private token?: TokenState;
  private refreshing?: Promise<TokenState>;
  private readonly refreshAfter: number;
  /** After an early refresh failed: not before this (ms), and how many failed in a row. */
  private refreshRetryAtMs = 0;
  private refreshFailures = 0;
  /** Rotation, when on. */
  private readonly rotation?: RotationOptions & typeof DEFAULT_ROTATION;
  /** Counts the keys this client has switched to; what was minted under an older one is not kept. */
  private generation = 0;
  /** The key's credential id: from the credentials, else from the socket's ready reply. */
  private credentialId?: string;
  private keyIssuedAtMs?: number;
  private keyExpiresAtMs?: number;
  private rotating?: Promise<KeyRotation>;
  /** A rotation the service made whose new key the store could not take yet: saved again before it is used. */
  private unsaved?: { response: RotateResponse; requestedAt: number };
  /** The new key is in use but not yet in the store (it could not be saved before the old one stopped). */
  private credentialsUnsaved = false;
  private rotationRetryAtMs = 0;
  private rotationFailures = 0;
  /** A key whose rotation the service refused for good (already rotated, or not allowed): not tried again. */
  private rotationRefusedFor?: string;
  private readonly rotationListeners = new Set<(rotation: KeyRotation) => void>();

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
    if (options.rotation !== false && options.store && this.credentials && !options.apiKey) {
      this.rotation = { ...DEFAULT_ROTATION, ...options.rotation };
    } else if (options.rotation) {
      throw new TypeError('rotation needs claimed credentials and a store to keep the new key in (credentials and store)');
    }
    const c = this.credentials;
    this.credentialId = c?.credential_id;
    this.keyIssuedAtMs = parseTime(c?.key_issued_at) ?? parseTime(c?.claimed_at);
    this.keyExpiresAtMs = parseTime(c?.key_expires_at);
  }

  /** Who this client is, when it was built from claimed credentials. */
  get identity(): { serviceAgentId: string; credentialId: string; workspaceId: string; robotId: string | null } | undefined {
    const c = this.credentials;
    return c && { serviceAgentId: c.service_agent_id, credentialId: c.credential_id, workspaceId: c.workspace_id, robotId: c.robot_id };
  }

  /** Changes each time the client switches to a new key (a socket connected under an older one reconnects). */
  get keyGeneration(): number {
    return this.generation;
  }

  /** Whether the client rotates its key when told (its sockets then ask for `api_key.expiring`). */
  get rotatesOnEvent(): boolean {
    return this.rotation?.onExpiringEvent === true;
  }

  /** Calls `listener` after each switch to a new key; returns the unsubscribe. */
  onRotated(listener: (rotation: KeyRotation) => void): () => void {
    this.rotationListeners.add(listener);
    return () => this.rotationListeners.delete(listener);
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
    const { path: filled, ...rest } = typedRequest(path, options[0]);
    return (await this.send<ResponseBody<P, M>>(method, filled, rest)).body;
  }

  /**
   * An authenticated call of a path the generated types do not cover (yet). A rotation that is
   * due starts beside it: this request goes with the current key, later ones with the new key
   * once it is saved.
   */
  async send<T>(
    method: string,
    path: string,
    options: { query?: Record<string, unknown>; body?: unknown; signal?: AbortSignal } = {},
  ): Promise<HttpResponse<T>> {
    this.maybeRotate();
    return this.authorized<T>(method, path, options);
  }

  private async authorized<T>(
    method: string,
    path: string,
    options: { query?: Record<string, unknown>; body?: unknown; signal?: AbortSignal },
  ): Promise<HttpResponse<T>> {
    // A 401 for a request sent under a key the client has since rotated away from is sent once
    // more under the new key: a swap of keys fails no request, whatever the grace period.
    const generation = this.generation;
    const rotatedSince = (err: unknown) => err instanceof ProblemError && err.status === 401 && generation !== this.generation;
    if (this.auth === 'api_key') {
      try {
        return await this.http.request<T>({ method, path, ...options, headers: { 'x-agent-api-key': this.apiKey } });
      } catch (err) {
        if (!rotatedSince(err)) throw err;
        return this.http.request<T>({ method, path, ...options, headers: { 'x-agent-api-key': this.apiKey } });
      }
    }
    const token = await this.currentToken(options.signal);
    try {
      return await this.http.request<T>({ method, path, ...options, headers: { authorization: `Bearer ${token.token}` } });
    } catch (err) {
      if (rotatedSince(err)) {
        const current = await this.currentToken(options.signal);
        return this.http.request<T>({ method, path, ...options, headers: { authorization: `Bearer ${current.token}` } });
      }
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

  /**
   * POST /api/v1/credentials/rotate (scope `credentials:write`): a new key for the same agent. The
   * new key is saved in the store (atomically) before the client uses it; requests already sent
   * with the old key finish with it (it keeps working for the grace period), later ones use the
   * new key, and sockets reconnect with it. Concurrent calls share one rotation. A store that
   * cannot take the new key fails the rotation (CredentialStoreError) and the old key stays in
   * use; the next rotation saves the same new key again rather than asking for another.
   * A key already rotated is a ProblemError 409 `credential_rotated`.
   */
  rotate(options: { gracePeriodSeconds?: number; signal?: AbortSignal } = {}): Promise<KeyRotation> {
    return abortable(this.startRotation('call', options.gracePeriodSeconds), options.signal);
  }

  /**
   * Starts a rotation in the background when the schedule says it is due (the key within
   * `beforeExpiryMs` of its expiry, or older than `maxAgeMs`); every request checks, and so does
   * each socket heartbeat. Failures are told to onWarning and tried again after a backoff.
   */
  maybeRotate(): void {
    if (!this.rotation || this.rotating) return;
    const now = Date.now();
    if (now < this.rotationRetryAtMs || this.rotationRefusedFor === this.credentialId) return;
    if (this.credentialsUnsaved) {
      void this.saveUnsaved();
      return;
    }
    if (this.unsaved || now >= this.rotationDueAtMs()) this.rotateInBackground('schedule');
  }

  /**
   * When the current key is due for rotation: `beforeExpiryMs` before its expiry, or at half its
   * lifetime if that is later; or `maxAgeMs` after it was issued, if sooner. Never, for a key
   * without an expiry and without maxAgeMs.
   */
  private rotationDueAtMs(): number {
    const { beforeExpiryMs, maxAgeMs } = this.rotation!;
    let due = Number.POSITIVE_INFINITY;
    if (this.keyExpiresAtMs !== undefined) {
      const lifetime = this.keyIssuedAtMs === undefined ? Number.POSITIVE_INFINITY : Math.max(0, this.keyExpiresAtMs - this.keyIssuedAtMs);
      due = this.keyExpiresAtMs - Math.min(beforeExpiryMs, lifetime / 2);
    }
    if (maxAgeMs !== undefined && this.keyIssuedAtMs !== undefined) due = Math.min(due, this.keyIssuedAtMs + maxAgeMs);
    return due;
  }

  /**
   * A domain event the client's socket received: `api_key.expiring` for this client's key tells
   * its expiry, and starts a rotation (after a random delay up to `eventJitterMs`) when the
   * schedule says it is due; a key warned of before half its lifetime is rotated at half its
   * lifetime, by the schedule. `socketCredentialId` is the credential the socket's ready reply
   * named, for a client that does not know its own.
   */
  noticeEvent(event: DomainEvent, socketCredentialId?: string): void {
    if (event.type !== 'api_key.expiring' || !this.rotation?.onExpiringEvent) return;
    const mine = this.credentialId ?? socketCredentialId;
    if (!mine || event.data.credential_id !== mine) return;
    const expiresAt = parseTime(typeof event.data.expires_at === 'string' ? event.data.expires_at : undefined);
    if (expiresAt !== undefined) this.keyExpiresAtMs = expiresAt;
    if (Date.now() < this.rotationDueAtMs()) return;
    const delay = Math.floor(Math.random() * this.rotation.eventJitterMs);
    setTimeout(() => {
      if (this.credentialId === mine || this.credentialId === undefined) this.rotateInBackground('event');
    }, delay).unref();
  }

  private rotateInBackground(reason: KeyRotation['reason']): void {
    if (this.rotating || this.rotationRefusedFor === this.credentialId) return;
    this.startRotation(reason, this.rotation?.gracePeriodSeconds).catch((err: unknown) => {
      const refused = err instanceof ProblemError && [403, 404, 409].includes(err.status);
      if (refused) this.rotationRefusedFor = this.credentialId;
      else this.rotationRetryAtMs = Date.now() + backoffDelay(this.rotationFailures++, ROTATION_BACKOFF);
      this.options.onWarning?.(
        refused ? 'the service refused to rotate the key; it is not tried again' : 'could not rotate the key; tried again later',
        err,
      );
    });
  }

  private startRotation(reason: KeyRotation['reason'], gracePeriodSeconds?: number): Promise<KeyRotation> {
    if (!this.rotating) {
      const running = this.rotateOnce(reason, gracePeriodSeconds);
      this.rotating = running;
      void running.then(
        () => (this.rotating = undefined),
        () => (this.rotating = undefined),
      );
    }
    return this.rotating;
  }

  private async rotateOnce(reason: KeyRotation['reason'], gracePeriodSeconds?: number): Promise<KeyRotation> {
    let rotated = this.unsaved;
    if (!rotated) {
      const requestedAt = Date.now();
      const body: RotateRequest = gracePeriodSeconds === undefined ? {} : { grace_period_seconds: gracePeriodSeconds };
      const res = await this.authorized<RotateResponse>('post', ROTATE_PATH, { body });
      rotated = { response: res.body, requestedAt };
    }
    const next = this.credentials && credentialsFromRotation(this.credentials, rotated.response, rotated.requestedAt);
    if (next && this.options.store) {
      try {
        await this.options.store.save(next);
        this.unsaved = undefined;
      } catch (err) {
        this.unsaved = rotated;
        // The old key stops at previous.expires_at: past that, the new key is used unsaved rather than no key at all.
        const stopsAt = Date.parse(rotated.response.previous.expires_at);
        if (!(Date.now() >= stopsAt - EXPIRY_MARGIN_MS)) throw err;
        this.options.onWarning?.('the new key could not be saved and the old one is about to stop: the new key is used unsaved', err);
        this.unsaved = undefined;
        this.credentialsUnsaved = true;
      }
    }
    return this.switchTo(rotated.response, rotated.requestedAt, next, reason);
  }

  /** The switch itself, in one synchronous step: every request after it uses the new key. */
  private switchTo(
    response: RotateResponse,
    requestedAt: number,
    next: StoredCredentials | undefined,
    reason: KeyRotation['reason'],
  ): KeyRotation {
    const { api_key: key, access_token: grant, previous } = response;
    this.apiKey = key.key;
    if (next) this.credentials = next;
    this.credentialId = key.credential_id;
    this.keyIssuedAtMs = requestedAt;
    this.keyExpiresAtMs = parseTime(key.expires_at);
    const token = tokenState(accessTokenFrom(grant.token, grant.scopes, requestedAt, grant.expires_in));
    this.token = this.scopesMatch(token.scopes) ? token : undefined;
    this.refreshing = undefined;
    this.refreshFailures = 0;
    this.refreshRetryAtMs = 0;
    this.rotationFailures = 0;
    this.rotationRetryAtMs = 0;
    this.generation++;
    const rotation: KeyRotation = {
      apiKey: key.key,
      credentialId: key.credential_id,
      previous: { credentialId: previous.credential_id, expiresAt: new Date(previous.expires_at) },
      reason,
    };
    for (const listener of this.rotationListeners) listener(rotation);
    return rotation;
  }

  private async saveUnsaved(): Promise<void> {
    if (!this.options.store || !this.credentials) return;
    try {
      await this.options.store.save(this.credentials);
      this.credentialsUnsaved = false;
    } catch (err) {
      this.rotationRetryAtMs = Date.now() + backoffDelay(this.rotationFailures++, ROTATION_BACKOFF);
      this.options.onWarning?.('the key in use is still not saved', err);
    }
  }

  /** The credential the socket's ready reply named: what api_key.expiring events are matched against when the client did not know it. */
  learnCredentialId(credentialId: string): void {
    this.credentialId ??= credentialId;
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
    const generation = this.generation;
    const res = await this.http.request<TokenResponse>({
      method: 'post',
      path: '/api/v1/agent_tokens',
      headers: { 'x-agent-api-key': this.apiKey },
      body: this.options.scopes ? { scopes: this.options.scopes } : {},
    });
    const state = tokenState(accessTokenFrom(res.body.token, res.body.scopes, issuedAtMs, res.body.expires_in));
    // A rotation switched keys meanwhile: this token, of the old key, serves who waited for it, and is not kept.
    if (generation !== this.generation) return state;
    this.token = state;
    await this.persist(state);
    return state;
  }

  private async persist(token: TokenState): Promise<void> {
    if (!this.options.store || !this.credentials) return;
    const { token: value, scopes, issued_at, expires_at } = token;
    this.credentials = { ...this.credentials, access_token: { token: value, scopes, issued_at, expires_at } };
    try {
      await this.options.store.save(this.credentials);
      this.credentialsUnsaved = false;
    } catch (err) {
      this.options.onWarning?.('could not save the refreshed access token', err);
    }
  }
}

function tokenState(stored: StoredAccessToken): TokenState {
  return { ...stored, issuedAtMs: Date.parse(stored.issued_at), expiresAtMs: Date.parse(stored.expires_at) };
}

function accessTokenFrom(token: string, scopes: string[], issuedAtMs: number, expiresInS: number): StoredAccessToken {
  return {
    token,
    scopes: [...scopes],
    issued_at: new Date(issuedAtMs).toISOString(),
    expires_at: new Date(issuedAtMs + expiresInS * 1000).toISOString(),
  };
}

const parseTime = (value: string | null | undefined): number | undefined => {
  const ms = value ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? undefined : ms;
};

/** The stored credentials after a rotation: the new key and its access token, the rest as it was. */
export function credentialsFromRotation(current: StoredCredentials, response: RotateResponse, requestedAt: number): StoredCredentials {
  const { api_key: key, access_token: grant } = response;
  return {
    ...current,
    api_key: key.key,
    credential_id: key.credential_id,
    scopes: [...key.scopes],
    access_token: accessTokenFrom(grant.token, grant.scopes, requestedAt, grant.expires_in),
    key_issued_at: new Date(requestedAt).toISOString(),
    key_expires_at: key.expires_at ?? null,
  };
}

/** An agent client for claimed credentials (or an agk_ key); see AgentClientOptions. */
export function agentClient(options: AgentClientOptions): AgentClient {
  return new AgentClient(options);
}
