/**
 * The Agent Network Service SDK: what a device or an integration needs to talk to the service.
 *
 *   claim()          spend an enrollment token once, keep the credentials (FileCredentialStore: 0600);
 *                    a lost answer is retried with the same claim_id, which the service replays
 *   agentClient()    the machine API as one agent, with access tokens refreshed before expiry and
 *                    its key rotated before it expires (saved first, swapped without a failed request)
 *   agent.socket()   the agent socket: commands to handlers, heartbeats, jittered reconnects
 *   otaUpdateHandler(), walkOtaUpdate()   OTA progress reporting
 *   partnerClient()  a marketplace partner: engagement tokens, engagement events
 *   operatorClient() the operator API with an operator API token (aot_): service agents and keys,
 *                    enrollment tokens, robots, cohorts, agent commands, webhooks; pages() walks a list
 *
 * Every refusal is a ProblemError with the problem's slug and detail; a 429 is waited for as its
 * retry-after says, up to a ceiling (HttpOptions.rateLimit).
 */
export * from './api-types';
export * from './errors';
export {
  DEFAULT_RATE_LIMIT,
  HttpClient,
  type HttpOptions,
  type HttpRequest,
  type HttpResponse,
  type RateLimitPolicy,
  type RetryEvent,
} from './http';
export { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
export * from './credential-store';
export {
  claim,
  DEFAULT_CLAIM_RETRY,
  ENROLLMENT_TOKEN,
  isLostAnswer,
  newClaimId,
  type ClaimOptions,
  type ClaimResult,
  type ClaimRetryPolicy,
  type LostAnswerEvent,
} from './claim';
export {
  AgentClient,
  agentClient,
  DEFAULT_ROTATION,
  type AgentClientOptions,
  type KeyRotation,
  type RotationOptions,
} from './agent-client';
export * from './agent-socket';
export * from './socket-protocol';
export * from './ota';
export * from './partner-client';
export * from './operator-client';
export { SDK_VERSION } from './version';
