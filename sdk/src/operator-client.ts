import { HttpClient, HttpOptions } from './http';
import { typedRequest, type OptionalIfEmpty } from './typed-request';
import type {
  AgentCommand,
  AgentCommandList,
  AgentCommandRequest,
  ApiKeyRequest,
  ApiKeySummary,
  Cohort,
  CohortList,
  CohortRequest,
  CohortShow,
  EnrollmentToken,
  EnrollmentTokenList,
  EnrollmentTokenRequest,
  HttpMethod,
  IssuedApiKey,
  IssuedEnrollmentToken,
  Pagination,
  PathsWith,
  QueryParams,
  RequestOptions,
  ResponseBody,
  Robot,
  RobotList,
  RobotRequest,
  ServiceAgent,
  ServiceAgentList,
  ServiceAgentRequest,
  ServiceAgentUpdate,
  WebhookSubscriptionList,
  WebhookSubscriptionRequest,
  WebhookSubscriptionWithSecret,
} from './api-types';

/** `aot_<prefix>.<secret>`, as POST /api/v1/operator/api_tokens (or /app/settings/api_tokens) shows it once. */
export const OPERATOR_API_TOKEN = /^aot_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export interface OperatorClientOptions extends HttpOptions {
  /** The operator API token, `aot_<prefix>.<secret>`, created by an owner or admin of the workspace. */
  apiToken: string;
}

/** The paths of the operator plane that have an operation for `M` (the only ones a token opens). */
export type OperatorPath<M extends HttpMethod> = Extract<PathsWith<M>, `/api/v1/operator/${string}`>;

/** The query of an operator list (`limit`, `offset`, filters), as the OpenAPI document declares it. */
export type ListQuery<P extends OperatorPath<'get'>> = QueryParams<P, 'get'>;

const SERVICE_AGENTS = '/api/v1/operator/service_agents';
const ENROLLMENT_TOKENS = '/api/v1/operator/enrollment_tokens';
const ROBOTS = '/api/v1/operator/robots';
const COHORTS = '/api/v1/operator/cohorts';
const AGENT_COMMANDS = '/api/v1/operator/agent_commands';
const WEBHOOK_SUBSCRIPTIONS = '/api/v1/operator/webhook_subscriptions';

/**
 * The operator API as an operator API token (`Authorization: Bearer aot_...`), for scripts and CI:
 * acts on the token's workspace with the token's role. A route above that role is a ProblemError
 * 403 `insufficient_role`; one that needs a person (API tokens, members, SSO ...) 403
 * `person_required`; a revoked or expired token 401 `api_token_revoked` / `api_token_expired`.
 * Token requests count in the machine rate limit: a 429 is waited for as its retry-after says
 * (HttpOptions.rateLimit). Lists take the document's `limit` and `offset` (and filters) and answer
 * `pagination`; pages() walks them.
 */
export class OperatorClient {
  readonly http: HttpClient;
  private readonly authorization: string;

  constructor(options: OperatorClientOptions) {
    if (!OPERATOR_API_TOKEN.test(options.apiToken ?? ''))
      throw new TypeError('apiToken is not an operator API token (aot_<prefix>.<secret>)');
    this.http = new HttpClient(options);
    this.authorization = `Bearer ${options.apiToken}`;
  }

  /**
   * A typed call of any operator route of the OpenAPI document, with this token:
   * `await operator.request('get', '/api/v1/operator/audit_events', { params: { query: { limit: 20 } } })`.
   */
  async request<M extends HttpMethod, P extends OperatorPath<M>>(
    method: M,
    path: P,
    ...options: OptionalIfEmpty<RequestOptions<P, M>>
  ): Promise<ResponseBody<P, M>> {
    const req = typedRequest(path, options[0]);
    return (await this.http.request<ResponseBody<P, M>>({ method, ...req, headers: { authorization: this.authorization } })).body;
  }

  // Service agents and their keys (owner/admin, listing: any role)

  /**
   * GET /api/v1/operator/service_agents: a page of the workspace's service agents, newest first
   * (`limit` default 100, max 500; `offset`; `status`). There is no total: a page shorter than
   * `limit` is the last.
   */
  listServiceAgents(query: ListQuery<typeof SERVICE_AGENTS> = {}, signal?: AbortSignal): Promise<ServiceAgentList> {
    return this.request('get', SERVICE_AGENTS, { params: { query }, signal });
  }

  /** POST /api/v1/operator/service_agents `{ name, scopes? }`. */
  async createServiceAgent(request: ServiceAgentRequest, signal?: AbortSignal): Promise<ServiceAgent> {
    return (await this.request('post', SERVICE_AGENTS, { body: request, signal })).service_agent;
  }

  /** PATCH /api/v1/operator/service_agents/:id `{ name?, status? }`: `inactive` refuses its keys and closes its sockets at once. */
  async updateServiceAgent(id: string, update: ServiceAgentUpdate, signal?: AbortSignal): Promise<ServiceAgent> {
    return (await this.request('patch', `${SERVICE_AGENTS}/{id}`, { params: { path: { id } }, body: update, signal })).service_agent;
  }

  /** POST /api/v1/operator/service_agents/:id/api_keys: an agk_ key for the agent (`key` is shown in this answer only). */
  async issueApiKey(serviceAgentId: string, request: ApiKeyRequest = {}, signal?: AbortSignal): Promise<IssuedApiKey> {
    const path = `${SERVICE_AGENTS}/{id}/api_keys` as const;
    return (await this.request('post', path, { params: { path: { id: serviceAgentId } }, body: request, signal })).api_key;
  }

  /** POST /api/v1/operator/api_keys/:credential_id/archive: refused from then on (401 `api_key_archived`). */
  async archiveApiKey(credentialId: string, signal?: AbortSignal): Promise<ApiKeySummary> {
    const path = '/api/v1/operator/api_keys/{credential_id}/archive';
    return (await this.request('post', path, { params: { path: { credential_id: credentialId } }, signal })).api_key;
  }

  /** POST /api/v1/operator/api_keys/:credential_id/revoke: revoked for good, with its access tokens. */
  async revokeApiKey(credentialId: string, signal?: AbortSignal): Promise<ApiKeySummary> {
    const path = '/api/v1/operator/api_keys/{credential_id}/revoke';
    return (await this.request('post', path, { params: { path: { credential_id: credentialId } }, signal })).api_key;
  }

  // Enrollment tokens (owner/admin, listing: any role)

  /**
   * POST /api/v1/operator/enrollment_tokens: an age_ token devices claim (`token` is shown in this
   * answer only). Single-use by default; `max_claims` above 1 makes a fleet token.
   */
  async createEnrollmentToken(request: EnrollmentTokenRequest = {}, signal?: AbortSignal): Promise<IssuedEnrollmentToken> {
    return (await this.request('post', ENROLLMENT_TOKENS, { body: request, signal })).enrollment_token;
  }

  /** GET /api/v1/operator/enrollment_tokens (newest first, never a secret). */
  listEnrollmentTokens(query: ListQuery<typeof ENROLLMENT_TOKENS> = {}, signal?: AbortSignal): Promise<EnrollmentTokenList> {
    return this.request('get', ENROLLMENT_TOKENS, { params: { query }, signal });
  }

  /** POST /api/v1/operator/enrollment_tokens/:id/revoke: later claims are 409 `enrollment_revoked`. */
  async revokeEnrollmentToken(id: string, signal?: AbortSignal): Promise<EnrollmentToken> {
    return (await this.request('post', `${ENROLLMENT_TOKENS}/{id}/revoke`, { params: { path: { id } }, signal })).enrollment_token;
  }

  // Robots (owner/admin, listing: any role)

  /**
   * POST /api/v1/operator/robots `{ serial_number, name? }`: a `pending` robot that a fleet token's
   * claim with its serial binds. A serial already in the workspace is 422.
   */
  async preRegisterRobot(request: RobotRequest, signal?: AbortSignal): Promise<Robot> {
    return (await this.request('post', ROBOTS, { body: request, signal })).robot;
  }

  /** GET /api/v1/operator/robots (newest first; `status` or `filter[status]`: pending, active, retired). */
  listRobots(query: ListQuery<typeof ROBOTS> = {}, signal?: AbortSignal): Promise<RobotList> {
    return this.request('get', ROBOTS, { params: { query }, signal });
  }

  /** POST /api/v1/operator/robots/:id/retire: for good; later claims of its serial are 410 `robot_decommissioned`. */
  async retireRobot(id: string, signal?: AbortSignal): Promise<Robot> {
    return (await this.request('post', `${ROBOTS}/{id}/retire`, { params: { path: { id } }, signal })).robot;
  }

  /** POST /api/v1/operator/robots/:id/reset: back to `pending`, its agent's keys revoked; a retired robot is 409 `robot_retired`. */
  async resetRobot(id: string, signal?: AbortSignal): Promise<Robot> {
    return (await this.request('post', `${ROBOTS}/{id}/reset`, { params: { path: { id } }, signal })).robot;
  }

  // Cohorts (owner/admin, reading: any role)

  /** POST /api/v1/operator/cohorts `{ name }` (unique in the workspace, ignoring case). */
  async createCohort(request: CohortRequest, signal?: AbortSignal): Promise<Cohort> {
    return (await this.request('post', COHORTS, { body: request, signal })).cohort;
  }

  /** GET /api/v1/operator/cohorts (newest first). */
  listCohorts(query: ListQuery<typeof COHORTS> = {}, signal?: AbortSignal): Promise<CohortList> {
    return this.request('get', COHORTS, { params: { query }, signal });
  }

  /** GET /api/v1/operator/cohorts/:id: the cohort and a page of its robots (`members`). */
  showCohort(id: string, query: ListQuery<`${typeof COHORTS}/{id}`> = {}, signal?: AbortSignal): Promise<CohortShow> {
    return this.request('get', `${COHORTS}/{id}`, { params: { path: { id }, query }, signal });
  }

  // Agent commands (any role)

  /** POST /api/v1/operator/agent_commands `{ service_agent_id, name, payload? }`: pushed at once to the agent's sockets. */
  async createAgentCommand(request: AgentCommandRequest, signal?: AbortSignal): Promise<AgentCommand> {
    return (await this.request('post', AGENT_COMMANDS, { body: request, signal })).agent_command;
  }

  /** GET /api/v1/operator/agent_commands: the newest `limit` commands (no offset: this list is not paged further). */
  listAgentCommands(query: ListQuery<typeof AGENT_COMMANDS> = {}, signal?: AbortSignal): Promise<AgentCommandList> {
    return this.request('get', AGENT_COMMANDS, { params: { query }, signal });
  }

  // Webhook subscriptions (owner/admin)

  /** POST /api/v1/operator/webhook_subscriptions `{ url, event_types, description? }` (`secret` is shown in this answer only). */
  async createWebhookSubscription(request: WebhookSubscriptionRequest, signal?: AbortSignal): Promise<WebhookSubscriptionWithSecret> {
    return (await this.request('post', WEBHOOK_SUBSCRIPTIONS, { body: request, signal })).webhook_subscription;
  }

  /** GET /api/v1/operator/webhook_subscriptions (newest first, without secrets). */
  listWebhookSubscriptions(query: ListQuery<typeof WEBHOOK_SUBSCRIPTIONS> = {}, signal?: AbortSignal): Promise<WebhookSubscriptionList> {
    return this.request('get', WEBHOOK_SUBSCRIPTIONS, { params: { query }, signal });
  }

  /** DELETE /api/v1/operator/webhook_subscriptions/:id (204), with its deliveries. */
  async deleteWebhookSubscription(id: string, signal?: AbortSignal): Promise<void> {
    await this.request('delete', `${WEBHOOK_SUBSCRIPTIONS}/{id}`, { params: { path: { id } }, signal });
  }
}

/** A page of an offset-paged list: its items are the rest of the body. */
export interface Page {
  count: number;
  pagination: Pagination;
}

/**
 * Every page of an offset-paged list, from `offset` 0 until `pagination.has_more` is false:
 * `for await (const page of pages((p) => operator.listRobots({ ...p, limit: 100 }))) ...`. Items
 * added meanwhile shift later pages (lists are newest first), so an item may come twice; the
 * service refuses an offset above the list's maximum (10,000 for most) with 400 `invalid_offset`.
 */
export async function* pages<L extends Page>(list: (page: { offset: number }) => Promise<L>): AsyncGenerator<L, void, undefined> {
  for (let offset = 0; ;) {
    const page = await list({ offset });
    yield page;
    if (!page.pagination.has_more || page.count === 0) return;
    offset += page.count;
  }
}

export function operatorClient(options: OperatorClientOptions): OperatorClient {
  return new OperatorClient(options);
}
