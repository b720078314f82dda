import { ProblemError } from '../errors';
import { HttpClient, HttpOptions } from '../http';
import type { AgentCommand, components, OtaUpdate, OtaUpdateEnvelope, OtaUpdateRequest } from '../api-types';

const SESSION_COOKIE = '_agent_ops_key';

export type { OtaUpdateRequest } from '../api-types';

/**
 * POST /users/log-in (JSON) as a person with a password: the `name=value` of the session cookie
 * its 302 sets, for a `cookie` header on the operator routes. A refusal is a ProblemError
 * `operator_log_in_failed` (with the status; a second factor is not supported).
 */
export async function logInCookie(options: HttpOptions & { email: string; password: string }): Promise<string> {
  const http = new HttpClient(options);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const res = await fetchImpl(http.url('/users/log-in'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email: options.email, password: options.password }),
    redirect: 'manual',
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  await res.arrayBuffer();
  const session = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  if (res.status !== 302 || !session) {
    throw new ProblemError(
      { type: 'about:blank', title: 'Log-in failed', status: res.status, detail: 'operator_log_in_failed' },
      { request: 'POST /users/log-in' },
    );
  }
  return session;
}

/**
 * The operator side the simulator needs to drive a fleet: a browser session (log-in with email
 * and password) that sends agent commands and creates OTA updates. Not part of the device SDK.
 */
export class OperatorSession {
  private constructor(
    private readonly http: HttpClient,
    private readonly cookie: string,
  ) {}

  /** POST /users/log-in (JSON); the session cookie of its 302 is kept for the routes below. */
  static async logIn(options: HttpOptions & { email: string; password: string }): Promise<OperatorSession> {
    return new OperatorSession(new HttpClient(options), await logInCookie(options));
  }

  /** POST /api/v1/operator/agent_commands: pushed at once to the agent's live sockets. */
  async sendCommand(serviceAgentId: string, name: string, payload: Record<string, unknown> = {}): Promise<AgentCommand> {
    const body: components['schemas']['CreateAgentCommandDto'] = { service_agent_id: serviceAgentId, name, payload };
    const res = await this.http.request<components['schemas']['AgentCommandEnvelopeDto']>({
      method: 'post',
      path: '/api/v1/operator/agent_commands',
      headers: { cookie: this.cookie },
      body,
    });
    return res.body.agent_command;
  }

  /** POST /api/v1/operator/ota-updates (one robot): the service pushes `ota_update` to the robot. */
  async createOtaUpdate(request: OtaUpdateRequest): Promise<OtaUpdate> {
    const res = await this.http.request<OtaUpdateEnvelope>({
      method: 'post',
      path: '/api/v1/operator/ota-updates',
      headers: { cookie: this.cookie },
      body: request,
    });
    return res.body.ota_update;
  }
}
