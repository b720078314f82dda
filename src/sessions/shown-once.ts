import { Injectable, Logger } from '@nestjs/common';
import { SecretBox } from '../core/common/crypto/secret-box';
import { randomToken, sha256 } from '../core/common/crypto/secrets';
import { RedisKeys, RedisLimits } from '../core/redis/redis-keys';
import { RedisService } from '../core/redis/redis.service';

const ID = /^[A-Za-z0-9_-]{22}$/;

/** The secrets a form held for the page after its redirect: names to values (a key, a token, codes joined by spaces). */
export type HeldSecrets = Readonly<Record<string, string>>;

/**
 * What a page found under its `?shown=` id: the secrets, this once; `missing: 'gone'` when there is
 * nothing (already shown, expired, another session's or another page's, malformed);
 * `missing: 'unavailable'` when Redis did not answer (nothing was taken: a reload may still show
 * them). No id in the address: neither.
 */
export interface TakenSecrets {
  secrets?: HeldSecrets;
  missing?: 'gone' | 'unavailable';
}

/**
 * Secrets a console form makes (a key, a token, a signing secret, recovery codes), shown once after
 * Post/Redirect/Get (issue 57, ADR 0265): the POST holds them here and redirects to a page
 * with the id; that page takes them (GETDEL) and shows them. A reload, the back button or a shared
 * link finds nothing, so the page never shows a secret twice and never runs the action again.
 *
 * Held sealed (SecretBox; the seal is bound to the session, the page they are held for and the id,
 * so another session's request, or another page, cannot open them), for 10 minutes, under the
 * SHA-256 of the id. When Redis cannot take them, `hold` answers undefined and the caller shows
 * them in the POST's own answer instead (the action is done; its secret must not be lost). When
 * Redis cannot give them back, `take` says so and the page renders without them.
 */
@Injectable()
export class ShownOnce {
  private readonly log = new Logger(ShownOnce.name);

  constructor(
    private readonly redis: RedisService,
    private readonly box: SecretBox,
  ) {}

  /** The id of the secrets held for `page` (its path), for the redirect; undefined when Redis did not take them. */
  async hold(sessionId: string, page: string, secrets: HeldSecrets): Promise<string | undefined> {
    const id = randomToken(16);
    const idHash = sha256(id).toString('hex');
    try {
      const sealed = this.box.seal(JSON.stringify(secrets), context(sessionId, page, idHash));
      await this.redis.client.set(RedisKeys.shownOnce(idHash), sealed, 'PX', RedisLimits.shownOnceMs);
      return id;
    } catch (err) {
      this.log.warn(`a console secret is shown in the form's answer: Redis did not hold it (${(err as Error).message})`);
      return undefined;
    }
  }

  /** The secrets held under `id` for this session and `page`, once (see TakenSecrets). */
  async take(sessionId: string, page: string, id: unknown): Promise<TakenSecrets> {
    if (id === undefined) return {};
    if (typeof id !== 'string' || !ID.test(id)) return { missing: 'gone' };
    const idHash = sha256(id).toString('hex');
    let sealed: string | null;
    try {
      sealed = await this.redis.client.getdel(RedisKeys.shownOnce(idHash));
    } catch (err) {
      this.log.warn(`a console page is shown without its secret: Redis did not answer (${(err as Error).message})`);
      return { missing: 'unavailable' };
    }
    if (sealed === null) return { missing: 'gone' };
    try {
      return { secrets: JSON.parse(this.box.open(sealed, context(sessionId, page, idHash))) as HeldSecrets };
    } catch {
      return { missing: 'gone' }; // another session's or another page's: it does not open, and it is gone
    }
  }
}

const context = (sessionId: string, page: string, idHash: string) => `shown-once:${sessionId}:${page}:${idHash}`;
