import { CredentialStore, FileCredentialStore, StoredCredentials } from './credential-store';
import { CredentialStoreError } from './errors';
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
}

export interface ClaimResult {
  credentials: StoredCredentials;
  /** false when the store already held credentials and the service was not asked. */
  claimed: boolean;
  /** The service's 201 answer, when this call claimed. */
  response?: ClaimResponse;
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
 * checked for writes, the token claimed, and the new key and access token saved before this
 * resolves. Refusals surface as ProblemError (`invalid_enrollment_token`, `enrollment_exhausted`,
 * `serial_not_allowed`, slug `enrollment-expired` ...); a 429 is waited for as HttpOptions say.
 */
export async function claim(options: ClaimOptions): Promise<ClaimResult> {
  const http = new HttpClient(options);
  const store = options.store ?? new FileCredentialStore();
  const existing = await store.load();
  if (existing) {
    if (existing.base_url !== http.baseUrl) {
      throw new CredentialStoreError('other_service', `the store holds credentials for ${existing.base_url}, not ${http.baseUrl}`);
    }
    return { credentials: existing, claimed: false };
  }
  // Never echo the token: it is a secret until it is spent.
  if (!ENROLLMENT_TOKEN.test(options.token ?? '')) throw new TypeError('token is not an enrollment token (age_<prefix>.<secret>)');
  await store.prepare?.();
  const body: ClaimRequest = { token: options.token };
  if (options.serialNumber !== undefined) body.serial_number = options.serialNumber;
  if (options.agent !== undefined) body.agent = options.agent;
  const requestedAt = Date.now();
  const res = await http.request<ClaimResponse>({ method: 'post', path: '/api/v1/enrollments/claim', body, signal: options.signal });
  const credentials = credentialsFromClaim(http.baseUrl, res.body, options.serialNumber, requestedAt);
  await store.save(credentials);
  return { credentials, claimed: true, response: res.body };
}
