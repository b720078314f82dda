import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../core/common/clock/clock';
import { AppConfig } from '../core/config/app-config';
import { Db } from '../core/database/db.service';
import { PeriodicTask } from '../core/jobs/periodic-task';
import { Outbox } from '../events';
import { canonicalJson, GENESIS_HASH, hashAfter } from './audit-chain';
import { toAuditEventDto } from './audit-event.mapper';
import { AuditEventsRepository } from './audit-events.repository';

/** How often every node tries to seal (API.md: within 10 s of the commit). */
export const AUDIT_SEAL_EVERY_MS = 1_000;
/** Events sealed per statement; a run goes on while batches come back full. */
export const AUDIT_SEAL_BATCH = 2_000;
/** How often every node tries to prune events past AUDIT_RETENTION_DAYS. */
export const AUDIT_PRUNE_EVERY_MS = 3_600_000;
const PRUNE_BATCH = 5_000;
const DAY_MS = 86_400_000;

/**
 * Seals the audit log (ADR 0238): every AUDIT_SEAL_EVERY_MS each node tries to take the one
 * sealing lock (a transaction-scoped advisory lock: at most one sealer at a time, and a node that
 * stops mid-run lets go at once). The sealer reads the unsealed events of settled transactions in
 * chain order, chains each workspace's from its head, and in one transaction sets their hashes,
 * records their `audit_event.created` events and moves the heads. Audited writes never wait for
 * it: they insert with a null hash. Also prunes events older than AUDIT_RETENTION_DAYS, from the
 * start of each chain, remembering the last pruned hash so that verify still checks the first
 * kept event's link.
 */
@Injectable()
export class AuditSealer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AuditSealer.name);
  private readonly sealTask = new PeriodicTask('audit sealing', () => this.sealAll());
  private readonly pruneTask = new PeriodicTask('audit retention', () => this.prune());

  constructor(
    private readonly db: Db,
    private readonly repo: AuditEventsRepository,
    private readonly outbox: Outbox,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.sealTask.start(AUDIT_SEAL_EVERY_MS);
    this.pruneTask.start(AUDIT_PRUNE_EVERY_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.sealTask.stop(), this.pruneTask.stop()]);
  }

  /** Seals until nothing settled is left unsealed (or another node holds the lock); the count sealed. */
  async sealAll(): Promise<number> {
    if (this.db.stalled()) return 0; // the next run after the stall seals what waited
    let total = 0;
    for (;;) {
      const n = await this.sealBatch();
      total += n;
      if (n < AUDIT_SEAL_BATCH) return total;
    }
  }

  /** One batch, in one transaction; 0 when another node is sealing or nothing waits. */
  async sealBatch(): Promise<number> {
    return this.db.transaction(async (tx) => {
      if (!(await this.repo.trySealLock(tx))) return 0;
      const events = await this.repo.unsealed(tx, AUDIT_SEAL_BATCH);
      if (events.length === 0) return 0;
      const workspaces = [...new Set(events.map((e) => e.workspace_id))];
      const heads = new Map((await this.repo.chains(tx, workspaces)).map((c) => [c.workspace_id, c.head_hash]));
      const last = events[events.length - 1];
      const sealed = {
        ids: [] as string[],
        hashes: [] as string[],
        prevHashes: [] as string[],
        workspaceIds: [] as string[],
        data: [] as string[],
        through: { txid: last.txid, id: last.id },
      };
      const moved = new Map<string, { workspaceId: string; hash: string; txid: string; id: string; sealed: number }>();
      for (const row of events) {
        const prev = heads.get(row.workspace_id) ?? GENESIS_HASH;
        const canonical = canonicalJson(toAuditEventDto(row));
        const hash = hashAfter(prev, canonical);
        heads.set(row.workspace_id, hash);
        sealed.ids.push(row.id);
        sealed.hashes.push(hash);
        sealed.prevHashes.push(prev);
        sealed.workspaceIds.push(row.workspace_id);
        // the sealed event as `{ audit_event }`: its canonical JSON with the two hashes added (both hex)
        sealed.data.push(`{"audit_event":${canonical.slice(0, -1)},"hash":"${hash}","prev_hash":"${prev}"}}`);
        const head = moved.get(row.workspace_id);
        moved.set(row.workspace_id, { workspaceId: row.workspace_id, hash, txid: row.txid, id: row.id, sealed: (head?.sealed ?? 0) + 1 });
      }
      const n = await this.repo.seal(tx, sealed);
      if (n !== events.length) throw new Error(`sealed ${n} of ${events.length} audit events: another sealer ran without the lock`);
      await this.repo.moveHeads(tx, [...moved.values()]);
      this.outbox.relayAfter(tx);
      return n;
    });
  }

  /** Prunes every chain's events older than AUDIT_RETENTION_DAYS; the count removed. */
  async prune(): Promise<number> {
    if (this.db.stalled()) return 0;
    const cutoff = new Date(this.clock.now() - this.config.auditRetentionDays * DAY_MS);
    return this.db.transaction(async (tx) => {
      if (!(await this.repo.trySealLock(tx))) return 0;
      let removed = 0;
      for (const chain of await this.repo.expiredChains(tx, cutoff)) {
        const oldest = await this.repo.oldest(tx, chain.workspace_id, cutoff, PRUNE_BATCH);
        // the chain's prefix of sealed, expired events: a hole in the middle would break verify
        const end = oldest.findIndex((e) => !e.expired || e.hash === null);
        const doomed = end === -1 ? oldest : oldest.slice(0, end);
        const through = doomed[doomed.length - 1];
        if (!through?.hash) continue;
        await this.repo.prune(tx, chain.workspace_id, { txid: through.txid, id: through.id }, through.hash);
        removed += doomed.length;
      }
      if (removed > 0) this.logger.log(`pruned ${removed} audit events older than ${this.config.auditRetentionDays} days`);
      return removed;
    });
  }
}
