import { createHmac } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../core/common/clock/clock';
import { constantTimeEqual, randomToken, sha256Base64 } from '../core/common/crypto/secrets';
import { AppConfig } from '../core/config/app-config';
import { RedisKeys } from '../core/redis/redis-keys';
import { RedisService } from '../core/redis/redis.service';
import { MFA_MAX_WRONG_CODES, MFA_PENDING_TTL_MS } from './session.constants';

/** A log-in whose password was right, waiting for its second factor (API.md Part 3). */
export interface PendingLogin {
  userId: string;
  rememberMe: boolean;
  returnTo: string | undefined;
  createdAt: number;
  wrongCodes: number;
}

/** What the pending step keeps besides its data: which browser started it, and which password. */
interface StoredPending extends PendingLogin {
  /** SHA-256 of the User-Agent header that started the step (ADR 0248: "another browser"). */
  agent: string;
  /** HMAC of the password hash the step was started with: a reset since then ends the step. */
  password: string;
}

/** HSET + PEXPIRE in one script: the step exists whole or not at all. */
const CREATE = `
redis.call('HSET', KEYS[1], 'u', ARGV[1], 'r', ARGV[2], 'b', ARGV[3], 'a', ARGV[4], 'p', ARGV[5], 'c', ARGV[6], 'n', 0)
redis.call('PEXPIRE', KEYS[1], ARGV[7])
return 1`;

/** One wrong code: counted atomically; the last allowed one ends the step. -1: no step (gone already). */
const WRONG_CODE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local n = redis.call('HINCRBY', KEYS[1], 'n', 1)
if n >= tonumber(ARGV[1]) then redis.call('DEL', KEYS[1]) end
return n`;

/** Reads and deletes the step in one script: of two concurrent completions, one gets it. */
const TAKE = `
local v = redis.call('HGETALL', KEYS[1])
if #v == 0 then return false end
redis.call('DEL', KEYS[1])
return v`;

/** The reference a client holds: the cookie's value or the JSON `mfa_token` (32 random bytes, base64url). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The pending second-factor steps, in Redis so every node sees them (TTL 5 minutes). The key is
 * the SHA-256 of the client's random token, never the token. A step is bound to the browser that
 * started it (its User-Agent) and to the password it was started with.
 */
@Injectable()
export class MfaPendingStore {
  constructor(
    private readonly redis: RedisService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  static agentOf(userAgent: string | undefined): string {
    return sha256Base64(`agent:${userAgent ?? ''}`);
  }

  passwordFingerprint(passwordHash: string | null): string {
    return createHmac('sha256', this.config.sessionSecret)
      .update(`mfa-pending:${passwordHash ?? ''}`)
      .digest('base64url');
  }

  /** Starts a step; returns the token the client must present (cookie or `mfa_token`). */
  async create(p: {
    userId: string;
    rememberMe: boolean;
    returnTo?: string;
    userAgent?: string;
    passwordHash: string | null;
  }): Promise<string> {
    const token = randomToken(32);
    await this.redis.client.eval(
      CREATE,
      1,
      this.key(token),
      p.userId,
      p.rememberMe ? '1' : '0',
      p.returnTo ?? '',
      MfaPendingStore.agentOf(p.userAgent),
      this.passwordFingerprint(p.passwordHash),
      String(this.clock.now()),
      MFA_PENDING_TTL_MS,
    );
    return token;
  }

  /**
   * The live step of `token` for this browser, or undefined: unknown, ended, older than 5 minutes
   * (by the service's clock, whatever Redis's TTL still says) or started by another browser.
   */
  async read(token: string | undefined, userAgent: string | undefined): Promise<(PendingLogin & { password: string }) | undefined> {
    if (!token || !TOKEN.test(token)) return undefined;
    const fields = await this.redis.client.hgetall(this.key(token));
    const step = this.parse(fields);
    return step && this.usable(step, userAgent) ? step : undefined;
  }

  /** A wrong code: how many there were so far (-1: the step is gone); the 5th ends it. */
  async wrongCode(token: string): Promise<number> {
    return (await this.redis.client.eval(WRONG_CODE, 1, this.key(token), MFA_MAX_WRONG_CODES)) as number;
  }

  /** Takes the step (deletes it) if it is still there and usable; undefined when another request took or ended it. */
  async take(token: string, userAgent: string | undefined): Promise<PendingLogin | undefined> {
    const flat = (await this.redis.client.eval(TAKE, 1, this.key(token))) as string[] | null;
    if (!flat) return undefined;
    const fields: Record<string, string> = {};
    for (let i = 0; i + 1 < flat.length; i += 2) fields[flat[i]] = flat[i + 1];
    const step = this.parse(fields);
    return step && this.usable(step, userAgent) ? step : undefined;
  }

  /** Ends a step (its account was suspended or its password reset). */
  async end(token: string): Promise<void> {
    await this.redis.client.del(this.key(token));
  }

  private key(token: string): string {
    return RedisKeys.mfaPendingLogin(sha256Base64(token).replace(/=+$/, ''));
  }

  private usable(step: StoredPending, userAgent: string | undefined): boolean {
    return this.clock.now() - step.createdAt <= MFA_PENDING_TTL_MS && constantTimeEqual(step.agent, MfaPendingStore.agentOf(userAgent));
  }

  private parse(f: Record<string, string>): StoredPending | undefined {
    if (!f.u || !f.c) return undefined;
    return {
      userId: f.u,
      rememberMe: f.r === '1',
      returnTo: f.b ? f.b : undefined,
      agent: f.a ?? '',
      password: f.p ?? '',
      createdAt: Number(f.c),
      wrongCodes: Number(f.n ?? 0),
    };
  }
}
