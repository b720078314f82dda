import { Server as NetServer } from 'node:net';
import { Injectable } from '@nestjs/common';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import { AppConfig } from '../../config/app-config';
import { HTTP_PROBE_RESERVE } from '../../config/environment';
import { HTTP_CONNECTIONS_EVICTED_METRIC, HTTP_CONNECTIONS_REFUSED_METRIC, HTTP_OPEN_CONNECTIONS_METRIC } from '../../metrics/metric-names';
import { PROBLEM_CONTENT_TYPE } from '../problem/problem-body';
import { ProblemRenderer } from '../problem/problem-renderer';
import { ProblemError } from '../problem/problem.error';
import { acceptRequestId, REQUEST_ID_HEADER } from './request-id';
import { securityHeaders } from './security-headers';
import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Counter, Gauge } from 'prom-client';

/** What a connection let in beyond the limit may ask for: the probes and the scrape. */
const RESERVED_PATHS: ReadonlySet<string> = new Set(['/health', '/ready', '/metrics']);
/**
 * How often Node looks for connections past HTTP_HEADERS_TIMEOUT_MS or HTTP_REQUEST_TIMEOUT_MS
 * (its default, 30 s, would let a silent connection live up to 30 s past its timeout).
 */
export const CONNECTIONS_CHECK_INTERVAL_MS = 1000;
/**
 * During a drain, a connection with no request in progress is closed once it has been idle this
 * long: a client that has just had an answer may be sending its next request right now, and that
 * request gets a complete answer (with `connection: close`) instead of a closed socket.
 */
export const DRAIN_IDLE_MS = 1000;
const DRAIN_SWEEP_MS = 100;
const SERVER_BUSY_RETRY_AFTER_SECONDS = 1;
const serverBusy = () =>
  new ProblemError({ status: 503, code: 'server_busy', headers: { 'retry-after': String(SERVER_BUSY_RETRY_AFTER_SECONDS) } });

interface ConnectionState {
  /** Requests read and not yet answered (more than one when the client pipelines). */
  inflight: number;
  /** When it last had no request in progress (Date.now()): accepted, or its last answer ended. */
  since: number;
  /** Let in beyond the limit: probes and the scrape only. */
  reserved: boolean;
  /** Has sent a request: between requests it is idle, not headless. */
  served: boolean;
  /** Evicted, cut or closed: no longer counted. */
  gone: boolean;
}

const STATE = Symbol('http connection state');
type Tracked = Socket & { [STATE]?: ConnectionState };

const first = (set: Set<Tracked>): Tracked | undefined => set.values().next().value;

/**
 * The HTTP server's connections (ADR 0228): Node's timeouts set from the config (a connection
 * without a complete request head is answered 408 and closed within HTTP_HEADERS_TIMEOUT_MS plus
 * a second, an idle kept-alive one after HTTP_KEEP_ALIVE_TIMEOUT_MS), and at most
 * HTTP_MAX_CONNECTIONS open. At the limit a new connection makes room by closing the oldest
 * connection that has not sent a request head, else the one idle the longest. When every open
 * connection is busy (a request in progress, or a websocket), HTTP_PROBE_RESERVE more are let in
 * for the probes and the scrape only, so `/health` keeps answering; when those are full too, the
 * oldest of them with no request in progress makes room, and only when all of them are busy is a
 * new connection refused. Websockets are never closed here: after the upgrade a socket is the
 * gateway's, and Node's HTTP timeouts no longer apply to it.
 *
 * The drain of a SIGTERM (ADR 0064) is here too: every answer from then on carries
 * `connection: close`, and a connection with no request in progress closes once idle for
 * DRAIN_IDLE_MS, so a request that races the shutdown on a kept-alive connection is answered in
 * full instead of reset.
 */
@Injectable()
export class HttpConnections {
  /** Connections within the limit that have not sent a request yet, oldest first. */
  private readonly headless = new Set<Tracked>();
  /** Kept-alive connections within the limit between requests, idle the longest first. */
  private readonly idle = new Set<Tracked>();
  /** Reserve connections with no request in progress, oldest first. */
  private readonly reserveWaiting = new Set<Tracked>();
  /** Answers not yet finished. */
  private readonly responses = new Set<Response>();
  private open = 0;
  private reserved = 0;
  private draining = false;
  /** The body of a refused upgrade, as the gateway renders its own refusals. */
  private readonly renderer: ProblemRenderer;

  constructor(
    private readonly config: AppConfig,
    @InjectMetric(HTTP_OPEN_CONNECTIONS_METRIC) private readonly openGauge: Gauge<string>,
    @InjectMetric(HTTP_CONNECTIONS_REFUSED_METRIC) private readonly refused: Counter<string>,
    @InjectMetric(HTTP_CONNECTIONS_EVICTED_METRIC) private readonly evicted: Counter<string>,
  ) {
    this.renderer = new ProblemRenderer(config);
  }

  /** True from the start of a drain: `/ready` answers 503 and every answer closes its connection. */
  get isDraining(): boolean {
    return this.draining;
  }

  /** Connections open now (websockets included). */
  get openConnections(): number {
    return this.open;
  }

  /** Sets the server's timeouts and limit and starts tracking its connections; before it listens. */
  attach(server: Server): void {
    const { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs, maxConnections } = this.config.http;
    server.headersTimeout = headersTimeoutMs;
    server.requestTimeout = requestTimeoutMs;
    server.keepAliveTimeout = keepAliveTimeoutMs;
    // An option of createServer that Node reads from the server when it starts listening
    // (setupConnectionsTracking in lib/_http_server.js); @types/node does not declare the property.
    // test/http-connections.e2e-spec.ts fails if it stops taking effect.
    (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = CONNECTIONS_CHECK_INTERVAL_MS;
    // A backstop only: accepted() keeps the count at the limit plus the reserve, and refuses past
    // it itself. Node would close a connection past this at accept and emit 'drop'.
    server.maxConnections = maxConnections + HTTP_PROBE_RESERVE + 1;
    server.on('drop', () => this.refused.inc());
    server.on('connection', (socket: Tracked) => this.accepted(socket));
    // Before the websocket adapter's listener: from here on the socket is not HTTP-idle.
    server.prependListener('upgrade', (req: IncomingMessage, socket: Tracked) => this.upgrading(req, socket));
  }

  /**
   * Express middleware, mounted before the routes: counts the request on its connection, closes
   * the connection after the answer during a drain, and answers 503 `server_busy` on a reserve
   * connection for anything but the probes and the scrape.
   */
  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    const socket = req.socket as Tracked;
    const state = socket[STATE];
    if (state === undefined || state.gone) return next();
    if (state.inflight++ === 0) this.waitingSet(state).delete(socket);
    state.served = true;
    this.responses.add(res);
    res.on('close', this.onResponseClose);
    if (this.draining) res.shouldKeepAlive = false;
    if (state.reserved && !RESERVED_PATHS.has(req.path)) {
      res.shouldKeepAlive = false;
      return next(serverBusy());
    }
    next();
  };

  /**
   * The start of a drain: the listener closes (new connections are refused) but, unlike
   * `server.close()`, idle kept-alive connections are not destroyed at once (a request their
   * client is sending now would be reset); answers not yet begun carry `connection: close`, and
   * idle connections close after DRAIN_IDLE_MS. Resolves when every connection has closed.
   */
  drain(server: Server): Promise<void> {
    this.draining = true;
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    for (const res of this.responses) if (!res.headersSent) res.shouldKeepAlive = false;
    this.closeIdle();
    const sweep = setInterval(() => this.closeIdle(), DRAIN_SWEEP_MS);
    sweep.unref();
    void closed.then(() => clearInterval(sweep));
    return closed;
  }

  private accepted(socket: Tracked): void {
    const state: ConnectionState = { inflight: 0, since: Date.now(), reserved: false, served: false, gone: false };
    socket[STATE] = state;
    socket.once('close', this.onSocketClose);
    this.open++;
    this.openGauge.inc();
    if (this.open > this.config.http.maxConnections && !this.makeRoom(state)) {
      this.forget(socket);
      socket.destroy();
      this.refused.inc();
      return;
    }
    this.waitingSet(state).add(socket);
  }

  /**
   * Past the limit: closes the oldest connection within it that has no request in progress, or
   * else lets the new one into the reserve, closing the oldest reserve connection with no request
   * in progress when the reserve is full. False when there is no room at all.
   */
  private makeRoom(state: ConnectionState): boolean {
    const victim = first(this.headless) ?? first(this.idle);
    if (victim === undefined) {
      if (this.reserved >= HTTP_PROBE_RESERVE) {
        const reserveVictim = first(this.reserveWaiting);
        if (reserveVictim === undefined) return false;
        this.evict(reserveVictim);
      }
      state.reserved = true;
      this.reserved++;
      return true;
    }
    this.evict(victim);
    return true;
  }

  private evict(socket: Tracked): void {
    this.forget(socket);
    socket.destroy();
    this.evicted.inc();
  }

  /**
   * A websocket upgrade: the socket is the gateway's from now on, and never closed to make room.
   * A reserve connection may not become one (the reserve would then stay taken): it is answered
   * 503 `server_busy` and closed, and the gateway finds it closed when it would complete the
   * upgrade.
   */
  private upgrading(req: IncomingMessage, socket: Tracked): void {
    const state = socket[STATE];
    if (state === undefined || state.gone) return;
    this.waitingSet(state).delete(socket);
    if (!state.reserved) return;
    const requestId = acceptRequestId(req.headers[REQUEST_ID_HEADER]);
    const problem = this.renderer.render(serverBusy(), { request_id: requestId });
    const body = JSON.stringify(problem.body);
    const headers = {
      ...securityHeaders(this.config),
      connection: 'close',
      'content-type': PROBLEM_CONTENT_TYPE,
      'content-length': String(Buffer.byteLength(body)),
      'retry-after': String(SERVER_BUSY_RETRY_AFTER_SECONDS),
      [REQUEST_ID_HEADER]: requestId,
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.end(`HTTP/1.1 503 Service Unavailable\r\n${head}\r\n${body}`);
  }

  /** Where a connection with no request in progress waits. */
  private waitingSet(state: ConnectionState): Set<Tracked> {
    return state.reserved ? this.reserveWaiting : state.served ? this.idle : this.headless;
  }

  /** Stops counting a socket: closed, evicted or cut. */
  private forget(socket: Tracked): void {
    const state = socket[STATE];
    if (state === undefined || state.gone) return;
    this.waitingSet(state).delete(socket);
    state.gone = true;
    this.open--;
    if (state.reserved) this.reserved--;
    this.openGauge.dec();
  }

  private readonly onSocketClose = ((connections: HttpConnections) =>
    function (this: Tracked): void {
      connections.forget(this);
    })(this);

  private readonly onResponseClose = ((connections: HttpConnections) =>
    function (this: Response): void {
      connections.answered(this);
    })(this);

  private answered(res: Response): void {
    this.responses.delete(res);
    const socket = res.req.socket as Tracked;
    const state = socket[STATE];
    if (state === undefined || --state.inflight > 0 || state.gone || socket.destroyed) return;
    state.since = Date.now();
    this.waitingSet(state).add(socket);
  }

  /** During a drain: closes the connections with no request in progress for DRAIN_IDLE_MS. */
  private closeIdle(): void {
    const idleSince = Date.now() - DRAIN_IDLE_MS;
    for (const set of [this.headless, this.idle, this.reserveWaiting]) {
      for (const socket of set) {
        if (socket[STATE]!.since > idleSince) break;
        this.forget(socket);
        socket.destroy();
      }
    }
  }
}
