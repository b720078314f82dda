import { EventEmitter } from 'node:events';
import WebSocket from 'ws';
import { BackoffOptions, backoffDelay, DEFAULT_BACKOFF, sleep } from './backoff';
import { ProblemError, ReplyError, systemCode, TransportError } from './errors';
import { problemFrom, retryAfterMs } from './http';
import {
  CloseCodes,
  CommandResultPayload,
  DomainEvent,
  jsonBytes,
  MAX_FRAME_BYTES,
  parseServerFrame,
  PAYLOAD_LIMITS,
  ReadyReply,
  ReplyFrame,
  type ReplyReason,
} from './socket-protocol';
import { SDK_USER_AGENT } from './version';
import type { AgentClient } from './agent-client';
import type { AgentCommand } from './api-types';
import type { IncomingMessage } from 'node:http';

export interface CommandContext {
  /** Aborted when the socket is stopped. */
  signal: AbortSignal;
  agent: AgentClient;
}

/**
 * Runs one command. What it returns is the command's `result` (status `succeeded`); what it
 * throws makes the command `failed`, with `{ error: message }` as result, or CommandFailed's own.
 */
export type CommandHandler = (command: AgentCommand, context: CommandContext) => unknown;

/** Thrown by a handler to fail a command with a result of its choosing. */
export class CommandFailed extends Error {
  override readonly name = 'CommandFailed';
  constructor(
    readonly result: unknown,
    message = 'command failed',
  ) {
    super(message);
  }
}

export interface AgentSocketOptions {
  /** Handlers by command name. */
  handlers?: Record<string, CommandHandler>;
  /** For names without a handler; without one, such commands fail with `unknown_command`. */
  defaultHandler?: CommandHandler;
  /** What the device tells the service with `ready` (at most 8 KiB of JSON). */
  readyPayload?: Record<string, unknown>;
  /**
   * The domain event types this socket receives as `event` (`['*']`: all of them), sent as
   * `events` in `ready`: the service pushes only the types a socket names, and only while its
   * credential holds `events:read`. A client that rotates its key when told adds `api_key.expiring`.
   */
  events?: string[];
  /** A heartbeat every this many ms (the service drops sockets silent for two 30 s sweeps). Default 25,000. */
  heartbeatIntervalMs?: number;
  /** A reply not received within this many ms counts as a dead connection. Default 10,000. */
  replyTimeoutMs?: number;
  /** The upgrade must complete within this many ms. Default 10,000. */
  connectTimeoutMs?: number;
  /** Reconnect delays: exponential, jittered. */
  backoff?: BackoffOptions;
  /** A connection that lasted this long starts the next reconnect from the shortest delay again. Default 10,000 ms. */
  stableAfterMs?: number;
  /**
   * The Origin header of the upgrade. The service accepts upgrades in production only from its own
   * origin, which is the base URL's unless a proxy rewrites it; null sends none.
   */
  origin?: string | null;
}

export interface ReadyInfo {
  /** From starting to connect (socket token included) to the ready reply, in ms. */
  connectMs: number;
  /** 0 for the first connection, n for the nth reconnect. */
  attempt: number;
}

export interface CommandOutcome {
  command: AgentCommand;
  status: 'succeeded' | 'failed';
  result: unknown;
  /** From receiving the command to the service accepting its result, in ms. */
  durationMs: number;
  /** `ok`, or the service's reason for not taking it (`command_finished`: it already had one). */
  reply: string;
}

export type AgentSocketState = 'idle' | 'connecting' | 'ready' | 'reconnecting' | 'closed';

export interface AgentSocketEvents {
  connecting: [{ attempt: number }];
  ready: [ReadyReply, ReadyInfo];
  command: [AgentCommand];
  result: [CommandOutcome];
  event: [DomainEvent];
  /** A heartbeat's reply: the service's clock and the round trip. */
  heartbeat: [{ serverTime: string; roundTripMs: number }];
  disconnected: [{ code: number; reason: string; error?: unknown }];
  reconnecting: [{ attempt: number; delayMs: number; error?: unknown }];
  /**
   * Final: after stop(), or a refusal that reconnecting cannot cure (`error`: a ProblemError such
   * as api_key_revoked or a missing sockets:connect, or a ReplyError for a ready the service
   * refuses, such as invalid_payload).
   */
  closed: [{ error?: ProblemError | ReplyError }];
}

interface CommandState {
  command: AgentCommand;
  receivedAt: number;
  outcome?: CommandResultPayload;
  acknowledged: boolean;
  sending: boolean;
  /** Sends of its result that were not acknowledged (no reply in time, or not stored): the next waits longer. */
  retries: number;
}

interface Pending {
  resolve: (reply: ReplyFrame) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

interface SessionEnd {
  code: number;
  reason: string;
  error?: unknown;
  /** How long the socket was ready, in ms (0 if it never was). */
  readyForMs: number;
  /** The client's key generation the session connected under. */
  generation?: number;
}

/** Commands remembered for de-duplication (delivery is at least once). */
const REMEMBERED_COMMANDS = 1024;
/** A socket token is reused for reconnects until this close to its expiry. */
const SOCKET_TOKEN_MARGIN_MS = 30_000;
/** Server frames can hold a ready reply with 100 commands of 32 KiB each. */
const MAX_SERVER_FRAME_BYTES = 8 * 1024 * 1024;
/**
 * Replies to a command_result that did not store it (a dependency out of reach, or a bug): the
 * result is sent again after the next ready, and after `retry_after` seconds when the reply
 * carries it (at most MAX_RESULT_RETRY_S).
 */
const RESULT_NOT_STORED: ReadonlySet<string> = new Set<ReplyReason>(['database_unavailable', 'redis_unavailable', 'internal_error']);
const MAX_RESULT_RETRY_S = 60;
/**
 * Refusals of `ready` that another connection may not meet: the service could not answer it now
 * (a dependency, or a bug), or the socket was closed by a policy an operator may lift. Any other
 * reason (invalid_payload, unknown_event_type ...) would be met on every attempt, so it is final.
 */
const READY_RETRYABLE: ReadonlySet<string> = new Set<ReplyReason>([
  'database_unavailable',
  'redis_unavailable',
  'internal_error',
  'forbidden',
]);
/** The 403 detail of a credential without the scope a route needs (sockets:connect for socket tokens). */
const MISSING_SCOPE: ReadonlySet<string> = new Set([
  'The token does not have sufficient scope',
  'insufficient_scope',
  'insufficient_scopes',
]);
/** The most a retry-after of a refused upgrade or ready makes a reconnect wait. */
const MAX_RETRY_AFTER_MS = 300_000;

/**
 * The agent's websocket: mints a socket token, connects, says `ready`, runs each pushed command's
 * handler once (delivery is at least once: duplicates are recognised by id) and answers it with
 * `command_result`, sends heartbeats, and reconnects with jittered exponential backoff whenever
 * the connection is lost. Results that could not be sent are sent after the next `ready`.
 * A revoked, archived or expired key ends it (`closed` with a ProblemError); a refused agent or
 * workspace (403) is retried at the longest delay, since an operator may lift it.
 */
export class AgentSocket extends EventEmitter<AgentSocketEvents> {
  state: AgentSocketState = 'idle';
  /** The last ready reply. */
  identity?: ReadyReply;
  /** Connections that reached ready, and reconnects after the first. */
  readonly stats = { connections: 0, reconnects: 0, commands: 0 };

  private readonly options: Required<
    Omit<AgentSocketOptions, 'handlers' | 'defaultHandler' | 'readyPayload' | 'events' | 'origin' | 'backoff'>
  > & {
    backoff: Required<BackoffOptions>;
  };
  private ws?: WebSocket;
  private running = false;
  private stopping = new AbortController();
  private loop?: Promise<void>;
  private socketToken?: { token: string; path: string; expiresAtMs: number };
  private nextRef = 0;
  private readonly pending = new Map<string, Pending>();
  private readonly commands = new Map<string, CommandState>();
  private heartbeat?: NodeJS.Timeout;
  private firstReady?: { promise: Promise<ReadyReply>; resolve: (r: ReadyReply) => void; reject: (e: unknown) => void };
  /** The `ready` payload as sent: readyPayload, with the events asked for. */
  private readonly readyFrame: Record<string, unknown>;
  /** Set when the connection is closed to reconnect under a rotated key: the next attempt starts at once. */
  private reconnectNow = false;
  private unsubscribeRotation?: () => void;

  constructor(
    readonly agent: AgentClient,
    private readonly config: AgentSocketOptions = {},
  ) {
    super();
    this.options = {
      heartbeatIntervalMs: config.heartbeatIntervalMs ?? 25_000,
      replyTimeoutMs: config.replyTimeoutMs ?? 10_000,
      connectTimeoutMs: config.connectTimeoutMs ?? 10_000,
      stableAfterMs: config.stableAfterMs ?? 10_000,
      backoff: { ...DEFAULT_BACKOFF, ...config.backoff },
    };
    this.readyFrame = readyFrame(config, agent.rotatesOnEvent);
    // The service refuses a larger ready with payload_too_large on every attempt: a socket that
    // could never be ready would reconnect for good, so it is refused here, where it is a bug.
    if (jsonBytes(this.readyFrame) > PAYLOAD_LIMITS.ready) {
      throw new TypeError(`readyPayload must be at most ${PAYLOAD_LIMITS.ready} bytes as JSON`);
    }
  }

  /**
   * Connects and keeps reconnecting until stop(). Resolves with the first ready reply; rejects if
   * the socket is closed for good (or stopped) before it is ready.
   */
  start(): Promise<ReadyReply> {
    if (this.firstReady) return this.firstReady.promise;
    let resolve!: (r: ReadyReply) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<ReadyReply>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    promise.catch(() => undefined); // a caller that never awaits start() must not crash the process
    this.firstReady = { promise, resolve, reject };
    this.running = true;
    this.unsubscribeRotation = this.agent.onRotated(() => this.onRotated());
    this.loop = this.run();
    return promise;
  }

  /**
   * The client switched to a new key: the socket token minted under the old one is dropped, and
   * the connection made under the old key is replaced at once (the old key stops at the end of
   * its grace period, and its sockets with it). Results in flight are sent again after ready.
   */
  private onRotated(): void {
    this.socketToken = undefined;
    const ws = this.ws;
    if (!ws) return;
    this.reconnectNow = true;
    if (ws.readyState === WebSocket.OPEN) ws.close(CloseCodes.normal, 'credential_rotated');
    else ws.terminate();
  }

  /** Closes the socket (1000) and stops reconnecting; handlers see their signal abort. */
  async stop(): Promise<void> {
    if (!this.running) return this.loop;
    this.running = false;
    this.stopping.abort();
    const ws = this.ws;
    if (ws?.readyState === WebSocket.OPEN) ws.close(CloseCodes.normal, 'client_stopping');
    else if (ws?.readyState === WebSocket.CONNECTING) ws.terminate();
    const cut = setTimeout(() => this.ws?.terminate(), 1000);
    await this.loop;
    clearTimeout(cut);
  }

  private async run(): Promise<void> {
    let attempt = 0;
    let error: ProblemError | ReplyError | undefined;
    while (this.running) {
      this.state = attempt === 0 && this.stats.connections === 0 ? 'connecting' : 'reconnecting';
      this.emit('connecting', { attempt });
      const generation = this.agent.keyGeneration;
      const end = await this.session(attempt).catch((err: unknown): SessionEnd => ({
        code: 0,
        reason: '',
        error: err,
        readyForMs: 0,
        generation,
      }));
      if (!this.running) break;
      this.emit('disconnected', { code: end.code, reason: end.reason, error: end.error });
      const rotated = this.reconnectNow || end.generation !== this.agent.keyGeneration;
      this.reconnectNow = false;
      error = rotated ? undefined : this.fatal(end);
      if (error) break;
      if (end.readyForMs >= this.options.stableAfterMs || rotated) attempt = 0;
      // a refusal an operator may lift waits the longest delay, jittered too: a workspace frozen at
      // once closes a whole fleet's sockets at once, which must not come back in lockstep; a
      // retry-after (a 503 during a deploy, a dependency out of reach) is waited at least
      const backoff = backoffDelay(this.refusedForNow(end) ? Number.POSITIVE_INFINITY : attempt, this.options.backoff);
      const delayMs = rotated ? 0 : Math.max(backoff, Math.min(retryAfterOf(end.error), MAX_RETRY_AFTER_MS));
      attempt++;
      this.stats.reconnects++;
      this.emit('reconnecting', { attempt, delayMs, error: end.error });
      try {
        await sleep(delayMs, this.stopping.signal);
      } catch {
        break;
      }
    }
    this.running = false;
    this.state = 'closed';
    this.unsubscribeRotation?.();
    this.firstReady?.reject(error ?? new TransportError('aborted', 'the agent socket was stopped'));
    this.emit('closed', { error });
  }

  /**
   * A refusal no reconnect can cure: the key is gone, the credential lacks the scope
   * (sockets:connect), the origin is refused, or the request itself is wrong (a ready the service
   * refuses for its content). Not final: no answer, a 5xx, and a 404, 408 or 429 (a deploy: a
   * proxy in front of nodes that are starting, or a route not yet served); they are retried with
   * backoff.
   */
  private fatal(end: SessionEnd): ProblemError | ReplyError | undefined {
    const closeProblem = ProblemError.fromClose(end.code, end.reason);
    if (closeProblem?.status === 401) return closeProblem;
    const err = end.error;
    if (err instanceof ReplyError) return READY_RETRYABLE.has(err.reason) ? undefined : err;
    if (!(err instanceof ProblemError)) return undefined;
    if (err.status === 401) return err.detail === 'token_expired' || err.detail === 'invalid_token' ? undefined : err;
    if (err.status === 403) return err.detail === 'origin_not_allowed' || MISSING_SCOPE.has(err.detail) ? err : undefined;
    if (err.status >= 400 && err.status < 500 && ![404, 408, 429].includes(err.status)) return err;
    return undefined;
  }

  /** 403s (agent inactive, workspace frozen or paused) are retried slowly: an operator may lift them. */
  private refusedForNow(end: SessionEnd): boolean {
    const err = end.error;
    return (
      end.code === CloseCodes.forbidden ||
      (err instanceof ProblemError && err.status === 403) ||
      (err instanceof ReplyError && err.reason === 'forbidden')
    );
  }

  private async freshSocketToken(): Promise<{ token: string; path: string }> {
    const cached = this.socketToken;
    if (cached && Date.now() < cached.expiresAtMs - SOCKET_TOKEN_MARGIN_MS) return cached;
    const requestedAt = Date.now();
    const minted = await this.agent.mintSocketToken(this.stopping.signal);
    this.socketToken = { token: minted.socket_token, path: minted.socket_path, expiresAtMs: requestedAt + minted.expires_in * 1000 };
    return this.socketToken;
  }

  private socketUrl(path: string, token: string): string {
    const url = new URL(this.agent.http.baseUrl.replace(/^http/, 'ws') + path);
    url.searchParams.set('socket_token', token);
    return url.toString();
  }

  /** One connection, from the socket token to its close. Rejects when it never opened. */
  private async session(attempt: number): Promise<SessionEnd> {
    const started = Date.now();
    const generation = this.agent.keyGeneration;
    const { token, path } = await this.freshSocketToken();
    const origin = this.config.origin === undefined ? new URL(this.agent.http.baseUrl).origin : this.config.origin;
    const headers: Record<string, string> = { 'user-agent': SDK_USER_AGENT };
    if (origin) headers.origin = origin;
    const ws = new WebSocket(this.socketUrl(path, token), {
      headers,
      handshakeTimeout: this.options.connectTimeoutMs,
      maxPayload: MAX_SERVER_FRAME_BYTES,
      perMessageDeflate: false,
    });
    this.ws = ws;
    return new Promise<SessionEnd>((resolve, reject) => {
      let opened = false;
      let readyAt = 0;
      let failure: ProblemError | TransportError | ReplyError | undefined;
      ws.on('unexpected-response', (req, res) => {
        void refusal(res).then((problem) => {
          failure = problem;
          // A socket token that expired or is no longer known: mint another next time.
          if (problem.status === 401) this.socketToken = undefined;
          req.destroy();
          ws.terminate();
        });
      });
      ws.on('error', (err) => {
        failure ??= new TransportError('network', `socket: ${systemCode(err) ?? err.message}`, systemCode(err), { cause: err });
      });
      ws.on('open', () => {
        opened = true;
        void this.onOpen(ws, started, attempt, (refused) => (failure = refused)).then(
          (ok) => {
            if (ok) readyAt = Date.now();
          },
          () => undefined,
        );
      });
      ws.on('message', (data, isBinary) => {
        if (!isBinary) this.onFrame(ws, (data as Buffer).toString()); // ws delivers a Buffer (binaryType 'nodebuffer')
      });
      ws.on('close', (code, reasonBuffer) => {
        this.onClose(ws);
        if (!opened) return reject(failure ?? new TransportError('network', `socket closed before it opened (${code})`));
        resolve({ code, reason: reasonBuffer.toString(), error: failure, readyForMs: readyAt ? Date.now() - readyAt : 0, generation });
      });
    });
  }

  /**
   * `ready`, then the open commands it lists, results still unsent, and heartbeats. A refused
   * ready is told to `refused` (as a ReplyError with the reply's reason) before the close.
   */
  private async onOpen(ws: WebSocket, started: number, attempt: number, refused: (err: ReplyError) => void): Promise<boolean> {
    let reply: ReplyFrame;
    try {
      reply = await this.call(ws, 'ready', this.readyFrame);
    } catch {
      ws.terminate();
      return false;
    }
    if (reply.status !== 'ok') {
      refused(new ReplyError('ready', String(reply.payload.reason ?? 'error'), reply.payload));
      ws.close(CloseCodes.normal, 'ready_refused');
      return false;
    }
    const ready = reply.payload as unknown as ReadyReply;
    this.identity = ready;
    if (typeof ready.credential_id === 'string') this.agent.learnCredentialId(ready.credential_id);
    this.state = 'ready';
    this.stats.connections++;
    this.heartbeat = setInterval(() => void this.beat(ws), this.options.heartbeatIntervalMs);
    this.heartbeat.unref();
    this.emit('ready', ready, { connectMs: Date.now() - started, attempt });
    this.firstReady?.resolve(ready);
    for (const command of ready.agent_commands ?? []) this.receive(command);
    for (const state of this.commands.values()) if (state.outcome && !state.acknowledged) void this.sendResult(state);
    return true;
  }

  /**
   * A result the service did not acknowledge (it could not store it now, or its reply did not come
   * in time): sent again on this connection after `retryAfter` seconds when the reply said when,
   * else after the reconnect backoff, growing with each try; and after the next ready if the
   * connection goes first. A result stored by the first send is answered `command_finished` by
   * the second, which acknowledges it.
   */
  private retryResult(ws: WebSocket, state: CommandState, retryAfter?: unknown): void {
    const seconds = Number(retryAfter);
    const delayMs =
      retryAfter !== undefined && Number.isFinite(seconds) && seconds > 0
        ? Math.min(seconds, MAX_RESULT_RETRY_S) * 1000
        : backoffDelay(state.retries, this.options.backoff);
    state.retries++;
    setTimeout(() => {
      if (this.ws === ws && !state.acknowledged) void this.sendResult(state);
    }, delayMs).unref();
  }

  private async beat(ws: WebSocket): Promise<void> {
    if (ws.readyState !== WebSocket.OPEN) return;
    this.agent.maybeRotate(); // a device that only listens on its socket rotates on schedule too
    const sentAt = Date.now();
    try {
      const reply = await this.call(ws, 'heartbeat', {});
      const serverTime = reply.payload.server_time;
      this.emit('heartbeat', { serverTime: typeof serverTime === 'string' ? serverTime : '', roundTripMs: Date.now() - sentAt });
    } catch {
      // No reply in time: the connection is dead even if TCP has not noticed. Reconnect.
      if (ws.readyState === WebSocket.OPEN) ws.terminate();
    }
  }

  private onClose(ws: WebSocket): void {
    if (this.ws === ws) this.ws = undefined;
    clearInterval(this.heartbeat);
    if (this.state === 'ready') this.state = 'reconnecting';
    for (const [ref, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new TransportError('network', 'socket closed'));
      this.pending.delete(ref);
    }
  }

  private onFrame(ws: WebSocket, text: string): void {
    const frame = parseServerFrame(text);
    if (!frame) return; // unknown frames are ignored: the service may add some
    if (frame.event === 'reply') {
      const p = this.pending.get(String(frame.ref));
      if (!p) return;
      this.pending.delete(String(frame.ref));
      clearTimeout(p.timer);
      p.resolve(frame);
    } else if (frame.event === 'command') {
      if (ws === this.ws) this.receive(frame.payload.agent_command);
    } else {
      this.agent.noticeEvent(frame.payload.event, this.identity?.credential_id);
      this.emit('event', frame.payload.event);
    }
  }

  /** Sends a client event and waits for its reply. */
  private call(ws: WebSocket, event: string, payload: Record<string, unknown>): Promise<ReplyFrame> {
    const ref = `c${++this.nextRef}`;
    const frame = JSON.stringify({ event, ref, payload });
    if (Buffer.byteLength(frame, 'utf8') > MAX_FRAME_BYTES)
      return Promise.reject(new RangeError(`${event} frame above ${MAX_FRAME_BYTES} bytes`));
    return new Promise<ReplyFrame>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(ref);
        reject(new TransportError('timeout', `${event}: no reply within ${this.options.replyTimeoutMs} ms`));
      }, this.options.replyTimeoutMs);
      this.pending.set(ref, { resolve, reject, timer });
      ws.send(frame, (err) => {
        if (!err) return;
        clearTimeout(timer);
        this.pending.delete(ref);
        reject(new TransportError('network', `${event}: ${err.message}`, systemCode(err), { cause: err }));
      });
    });
  }

  /** A command pushed or listed by ready: run once, answer (again) when already run. */
  private receive(command: AgentCommand): void {
    const known = this.commands.get(command.id);
    if (known) {
      if (known.outcome && !known.acknowledged) void this.sendResult(known);
      return;
    }
    if (command.status === 'succeeded' || command.status === 'failed') return;
    const state: CommandState = { command, receivedAt: Date.now(), acknowledged: false, sending: false, retries: 0 };
    this.remember(command.id, state);
    this.stats.commands++;
    this.emit('command', command);
    void this.execute(state);
  }

  private remember(id: string, state: CommandState): void {
    this.commands.set(id, state);
    if (this.commands.size <= REMEMBERED_COMMANDS) return;
    for (const [oldId, old] of this.commands) {
      if (old.acknowledged) {
        this.commands.delete(oldId);
        return;
      }
    }
  }

  private async execute(state: CommandState): Promise<void> {
    const { command } = state;
    const handler = this.config.handlers?.[command.name] ?? this.config.defaultHandler;
    let outcome: CommandResultPayload;
    if (!handler) {
      outcome = { command_id: command.id, status: 'failed', result: { error: 'unknown_command', name: command.name } };
    } else {
      try {
        const result = await handler(command, { signal: this.stopping.signal, agent: this.agent });
        outcome = { command_id: command.id, status: 'succeeded', ...(result === undefined ? {} : { result }) };
      } catch (err) {
        const result =
          err instanceof CommandFailed ? err.result : { error: err instanceof Error ? err.message.slice(0, 1000) : String(err) };
        outcome = { command_id: command.id, status: 'failed', ...(result === undefined ? {} : { result }) };
      }
    }
    if (jsonBytes(outcome) > PAYLOAD_LIMITS.command_result) {
      outcome = { command_id: command.id, status: 'failed', result: { error: 'result_too_large', bytes: jsonBytes(outcome.result) } };
    }
    state.outcome = outcome;
    await this.sendResult(state);
  }

  /**
   * Sends a result; one the connection lost is sent again after the next ready, one whose reply
   * did not come in time is sent again on the same connection too.
   */
  private async sendResult(state: CommandState): Promise<void> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN || this.state !== 'ready' || state.sending || state.acknowledged || !state.outcome) return;
    state.sending = true;
    try {
      let reply: ReplyFrame;
      try {
        reply = await this.call(ws, 'command_result', { ...state.outcome });
      } catch (err) {
        if (err instanceof TransportError && err.kind === 'timeout' && ws.readyState === WebSocket.OPEN) this.retryResult(ws, state);
        return; // else the connection went away: sent again after the next ready
      }
      const reason = reply.status === 'ok' ? 'ok' : String(reply.payload.reason ?? 'error');
      if (RESULT_NOT_STORED.has(reason)) return this.retryResult(ws, state, reply.payload.retry_after);
      state.acknowledged = true;
      this.emit('result', {
        command: state.command,
        status: state.outcome.status,
        result: state.outcome.result,
        durationMs: Date.now() - state.receivedAt,
        reply: reason,
      });
    } finally {
      state.sending = false;
    }
  }
}

/** The `ready` payload: the caller's, with `events` naming what the caller asks for and what rotation needs. */
function readyFrame(config: AgentSocketOptions, rotatesOnEvent: boolean): Record<string, unknown> {
  const payload: Record<string, unknown> = { ...config.readyPayload };
  const given = Array.isArray(payload.events) ? payload.events.filter((e): e is string => typeof e === 'string') : [];
  const wanted = new Set([...given, ...(config.events ?? []), ...(rotatesOnEvent ? ['api_key.expiring'] : [])]);
  if (wanted.size > 0) payload.events = wanted.has('*') ? ['*'] : [...wanted];
  return payload;
}

/** What a refusal asked to wait before trying again (ms); 0 when it did not say. */
function retryAfterOf(err: unknown): number {
  const seconds = err instanceof ProblemError || err instanceof ReplyError ? err.retryAfterSeconds : undefined;
  return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/** The problem body of a refused upgrade. */
async function refusal(res: IncomingMessage): Promise<ProblemError> {
  let text = '';
  try {
    for await (const chunk of res) {
      text += String(chunk);
      if (text.length > 65_536) break;
    }
  } catch {
    /* the body is a courtesy */
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const header = res.headers['retry-after'];
  const waitMs = retryAfterMs(new Headers(header ? { 'retry-after': String(header) } : {}), body);
  return problemFrom(res.statusCode ?? 0, res.statusMessage, body, {
    request: 'websocket upgrade',
    retryAfterSeconds: waitMs === undefined ? undefined : Math.ceil(waitMs / 1000),
    requestId: typeof res.headers['x-request-id'] === 'string' ? res.headers['x-request-id'] : undefined,
  });
}
