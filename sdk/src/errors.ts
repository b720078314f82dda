import type { Problem } from './api-types';

/** Titles of the statuses a socket close maps to (the close reason is the problem's detail). */
const CLOSE_PROBLEMS: Record<number, { status: number; slug: string; title: string }> = {
  4401: { status: 401, slug: 'unauthorized', title: 'Unauthorized' },
  4403: { status: 403, slug: 'forbidden', title: 'Forbidden' },
};

/** The slug of a problem type: `https://host/problems/rate-limited` → `rate-limited`. */
export function problemSlug(type: string | undefined): string {
  if (!type) return 'about:blank';
  const match = /\/problems\/([^/?#]+)\/?$/.exec(type);
  return match ? match[1] : type;
}

/**
 * An RFC 9457 problem the service answered (or a socket close carrying one of its codes).
 * `slug` and `detail` are what code switches on: `slug === 'unauthorized' && detail ===
 * 'api_key_revoked'`. The message names the request but never a credential.
 */
export class ProblemError extends Error {
  override readonly name = 'ProblemError';
  readonly status: number;
  /** The problem type's slug (`unauthorized`, `rate-limited`, `not-found`, `enrollment-expired` ...). */
  readonly slug: string;
  /** The machine-readable code (`api_key_revoked`) or, where SPEC.md fixes one, the sentence. */
  readonly detail: string;
  readonly title: string;
  readonly type: string;
  /** Top-level code of workspace refusals (`workspace_frozen` ...). */
  readonly error?: string;
  readonly requestId?: string;
  /** Seconds the service asked to wait (retry-after), when it did. */
  readonly retryAfterSeconds?: number;
  /** 422: messages by field. */
  readonly errors?: Record<string, string[]>;
  /** `http` for a response, `socket` for a close of the agent socket. */
  readonly source: 'http' | 'socket';
  /** The whole problem body as received. */
  readonly body: Problem & Record<string, unknown>;

  constructor(
    body: Problem & Record<string, unknown>,
    options: { source?: 'http' | 'socket'; slug?: string; request?: string; retryAfterSeconds?: number; requestId?: string } = {},
  ) {
    const slug = options.slug ?? problemSlug(body.type);
    super(`${body.status} ${slug}: ${body.detail}${options.request ? ` (${options.request})` : ''}`);
    this.body = body;
    this.status = body.status;
    this.type = body.type;
    this.slug = slug;
    this.title = body.title;
    this.detail = body.detail;
    this.error = typeof body.error === 'string' ? body.error : undefined;
    this.requestId = typeof body.request_id === 'string' ? body.request_id : options.requestId;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.errors = isStringListMap(body.errors) ? body.errors : undefined;
    this.source = options.source ?? 'http';
  }

  /** The problem a close of the agent socket stands for (4401, 4403), or undefined for others. */
  static fromClose(code: number, reason: string): ProblemError | undefined {
    const known = CLOSE_PROBLEMS[code];
    if (!known) return undefined;
    return new ProblemError(
      { type: `socket-close:${code}`, title: known.title, status: known.status, detail: reason || known.slug },
      { source: 'socket', slug: known.slug, request: `socket closed ${code}` },
    );
  }
}

/** The request never got an answer: refused, reset, timed out or aborted. */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    /** `network` (refused, reset, DNS), `timeout` or `aborted` (by the caller's signal or stop()). */
    readonly kind: 'network' | 'timeout' | 'aborted',
    message: string,
    /** The system error code when there is one (ECONNREFUSED, ECONNRESET ...). */
    readonly code?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The service answered a socket event (`ready`, `command_result`) with status `error`: `reason`
 * is the reply's (`invalid_payload`, `unknown_event_type`, `database_unavailable` ...), `payload`
 * the whole reply payload.
 */
export class ReplyError extends Error {
  override readonly name = 'ReplyError';
  /** Seconds the reply asked to wait before sending again (`retry_after`), when it did. */
  readonly retryAfterSeconds?: number;
  constructor(
    readonly event: string,
    readonly reason: string,
    readonly payload: Record<string, unknown> = {},
  ) {
    super(`${event} refused: ${reason}`);
    const retryAfter = Number(payload.retry_after);
    if (payload.retry_after !== undefined && Number.isFinite(retryAfter) && retryAfter >= 0) this.retryAfterSeconds = retryAfter;
  }
}

/** The credential store could not be read or written; `reason` says why. */
export class CredentialStoreError extends Error {
  override readonly name = 'CredentialStoreError';
  constructor(
    readonly reason: 'unreadable' | 'corrupt' | 'unwritable' | 'other_service',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * A short, stable name for what went wrong, for counting errors by kind: `unauthorized:api_key_revoked`,
 * `rate-limited`, `network:ECONNREFUSED`, `timeout`. Problem details that are sentences are left out.
 */
export function errorKind(err: unknown): string {
  if (err instanceof ProblemError) return /^[a-z0-9_]+$/.test(err.detail) ? `${err.slug}:${err.detail}` : err.slug;
  if (err instanceof TransportError) return err.code ? `${err.kind}:${err.code}` : err.kind;
  if (err instanceof CredentialStoreError) return `credential_store:${err.reason}`;
  if (err instanceof ReplyError) return `${err.event}:${err.reason}`;
  if (err instanceof Error) return err.name === 'Error' ? 'error' : err.name;
  return 'unknown';
}

function isStringListMap(value: unknown): value is Record<string, string[]> {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'))
  );
}

/** The system error code inside a fetch failure (`TypeError: fetch failed` wraps it). */
export function systemCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
