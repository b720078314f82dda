import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../core/config/app-config';
import { AddressNotAllowedError, bareHost, guardedLookup, isPublicAddress } from './outbound-address';

/** What one POST to a receiver came to. */
export interface HttpAttempt {
  /** The receiver's status, when it answered. */
  status?: number;
  /** Why the attempt failed (null when it succeeded): short, and never holding a secret. */
  error: string | null;
  /** The receiver's Retry-After header, when it sent one. */
  retryAfter?: string;
  durationMs: number;
}

export const WEBHOOK_USER_AGENT = 'AgentNetwork-Webhooks/1.0';
/** Bytes of a receiver's answer read (and dropped) before the connection is cut instead of reused. */
const MAX_RESPONSE_BYTES = 64 * 1024;

const TLS_CODES = /^(CERT_|ERR_TLS|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_|ERR_SSL)/;

function describe(err: NodeJS.ErrnoException, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `timeout after ${timeoutMs} ms`;
  if (err instanceof AddressNotAllowedError) return err.message;
  const code = err.code ?? '';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'connection reset';
  if (code === 'ENOTFOUND' || code === 'EAI_NONAME' || code === 'ENODATA') return 'host does not resolve';
  if (code === 'EAI_AGAIN') return 'DNS lookup failed (try again)';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'host unreachable';
  if (TLS_CODES.test(code)) return `TLS error (${code})`;
  return `${code || err.name}: ${err.message}`.slice(0, 200);
}

/**
 * POSTs a webhook to its receiver over node:http/https: one attempt, no redirects followed (a 3xx
 * is the receiver's answer), the whole exchange bounded by WEBHOOK_TIMEOUT_MS. Connections are
 * kept alive and reused per receiver. Under the `public` URL policy only https URLs are called
 * and every connection goes through guardedLookup, so it reaches only a public address checked
 * at connect time (an IP literal is checked here, since no lookup happens for it).
 */
@Injectable()
export class WebhookHttpClient implements OnModuleDestroy {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;
  private readonly publicOnly: boolean;

  constructor(private readonly config: AppConfig) {
    this.publicOnly = config.webhooks.urlPolicy === 'public';
    const options = {
      keepAlive: true,
      maxSockets: 64,
      maxFreeSockets: 16,
      timeout: 60_000,
      ...(this.publicOnly ? { lookup: guardedLookup() } : {}),
    };
    this.httpAgent = new http.Agent(options);
    this.httpsAgent = new https.Agent(options);
  }

  onModuleDestroy(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  post(rawUrl: string, headers: Record<string, string>, body: string): Promise<HttpAttempt> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const url = new URL(rawUrl);
    if (this.publicOnly) {
      if (url.protocol !== 'https:') return Promise.resolve({ error: 'url not allowed: https only', durationMs: elapsed() });
      const host = bareHost(url);
      if (isIP(host) && !isPublicAddress(host))
        return Promise.resolve({ error: new AddressNotAllowedError(host).message, durationMs: elapsed() });
    }
    const timeoutMs = this.config.webhooks.timeoutMs;
    const signal = AbortSignal.timeout(timeoutMs);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve) => {
      let settled = false;
      const settle = (attempt: Omit<HttpAttempt, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        resolve({ ...attempt, durationMs: elapsed() });
      };
      const request = client.request(
        url,
        {
          method: 'POST',
          agent: url.protocol === 'https:' ? this.httpsAgent : this.httpAgent,
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'user-agent': WEBHOOK_USER_AGENT,
          },
          signal,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const retryAfter = response.headers['retry-after'];
          settle({
            status,
            error:
              status >= 200 && status < 300 ? null : status >= 300 && status < 400 ? `redirect not followed (${status})` : `HTTP ${status}`,
            ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
          });
          // The answer's body is not kept; read it (up to a bound) so the connection can be reused.
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_RESPONSE_BYTES) response.destroy();
          });
          response.on('error', () => undefined);
        },
      );
      request.on('error', (err: NodeJS.ErrnoException) => settle({ error: describe(err, signal.aborted, timeoutMs) }));
      request.end(body);
    });
  }
}
