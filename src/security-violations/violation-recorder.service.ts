import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { isDatabaseUnavailable } from '../core/common/problem/pg-errors';
import { PeriodicTask } from '../core/jobs/periodic-task';
import { type CredentialRefusal, CredentialRefusals, type ObservedRefusal } from '../credentials';
import { SecurityViolationsService } from './security-violations.service';
import { VIOLATION_WINDOW_MS, type ViolationKind } from './violation-kinds';

/** How often noted refusals are written. */
export const VIOLATION_FLUSH_MS = 1000;
/** Distinct (kind, credential, window) entries a node holds between writes; more are dropped and counted. */
export const MAX_PENDING_VIOLATIONS = 10_000;

const KIND_OF: Record<ObservedRefusal, Exclude<ViolationKind, 'gateway_denied'>> = {
  api_key_revoked: 'revoked_key_presented',
  api_key_archived: 'archived_key_presented',
  service_agent_inactive: 'retired_robot_credential',
};

interface Pending {
  kind: Exclude<ViolationKind, 'gateway_denied'>;
  workspaceId: string;
  credentialId: string;
  at: number;
  occurrences: number;
}

/**
 * Turns refused credentials (a revoked or archived key presented, a retired robot's credential)
 * into security violations without touching the request path: machine authentication notes the
 * refusal here synchronously (a Map update), and a timer writes what was noted once a second. A
 * flood of refused requests for one credential costs one entry and one write per second, counted
 * as occurrences; at most MAX_PENDING_VIOLATIONS distinct entries wait at once. When Postgres is
 * down, entries wait for the next flush (within the same bound). Accepted requests never come here.
 */
@Injectable()
export class ViolationRecorder implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ViolationRecorder.name);
  private pending = new Map<string, Pending>();
  private dropped = 0;
  private readonly task = new PeriodicTask('security violation flush', () => this.writeNoted());

  constructor(
    private readonly refusals: CredentialRefusals,
    private readonly violations: SecurityViolationsService,
  ) {}

  onModuleInit(): void {
    this.refusals.listen((r) => this.note(r));
    this.task.start(VIOLATION_FLUSH_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task.stop();
    await this.writeNoted();
  }

  /** Entries waiting to be written. */
  get size(): number {
    return this.pending.size;
  }

  note(r: CredentialRefusal): void {
    const kind = KIND_OF[r.reason];
    this.add({ kind, workspaceId: r.workspaceId, credentialId: r.credentialId, at: r.at, occurrences: 1 });
  }

  /** Writes what was noted now (the timer does this every second; runs never overlap). */
  flush(): Promise<void> {
    return this.task.tick();
  }

  private add(entry: Pending): void {
    const key = `${entry.kind}:${entry.credentialId}:${Math.floor(entry.at / VIOLATION_WINDOW_MS)}`;
    const known = this.pending.get(key);
    if (known) {
      known.occurrences += entry.occurrences;
      known.at = Math.max(known.at, entry.at);
      return;
    }
    if (this.pending.size >= MAX_PENDING_VIOLATIONS) {
      if (this.dropped++ === 0) this.logger.warn(`more than ${MAX_PENDING_VIOLATIONS} refused credentials wait to be recorded; dropping the rest`);
      return;
    }
    this.pending.set(key, entry);
  }

  private async writeNoted(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    if (this.dropped > 0) {
      this.logger.warn(`${this.dropped} refused credential(s) were not recorded (too many at once)`);
      this.dropped = 0;
    }
    for (const [i, entry] of batch.entries()) {
      try {
        await this.violations.recordRefusal(entry);
      } catch (err) {
        if (!isDatabaseUnavailable(err)) {
          this.logger.error(`recording a ${entry.kind} violation failed: ${(err as Error).message}`);
          continue;
        }
        // Postgres is away: keep this entry and the rest for the next flush.
        for (const rest of batch.slice(i)) this.add(rest);
        this.logger.warn(`recording violations deferred: ${(err as Error).message}`);
        return;
      }
    }
  }
}
