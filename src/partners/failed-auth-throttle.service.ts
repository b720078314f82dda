import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Clock } from '../core/common/clock/clock';
import { clientIp, ipBucket } from '../core/common/http/client-ip';
import { REQUEST_ID_HEADER } from '../core/common/http/request-id';
import { ProblemError } from '../core/common/problem/problem.error';
import { withTimeout } from '../core/common/with-timeout';
import { AppConfig } from '../core/config/app-config';
import { BUS_TIMEOUT_MS, EventBus } from '../core/redis/event-bus.service';
import { RedisKeys } from '../core/redis/redis-keys';
import { RedisService } from '../core/redis/redis.service';
import { FAILED_AUTH_LIMIT, FAILED_AUTH_WINDOW_MS } from './lifetimes';
import type { Request } from 'express';

export const FAILED_AUTH_DETAIL = 'too many failed authentication attempts';

/**
 * One script for both steps, so each is atomic across nodes. ARGV[1] '1' records a failed
 * answer (INCR; the window starts with the first), '0' only looks. Returns {count, ms left}.
 * A request is refused when the count is already at the limit before it (look), or when its
 * own failure takes the count past the limit (record): the 31st failed answer is a 429.
 */
const FAILED_AUTH_SCRIPT = `
local n
if ARGV[1] == '1' then
  n = redis.call('INCR', KEYS[1])
  if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
else
  n = tonumber(redis.call('GET', KEYS[1]) or '0')
end
if n == 0 then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]); ttl = tonumber(ARGV[2]) end
return {n, ttl}`;

/** The 429 of the partner and engagement planes: the machine rate-limit problem with its own detail. */
export class FailedAuthThrottled extends ProblemError<'failed_auth_throttled'> {
  constructor(retryAfterSeconds: number, requestId: string) {
    super({
      status: 429,
      code: 'failed_auth_throttled',
      detail: FAILED_AUTH_DETAIL,
      members: { request_id: requestId },
      extra: { retry_after_seconds: retryAfterSeconds },
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  }
}

interface LocalWindow {
  count: number;
  endsAt: number;
}

/** While Redis is unreachable, at most this many addresses are counted per node (and as many blocked ones kept). */
const LOCAL_MAX_ADDRESSES = 100_000;

/** On the event bus: an address reached the limit; every node refuses it until the window ends. */
export const AUTH_BLOCKED_EVENT = 'marketplace.auth_blocked';

/**
 * The failed-authentication throttle of the partner and engagement planes (SPEC.md Limits): 30
 * answers of 401 or 403 per client address (IPv6 per /64, TRUSTED_PROXY_IPS honoured) per 60 s;
 * the 31st such answer, and every request from that address until the window ends, is a 429.
 * Counted in Redis, so all nodes share one count.
 *
 * Only failures pay a Redis round trip. The failure that brings an address to the limit is told
 * to every node over the event bus; a node checks Redis (the authority on the count and the
 * window) only for addresses it was told are blocked, so valid traffic of other addresses costs
 * nothing here.
 *
 * While Redis cannot be reached (the event bus reports it down, or a call fails or takes over
 * 500 ms), each node counts in its own memory with the same limit and the request goes on:
 * partner traffic stays up, and the brute-force bound becomes 30 per node per minute until
 * Redis is back (ADR 0219, ADR 0220).
 */
@Injectable()
export class FailedAuthThrottle implements OnModuleInit {
  private readonly logger = new Logger(FailedAuthThrottle.name);
  private readonly local = new Map<string, LocalWindow>();
  /** Addresses at the limit, by the epoch ms their window ends (told by this node or another). */
  private readonly blocked = new Map<string, number>();
  private lastWarning = 0;

  constructor(
    private readonly redis: RedisService,
    private readonly bus: EventBus,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.bus.on(AUTH_BLOCKED_EVENT, (e) => {
      if (typeof e.bucket === 'string' && typeof e.msLeft === 'number') this.markBlocked(e.bucket, e.msLeft);
    });
  }

  /** Refuses (429) a request from an address whose window already holds 30 failed answers. */
  async admit(req: Request): Promise<void> {
    const bucket = this.bucketOf(req);
    if (!this.bus.healthy) {
      const { count, msLeft } = this.countLocally(bucket, false);
      if (count >= FAILED_AUTH_LIMIT) throw this.refusal(req, msLeft);
      return;
    }
    const until = this.blocked.get(bucket);
    if (until === undefined) return;
    if (until <= Date.now()) {
      this.blocked.delete(bucket);
      return;
    }
    const counted = await this.countInRedis(bucket, false);
    const { count, msLeft } = counted ?? { count: FAILED_AUTH_LIMIT, msLeft: until - Date.now() };
    if (count >= FAILED_AUTH_LIMIT) throw this.refusal(req, msLeft);
    this.blocked.delete(bucket); // the window ended early (or its key is gone)
  }

  /**
   * Counts a 401 or 403 answer. Returns what to answer instead: the 429 when this failure is past
   * the limit, else the original refusal.
   */
  async recordFailure(req: Request, refusal: ProblemError): Promise<ProblemError> {
    const bucket = this.bucketOf(req);
    const counted = this.bus.healthy ? await this.countInRedis(bucket, true) : undefined;
    const { count, msLeft } = counted ?? this.countLocally(bucket, true);
    if (counted && count >= FAILED_AUTH_LIMIT && !this.blocked.has(bucket)) {
      this.markBlocked(bucket, msLeft);
      await this.bus.publish({ type: AUTH_BLOCKED_EVENT, bucket, msLeft });
    }
    return count > FAILED_AUTH_LIMIT ? this.refusal(req, msLeft) : refusal;
  }

  private bucketOf(req: Request): string {
    return ipBucket(clientIp(req, this.config.trustedProxyIps));
  }

  private markBlocked(bucket: string, msLeft: number): void {
    if (this.blocked.size >= LOCAL_MAX_ADDRESSES) {
      const now = Date.now();
      for (const [key, until] of this.blocked) if (until <= now) this.blocked.delete(key);
      if (this.blocked.size >= LOCAL_MAX_ADDRESSES) this.blocked.delete(this.blocked.keys().next().value!);
    }
    this.blocked.set(bucket, Date.now() + msLeft);
  }

  private refusal(req: Request, msLeft: number): FailedAuthThrottled {
    return new FailedAuthThrottled(Math.max(1, Math.ceil(msLeft / 1000)), String(req.headers[REQUEST_ID_HEADER] ?? ''));
  }

  /** The shared count (incremented when `failed`), or undefined when Redis did not answer in time. */
  private async countInRedis(bucket: string, failed: boolean): Promise<{ count: number; msLeft: number } | undefined> {
    try {
      const [count, msLeft] = (await withTimeout(
        this.redis.client.eval(FAILED_AUTH_SCRIPT, 1, RedisKeys.marketplaceAuthFailures(bucket), failed ? '1' : '0', FAILED_AUTH_WINDOW_MS),
        BUS_TIMEOUT_MS,
        'failed-auth throttle',
      )) as [number, number];
      return { count, msLeft };
    } catch (err) {
      this.warn(err as Error);
      return undefined;
    }
  }

  private countLocally(bucket: string, failed: boolean): { count: number; msLeft: number } {
    const now = this.clock.now();
    let window = this.local.get(bucket);
    if (window && window.endsAt <= now) {
      this.local.delete(bucket);
      window = undefined;
    }
    if (!window) {
      if (!failed) return { count: 0, msLeft: 0 };
      if (this.local.size >= LOCAL_MAX_ADDRESSES) this.sweep(now);
      window = { count: 0, endsAt: now + FAILED_AUTH_WINDOW_MS };
      this.local.set(bucket, window);
    }
    if (failed) window.count++;
    return { count: window.count, msLeft: window.endsAt - now };
  }

  /** Drops ended windows, and the oldest ones if the map is still full. */
  private sweep(now: number): void {
    for (const [key, w] of this.local) if (w.endsAt <= now) this.local.delete(key);
    for (const key of this.local.keys()) {
      if (this.local.size < LOCAL_MAX_ADDRESSES) break;
      this.local.delete(key);
    }
  }

  private warn(err: Error): void {
    const now = Date.now();
    if (now - this.lastWarning < 10_000) return;
    this.lastWarning = now;
    this.logger.warn(`failed-auth throttle counts on this node only until Redis answers: ${err.message}`);
  }
}
