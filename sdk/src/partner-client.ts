import { abortable } from './backoff';
import { ProblemError } from './errors';
import { HttpClient, HttpOptions } from './http';
import type {
  Engagement,
  EngagementEvent,
  EngagementEventEnvelope,
  EngagementEventList,
  EngagementEventRequest,
  EngagementList,
  EngagementScope,
  EngagementToken,
  EngagementTokenEnvelope,
  EngagementTokenRequest,
} from './api-types';

export const PARTNER_KEY = /^mpk_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export interface PartnerClientOptions extends HttpOptions {
  /** The partner key, `mpk_<prefix>.<secret>`, issued by a platform admin. */
  partnerKey: string;
}

export interface EngagementSessionOptions {
  /** Lifetime to ask for each engagement token (seconds; the service caps it at 604800). */
  expiresIn?: number;
  scopes?: EngagementScope[];
  /** Mint a new token once this fraction of the current one's lifetime has passed. Default 0.8. */
  refreshAfter?: number;
}

/**
 * A marketplace partner's client (`Authorization: Bearer mpk_...`): lists its engagements and
 * mints engagement tokens, and gives an EngagementClient that keeps one fresh.
 */
export class PartnerClient {
  readonly http: HttpClient;
  private readonly authorization: string;

  constructor(options: PartnerClientOptions) {
    if (!PARTNER_KEY.test(options.partnerKey ?? '')) throw new TypeError('partnerKey is not a partner key (mpk_<prefix>.<secret>)');
    this.http = new HttpClient(options);
    this.authorization = `Bearer ${options.partnerKey}`;
  }

  /** GET /api/v1/partner/engagements: this partner's active engagements. */
  async listEngagements(signal?: AbortSignal): Promise<Engagement[]> {
    const res = await this.http.request<EngagementList>({
      method: 'get',
      path: '/api/v1/partner/engagements',
      headers: { authorization: this.authorization },
      signal,
    });
    return res.body.engagements;
  }

  /** POST /api/v1/partner/engagements/:id/tokens: a token for one engagement (shown once). */
  async mintEngagementToken(engagementId: string, request: EngagementTokenRequest = {}, signal?: AbortSignal): Promise<EngagementToken> {
    const res = await this.http.request<EngagementTokenEnvelope>({
      method: 'post',
      path: `/api/v1/partner/engagements/${encodeURIComponent(engagementId)}/tokens`,
      headers: { authorization: this.authorization },
      body: request,
      signal,
    });
    return res.body.engagement_token;
  }

  /** An engagement client whose token this partner mints, and mints again before it expires. */
  engagement(engagementId: string, options: EngagementSessionOptions = {}): EngagementClient {
    const request: EngagementTokenRequest = {};
    if (options.expiresIn !== undefined) request.expires_in = options.expiresIn;
    if (options.scopes !== undefined) request.scopes = options.scopes;
    return new EngagementClient({
      http: this.http,
      engagementId,
      mint: () => this.mintEngagementToken(engagementId, request),
      refreshAfter: options.refreshAfter,
    });
  }
}

interface HeldToken {
  token: string;
  refreshAtMs: number;
}

/**
 * An engagement runtime's client (`Authorization: Bearer <engagement token>`): posts and reads the
 * engagement's events. With a partner client behind it, tokens are minted on demand and again
 * before they expire (or once when the service answers token_expired); with a bare token, an
 * expired token surfaces as ProblemError `token_expired`.
 */
export class EngagementClient {
  readonly engagementId: string;
  private readonly http: HttpClient;
  private readonly mint?: () => Promise<EngagementToken>;
  private readonly refreshAfter: number;
  private held?: HeldToken;
  private minting?: Promise<HeldToken>;

  constructor(options: {
    http: HttpClient;
    engagementId: string;
    token?: string;
    mint?: () => Promise<EngagementToken>;
    refreshAfter?: number;
  }) {
    this.http = options.http;
    this.engagementId = options.engagementId;
    this.mint = options.mint;
    this.refreshAfter = options.refreshAfter ?? 0.8;
    if (options.token) this.held = { token: options.token, refreshAtMs: Number.POSITIVE_INFINITY };
    if (!options.token && !options.mint) throw new TypeError('an engagement client needs a token or a partner to mint one');
  }

  /** POST /api/v1/engagements/:id/events `{ kind, payload? }` → the recorded event (202). */
  async postEvent(kind: string, payload?: Record<string, unknown>, signal?: AbortSignal): Promise<EngagementEvent> {
    const body: EngagementEventRequest = payload === undefined ? { kind } : { kind, payload };
    const res = await this.authorized<EngagementEventEnvelope>(
      'post',
      `/api/v1/engagements/${encodeURIComponent(this.engagementId)}/events`,
      { body, signal },
    );
    return res.engagement_event;
  }

  /** GET /api/v1/engagements/:id/events (newest first). */
  async listEvents(query: { limit?: number; offset?: number } = {}, signal?: AbortSignal): Promise<EngagementEventList> {
    return this.authorized<EngagementEventList>('get', `/api/v1/engagements/${encodeURIComponent(this.engagementId)}/events`, {
      query,
      signal,
    });
  }

  private async authorized<T>(
    method: string,
    path: string,
    options: { body?: unknown; query?: Record<string, unknown>; signal?: AbortSignal },
  ): Promise<T> {
    const held = await this.token(options.signal);
    try {
      return (await this.http.request<T>({ method, path, ...options, headers: { authorization: `Bearer ${held.token}` } })).body;
    } catch (err) {
      if (!(this.mint && err instanceof ProblemError && err.status === 401 && err.detail === 'token_expired')) throw err;
      const fresh = await this.renew(held, options.signal);
      return (await this.http.request<T>({ method, path, ...options, headers: { authorization: `Bearer ${fresh.token}` } })).body;
    }
  }

  private async token(signal?: AbortSignal): Promise<HeldToken> {
    const held = this.held;
    if (held && Date.now() < held.refreshAtMs) return held;
    return this.renew(held, signal);
  }

  private renew(stale: HeldToken | undefined, signal?: AbortSignal): Promise<HeldToken> {
    if (!this.mint) return Promise.resolve(this.held!);
    if (this.held && this.held !== stale && Date.now() < this.held.refreshAtMs) return Promise.resolve(this.held);
    const mint = this.mint;
    this.minting ??= (async () => {
      const requestedAt = Date.now();
      const minted = await mint();
      this.held = { token: minted.token, refreshAtMs: requestedAt + minted.expires_in * 1000 * this.refreshAfter };
      return this.held;
    })().finally(() => (this.minting = undefined));
    return abortable(this.minting, signal);
  }
}

export function partnerClient(options: PartnerClientOptions): PartnerClient {
  return new PartnerClient(options);
}

/** A client for an engagement token the runtime was handed (it cannot mint another). */
export function engagementClient(options: HttpOptions & { engagementId: string; token: string }): EngagementClient {
  return new EngagementClient({ http: new HttpClient(options), engagementId: options.engagementId, token: options.token });
}
