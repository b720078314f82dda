import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { isDatabaseUnavailable } from '../core/common/problem/pg-errors';
import { PeriodicTask } from '../core/jobs/periodic-task';
import { type CredentialRefusal, CredentialRefusals, type ObservedRefusal } from '../credentials';
import { SecurityViolationsService, type ViolationReport } from './security-violations.service';
import { dedupeKey, type KeyStateViolationKind, VIOLATION_WINDOW_MS } from './violation-kinds';

/** How often noted repeats and refusals are written. */
export const VIOLATION_FLUSH_MS = 1000;
/** Distinct entries a node holds between writes; more are dropped and counted. */
export const MAX_PENDING_VIOLATIONS = 10_000;
/** Violations this node has written lately (whose repeats it only counts), remembered at most. */
const MAX_REMEMBERED = 10_000;

/** The refusals of a key's state, written with what its row says (recordRefusal). */
type StateRefusal = Exclude<ObservedRefusal, 'ip_not_allowed'>;
const KIND_OF: Record<StateRefusal, KeyStateViolationKind> = {
  api_key_revoked: 'revoked_key_presented',
  api_key_archived: 'archived_key_presented',
  service_agent_inactive: 'retired_robot_credential',
};

type Pending =
  | {
      type: 'refusal';
      kind: KeyStateViolationKind;
      workspaceId: string;
      credentialId: string;
      at: number;
      occurrences: number;
    }
  /** A report written through recordNow: a gateway deny's repeat, or a credential from outside its allowlist. */
  | { type: 'report'; report: ViolationReport; at: number; occurrences: number };

/**
 * The violation a valid credential presented from outside its allowlist opens: one per credential
 * and window, however many addresses it comes from (ADR 0262); the detail names the first address
 * seen and what the credential is, never any part of its secret.
 */
function disallowedIpReport(r: CredentialRefusal): ViolationReport {
  const c = r.credential;
  return {
    workspaceId: r.workspaceId,
    kind: 'disallowed_ip',
    serviceAgentId: c.type === 'api_key' ? c.serviceAgentId : null,
    credentialId: c.type === 'api_key' ? c.id : null,
    detail: c.type === 'api_key' ? { ip: r.ip } : { ip: r.ip, api_token_id: c.id },
    about: [c.type, c.id],
    at: r.at,
  };
}

/**
 * Keeps violation writes off the hot paths, so a flood costs about one write a second:
 * - refused credentials (a revoked or archived key presented, a retired robot's credential, a
 *   valid credential from outside its allowlist):
 *   machine authentication notes them here synchronously (a Map update), and a timer writes what
 *   was noted once a second, counted as occurrences;
 * - gateway denies: the first deny of a kind of thing in its window is written with the check (a
 *   violation opens durably before the agent hears "deny"); repeats this node has seen written
 *   are only counted here and written with the next flush (a resolved violation is then opened
 *   again by that write, within the second).
 * At most MAX_PENDING_VIOLATIONS distinct entries wait at once; while Postgres is away they wait
 * for the next flush. Accepted requests never come here.
 */
@Injectable()
export class ViolationRecorder implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ViolationRecorder.name);
  private pending = new Map<string, Pending>();
  /** dedupe keys of the violations this node wrote lately, insertion-ordered (oldest first). */
  private readonly written = new Set<string>();
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

  /** A refused credential (CredentialRefusals listener). */
  note(r: CredentialRefusal): void {
    if (r.reason === 'ip_not_allowed') {
      const report = disallowedIpReport(r);
      this.add(`${r.workspaceId}:${dedupeKey(report.kind, report.about, report.at)}`, { type: 'report', report, at: r.at, occurrences: 1 });
      return;
    }
    const kind = KIND_OF[r.reason];
    this.add(`${kind}:${r.credential.id}:${Math.floor(r.at / VIOLATION_WINDOW_MS)}`, {
      type: 'refusal',
      kind,
      workspaceId: r.workspaceId,
      credentialId: r.credential.id,
      at: r.at,
      occurrences: 1,
    });
  }

  /**
   * A gateway deny: written now when this node has not written this violation in its window yet,
   * else only counted (written with the next flush).
   */
  async deny(report: ViolationReport): Promise<void> {
    const key = `${report.workspaceId}:${dedupeKey(report.kind, report.about, report.at)}`;
    if (this.written.has(key)) {
      this.add(key, { type: 'report', report, at: report.at, occurrences: 1 });
      return;
    }
    await this.violations.recordNow(report);
    this.remember(key);
  }

  /**
   * Writes what was noted up to now (the timer does this every second; runs never overlap, so a
   * timed run in progress, whose batch may predate the latest notes, is waited for first).
   */
  flush(): Promise<void> {
    return this.task.tickAfterRunning();
  }

  private remember(key: string): void {
    this.written.delete(key);
    this.written.add(key);
    if (this.written.size > MAX_REMEMBERED) this.written.delete(this.written.values().next().value!);
  }

  private add(key: string, entry: Pending): void {
    const known = this.pending.get(key);
    if (known) {
      known.occurrences += entry.occurrences;
      known.at = Math.max(known.at, entry.at);
      return;
    }
    if (this.pending.size >= MAX_PENDING_VIOLATIONS) {
      if (this.dropped++ === 0) this.logger.warn(`more than ${MAX_PENDING_VIOLATIONS} violations wait to be recorded; dropping the rest`);
      return;
    }
    this.pending.set(key, entry);
  }

  private write(entry: Pending): Promise<unknown> {
    if (entry.type === 'refusal') return this.violations.recordRefusal(entry);
    return this.violations.recordNow({ ...entry.report, at: entry.at, occurrences: entry.occurrences });
  }

  private async writeNoted(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.entries()];
    this.pending = new Map();
    if (this.dropped > 0) {
      this.logger.warn(`${this.dropped} violation(s) were not recorded (too many at once)`);
      this.dropped = 0;
    }
    for (const [i, [, entry]] of batch.entries()) {
      try {
        await this.write(entry);
      } catch (err) {
        if (!isDatabaseUnavailable(err)) {
          this.logger.error(`recording a violation failed: ${(err as Error).message}`);
          continue;
        }
        // Postgres is away: keep this entry and the rest for the next flush.
        for (const [restKey, rest] of batch.slice(i)) this.add(restKey, rest);
        this.logger.warn(`recording violations deferred: ${(err as Error).message}`);
        return;
      }
    }
  }
}
