import { randomBytes } from 'node:crypto';
import { BackoffOptions, backoffDelay, sleep } from './backoff';
import { CLAIM_ID, CredentialStore, FileCredentialStore, PendingClaim, StoredCredentials } from './credential-store';
import { CredentialStoreError, ProblemError, TransportError } from './errors';
import { HttpClient, HttpOptions } from './http';
import type { ClaimRequest, ClaimResponse } from './api-types';

export const ENROLLMENT_TOKEN = /^age_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export interface ClaimOptions extends HttpOptions {
  /** The enrollment token, `age_<prefix>.<secret>`. */
  token: string;
  /** The device's serial number: required by fleet tokens (max_claims > 1). */
  serialNumber?: string;
  /** Runtime metadata stored on the service agent (at most 8 KiB as JSON). */
  agent?: Record<string, unknown>;
  /** Where the credentials are kept; a FileCredentialStore at its default path unless given. */
  store?: CredentialStore;
  signal?: AbortSignal;
  /** Attempts of one claim whose answers were lost (no answer, a timeout, a 5xx). */
  retry?: ClaimRetryPolicy;
  /** Told before each retry of a claim whose answer was lost. */
  onLostAnswer?: (event: LostAnswerEvent) => void;
}

export interface ClaimRetryPolicy {
  /** Requests in all, the first included. Default 6. */
  attempts?: number;
  /** Delays between them: exponential, jittered. Default 1 s doubling to 30 s. */
  backoff?: BackoffOptions;
}

export const DEFAULT_CLAIM_RETRY: { attempts: number; backoff: Required<BackoffOptions> } = {
  attempts: 6,
  backoff: { initialDelayMs: 1_000, maxDelayMs: 30_000, multiplier: 2 },
};

export interface LostAnswerEvent {
  /** The claim_id the retry sends again. */
  claimId: string;
  /** The attempt whose answer was lost, from 1. */
  attempt: number;
  delayMs: number;
  error: TransportError | ProblemError;
}

export interface ClaimResult {
  credentials: StoredCredentials;
  /** false when the store already held credentials and the service was not asked. */
  claimed: boolean;
  /** The service's 201 answer, when this call claimed. */
  response?: ClaimResponse;
  /**
   * true when the service answered a replay (`idempotent-replayed: true`): an earlier attempt had
   * claimed and its answer was lost (in this call or before a restart); its credentials are revoked.
   */
  replayed: boolean;
  /** Requests this call sent (0 when the store already held credentials). */
  attempts: number;
  /** The claim_id sent, when this call claimed. */
  claimId?: string;
}

/** A claim_id: 16 random bytes, base64url (22 characters of [A-Za-z0-9_-]). */
export function newClaimId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * An attempt whose answer was lost: the service may or may not have claimed, so the claim is sent
 * again with the same claim_id (a replay if it had). A 5xx is one too: a proxy's 502 or a timeout
 * at the service says nothing about whether the claim was committed.
 */
export function isLostAnswer(err: unknown): err is TransportError | ProblemError {
  if (err instanceof TransportError) return err.kind !== 'aborted';
  return err instanceof ProblemError && (err.status >= 500 || err.status === 408);
}

/** The credentials a claim's 201 answer gives, as the store keeps them. */
export function credentialsFromClaim(
  baseUrl: string,
  response: ClaimResponse,
  serialNumber: string | undefined,
  requestedAt: number,
): StoredCredentials {
  const { api_key: apiKey, access_token: accessToken } = response;
  return {
    version: 1,
    base_url: baseUrl,
    api_key: apiKey.key,
    credential_id: apiKey.credential_id,
    service_agent_id: apiKey.service_agent_id,
    workspace_id: response.workspace.id,
    scopes: [...apiKey.scopes],
    robot_id: response.robot?.id ?? null,
    serial_number: response.robot?.serial_number ?? serialNumber ?? null,
    claimed_at: new Date(requestedAt).toISOString(),
    access_token: {
      token: accessToken.token,
      scopes: [...accessToken.scopes],
      issued_at: new Date(requestedAt).toISOString(),
      expires_at: new Date(requestedAt + accessToken.expires_in * 1000).toISOString(),
    },
  };
}

/**
 * Claims an enrollment token once. When the store already holds credentials for this service
 * they are returned and the service is not asked (an enrollment token is spent by claiming, so a
 * device calls claim() on every boot and claims only on the first). Otherwise the store is
 * checked for writes, a `claim_id` made and kept in the store (or the one kept by an earlier
 * attempt taken again), and the token claimed with it; an attempt whose answer is lost (no
 * answer, a timeout, a 5xx) is sent again with the same `claim_id` and serial, which the service
 * answers as a replay (the same agent and robot, fresh credentials) if the lost attempt had
 * claimed. The new key and access token are saved before this resolves, which forgets the
 * pending claim. Refusals surface as ProblemError (`invalid_enrollment_token`,
 * `enrollment_exhausted`, `serial_not_allowed`, slug `enrollment-expired` ...); a 429 is waited
 * for as HttpOptions say. When every attempt lost its answer, the last error is thrown and the
 * pending claim stays in the store: the next claim() sends it again.
 */
export async function claim(options: ClaimOptions): Promise<ClaimResult> {
  const http = new HttpClient(options);
  const store = options.store ?? new FileCredentialStore();
  const existing = await store.load();
  if (existing) {
    if (existing.base_url !== http.baseUrl) {
      throw new CredentialStoreError('other_service', `the store holds credentials for ${existing.base_url}, not ${http.baseUrl}`);
    }
    return { credentials: existing, claimed: false, replayed: false, attempts: 0 };
  }
  // Never echo the token: it is a secret until it is spent.
  if (!ENROLLMENT_TOKEN.test(options.token ?? '')) throw new TypeError('token is not an enrollment token (age_<prefix>.<secret>)');
  await store.prepare?.();
  const pending = await pendingClaim(store, http.baseUrl, options.serialNumber ?? null);
  const body: ClaimRequest = { token: options.token, claim_id: pending.claim_id };
  if (options.serialNumber !== undefined) body.serial_number = options.serialNumber;
  if (options.agent !== undefined) body.agent = options.agent;
  const attempts = Math.max(1, options.retry?.attempts ?? DEFAULT_CLAIM_RETRY.attempts);
  const backoff = { ...DEFAULT_CLAIM_RETRY.backoff, ...options.retry?.backoff };
  for (let attempt = 1; ; attempt++) {
    const requestedAt = Date.now();
    let res;
    try {
      res = await http.request<ClaimResponse>({ method: 'post', path: '/api/v1/enrollments/claim', body, signal: options.signal });
    } catch (err) {
      if (!isLostAnswer(err) || attempt >= attempts) throw err;
      const delayMs = backoffDelay(attempt - 1, backoff);
      options.onLostAnswer?.({ claimId: pending.claim_id, attempt, delayMs, error: err });
      await sleep(delayMs, options.signal);
      continue;
    }
    const credentials = credentialsFromClaim(http.baseUrl, res.body, options.serialNumber, requestedAt);
    // Saved before the key is handed to anyone: a store that fails here leaves the pending claim,
    // and the next claim() replays it (the key it could not keep has never been used).
    await store.save(credentials);
    const replayed = res.headers.get('idempotent-replayed') === 'true';
    return { credentials, claimed: true, response: res.body, replayed, attempts: attempt, claimId: pending.claim_id };
  }
}

/**
 * The claim this call sends: the store's pending one when it was made for this service and serial
 * (its answer was lost before a restart), else a new one, kept in the store before it is sent.
 */
async function pendingClaim(store: CredentialStore, baseUrl: string, serialNumber: string | null): Promise<PendingClaim> {
  const kept = await store.loadPendingClaim?.();
  if (kept && kept.base_url === baseUrl && kept.serial_number === serialNumber && CLAIM_ID.test(kept.claim_id)) return kept;
  const fresh: PendingClaim = {
    claim_id: newClaimId(),
    base_url: baseUrl,
    serial_number: serialNumber,
    started_at: new Date().toISOString(),
  };
  await store.savePendingClaim?.(fresh);
  return fresh;
}
