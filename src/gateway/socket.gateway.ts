import { OnApplicationShutdown, UseInterceptors } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayConnection,
  OnGatewayDisconnect,
  OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import { AgentCommandsService } from '../agent-commands';
import { Clock } from '../core/common/clock/clock';
import { acceptRequestId, REQUEST_ID_HEADER } from '../core/common/http/request-id';
import { securityHeaders } from '../core/common/http/security-headers';
import { PROBLEM_CONTENT_TYPE } from '../core/common/problem/problem-body';
import { ProblemRenderer } from '../core/common/problem/problem-renderer';
import { AppConfig } from '../core/config/app-config';
import { collectOnScrape } from '../core/metrics/collect-on-scrape';
import { SOCKET_CONNECTIONS_METRIC, SOCKET_DISCONNECTIONS_METRIC, SOCKET_OPEN_METRIC } from '../core/metrics/metric-names';
import { SOCKET_PATH } from '../socket-tokens';
import { AuthenticatedUpgrade, SocketAuthService } from './socket-auth.service';
import { SocketPolicy } from './socket-policy.service';
import {
  assertPayloadSize,
  CloseCodes,
  eventSelectionList,
  MAX_FRAME_BYTES,
  PAYLOAD_LIMITS,
  parseCommandResult,
  parseReadyEvents,
  ReplyReasons,
  SocketEventError,
} from './socket-protocol';
import { canReceiveCommands, SocketConnection, SocketRegistry } from './socket-registry';
import { SocketReplyInterceptor } from './socket-reply.interceptor';
import type { IncomingMessage } from 'node:http';
import type { Counter, Gauge } from 'prom-client';
import type { WebSocket, WebSocketServer } from 'ws';

/** Every sweep pings each socket; one that has not answered the previous ping is dropped. */
export const SOCKET_SWEEP_INTERVAL_MS = 30_000;

const ADMISSION = Symbol('socketAdmission');
type UpgradeRequest = IncomingMessage & { [ADMISSION]?: AuthenticatedUpgrade & { generation: number } };
type VerifyDone = (ok: boolean, code?: number, message?: string, headers?: Record<string, string>) => void;

/**
 * The websocket at /socket (platform-ws). Upgrades are authenticated before the 101 (socket token
 * or operator session: SocketAuthService) and refused with the HTTP status of the refusal and a
 * problem body. Frames above 64 KiB are closed with 1009 by ws before they are read. The client
 * events are ready, heartbeat and command_result; SocketWsAdapter frames the replies.
 */
@UseInterceptors(SocketReplyInterceptor)
@WebSocketGateway({ path: SOCKET_PATH, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false })
export class SocketGateway implements OnGatewayInit<WebSocketServer>, OnGatewayConnection, OnGatewayDisconnect, OnApplicationShutdown {
  private sweepTimer?: NodeJS.Timeout;
  private stopCollecting = (): void => undefined;

  /** The hardening headers of every HTTP answer (ADR 0229), on the 101 and on refused upgrades too. */
  private readonly securityHeaders: Readonly<Record<string, string>>;

  constructor(
    private readonly auth: SocketAuthService,
    private readonly registry: SocketRegistry,
    private readonly policy: SocketPolicy,
    private readonly commands: AgentCommandsService,
    private readonly clock: Clock,
    private readonly problems: ProblemRenderer,
    @InjectMetric(SOCKET_CONNECTIONS_METRIC) private readonly connections: Counter<string>,
    @InjectMetric(SOCKET_DISCONNECTIONS_METRIC) private readonly disconnections: Counter<string>,
    @InjectMetric(SOCKET_OPEN_METRIC) private readonly open: Gauge<string>,
    config: AppConfig,
  ) {
    this.securityHeaders = securityHeaders(config);
    // every reason's series exists from the start, so increase() sees the first drop
    for (const reason of ['client', 'ping_timeout', 'policy', 'shutdown']) disconnections.inc({ reason }, 0);
  }

  afterInit(server: WebSocketServer): void {
    // ws calls verifyClient with (info, done) before it answers the upgrade.
    server.options.verifyClient = (info: { req: IncomingMessage }, done: VerifyDone) => void this.verify(info.req, done);
    server.on('headers', (headers: string[], req: UpgradeRequest) => {
      headers.push(`X-Request-Id: ${acceptRequestId(req.headers[REQUEST_ID_HEADER])}`);
      for (const [name, value] of Object.entries(this.securityHeaders)) headers.push(`${name}: ${value}`);
      for (const cookie of req[ADMISSION]?.setCookies ?? []) headers.push(`Set-Cookie: ${cookie}`);
    });
    this.sweepTimer = setInterval(() => this.sweep(), SOCKET_SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
    this.stopCollecting = collectOnScrape(this.open, () => this.open.set(this.registry.size));
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweepTimer);
    this.stopCollecting();
  }

  /**
   * The start of a drain (SIGTERM): every socket of this node gets a 1001 "going away" close
   * frame, so clients reconnect elsewhere at once. Resolves when all have closed, or after
   * `timeoutMs`, when those still open are cut.
   */
  async goAway(timeoutMs: number): Promise<void> {
    const conns = this.registry.all();
    const closed = conns.map(
      (conn) =>
        new Promise<void>((resolve) => (conn.ws.readyState === conn.ws.CLOSED ? resolve() : conn.ws.once('close', () => resolve()))),
    );
    for (const conn of conns) {
      if (this.registry.remove(conn.ws)) this.disconnections.inc({ reason: 'shutdown' });
      conn.ws.close(CloseCodes.goingAway, 'server_shutting_down');
    }
    const cut = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref());
    await Promise.race([Promise.all(closed), cut]);
    for (const conn of conns) if (conn.ws.readyState !== conn.ws.CLOSED) conn.ws.terminate();
  }

  private async verify(req: UpgradeRequest, done: VerifyDone): Promise<void> {
    const generation = this.policy.generation;
    // API.md: every response carries x-request-id, the 101 and a refused upgrade too (the upgrade
    // never passes the HTTP middleware that sets it elsewhere).
    const requestId = acceptRequestId(req.headers[REQUEST_ID_HEADER]);
    req.headers[REQUEST_ID_HEADER] = requestId;
    try {
      req[ADMISSION] = { ...(await this.auth.authenticate(req)), generation };
      done(true);
    } catch (err) {
      // Answered as HTTP answers it, with its problem body: a refusal with its status; Postgres or
      // Redis unreachable as a 503 with Retry-After (the client may retry, as it would a request);
      // anything else as a logged 500 that carries no message.
      const problem = this.problems.render(err, { method: req.method, route: SOCKET_PATH, request_id: requestId });
      const status = problem.status;
      this.connections.inc({ outcome: status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : 'error' });
      done(false, status, JSON.stringify(problem.body), {
        ...this.securityHeaders,
        ...problem.headers,
        'Content-Type': PROBLEM_CONTENT_TYPE,
        'X-Request-Id': requestId,
      });
    }
  }

  handleConnection(ws: WebSocket, req: UpgradeRequest): void {
    const admission = req[ADMISSION];
    if (!admission) return ws.terminate(); // unreachable: every upgrade passes verify first
    const conn = new SocketConnection(ws, admission.identity, req.socket);
    this.registry.add(conn);
    ws.on('pong', () => (conn.alive = true));
    this.connections.inc({ outcome: 'accepted' });
    this.policy.admitted(conn, admission.generation);
  }

  /** A socket still registered when it closes was ended by its client (or its network); the server's own closes unregister first. */
  handleDisconnect(ws: WebSocket): void {
    if (this.registry.remove(ws)) this.disconnections.inc({ reason: 'client' });
  }

  /** Liveness (ping/pong) and credential expiry of every socket of this node. */
  private sweep(): void {
    for (const conn of this.registry.all()) {
      if (this.policy.closeIfExpired(conn)) continue;
      if (!conn.alive) {
        this.registry.remove(conn.ws);
        this.disconnections.inc({ reason: 'ping_timeout' });
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      conn.ws.ping();
    }
  }

  /** The socket's connection, unless it has been closed by policy or its credential has expired. */
  private connection(ws: WebSocket): SocketConnection {
    const conn = this.registry.get(ws);
    if (!conn || this.policy.closeIfExpired(conn)) throw new SocketEventError(ReplyReasons.forbidden);
    return conn;
  }

  /**
   * `ready` (payload: anything the client reports, at most 8 KiB): who the socket is; for an agent
   * socket with agent_commands:read, also its commands still waiting for a result, oldest first.
   * Its `events` (API.md Part 3) replaces the event types the socket is pushed; the reply's
   * `events` is what holds (none without events:read). A refused ready changes nothing.
   */
  @SubscribeMessage('ready')
  async ready(@ConnectedSocket() ws: WebSocket, @MessageBody() payload: Record<string, unknown>): Promise<Record<string, unknown>> {
    assertPayloadSize(payload, PAYLOAD_LIMITS.ready);
    const asked = parseReadyEvents(payload);
    const conn = this.connection(ws);
    const { identity } = conn;
    if (identity.kind === 'operator') return { kind: 'operator', user_id: identity.userId, events: [] };
    const open = canReceiveCommands(identity) ? await this.commands.open(identity.serviceAgentId) : [];
    for (const command of open) conn.markSent(command.id);
    await this.commands.markDelivered(open.filter((c) => c.status === 'pending').map((c) => c.id));
    const events = this.registry.selectEvents(conn, asked);
    return {
      kind: 'service_agent',
      credential_id: identity.credentialId,
      service_agent_id: identity.serviceAgentId,
      workspace_id: identity.workspaceId,
      scopes: identity.scopes,
      events: eventSelectionList(events),
      agent_commands: open,
    };
  }

  /** `heartbeat` (payload at most 1 KiB): keeps the socket alive; answers the server time. */
  @SubscribeMessage('heartbeat')
  heartbeat(@ConnectedSocket() ws: WebSocket, @MessageBody() payload: Record<string, unknown>): Record<string, unknown> {
    assertPayloadSize(payload, PAYLOAD_LIMITS.heartbeat);
    this.connection(ws).alive = true;
    return { server_time: this.clock.date().toISOString() };
  }

  /**
   * `command_result` `{ command_id, status: succeeded | failed, result? }` (at most 32 KiB):
   * finishes one of the agent's own commands.
   */
  @SubscribeMessage('command_result')
  async commandResult(@ConnectedSocket() ws: WebSocket, @MessageBody() payload: Record<string, unknown>): Promise<Record<string, unknown>> {
    assertPayloadSize(payload, PAYLOAD_LIMITS.command_result);
    const { identity } = this.connection(ws);
    if (identity.kind !== 'service_agent' || !canReceiveCommands(identity)) throw new SocketEventError(ReplyReasons.forbidden);
    const { commandId, status, result } = parseCommandResult(payload);
    const outcome = await this.commands.recordResult(identity.serviceAgentId, commandId, status, result);
    if (!outcome.ok) throw new SocketEventError(outcome.reason);
    return { agent_command: outcome.agentCommand };
  }
}
