import { Injectable, Logger } from '@nestjs/common';
import { SecretBox } from '../core/common/crypto/secret-box';
import { randomToken, sha256 } from '../core/common/crypto/secrets';
import { RedisKeys, RedisLimits } from '../core/redis/redis-keys';
import { RedisService } from '../core/redis/redis.service';

const ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * Secrets a console form makes (a key, a token, a signing secret), shown once after
 * Post/Redirect/Get (issue 57, ADR 0265): the POST holds them here and redirects to a page with
 * the id; that page takes them (GETDEL) and shows them. A reload, the back button or a shared
 * link finds nothing, so the page never shows a secret twice and never runs the action again.
 *
 * Held sealed (SecretBox; the seal is bound to the session and the id, so another session's
 * request cannot open them), for 10 minutes, under the SHA-256 of the id. When Redis cannot take
 * them, `hold` answers undefined and the caller shows them in the POST's own answer instead (the
 * action is done; its secret must not be lost).
 */
@Injectable()
export class ShownOnce {
  private readonly log = new Logger(ShownOnce.name);

  constructor(
    private readonly redis: RedisService,
    private readonly box: SecretBox,
  ) {}

  /** The id of the held secrets for the redirect, or undefined when Redis did not take them. */
  async hold(sessionId: string, secrets: Readonly<Record<string, string>>): Promise<string | undefined> {
    const id = randomToken(16);
    const idHash = sha256(id).toString('hex');
    try {
      const sealed = this.box.seal(JSON.stringify(secrets), context(sessionId, idHash));
      await this.redis.client.set(RedisKeys.shownOnce(idHash), sealed, 'PX', RedisLimits.shownOnceMs);
      return id;
    } catch (err) {
      this.log.warn(`a console secret is shown in the form's answer: Redis did not hold it (${(err as Error).message})`);
      return undefined;
    }
  }

  /** The secrets held under `id` for this session, once; undefined for anything else (gone, another session's, malformed). */
  async take(sessionId: string, id: unknown): Promise<Record<string, string> | undefined> {
    if (typeof id !== 'string' || !ID.test(id)) return undefined;
    const idHash = sha256(id).toString('hex');
    const sealed = await this.redis.client.getdel(RedisKeys.shownOnce(idHash));
    if (sealed === null) return undefined;
    try {
      return JSON.parse(this.box.open(sealed, context(sessionId, idHash))) as Record<string, string>;
    } catch {
      return undefined; // another session's: it does not open, and it is gone
    }
  }
}

const context = (sessionId: string, idHash: string) => `shown-once:${sessionId}:${idHash}`;
