import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../core/common/clock/clock';
import { Db, type Tx } from '../core/database/db.service';
import { PeriodicTask } from '../core/jobs/periodic-task';
import { toTokenDto } from '../enrollment';
import { type DomainEventType, Outbox } from '../events';
import { ExpiryWarningsRepository, type WarnedToken } from './expiry-warnings.repository';
import { CLAIM_LAG_MS, EXHAUSTED_FIRST_LOOKBACK_MS, EXPIRY_WARNINGS_BATCH, EXPIRY_WARNINGS_SWEEP_MS } from './notices';

/** What one run recorded, by event type. */
export interface ExpiryWarningCounts {
  'enrollment_token.exhausted': number;
  'enrollment_token.expiring': number;
  'api_key.expiring': number;
}

/**
 * Warnings before things run out (API.md Part 3; ADR 0235): every node runs this job every
 * EXPIRY_WARNINGS_SWEEP_MS. Each run records `enrollment_token.exhausted` for tokens whose claims
 * reached max_claims, `enrollment_token.expiring` for tokens entering their last 24 hours and
 * `api_key.expiring` for keys entering their last 7 days, each once: a batch of rows is claimed
 * and marked, and its events recorded through the outbox, in one transaction, so a run that fails
 * (the database away, a node stopped) leaves nothing marked and the next run does it, and runs of
 * several nodes at once take different rows. The expiry windows go by the database's clock, as
 * every housekeeping of all workspaces does; running out is looked for among the tokens of the
 * claims recorded since this node's previous successful run started, by the claims' own times
 * (their nodes' clocks), less CLAIM_LAG_MS.
 */
@Injectable()
export class ExpiryWarnings implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly task = new PeriodicTask('expiry warnings', () => this.sweep());
  /** Where this node's next run looks for claims from (undefined: EXHAUSTED_FIRST_LOOKBACK_MS back). */
  private claimedSince?: Date;

  constructor(
    private readonly db: Db,
    private readonly repo: ExpiryWarningsRepository,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.start(EXPIRY_WARNINGS_SWEEP_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  /** Runs the job on this node every `everyMs` (from bootstrap on: EXPIRY_WARNINGS_SWEEP_MS); a failed run is logged and the next one tries again. */
  start(everyMs: number): void {
    this.task.start(everyMs);
  }

  /** Stops this node's timer, waiting for a run in progress. */
  stop(): Promise<void> {
    return this.task.stop();
  }

  /**
   * One run, as of `asOf` (the database's time when null): every warning due, in batches of
   * EXPIRY_WARNINGS_BATCH, each batch its own transaction. Rejects when the database fails; the
   * batches committed before stay done, and the next run looks for claims from where this one did.
   */
  async sweep(asOf: Date | null = null): Promise<ExpiryWarningCounts> {
    const started = this.clock.now();
    const since = this.claimedSince ?? new Date(started - EXHAUSTED_FIRST_LOOKBACK_MS);
    const exhausted = await this.drain((tx) =>
      this.announceTokens(tx, 'enrollment_token.exhausted', this.repo.claimExhaustedTokens(tx, asOf, EXPIRY_WARNINGS_BATCH, since)),
    );
    const expiring = await this.drain((tx) =>
      this.announceTokens(tx, 'enrollment_token.expiring', this.repo.claimExpiringTokens(tx, asOf, EXPIRY_WARNINGS_BATCH)),
    );
    const keys = await this.drain(async (tx) => {
      const due = await this.repo.claimExpiringKeys(tx, asOf, EXPIRY_WARNINGS_BATCH);
      for (const { workspace_id, credential_id, service_agent_id, expires_at } of due) {
        await this.outbox.record(tx, workspace_id, 'api_key.expiring', {
          credential_id,
          service_agent_id,
          expires_at: expires_at.toISOString(),
        });
      }
      return due.length;
    });
    this.claimedSince = new Date(Math.max(since.getTime(), started - CLAIM_LAG_MS));
    return { 'enrollment_token.exhausted': exhausted, 'enrollment_token.expiring': expiring, 'api_key.expiring': keys };
  }

  /** Records `type` with `{ enrollment_token }` (the token as operators see it, as of its judging) for each token claimed in `tx`. */
  private async announceTokens(tx: Tx, type: DomainEventType, claiming: Promise<WarnedToken[]>): Promise<number> {
    const due = await claiming;
    for (const { workspaceId, token, asOf } of due) {
      await this.outbox.record(tx, workspaceId, type, { enrollment_token: toTokenDto(token, asOf.getTime()) });
    }
    return due.length;
  }

  /** Runs batches, each in a transaction of its own, until one claims fewer rows than a batch holds. */
  private async drain(batch: (tx: Tx) => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.db.transaction(batch);
      total += n;
      if (n < EXPIRY_WARNINGS_BATCH) return total;
    }
  }
}
