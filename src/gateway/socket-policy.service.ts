import { Injectable, Logger, OnApplicationShutdown, OnModuleInit, Optional } from '@nestjs/common';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import { Clock } from '../core/common/clock/clock';
import { ProblemError } from '../core/common/problem/problem.error';
import { SOCKET_DISCONNECTIONS_METRIC } from '../core/metrics/metric-names';
import { CredentialEvents } from '../core/redis/credential-events';
import { EventBus } from '../core/redis/event-bus.service';
import { SessionEvents } from '../core/redis/redis-keys';
import { MachineAuthError } from '../credentials';
import { SessionsService } from '../sessions';
import { SocketTokensService } from '../socket-tokens';
import { CloseCodes } from './socket-protocol';
import { AgentSocketIdentity, OperatorSocketIdentity, SocketConnection, SocketKeys, SocketRegistry } from './socket-registry';
import type { Counter } from 'prom-client';

/** How many recent events are remembered for upgrades that were being verified when they arrived. */
const RECENT_EVENTS = 4_096;
/** While the event bus is down, every agent socket's credential is re-read this often. */
export const BUS_DOWN_RECHECK_MS = 500;
/** WebSocket close reasons are at most 123 bytes. */
const MAX_CLOSE_REASON = 123;
/** The longest delay setTimeout takes; an expiry further away is left to the sweep. */
const MAX_TIMER_MS = 2 ** 31 - 1;

type Effect = 'recheck' | 'session_ended' | 'sessions_revoked' | 'membership_ended';

const isAgent = (conn: SocketConnection): conn is SocketConnection & { identity: AgentSocketIdentity } =>
  conn.identity.kind === 'service_agent';
const isOperator = (conn: SocketConnection): conn is SocketConnection & { identity: OperatorSocketIdentity } =>
  conn.identity.kind === 'operator';

/**
 * Keeps live sockets within what their credentials allow, on every node. A change to a
 * credential, an agent or a workspace (events from any node) re-reads the affected credentials'
 * state and closes the sockets HTTP would now refuse: 4401 when the credential is revoked,
 * archived or expired, 4403 when the agent is inactive or the workspace refuses machine traffic,
 * the reason being the HTTP refusal's code. An ended session, a password reset or the end of one
 * of the account's memberships (ADR 0243) closes the operator's sockets with 4401.
 *
 * An upgrade is verified before its socket is registered; events that arrive in between are
 * remembered (a generation counter and a bounded list) and applied when the socket registers.
 *
 * A credential's expiry is known at connect and may be set later (a rotation gives the old key an
 * end, ADR 0233): a re-check that finds a new one keeps it on the socket. A timer per credential
 * closes its sockets with 4401 `api_key_expired` when the expiry comes (the sweep and every client
 * event check it too).
 */
@Injectable()
export class SocketPolicy implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('SocketGateway');
  private generationCounter = 0;
  private watch?: NodeJS.Timeout;
  private readonly recent: { generation: number; key: string; effect: Effect }[] = [];
  /** By credential id: the expiry its sockets are closed at (one timer per credential, however many sockets). */
  private readonly expiryTimers = new Map<string, { at: number; timer: NodeJS.Timeout }>();

  constructor(
    private readonly registry: SocketRegistry,
    private readonly tokens: SocketTokensService,
    private readonly sessions: SessionsService,
    private readonly events: EventBus,
    private readonly clock: Clock,
    @Optional() @InjectMetric(SOCKET_DISCONNECTIONS_METRIC) private readonly disconnections?: Counter<string>,
  ) {}

  get generation(): number {
    return this.generationCounter;
  }

  onModuleInit(): void {
    const on = (type: string, key: (e: Record<string, unknown>) => string, effect: Effect) =>
      this.events.on(type, (e) => this.apply(key(e), effect));
    on(CredentialEvents.credentialChanged, (e) => SocketKeys.credential(String(e.credentialId)), 'recheck');
    on(CredentialEvents.agentChanged, (e) => SocketKeys.agent(String(e.serviceAgentId)), 'recheck');
    on(CredentialEvents.workspaceChanged, (e) => SocketKeys.workspace(String(e.workspaceId)), 'recheck');
    on(SessionEvents.sessionEnded, (e) => SocketKeys.session(String(e.sessionId)), 'session_ended');
    on(SessionEvents.userSessionsRevoked, (e) => SocketKeys.user(String(e.userId)), 'sessions_revoked');
    on(SessionEvents.userMembershipEnded, (e) => SocketKeys.user(String(e.userId)), 'membership_ended');
    // Events missed while the bus is down would leave revoked credentials and ended sessions
    // connected: re-read every socket's credential or session from the database meanwhile, and
    // once more when the bus is back.
    this.events.onHealthChange((healthy) => {
      clearInterval(this.watch);
      this.watch = undefined;
      if (!healthy) {
        this.watch = setInterval(() => void this.recheckAll(), BUS_DOWN_RECHECK_MS);
        this.watch.unref();
      }
      void this.recheckAll();
    });
  }

  onApplicationShutdown(): void {
    clearInterval(this.watch);
    for (const { timer } of this.expiryTimers.values()) clearTimeout(timer);
    this.expiryTimers.clear();
  }

  /** Re-checks every socket of this node; a failed read leaves them as they are, to retry. */
  async recheckAll(): Promise<void> {
    const all = this.registry.all();
    this.generationCounter++;
    try {
      await Promise.all([this.recheck(all.filter(isAgent)), this.recheckSessions(all.filter(isOperator))]);
    } catch (err) {
      this.logger.warn(`socket re-check failed: ${(err as Error).message}`);
    }
  }

  /** Closes operator sockets whose session ended (log-out, password reset, an account suspended by SCIM). */
  private async recheckSessions(conns: (SocketConnection & { identity: OperatorSocketIdentity })[]): Promise<void> {
    if (conns.length === 0) return;
    const live = await this.sessions.liveSessionIds([...new Set(conns.map((c) => c.identity.sessionId))]);
    for (const conn of conns) if (!live.has(conn.identity.sessionId)) this.close(conn, CloseCodes.unauthorized, 'session_ended');
  }

  /** A socket just registered, verified as of `verifiedAt`: applies what it missed since. */
  admitted(conn: SocketConnection, verifiedAt: number): void {
    if (isAgent(conn) && conn.identity.credentialExpiresAt !== null)
      this.closeExpiredAt(conn.identity.credentialId, conn.identity.credentialExpiresAt);
    if (verifiedAt === this.generationCounter) return;
    const oldest = this.recent[0]?.generation ?? this.generationCounter + 1;
    if (verifiedAt + 1 < oldest) {
      // More events than remembered arrived meanwhile: assume the worst.
      this.affect([conn], isAgent(conn) ? 'recheck' : 'session_ended');
      return;
    }
    for (const event of this.recent) {
      if (event.generation > verifiedAt && conn.keys.includes(event.key)) this.affect([conn], event.effect);
    }
  }

  /** The credential's own expiry (known at connect, or learnt since): checked on every client event, every sweep and when it comes. */
  closeIfExpired(conn: SocketConnection): boolean {
    if (!isAgent(conn) || conn.identity.credentialExpiresAt === null) return false;
    if (conn.identity.credentialExpiresAt > this.clock.now()) return false;
    this.close(conn, CloseCodes.unauthorized, 'api_key_expired');
    return true;
  }

  private apply(key: string, effect: Effect): void {
    this.generationCounter++;
    this.recent.push({ generation: this.generationCounter, key, effect });
    if (this.recent.length > RECENT_EVENTS) this.recent.shift();
    this.affect(this.registry.find(key), effect);
  }

  private affect(conns: SocketConnection[], effect: Effect): void {
    if (conns.length === 0) return;
    if (effect === 'recheck') {
      const agents = conns.filter(isAgent);
      this.recheck(agents).catch((err: unknown) => {
        // A change that cannot be checked is not ignored: the sockets reconnect and are verified then.
        this.logger.error({ err }, 'socket re-check failed; closing the affected sockets');
        for (const conn of agents) this.close(conn, CloseCodes.tryAgainLater, 'recheck_failed');
      });
      return;
    }
    for (const conn of conns) this.close(conn, CloseCodes.unauthorized, effect);
  }

  /** Closes the sockets whose credential HTTP authentication would now refuse. */
  private async recheck(conns: (SocketConnection & { identity: AgentSocketIdentity })[]): Promise<void> {
    if (conns.length === 0) return;
    const states = await this.tokens.credentialStates([...new Set(conns.map((c) => c.identity.credentialId))]);
    for (const conn of conns) {
      try {
        const state = states.get(conn.identity.credentialId);
        if (!state) throw new MachineAuthError('invalid_token');
        this.tokens.assertAccepted(state);
        this.learnExpiry(conn, state.credentialExpiresAt);
      } catch (err) {
        if (!(err instanceof ProblemError)) throw err;
        const code = err.status === 401 ? CloseCodes.unauthorized : CloseCodes.forbidden;
        this.close(conn, code, err.code);
      }
    }
  }

  /** Keeps a credential expiry that changed since connect, and closes the credential's sockets when it comes. */
  private learnExpiry(conn: SocketConnection & { identity: AgentSocketIdentity }, expiresAt: Date | null): void {
    const at = expiresAt ? expiresAt.getTime() : null;
    if (at === conn.identity.credentialExpiresAt) return;
    conn.identity.credentialExpiresAt = at;
    if (at !== null) this.closeExpiredAt(conn.identity.credentialId, at);
  }

  private closeExpiredAt(credentialId: string, at: number): void {
    const scheduled = this.expiryTimers.get(credentialId);
    if (scheduled?.at === at) return;
    if (scheduled) clearTimeout(scheduled.timer);
    this.expiryTimers.delete(credentialId);
    const delay = at - this.clock.now();
    if (delay > MAX_TIMER_MS) return;
    const timer = setTimeout(
      () => {
        this.expiryTimers.delete(credentialId);
        if (at > this.clock.now()) return this.closeExpiredAt(credentialId, at);
        for (const conn of this.registry.find(SocketKeys.credential(credentialId))) this.closeIfExpired(conn);
      },
      Math.max(0, delay) + 1,
    );
    timer.unref();
    this.expiryTimers.set(credentialId, { at, timer });
  }

  close(conn: SocketConnection, code: number, reason: string): void {
    if (!this.registry.remove(conn.ws)) return;
    this.disconnections?.inc({ reason: 'policy' });
    conn.ws.close(code, Buffer.from(reason).subarray(0, MAX_CLOSE_REASON).toString());
  }
}
