/**
 * A small stand-in for the service that the SDK's unit specs run against: a real HTTP server on a
 * loopback port and a real websocket endpoint (ws), with routes and socket behaviour each spec
 * sets (refusals, lost answers, missing replies). Not part of the SDK's build.
 */
import { once } from 'node:events';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo, Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import WebSocket, { WebSocketServer } from 'ws';
import type { StoredCredentials } from '../credential-store';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** A route: answers with `json`, or does anything with the raw request and response (cut the connection ...). */
export type Route = (req: RecordedRequest, res: ServerResponse, raw: IncomingMessage) => void | Promise<void>;

export interface ClientFrame {
  event: string;
  ref: string | number | null;
  payload: Record<string, unknown>;
}

/** How the socket answers a frame: a reply payload (status ok), `{ error: reason }`, or undefined to answer nothing. */
export type FrameHandler = (
  frame: ClientFrame,
  conn: { ws: WebSocket; token: string | null; index: number },
) => { ok: Record<string, unknown> } | { error: string; payload?: Record<string, unknown> } | undefined;

/** What an upgrade gets: undefined accepts it; else an HTTP refusal. */
export type UpgradeDecision = { status: number; body?: unknown; headers?: Record<string, string> } | undefined;

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const problem = status >= 400;
  res.writeHead(status, { 'content-type': problem ? 'application/problem+json' : 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** An RFC 9457 body as the service writes it. */
export function problem(status: number, slug: string, detail: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: `https://agents.example.com/problems/${slug}`, title: slug, status, detail, ...extra };
}

export class FakeService {
  readonly requests: RecordedRequest[] = [];
  readonly routes = new Map<string, Route>();
  /** Every frame received, in order, with the index of the connection it came on. */
  readonly frames: (ClientFrame & { connection: number })[] = [];
  /** Upgrades asked for, refused or not, with their socket_token. */
  readonly upgrades: (string | null)[] = [];
  readonly connections: WebSocket[] = [];
  upgrade: (req: IncomingMessage, token: string | null) => UpgradeDecision = () => undefined;
  onFrame: FrameHandler = (frame, conn) => defaultReply(frame, conn.token);
  private server?: Server;
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sockets = new Set<Socket>();
  baseUrl = '';

  /** Adds a route for `POST /path` (or another method). */
  route(methodAndPath: string, route: Route): this {
    this.routes.set(methodAndPath, route);
    return this;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (s: Socket) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    this.server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => this.onUpgrade(req, socket, head));
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.baseUrl;
  }

  /** Requests to one path, in order. */
  to(path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  /** Pushes a server frame to every open socket. */
  push(frame: Record<string, unknown>): void {
    for (const ws of this.connections) if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
  }

  async close(): Promise<void> {
    for (const ws of this.connections) ws.terminate();
    for (const s of this.sockets) s.destroy();
    this.wss.close();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(raw: IncomingMessage, res: ServerResponse): Promise<void> {
    let text = '';
    for await (const chunk of raw) text += String(chunk);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const url = new URL(raw.url ?? '/', 'http://localhost');
    const req: RecordedRequest = { method: raw.method ?? 'GET', path: url.pathname, headers: raw.headers, body };
    this.requests.push(req);
    const route = this.routes.get(`${req.method} ${req.path}`);
    if (!route) return json(res, 404, problem(404, 'not-found', 'not_found'));
    try {
      await route(req, res, raw);
    } catch (err) {
      if (!res.headersSent) json(res, 500, problem(500, 'internal-server-error', (err as Error).message));
    }
  }

  private onUpgrade(req: IncomingMessage, socket: Socket, head: Buffer): void {
    const token = new URL(req.url ?? '/', 'http://localhost').searchParams.get('socket_token');
    this.upgrades.push(token);
    const refusal = this.upgrade(req, token);
    if (refusal) {
      const body = refusal.body === undefined ? '' : JSON.stringify(refusal.body);
      const headers = { 'content-type': 'application/problem+json', 'content-length': String(Buffer.byteLength(body)), ...refusal.headers };
      socket.end(
        `HTTP/1.1 ${refusal.status} Refused\r\n${Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\r\n')}\r\nconnection: close\r\n\r\n${body}`,
      );
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const index = this.connections.length;
      this.connections.push(ws);
      ws.on('message', (data) => {
        let frame: ClientFrame;
        try {
          frame = JSON.parse((data as Buffer).toString()) as ClientFrame;
        } catch {
          return;
        }
        this.frames.push({ ...frame, connection: index });
        const answer = this.onFrame(frame, { ws, token, index });
        if (!answer) return;
        const reply =
          'ok' in answer
            ? { event: 'reply', ref: frame.ref, status: 'ok', payload: answer.ok }
            : { event: 'reply', ref: frame.ref, status: 'error', payload: { reason: answer.error, ...answer.payload } };
        ws.send(JSON.stringify(reply));
      });
    });
  }
}

/** What the service answers by default: ready with an identity and no commands, heartbeats, results accepted. */
export function defaultReply(frame: ClientFrame, token: string | null): { ok: Record<string, unknown> } | { error: string } {
  switch (frame.event) {
    case 'ready':
      return {
        ok: {
          kind: 'service_agent',
          credential_id: `credential-of-${token ?? 'none'}`,
          service_agent_id: 'agent-1',
          workspace_id: 'workspace-1',
          scopes: ['sockets:connect', 'agent_commands:read', 'events:read'],
          agent_commands: [],
        },
      };
    case 'heartbeat':
      return { ok: { server_time: new Date().toISOString() } };
    case 'command_result':
      return { ok: { agent_command: { id: frame.payload.command_id, status: frame.payload.status } } };
    default:
      return { error: 'unknown_event' };
  }
}

/** Routes for socket tokens (each mint a new token, named after the credential that asked) and the token exchange. */
export function socketTokenRoutes(service: FakeService): FakeService {
  let minted = 0;
  return service
    .route('POST /api/v1/socket_tokens', (req, res) => {
      const who = String(req.headers.authorization ?? req.headers['x-agent-api-key'] ?? '').replace(/^Bearer /, '');
      json(res, 201, { socket_token: `sock-${++minted}-${who}`, socket_path: '/socket', expires_in: 600 });
    })
    .route('POST /api/v1/agent_tokens', (req, res) => {
      const key = String(req.headers['x-agent-api-key'] ?? '');
      json(res, 201, { token: `token-of-${key}`, scopes: ['sockets:connect'], expires_in: 2_592_000, type: 'bearer' });
    });
}

/** Resolves once `check` passes; rejects with its last failure after `timeoutMs`. */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 4000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await delay(10);
    }
  }
}

/** Claimed credentials of key k0 (`agk_AAAAAAAAAAA.k0`, credential cred-k0) and its 30-day token tok-k0, as a store keeps them. */
export function credentialsOfK0(baseUrl: string, scopes: string[], extra: Partial<StoredCredentials> = {}): StoredCredentials {
  const now = Date.now();
  return {
    version: 1,
    base_url: baseUrl,
    api_key: 'agk_AAAAAAAAAAA.k0',
    credential_id: 'cred-k0',
    service_agent_id: 'agent-1',
    workspace_id: 'workspace-1',
    scopes,
    robot_id: null,
    serial_number: 'SN-1',
    claimed_at: new Date(now).toISOString(),
    access_token: {
      token: 'tok-k0',
      scopes,
      issued_at: new Date(now).toISOString(),
      expires_at: new Date(now + 30 * 86_400_000).toISOString(),
    },
    ...extra,
  };
}
