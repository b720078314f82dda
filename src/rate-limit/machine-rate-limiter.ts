import { Inject, Injectable } from '@nestjs/common';
import { getOptionsToken, getStorageToken, ThrottlerModuleOptions, ThrottlerOptions } from '@nestjs/throttler';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import { clientIp, ipBucket } from '../core/common/http/client-ip';
import { REQUEST_ID_HEADER } from '../core/common/http/request-id';
import { ProblemError } from '../core/common/problem/problem.error';
import { AppConfig } from '../core/config/app-config';
import { RATE_LIMITED_METRIC } from '../core/metrics/metric-names';
import { FixedWindowThrottlerStorage } from './fixed-window.storage';
import { MACHINE_THROTTLER } from './rate-limit.constants';
import type { Request, Response } from 'express';
import type { Counter } from 'prom-client';

/** Who a request is counted as (SPEC.md Limits, "Machine API key"). */
export type RateLimitSubject =
  | { kind: 'credential'; id: string }
  | { kind: 'user'; id: string }
  | { kind: 'partner'; id: string }
  | { kind: 'engagement'; id: string }
  /** an operator API token (aot_), counted as `api_token:<id>` (API.md Part 3) */
  | { kind: 'api_token'; id: string }
  | { kind: 'ip' };

export const RATE_LIMITED_DETAIL = 'Rate limit exceeded. Retry later, after the number of seconds in retry-after.';

/**
 * The machine API rate limit: a fixed 60 s window per bucket (API_RATE_LIMIT, default 1000),
 * counted once per request by the global guard after authentication has identified the caller,
 * and against the client IP for unauthenticated or refused requests.
 */
@Injectable()
export class MachineRateLimiter {
  private readonly ttl: number;
  private readonly limit: number;
  /** The reset header changes once per window; format it once per window, not per request. */
  private resetFor = 0;
  private resetIso = '';

  constructor(
    @Inject(getStorageToken()) private readonly storage: FixedWindowThrottlerStorage,
    @Inject(getOptionsToken()) options: ThrottlerModuleOptions,
    private readonly config: AppConfig,
    @InjectMetric(RATE_LIMITED_METRIC) private readonly refused: Counter<string>,
  ) {
    const throttlers = Array.isArray(options) ? options : options.throttlers;
    const machine = throttlers.find((t) => t.name === MACHINE_THROTTLER) as ThrottlerOptions & { ttl: number; limit: number };
    this.ttl = machine.ttl;
    this.limit = machine.limit;
  }

  bucketKey(req: Request, subject: RateLimitSubject): string {
    switch (subject.kind) {
      case 'credential':
        return subject.id;
      case 'ip':
        return `ip:${ipBucket(clientIp(req, this.config.trustedProxyIps))}`;
      default:
        return `${subject.kind}:${subject.id}`;
    }
  }

  /**
   * Counts one request. Within the limit: sets x-ratelimit-remaining and x-ratelimit-reset.
   * Over it: throws the 429 problem with retry-after.
   */
  consume(req: Request, res: Response, subject: RateLimitSubject): void {
    const record = this.storage.hit(this.bucketKey(req, subject), this.ttl, this.limit, MACHINE_THROTTLER);
    if (record.isBlocked) {
      this.refused.inc({ limit: MACHINE_THROTTLER });
      const retryAfter = record.timeToExpire;
      throw new ProblemError({
        status: 429,
        code: 'rate_limited',
        detail: RATE_LIMITED_DETAIL,
        members: { request_id: String(req.headers[REQUEST_ID_HEADER] ?? '') },
        extra: { retry_after_seconds: retryAfter },
        headers: { 'retry-after': String(retryAfter) },
      });
    }
    res.setHeader('x-ratelimit-remaining', String(this.limit - record.totalHits));
    if (record.windowEndsAt !== this.resetFor) {
      this.resetFor = record.windowEndsAt;
      this.resetIso = new Date(record.windowEndsAt).toISOString();
    }
    res.setHeader('x-ratelimit-reset', this.resetIso);
  }
}
