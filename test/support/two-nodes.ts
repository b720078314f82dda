import { EventBus } from '../../src/core/redis/event-bus.service';
import { RedisService } from '../../src/core/redis/redis.service';
import { eventually } from './eventually';
import { mintSocketToken, SocketClient, socketUrl } from './sockets';
import { TcpProxy } from './tcp-proxy';
import { createTestApp, type TestApp } from './test-app';
import type { Response } from 'supertest';

/** How soon every node must refuse an ended credential (ADR 0041, ADR 0230). */
export const EVERY_NODE_WITHIN_MS = 1000;

/** "200" (or "201"), or the refusal's status and code ("401 api_key_revoked"). */
export const outcome = (res: Response) =>
  res.status === 200 || res.status === 201 ? String(res.status) : `${res.status} ${res.body.detail}`;

/** A machine read that any credential with messages:read may make. */
export const read = (t: TestApp, credential: string) =>
  t.http().get('/api/v1/messages?limit=1').set('authorization', `Bearer ${credential}`);

/**
 * Two nodes on one PostgreSQL, each reaching Redis through a TCP proxy of its own (so a test can
 * cut one off, or both), listening on real ports. Node A makes a change; node B holds what the
 * change must end. Call the hooks from the suite's beforeAll, beforeEach, afterEach and afterAll.
 */
export class TwoNodes {
  private readonly redisUrl = new URL(process.env.REDIS_URL!);
  readonly proxyA = new TcpProxy(this.redisUrl.hostname, Number(this.redisUrl.port));
  readonly proxyB = new TcpProxy(this.redisUrl.hostname, Number(this.redisUrl.port));
  a!: TestApp;
  b!: TestApp;
  baseA!: string;
  baseB!: string;
  private readonly open: SocketClient[] = [];
  /** Lines a suite prints after its tests: the figures it measured. */
  readonly figures: string[] = [];

  constructor(private readonly title: string) {}

  static busHealthy = (t: TestApp) => t.app.get(EventBus).healthy;

  async beforeAll(env: Record<string, string> = {}): Promise<void> {
    await Promise.all([this.proxyA.start(), this.proxyB.start()]);
    const common = { API_RATE_LIMIT: '1000000', ...env };
    [this.a, this.b] = await Promise.all([
      createTestApp({ env: { ...common, REDIS_URL: this.proxyA.urlFor(this.redisUrl) } }),
      createTestApp({ env: { ...common, REDIS_URL: this.proxyB.urlFor(this.redisUrl) } }),
    ]);
    [this.baseA, this.baseB] = await Promise.all([this.a.listen(), this.b.listen()]);
  }

  /** Both proxies forwarding and both buses up. */
  async beforeEach(): Promise<void> {
    await Promise.all([this.proxyA.start(), this.proxyB.start()]);
    await eventually(() => expect(TwoNodes.busHealthy(this.a) && TwoNodes.busHealthy(this.b)).toBe(true), {
      timeoutMs: 5000,
      what: 'both buses up',
    });
  }

  afterEach(): void {
    jest.restoreAllMocks();
    this.open.splice(0).forEach((socket) => socket.close());
  }

  async afterAll(): Promise<void> {
    await Promise.all([this.proxyA.start(), this.proxyB.start()]);
    await Promise.all([this.a?.close(), this.b?.close()]);
    await Promise.all([this.proxyA.cut(), this.proxyB.cut()]);
    if (this.figures.length > 0) process.stdout.write(`\n${this.title}:\n${this.figures.map((f) => `  ${f}\n`).join('')}`);
  }

  /** Node A's PUBLISH refused with Redis up: only what the change makes durable can tell node B. */
  failPublishOnA(): jest.SpyInstance {
    return jest.spyOn(this.a.app.get(RedisService).client, 'publish').mockRejectedValue(new Error('PUBLISH refused (injected)'));
  }

  /** Redis cut off from both nodes, both buses down. */
  async cutRedis(): Promise<void> {
    await Promise.all([this.proxyA.cut(), this.proxyB.cut()]);
    await eventually(() => expect(TwoNodes.busHealthy(this.a) || TwoNodes.busHealthy(this.b)).toBe(false), {
      timeoutMs: 3000,
      what: 'both buses to be down',
    });
  }

  /** Uses each credential on B twice, so that B serves it from its cache. */
  async cachedOnB(...credentials: string[]): Promise<void> {
    for (const credential of credentials) {
      await read(this.b, credential).expect(200);
      await read(this.b, credential).expect(200);
    }
  }

  /** A socket on B, open and ready, with a socket token minted from `key`; closed after the test. */
  async socketOnB(key: string): Promise<SocketClient> {
    const socket = await SocketClient.open(socketUrl(this.baseB, { socket_token: (await mintSocketToken(this.b, key)).socket_token }));
    this.open.push(socket);
    expect((await socket.request('ready')).status).toBe('ok');
    return socket;
  }

  /**
   * Polls B until it refuses every credential as `refused` says ("401 api_key_revoked"), within
   * `withinMs`; returns the milliseconds since `since`.
   */
  async refusedOnB(credentials: string[], refused: string, since: number, withinMs = EVERY_NODE_WITHIN_MS): Promise<number> {
    await eventually(
      async () => {
        const outcomes = [];
        for (const credential of credentials) outcomes.push(outcome(await read(this.b, credential)));
        expect(outcomes).toEqual(credentials.map(() => refused));
      },
      { timeoutMs: withinMs, intervalMs: 10, what: `node B to refuse ${credentials.length} credentials with ${refused}` },
    );
    return Date.now() - since;
  }
}
