import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import { ProblemError } from '../core/common/problem/problem.error';
import { RATE_LIMITED_METRIC } from '../core/metrics/metric-names';
import { RedisKeys } from '../core/redis/redis-keys';
import { RedisService } from '../core/redis/redis.service';
import {
  LOGIN_ATTEMPTS_PER_IP,
  LOGIN_COOLDOWN_S,
  LOGIN_FAILURES_PER_IDENTITY,
  LOGIN_IDENTITY_WINDOW_S,
  LOGIN_IP_WINDOW_S,
} from './session.constants';
import type { Counter } from 'prom-client';

/** `rate_limited_total{limit}` of the password and second-factor log-in (the machine limit is `machine`). */
export const LOGIN_THROTTLE_LIMITS = { ip: 'login_ip', identity: 'login_identity' } as const;

/**
 * 429 with the seconds to wait (retry-after, at least 1). SPEC: a minimal plain-text body for
 * every client, no redirect and no error page.
 */
export class LoginThrottled extends ProblemError {
  constructor(readonly retryAfterSeconds: number) {
    super({
      status: 429,
      code: 'login_throttled',
      detail: 'Too many login attempts. Try again later.',
      headers: { 'retry-after': String(retryAfterSeconds) },
      plainText: true,
    });
  }
}

/**
 * Admits one attempt, atomically: takes a slot of the IP window (refused past the IP limit),
 * honours a running cooldown, then reserves the identity's next failure slot before the password
 * is verified, so concurrent attempts can never evaluate more than the limit. Returns
 * {'ip', ttl}, {'cooldown', ttl}, {'busy', 0} (every slot reserved by attempts still being
 * verified) or {'ok', n}, n being this attempt's place among the identity's failures.
 */
const ADMIT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
if n > tonumber(ARGV[2]) then return {'ip', ttl} end
local cooldown = redis.call('TTL', KEYS[3])
if cooldown > 0 then return {'cooldown', cooldown} end
local f = redis.call('INCR', KEYS[2])
if f == 1 then redis.call('EXPIRE', KEYS[2], ARGV[3]) end
if f > tonumber(ARGV[4]) then
  redis.call('DECR', KEYS[2])
  return {'busy', 0}
end
return {'ok', f}`;

/** The reserved failure slot became a failure: the last slot starts the cooldown (and clears the count). */
const RECORD_FAILURE = `
if tonumber(ARGV[1]) >= tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'EX', ARGV[3])
  redis.call('DEL', KEYS[1])
  return tonumber(ARGV[3])
end
return 0`;

/** Gives an attempt slot back without going below zero or resurrecting an expired key. */
const RETURN_SLOT = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return n`;

/**
 * Password-login throttles, counted in Redis so every node shares them (SPEC.md Limits):
 * - per identity: 10 failed passwords for one (normalized email, client IP) within 15 minutes
 *   start a 30-minute cooldown; the 10th failure is already refused; a success clears the count.
 *   Each attempt reserves its failure slot before the password is verified, in the same script
 *   that takes the IP slot, so concurrent attempts never get more than 10 verifications;
 * - per IP (/64 for IPv6): 50 unreturned attempts in 15 minutes; every submission takes a slot,
 *   a verified login gives it back; the 51st is refused.
 * The email is never stored: keys carry a hash of (email, IP).
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    private readonly redis: RedisService,
    @InjectMetric(RATE_LIMITED_METRIC) private readonly refused: Counter<string>,
  ) {
    // the series exist from the start, so increase() sees the first refusal
    for (const limit of Object.values(LOGIN_THROTTLE_LIMITS)) refused.inc({ limit }, 0);
  }

  private identity(email: string, ipBucket: string): string {
    return createHash('sha256').update(`${email}\n${ipBucket}`).digest('base64url');
  }

  /**
   * Takes an IP slot, checks the cooldown and reserves a failure slot of the identity, in one
   * script; throws LoginThrottled when refused. Returns the reservation for recordFailure.
   */
  async admit(email: string, ipBucket: string): Promise<number> {
    const id = this.identity(email, ipBucket);
    const [outcome, value] = (await this.redis.client.eval(
      ADMIT,
      3,
      RedisKeys.loginAttemptsByIp(ipBucket),
      RedisKeys.loginFailures(id),
      RedisKeys.loginCooldown(id),
      LOGIN_IP_WINDOW_S,
      LOGIN_ATTEMPTS_PER_IP,
      LOGIN_IDENTITY_WINDOW_S,
      LOGIN_FAILURES_PER_IDENTITY,
    )) as [string, number];
    if (outcome === 'ok') return value;
    this.refused.inc({ limit: outcome === 'ip' ? LOGIN_THROTTLE_LIMITS.ip : LOGIN_THROTTLE_LIMITS.identity });
    // 'busy': the last allowed attempts are being verified now; if they fail, the cooldown follows.
    throw new LoginThrottled(outcome === 'busy' ? LOGIN_COOLDOWN_S : Math.max(1, value));
  }

  /** A wrong password on reservation `slot`: the identity's last slot starts the cooldown and is refused. */
  async recordFailure(email: string, ipBucket: string, slot: number): Promise<void> {
    const id = this.identity(email, ipBucket);
    const cooldown = (await this.redis.client.eval(
      RECORD_FAILURE,
      2,
      RedisKeys.loginFailures(id),
      RedisKeys.loginCooldown(id),
      slot,
      LOGIN_FAILURES_PER_IDENTITY,
      LOGIN_COOLDOWN_S,
    )) as number;
    if (cooldown <= 0) return;
    this.refused.inc({ limit: LOGIN_THROTTLE_LIMITS.identity });
    throw new LoginThrottled(cooldown);
  }

  /**
   * A verified password of an account with a second factor: the IP slot goes back (the password
   * was verified), but the identity's reserved slot stays counted until the second factor
   * completes the log-in (recordSuccess), so password and code guesses share one limit.
   */
  async passwordVerified(ipBucket: string): Promise<void> {
    await this.redis.client.eval(RETURN_SLOT, 1, RedisKeys.loginAttemptsByIp(ipBucket));
  }

  /** A verified login: clears the identity's failures and gives the IP slot back. */
  async recordSuccess(email: string, ipBucket: string): Promise<void> {
    const id = this.identity(email, ipBucket);
    await this.redis.client.del(RedisKeys.loginFailures(id));
    await this.redis.client.eval(RETURN_SLOT, 1, RedisKeys.loginAttemptsByIp(ipBucket));
  }
}
