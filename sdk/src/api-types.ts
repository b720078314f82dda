/**
 * Names for the generated OpenAPI types (./generated/openapi.ts, from the service's own document),
 * and the type-level helpers that give `AgentClient.request` its typed paths, bodies and answers.
 */
import type { components, paths } from './generated/openapi';

export type { components, operations, paths } from './generated/openapi';

type Schemas = components['schemas'];

export type Problem = Schemas['ProblemDto'];
export type TokenResponse = Schemas['TokenResponseDto'];
export type SocketTokenResponse = Schemas['SocketTokenResponseDto'];
export type ClaimRequest = Schemas['ClaimEnrollmentDto'];
export type ClaimResponse = Schemas['ClaimResponseDto'];
export type ApiKey = Schemas['ApiKeyDto'];
export type AccessTokenGrant = Schemas['AccessTokenDto'];
export type AgentCommand = Schemas['AgentCommandDto'];
export type AgentCommandStatus = AgentCommand['status'];
export type Robot = Schemas['RobotDto'];
export type MachineScope = Schemas['MachineScope'];

// Self-rotation (API.md Part 3 "Fleets in the field")
/** The body of POST /api/v1/credentials/rotate: how long the old key keeps working (0..604800 s, default 3600). */
export type RotateRequest = Schemas['RotateCredentialDto'];
/** The 201 answer of POST /api/v1/credentials/rotate: a new key for the same agent, and when the old one stops. */
export type RotateResponse = Schemas['RotateCredentialResponseDto'];

// OTA updates (API.md "Domain resources")
export type OtaUpdate = Schemas['OtaUpdateDto'];
export type OtaUpdateStatus = OtaUpdate['status'];
/** Every status of an OTA update, in the order an update moves. */
export const OTA_UPDATE_STATUSES = [
  'pending',
  'downloading',
  'installing',
  'succeeded',
  'failed',
  'cancelled',
] as const satisfies readonly OtaUpdateStatus[];
/** What a robot reports with PATCH /api/v1/ota_updates/:id, forward only. */
export type OtaProgressReport = Schemas['ReportOtaUpdateDto'];
export type OtaReportStatus = OtaProgressReport['status'];
export type OtaUpdateEnvelope = Schemas['OtaUpdateEnvelopeDto'];
/** The body of POST /api/v1/operator/ota-updates. */
export type OtaUpdateRequest = Schemas['CreateOtaUpdateDto'];

// Partners and engagements (API.md "Partners and engagements")
export type EngagementScope = Schemas['EngagementScope'];
export type Engagement = Schemas['EngagementDto'];
export type EngagementList = Schemas['EngagementListDto'];
export type EngagementToken = Schemas['EngagementTokenDto'];
export type EngagementTokenEnvelope = Schemas['EngagementTokenEnvelopeDto'];
/** The body of POST /api/v1/partner/engagements/{id}/tokens. */
export type EngagementTokenRequest = Schemas['MintEngagementTokenDto'];
export type EngagementEvent = Schemas['EngagementEventDto'];
/** The body of POST /api/v1/engagements/{id}/events. */
export type EngagementEventRequest = Schemas['PostEngagementEventDto'];
export type EngagementEventEnvelope = Schemas['EngagementEventEnvelopeDto'];
export type EngagementEventList = Schemas['EngagementEventListDto'];

// The operator plane with an operator API token (API.md Part 3 "Operator API tokens and IP allowlists"): OperatorClient
export type Pagination = Schemas['PaginationDto'];
export type ServiceAgent = Schemas['ServiceAgentDto'];
export type ServiceAgentList = Schemas['ServiceAgentListDto'];
/** The body of POST /api/v1/operator/service_agents. */
export type ServiceAgentRequest = Schemas['CreateServiceAgentDto'];
/** The body of PATCH /api/v1/operator/service_agents/{id}: `name`, `status` (active or inactive). */
export type ServiceAgentUpdate = Schemas['UpdateServiceAgentDto'];
/** The body of POST /api/v1/operator/service_agents/{id}/api_keys. */
export type ApiKeyRequest = Schemas['IssueApiKeyDto'];
/** An issued agk_ key, with its secret (shown once). */
export type IssuedApiKey = Schemas['IssuedApiKeyDto'];
/** A key without its secret, as archive and revoke answer it. */
export type ApiKeySummary = Schemas['ApiKeySummaryDto'];
/** The body of POST /api/v1/operator/enrollment_tokens. */
export type EnrollmentTokenRequest = Schemas['IssueEnrollmentTokenDto'];
/** A minted age_ token, with its secret `token` (shown once). */
export type IssuedEnrollmentToken = Schemas['IssuedEnrollmentTokenDto'];
export type EnrollmentToken = Schemas['EnrollmentTokenDto'];
export type EnrollmentTokenList = Schemas['EnrollmentTokenListDto'];
/** The body of POST /api/v1/operator/robots: a pending robot a fleet claim with its serial binds. */
export type RobotRequest = Schemas['PreRegisterRobotDto'];
export type RobotList = Schemas['RobotListDto'];
export type Cohort = Schemas['CohortDto'];
/** The body of POST /api/v1/operator/cohorts. */
export type CohortRequest = Schemas['CreateCohortDto'];
export type CohortList = Schemas['CohortListDto'];
/** A cohort with a page of its member robots. */
export type CohortShow = Schemas['CohortShowDto'];
/** The body of POST /api/v1/operator/agent_commands. */
export type AgentCommandRequest = Schemas['CreateAgentCommandDto'];
export type AgentCommandList = Schemas['AgentCommandListDto'];
export type WebhookEventType = Schemas['WebhookEventTypeSelection'];
export type WebhookSubscription = Schemas['WebhookSubscriptionDto'];
/** A new subscription, with its signing secret `secret` (shown once). */
export type WebhookSubscriptionWithSecret = Schemas['WebhookSubscriptionWithSecretDto'];
/** The body of POST /api/v1/operator/webhook_subscriptions. */
export type WebhookSubscriptionRequest = Schemas['CreateWebhookSubscriptionDto'];
export type WebhookSubscriptionList = Schemas['WebhookSubscriptionListDto'];

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths of the document that have an operation for `M`. */
export type PathsWith<M extends HttpMethod> = {
  [P in keyof paths]: paths[P][M] extends { responses: unknown } ? P : never;
}[keyof paths];

type Operation<P extends keyof paths, M extends HttpMethod> = NonNullable<paths[P][M]>;
type Responses<P extends keyof paths, M extends HttpMethod> = Operation<P, M> extends { responses: infer R } ? R : never;
type JsonContent<R> = R extends { content: { 'application/json': infer J } } ? J : undefined;

/** The JSON body of the operation's 2xx answers. */
export type ResponseBody<P extends keyof paths, M extends HttpMethod> = {
  [S in keyof Responses<P, M>]: S extends 200 | 201 | 202 | 204 ? JsonContent<Responses<P, M>[S]> : never;
}[keyof Responses<P, M>];

/** The operation's JSON request body (never for routes that take none). */
export type RequestBody<P extends keyof paths, M extends HttpMethod> =
  Operation<P, M> extends { requestBody: { content: { 'application/json': infer B } } }
    ? B
    : Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } }
      ? B | undefined
      : never;

type Params<P extends keyof paths, M extends HttpMethod> = Operation<P, M> extends { parameters: infer X } ? X : never;

type PathParams<P extends keyof paths, M extends HttpMethod> =
  Params<P, M> extends { path: infer X } ? (X extends Record<string, unknown> ? X : never) : never;
/** The operation's query parameters (a list's `limit`, `offset` and filters), as the document declares them. */
export type QueryParams<P extends keyof paths, M extends HttpMethod> =
  Params<P, M> extends { query?: infer X } ? (X extends Record<string, unknown> ? X : never) : never;

/** `params.path` is required where the path has `{placeholders}`; `body` where the route needs one. */
export type RequestOptions<P extends keyof paths, M extends HttpMethod> = ([PathParams<P, M>] extends [never]
  ? { params?: { query?: QueryParams<P, M> } }
  : { params: { path: PathParams<P, M>; query?: QueryParams<P, M> } }) &
  ([RequestBody<P, M>] extends [never]
    ? { body?: undefined }
    : undefined extends RequestBody<P, M>
      ? { body?: RequestBody<P, M> }
      : { body: RequestBody<P, M> }) & {
    signal?: AbortSignal;
  };
