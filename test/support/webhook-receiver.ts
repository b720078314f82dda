import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { eventually } from './eventually';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  /** Date.now() when the request's body had arrived. */
  receivedAt: number;
}

/** How the receiver answers one request: a status, or a status with headers and a delay. */
export type Answer = number | { status: number; headers?: Record<string, string>; delayMs?: number };

/**
 * A real local webhook receiver (node:http on 127.0.0.1). Each test uses its own path, so counts
 * are not disturbed by other tests; `plan(attempt)` (1-based, per path) decides each answer
 * (200 by default).
 */
export class WebhookReceiver {
  readonly received: ReceivedRequest[] = [];
  private readonly plans = new Map<string, (attempt: number) => Answer>();
  private server?: http.Server;
  baseUrl = '';

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const entry = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          rawBody: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
        };
        this.received.push(entry);
        const attempt = this.forPath(entry.url).length;
        const answer = this.plans.get(entry.url)?.(attempt) ?? 200;
        const { status, headers = {}, delayMs = 0 } = typeof answer === 'number' ? { status: answer } : answer;
        const send = () => {
          if (!res.destroyed) res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(status < 300 ? 'ok' : 'nope');
        };
        if (delayMs > 0) setTimeout(send, delayMs);
        else send();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A fresh unique path; `plan(attempt)` gives the answer to each request to it. */
  path(plan?: (attempt: number) => Answer): string {
    const path = `/hooks/${randomBytes(8).toString('hex')}`;
    if (plan) this.plans.set(path, plan);
    return path;
  }

  /** A fresh URL on this receiver. */
  url(plan?: (attempt: number) => Answer): string {
    return `${this.baseUrl}${this.path(plan)}`;
  }

  forPath(pathOrUrl: string): ReceivedRequest[] {
    const path = pathOrUrl.startsWith('http') ? new URL(pathOrUrl).pathname : pathOrUrl;
    return this.received.filter((r) => r.url === path);
  }

  /** Waits until `count` requests reached the path (or URL), and returns them. */
  waitFor(pathOrUrl: string, count = 1, timeoutMs = 15_000): Promise<ReceivedRequest[]> {
    return eventually(
      () => {
        const got = this.forPath(pathOrUrl);
        if (got.length < count) throw new Error(`${got.length} of ${count} requests`);
        return got;
      },
      { timeoutMs, what: `${count} webhook request(s) to ${pathOrUrl}` },
    );
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = undefined;
  }
}
