import { sleep } from './backoff';
import { ProblemError, systemCode, TransportError } from './errors';
import { SDK_USER_AGENT } from './version';
import type { Problem } from './api-types';

/** How long the client may wait when the service answers 429 (or 503) with retry-after. */
export interface RateLimitPolicy {
  /**
   * The ceiling: the most the client waits in total for one request (ms). A retry-after that
   * does not fit is not waited for: the 429 surfaces as a ProblemError carrying
   * `retryAfterSeconds`. Default 60,000; 0 never waits.
   */
  maxWaitMs?: number;
  /** At most this many retries of one request. Default 5. */
  maxRetries?: number;
}

export interface RetryEvent {
  method: string;
  path: string;
  status: number;
  slug: string;
  /** What retry-after asked for, in ms. */
  retryAfterMs: number;
  /** What the client waits: retry-after plus a small jitter. */
  waitMs: number;
  attempt: number;
}

export interface HttpOptions {
  /** The service's base URL, e.g. `https://agents.example.com`. */
  baseUrl: string;
  /** A fetch implementation; Node's own by default. */
  fetch?: typeof globalThis.fetch;
  /** Per-request timeout (ms). Default 30,000. */
  timeoutMs?: number;
  rateLimit?: RateLimitPolicy;
  /** Called before each wait for retry-after. */
  onRetry?: (event: RetryEvent) => void;
  /** Extra User-Agent text, prepended to the SDK's own. */
  userAgent?: string;
  /**
   * Credentials travel in headers, so a plain-http base URL is refused unless it is a loopback
   * address (development, tests) or this is set.
   */
  allowInsecureHttp?: boolean;
}

export interface HttpRequest {
  method: string;
  /** Path under the base URL, with its placeholders already filled in. */
  path: string;
  query?: Record<string, unknown>;
  /** JSON-encoded when present. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

export const DEFAULT_RATE_LIMIT: Required<RateLimitPolicy> = { maxWaitMs: 60_000, maxRetries: 5 };
const DEFAULT_TIMEOUT_MS = 30_000;
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/** Normalises a base URL (no trailing slash) and refuses plain http to anything but loopback. */
export function checkBaseUrl(baseUrl: string, allowInsecureHttp = false): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`baseUrl is not a URL: ${baseUrl}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`baseUrl must be http(s): ${baseUrl}`);
  if (url.protocol === 'http:' && !allowInsecureHttp && !LOOPBACK.test(url.hostname)) {
    throw new TypeError(`baseUrl ${url.origin} is plain http: credentials would travel in clear text (set allowInsecureHttp to allow it)`);
  }
  if (url.search || url.hash) throw new TypeError('baseUrl must not carry a query or fragment');
  return url.toString().replace(/\/+$/, '');
}

/** retry-after as seconds or an HTTP date; falls back to the problem's extra.retry_after_seconds. */
export function retryAfterMs(headers: Headers, body: unknown, now = Date.now()): number | undefined {
  const header = headers.get('retry-after')?.trim();
  if (header) {
    if (/^\d+$/.test(header)) return Number(header) * 1000;
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const extra = (body as { extra?: { retry_after_seconds?: unknown } } | undefined)?.extra;
  const seconds = extra?.retry_after_seconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

/**
 * JSON over fetch, with the service's conventions: problem bodies become ProblemError, a 429 or
 * 503 with retry-after is waited for (within the ceiling) and the request sent again (the service
 * did nothing with a refused request), redirects are refused (a credential header must never
 * follow one), and every request has a timeout.
 */
export class HttpClient {
  readonly baseUrl: string;
  private readonly fetchImpl: typeof globalThis.fetch;
  private readonly timeoutMs: number;
  private readonly rateLimit: Required<RateLimitPolicy>;
  private readonly userAgent: string;

  constructor(private readonly options: HttpOptions) {
    this.baseUrl = checkBaseUrl(options.baseUrl, options.allowInsecureHttp);
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.rateLimit = { ...DEFAULT_RATE_LIMIT, ...options.rateLimit };
    this.userAgent = options.userAgent ? `${options.userAgent} ${SDK_USER_AGENT}` : SDK_USER_AGENT;
  }

  url(path: string, query?: Record<string, unknown>): string {
    const url = new URL(this.baseUrl + (path.startsWith('/') ? path : `/${path}`));
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value === undefined || value === null) continue;
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
    }
    return url.toString();
  }

  async request<T>(req: HttpRequest): Promise<HttpResponse<T>> {
    let waited = 0;
    for (let attempt = 0; ; attempt++) {
      const res = await this.send(req);
      const body = await readBody(res, req);
      if (res.ok) return { status: res.status, headers: res.headers, body: body as T };
      const wait = res.status === 429 || res.status === 503 ? retryAfterMs(res.headers, body) : undefined;
      const problem = toProblemError(res, body, req, wait);
      if (wait === undefined || attempt >= this.rateLimit.maxRetries) throw problem;
      const waitMs = wait + Math.floor(Math.random() * Math.min(1000, wait * 0.1));
      if (waited + waitMs > this.rateLimit.maxWaitMs) throw problem;
      waited += waitMs;
      this.options.onRetry?.({
        method: req.method,
        path: req.path,
        status: res.status,
        slug: problem.slug,
        retryAfterMs: wait,
        waitMs,
        attempt: attempt + 1,
      });
      await sleep(waitMs, req.signal);
    }
  }

  private async send(req: HttpRequest): Promise<Response> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    const headers: Record<string, string> = {
      accept: 'application/json, application/problem+json',
      'user-agent': this.userAgent,
      ...req.headers,
    };
    let body: string | undefined;
    if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      headers['content-type'] = 'application/json';
    }
    try {
      return await this.fetchImpl(this.url(req.path, req.query), {
        method: req.method.toUpperCase(),
        headers,
        body,
        redirect: 'error',
        signal,
      });
    } catch (err) {
      const where = `${req.method.toUpperCase()} ${req.path}`;
      if (req.signal?.aborted) throw new TransportError('aborted', `${where}: aborted`, undefined, { cause: err });
      if (timeout.aborted)
        throw new TransportError('timeout', `${where}: no answer within ${this.timeoutMs} ms`, undefined, { cause: err });
      const code = systemCode(err);
      throw new TransportError('network', `${where}: ${code ?? (err as Error).message}`, code, { cause: err });
    }
  }
}

async function readBody(res: Response, req: HttpRequest): Promise<unknown> {
  const text = await res.text().catch((err: unknown) => {
    throw new TransportError('network', `${req.method.toUpperCase()} ${req.path}: the answer was cut off`, systemCode(err), { cause: err });
  });
  if (text === '') return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (!/[/+]json\b/.test(type)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (res.ok) throw new TransportError('network', `${req.method.toUpperCase()} ${req.path}: the answer is not valid JSON`);
    return text;
  }
}

function isProblemBody(body: unknown): body is Problem & Record<string, unknown> {
  const b = body as Partial<Problem> | undefined;
  return typeof b === 'object' && b !== null && typeof b.status === 'number' && typeof b.title === 'string' && typeof b.type === 'string';
}

/**
 * The problem an answer carries, or one made from its status when it carries none (a proxy's
 * HTML 502): slug `about:blank`, detail `http_<status>`.
 */
export function problemFrom(
  status: number,
  statusText: string | undefined,
  body: unknown,
  options: { request: string; retryAfterSeconds?: number; requestId?: string },
): ProblemError {
  const problem = isProblemBody(body)
    ? { ...body, detail: typeof body.detail === 'string' ? body.detail : '' }
    : { type: 'about:blank', title: statusText || `HTTP ${status}`, status, detail: `http_${status}` };
  return new ProblemError(problem, options);
}

function toProblemError(res: Response, body: unknown, req: HttpRequest, waitMs?: number): ProblemError {
  return problemFrom(res.status, res.statusText, body, {
    request: `${req.method.toUpperCase()} ${req.path}`,
    retryAfterSeconds: waitMs === undefined ? undefined : Math.ceil(waitMs / 1000),
    requestId: res.headers.get('x-request-id') ?? undefined,
  });
}
