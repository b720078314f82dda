import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit';
import { Clock } from '../core/common/clock/clock';
import { ConflictProblem, NotFoundProblem } from '../core/common/problem/problem.error';
import { Db, type Tx } from '../core/database/db.service';
import { listEnvelope } from '../core/listing/list-envelope';
import { Outbox } from '../events';
import { RecordedViolation, SecurityViolationsRepository } from './security-violations.repository';
import {
  dedupeKey,
  type KeyStateViolationKind,
  VIOLATION_KINDS,
  VIOLATION_TRANSITIONS,
  type ViolationKind,
  type ViolationStatus,
} from './violation-kinds';
import type { ListQuery } from '../core/listing/list-query';
import type { SECURITY_VIOLATION_LIST, SecurityViolationDto, SecurityViolationListDto } from './dto/security-violation.dto';

/** A violation to open, as a feature sees it. */
export interface ViolationReport {
  workspaceId: string;
  kind: ViolationKind;
  serviceAgentId: string | null;
  credentialId: string | null;
  detail: Record<string, unknown>;
  /** What makes two reports the same violation (with the kind and the window): ids, the action. */
  about: readonly string[];
  /** When it happened (ms since epoch, the service clock). */
  at: number;
  /** How many times, when repeats were counted before writing (default 1). */
  occurrences?: number;
}

const toDto = ({ opened: _, ...violation }: RecordedViolation): SecurityViolationDto => violation;

/**
 * Security violations: opened by other features (a gateway deny in its check's transaction, a
 * refused credential through ViolationRecorder), listed by operators, and moved open →
 * acknowledged → resolved (or open → resolved). Repeats of the same thing within a window count
 * on one violation; `security_violation.opened` is recorded once, when it opens.
 */
@Injectable()
export class SecurityViolationsService {
  constructor(
    private readonly db: Db,
    private readonly repo: SecurityViolationsRepository,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  /** Opens (or counts a repeat on) a violation in the caller's transaction. */
  async record(tx: Tx, r: ViolationReport): Promise<SecurityViolationDto> {
    const recorded = await this.repo.upsert(tx, {
      workspaceId: r.workspaceId,
      kind: r.kind,
      severity: VIOLATION_KINDS[r.kind],
      serviceAgentId: r.serviceAgentId,
      credentialId: r.credentialId,
      detail: r.detail,
      dedupeKey: dedupeKey(r.kind, r.about, r.at),
      occurrences: r.occurrences ?? 1,
      seenAt: new Date(r.at),
    });
    return this.opened(tx, r.workspaceId, recorded);
  }

  /** The same, in a transaction of its own. */
  recordNow(r: ViolationReport): Promise<SecurityViolationDto> {
    return this.db.transaction((tx) => this.record(tx, r));
  }

  /**
   * A refused credential, in a transaction of its own. `retired_robot_credential` opens only when
   * the credential's agent is bound to a retired robot; undefined when nothing was written.
   */
  recordRefusal(r: {
    workspaceId: string;
    kind: KeyStateViolationKind;
    credentialId: string;
    at: number;
    occurrences: number;
  }): Promise<SecurityViolationDto | undefined> {
    return this.db.transaction(async (tx) => {
      const recorded = await this.repo.upsertRefusal(tx, {
        workspaceId: r.workspaceId,
        kind: r.kind,
        severity: VIOLATION_KINDS[r.kind],
        serviceAgentId: null,
        credentialId: r.credentialId,
        dedupeKey: dedupeKey(r.kind, [r.credentialId], r.at),
        occurrences: r.occurrences,
        seenAt: new Date(r.at),
      });
      return recorded && this.opened(tx, r.workspaceId, recorded);
    });
  }

  private async opened(tx: Tx, workspaceId: string, recorded: RecordedViolation): Promise<SecurityViolationDto> {
    const violation = toDto(recorded);
    if (recorded.opened) await this.outbox.record(tx, workspaceId, 'security_violation.opened', { security_violation: violation });
    return violation;
  }

  async list(workspaceId: string, q: ListQuery<typeof SECURITY_VIOLATION_LIST.key, true>): Promise<SecurityViolationListDto> {
    const { rows, total } = await this.repo.list(workspaceId, q);
    return listEnvelope(q, rows, total);
  }

  async show(workspaceId: string, id: string): Promise<SecurityViolationDto> {
    const violation = await this.repo.find(workspaceId, id);
    if (!violation) throw new NotFoundProblem();
    return violation;
  }

  /**
   * Moves a violation (open → acknowledged → resolved, or open → resolved), in one statement that
   * only matches from an allowed status, so concurrent changes cannot both apply, audited with it
   * (`security_violation.update`). 409
   * invalid_transition otherwise; 404 for an unknown or foreign id.
   */
  async changeStatus(workspaceId: string, id: string, to: ViolationStatus, userId: string): Promise<SecurityViolationDto> {
    const from = (Object.keys(VIOLATION_TRANSITIONS) as ViolationStatus[]).filter((s) => VIOLATION_TRANSITIONS[s].includes(to));
    const changed = await this.db.transaction(async (tx) => {
      const moved = await this.repo.transition(tx, workspaceId, id, from, to, userId, this.clock.date());
      if (!moved) return undefined;
      await this.audit.record(tx, {
        workspaceId,
        action: 'security_violation.update',
        target: { type: 'security_violation', id: moved.violation.id, label: moved.violation.kind },
        changes: { status: [moved.previousStatus, moved.violation.status] },
      });
      return moved.violation;
    });
    if (changed) return changed;
    await this.show(workspaceId, id);
    throw new ConflictProblem('invalid_transition');
  }
}
