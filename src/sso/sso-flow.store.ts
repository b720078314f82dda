import { Injectable } from '@nestjs/common';
import { Clock } from '../core/common/clock/clock';
import { randomToken, sha256Base64 } from '../core/common/crypto/secrets';
import { RedisKeys } from '../core/redis/redis-keys';
import { RedisService } from '../core/redis/redis.service';

/** How long a sign-in may take at the provider (the cookie and the Redis entry live as long). */
export const SSO_FLOW_TTL_MS = 10 * 60 * 1000;

/** A sign-in between its start and the provider's callback. */
export interface SsoFlow {
  connectionId: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo?: string;
  /** A test sign-in from the settings page: the owner who started it; nobody is signed in. */
  testBy?: string;
  createdAt: number;
}

/** The reference the browser holds in `_agent_ops_sso`: 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Sign-ins in flight, in Redis so any node can take the callback. The browser holds a random
 * token in a short-lived cookie; the key is its SHA-256. The callback takes the entry (GETDEL),
 * so a `state` works once and only in the browser that started it (ADR 0255).
 */
@Injectable()
export class SsoFlowStore {
  constructor(
    private readonly redis: RedisService,
    private readonly clock: Clock,
  ) {}

  async create(flow: Omit<SsoFlow, 'createdAt'>): Promise<string> {
    const token = randomToken(32);
    const value: SsoFlow = { ...flow, createdAt: this.clock.now() };
    await this.redis.client.set(this.key(token), JSON.stringify(value), 'PX', SSO_FLOW_TTL_MS);
    return token;
  }

  /** The flow of this browser's cookie, taken (deleted) at once; undefined when unknown, used or older than 10 minutes. */
  async take(token: string | undefined): Promise<SsoFlow | undefined> {
    if (!token || !TOKEN.test(token)) return undefined;
    const raw = await this.redis.client.getdel(this.key(token));
    if (!raw) return undefined;
    const flow = JSON.parse(raw) as SsoFlow;
    return this.clock.now() - flow.createdAt <= SSO_FLOW_TTL_MS ? flow : undefined;
  }

  private key(token: string): string {
    return RedisKeys.ssoFlow(sha256Base64(token).replace(/=+$/, ''));
  }
}
