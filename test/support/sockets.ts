import WebSocket from 'ws';
import { Db } from '../../src/core/database/db.service';
import { CredentialIssuer } from '../../src/credentials/credential-issuer.service';
import { cookieHeader, logIn, randomIPv4, SESSION_COOKIE } from './operator';
import type { MachineScope } from '../../src/auth';
import type { Registered } from './builders';
import type { TestApp } from './test-app';

export interface Reply {
  event: 'reply';
  ref: string | number | null;
  status: 'ok' | 'error';
  payload: any;
}

export interface Closed {
  code: number;
  reason: string;
}

/** A refused upgrade: the HTTP response ws received instead of a 101. */
export interface Refusal {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** `http://127.0.0.1:port` → `ws://127.0.0.1:port/socket?...` */
export function socketUrl(baseUrl: string, query: Record<string, string> = {}): string {
  const url = new URL('/socket', baseUrl.replace(/^http/, 'ws'));
  for (const [name, value] of Object.entries(query)) url.searchParams.append(name, value);
  return url.toString();
}

/** A real `ws` client that records every message and its close. */
export class SocketClient {
  readonly messages: any[] = [];
  readonly closed: Promise<Closed>;
  upgradeHeaders: Record<string, string | string[] | undefined> = {};
  private waiters: { match: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  private nextRef = 0;

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    ws.on('upgrade', (res) => (this.upgradeHeaders = res.headers));
    ws.on('message', (data) => {
      const message = JSON.parse((data as Buffer).toString()); // ws delivers a Buffer (binaryType 'nodebuffer')
      this.messages.push(message);
      for (const waiter of [...this.waiters]) {
        if (waiter.match(message)) {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          waiter.resolve(message);
        }
      }
    });
  }

  /** Opens a socket; rejects with the Refusal when the upgrade is answered with an HTTP error. */
  static open(url: string, headers: Record<string, string> = {}): Promise<SocketClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers, maxPayload: 1024 * 1024 });
      const client = new SocketClient(ws);
      ws.once('open', () => resolve(client));
      ws.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the refusal is the answer the tests check, not a failure
        const refuse = () => reject({ status: res.statusCode ?? 0, headers: res.headers, body } satisfies Refusal);
        res.on('end', refuse);
        res.on('error', refuse);
      });
      ws.once('error', (err) => reject(err));
    });
  }

  /** Expects the upgrade to be refused; returns the refusal. */
  static async refusal(url: string, headers: Record<string, string> = {}): Promise<Refusal> {
    try {
      const client = await SocketClient.open(url, headers);
      client.ws.terminate();
    } catch (err) {
      if (typeof (err as Refusal).status === 'number') return err as Refusal;
      throw err;
    }
    throw new Error(`upgrade to ${url} was accepted`);
  }

  /** Waits for the first message (already received or to come) that matches. */
  next(match: (m: any) => boolean, timeoutMs = 5000): Promise<any> {
    const seen = this.messages.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for a message')), timeoutMs);
      this.waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  /** Sends a raw text frame. */
  sendRaw(data: string | Buffer, options: { binary?: boolean } = {}): void {
    this.ws.send(data, { binary: options.binary ?? false });
  }

  /** Sends a client event and waits for its reply. */
  request(event: string, payload?: unknown): Promise<Reply> {
    const ref = `r${++this.nextRef}`;
    this.ws.send(JSON.stringify(payload === undefined ? { event, ref } : { event, ref, payload }));
    return this.next((m) => m.event === 'reply' && m.ref === ref);
  }

  pushes(event = 'command'): any[] {
    return this.messages.filter((m) => m.event === event);
  }

  /** Resolves with the close, or rejects when the socket is still open after `timeoutMs`. */
  closedWithin(timeoutMs = 5000): Promise<Closed> {
    return Promise.race([
      this.closed,
      // unref'd: a bound left pending after the close would keep jest from exiting
      new Promise<Closed>((_, reject) => setTimeout(() => reject(new Error('socket still open')), timeoutMs).unref()),
    ]);
  }

  /** True when nothing closes the socket for `ms`. */
  async staysOpen(ms = 300): Promise<boolean> {
    const outcome = await Promise.race([this.closed.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), ms).unref())]);
    return outcome && this.ws.readyState === WebSocket.OPEN;
  }

  close(): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.terminate();
  }
}

/** An agk_ key with the given scopes on an agent of the workspace (the default, visible agent unless named). */
export async function issueKey(
  t: TestApp,
  w: Registered,
  scopes: string[],
  options: { serviceAgentId?: string; expiresAt?: Date } = {},
): Promise<{ key: string; credentialId: string; serviceAgentId: string }> {
  const serviceAgentId = options.serviceAgentId ?? w.defaultAgentId;
  const issuer = t.app.get(CredentialIssuer);
  const issued = await t.app
    .get(Db)
    .transaction((m) =>
      issuer.issueApiKey(m, { workspaceId: w.workspaceId, serviceAgentId }, scopes as MachineScope[], { expiresAt: options.expiresAt }),
    );
  return { key: issued.key, credentialId: issued.credential_id, serviceAgentId };
}

/** POST /api/v1/socket_tokens with an agk_ key; returns the response body. */
export async function mintSocketToken(t: TestApp, key: string): Promise<any> {
  const res = await t.http().post('/api/v1/socket_tokens').set('x-agent-api-key', key);
  if (res.status !== 200) throw new Error(`socket token refused: ${res.status} ${res.text}`);
  return res.body;
}

/** Logs in through POST /users/log-in; returns the Cookie header value for the new session. */
export async function sessionCookie(t: TestApp, email: string, password: string): Promise<string> {
  const { res, session } = await logIn(t, { email, password }, { ip: randomIPv4(), json: true });
  if (res.status !== 302 || !session) throw new Error(`log-in failed: ${res.status} ${res.text}`);
  return cookieHeader({ [SESSION_COOKIE]: session });
}
