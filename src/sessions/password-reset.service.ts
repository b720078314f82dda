import { createHash, createHmac } from 'node:crypto';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Clock } from '../core/common/clock/clock';
import { randomToken, sha256 } from '../core/common/crypto/secrets';
import { redisWithin } from '../core/common/problem/redis-errors';
import { AppConfig } from '../core/config/app-config';
import { QueueNames } from '../core/config/queue-names';
import { Db } from '../core/database/db.service';
import { escapeHtml } from '../core/pages/html';
import { RedisKeys } from '../core/redis/redis-keys';
import { REDIS_COMMAND_TIMEOUT_MS, RedisService } from '../core/redis/redis.service';
import { PasswordHasher } from '../identity';
import { MailTransport } from '../mail';
import { accountActor, accountTarget, MemberAudit } from './member-audit';
import { OperatorsRepository } from './operators.repository';
import { PasswordResetRepository } from './password-reset.repository';
import { RESET_LINK_TTL_MS, RESET_REQUESTS_PER_ADDRESS, RESET_REQUESTS_PER_IP, RESET_WINDOW_S } from './session.constants';
import { SessionsService } from './sessions.service';
import type { Job, Queue } from 'bullmq';

export const PASSWORD_RESET_JOB = 'password-reset';

export interface ResetRequestJob {
  email: string;
  requestedAt: number;
  /** Random per request: the link's token is derived from it, so a retried job mails the same link. */
  nonce: string;
}

/**
 * Password reset. A request does the same thing whether or not the address has an account: it
 * counts against the throttles and enqueues one job. The password_resets worker looks the address up and,
 * for an active account, stores a hashed single-use link valid 60 minutes and mails it. Issuing
 * a link leaves earlier links valid. A link is bound to the address it was sent to, so changing
 * the account's email or suspending it makes outstanding links unusable.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly db: Db,
    private readonly repo: PasswordResetRepository,
    private readonly operators: OperatorsRepository,
    @InjectQueue(QueueNames.passwordResets) private readonly queue: Queue<ResetRequestJob>,
    private readonly transport: MailTransport,
    private readonly redis: RedisService,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly audit: MemberAudit,
  ) {}

  /** Returns nothing and reveals nothing: throttled or not, known or not. */
  async request(email: string, ipBucket: string): Promise<void> {
    const address = createHash('sha256').update(email).digest('base64url');
    const [byIp, byAddress] = await Promise.all([
      this.redis.countInWindow(RedisKeys.resetRequestsByIp(ipBucket), RESET_WINDOW_S),
      this.redis.countInWindow(RedisKeys.resetRequestsByAddress(address), RESET_WINDOW_S),
    ]);
    if (byIp.count > RESET_REQUESTS_PER_IP || byAddress.count > RESET_REQUESTS_PER_ADDRESS) return;
    const job = { email, requestedAt: this.clock.now(), nonce: randomToken(16) };
    await redisWithin(this.queue.add(PASSWORD_RESET_JOB, job), REDIS_COMMAND_TIMEOUT_MS, 'enqueueing a password reset');
  }

  /** Worker side (password-reset.processor.ts): create the link for an active account and mail it. */
  async deliver(job: Job<ResetRequestJob>): Promise<void> {
    const { email, requestedAt, nonce } = job.data;
    const user = await this.operators.findActiveByEmail(email);
    if (!user) return;
    // The token is derived from the request's random nonce and the user, so a retry (say, after the
    // mail server failed) stores nothing new and mails the same link; without SESSION_SECRET it
    // cannot be derived from what the queue holds.
    const token = createHmac('sha256', this.config.sessionSecret).update(`password-reset:${nonce}:${user.id}`).digest('base64url');
    const storedFor = await this.repo.insertToken({
      userId: user.id,
      tokenHash: sha256(token),
      sentTo: user.email,
      insertedAt: new Date(requestedAt),
      expiresAt: new Date(requestedAt + RESET_LINK_TTL_MS),
    });
    if (storedFor !== user.id) throw new Error('reset token collision'); // never mail another user's link
    const link = `${this.config.baseUrl}/users/reset-password/${token}`;
    await this.transport.send({
      to: user.email,
      subject: 'Reset your Agent Network password',
      text: `Someone asked to reset the password of your Agent Network account.\n\nOpen this link within 60 minutes to choose a new password:\n${link}\n\nIf it was not you, ignore this message.\n`,
      html: `<p>Someone asked to reset the password of your Agent Network account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works once, within 60 minutes).</p>
<p>If it was not you, ignore this message.</p>`,
    });
  }

  /** Whether a link can still be used (unknown, used, expired, readdressed or suspended: no). */
  async isUsable(token: string): Promise<boolean> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
    return this.repo.isUsable(sha256(token), this.clock.date());
  }

  /**
   * Sets the new password through a usable link: in one transaction with the link row locked,
   * the password changes, an unconfirmed account becomes confirmed, and every reset link and
   * session of the user is deleted, with a `member.password_reset` event in each workspace of the
   * account (ADR 0240; by the account itself, the link's holder: no password, link or token in
   * it); then live sessions are disconnected on every node.
   * Returns false when the link is not usable (including a concurrent use that won).
   */
  async reset(token: string, password: string): Promise<boolean> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
    const hash = await this.passwords.hash(password);
    const userId = await this.db.transaction(async (tx) => {
      const id = await this.repo.lockUsableTokenUser(tx, sha256(token), this.clock.date());
      if (id === undefined) return undefined;
      await this.operators.updatePassword(tx, id, hash, this.clock.date());
      await this.repo.deleteAllOfUser(tx, id);
      await this.sessions.endAllForUser(id, tx);
      const account = await this.operators.auditedAccount(tx, id);
      if (account) {
        await this.audit.record(tx, account.workspaceIds, {
          action: 'member.password_reset',
          target: accountTarget(account),
          actor: accountActor(account),
        });
      }
      return id;
    });
    if (!userId) return false;
    await this.sessions.publishUserSessionsRevoked(userId);
    return true;
  }
}
