import { Injectable } from '@nestjs/common';
import { Clock } from '../core/common/clock/clock';
import { RedisLimits } from '../core/redis/redis-keys';
import { RedisService } from '../core/redis/redis.service';

/** What a challenge is kept with: the account it was issued to and when it stops being answerable. */
interface StoredChallenge {
  challenge: string;
  userId: string;
  expiresAt: number;
}

/**
 * WebAuthn challenges, kept server-side in Redis: each is answerable once (GETDEL takes it, on
 * whichever node the answer reaches, whether or not the answer then verifies) and for 5 minutes
 * by the service's clock (the key's TTL only clears what is never answered). A Redis failure is
 * the core's 503 `redis_unavailable`.
 */
@Injectable()
export class PasskeyChallenges {
  constructor(
    private readonly redis: RedisService,
    private readonly clock: Clock,
  ) {}

  async put(key: string, userId: string, challenge: string): Promise<void> {
    const stored: StoredChallenge = { challenge, userId, expiresAt: this.clock.now() + RedisLimits.webauthnChallengeMs };
    await this.redis.client.set(key, JSON.stringify(stored), 'PX', RedisLimits.webauthnChallengeMs);
  }

  /** The challenge under `key` if it was issued to `userId` and is unexpired; it is gone afterwards either way. */
  async take(key: string, userId: string): Promise<string | undefined> {
    const raw = await this.redis.client.getdel(key);
    if (raw === null) return undefined;
    const stored = JSON.parse(raw) as StoredChallenge;
    if (stored.userId !== userId || stored.expiresAt <= this.clock.now()) return undefined;
    return stored.challenge;
  }
}
