import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../core/database/db.service';
import { keysetStatement, listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { isoColumn } from '../core/database/sql';
import { statement } from '../core/database/statement';
import { type DataSubject, DataSubjectSection, EXPORT_PAGE_SIZE } from '../data-subjects';
import { SECURITY_VIOLATION_LIST, type SecurityViolationDto } from './dto/security-violation.dto';
import type { ListQuery } from '../core/listing/list-query';
import type { ViolationKind, ViolationSeverity, ViolationStatus } from './violation-kinds';

const COLUMNS = `v.id, v.kind, v.severity, v.status, v.service_agent_id, v.credential_id, v.detail, v.occurrences,
  ${isoColumn('v', 'last_seen_at')}, ${isoColumn('v', 'acknowledged_at')}, v.acknowledged_by,
  ${isoColumn('v', 'resolved_at')}, v.resolved_by, ${isoColumn('v', 'inserted_at')}, ${isoColumn('v', 'updated_at')}`;
const VIOLATION_ROW = {
  id: t.uuid,
  kind: t.text.of<ViolationKind>(),
  severity: t.text.of<ViolationSeverity>(),
  status: t.text.of<ViolationStatus>(),
  service_agent_id: t.uuid.null,
  credential_id: t.uuid.null,
  detail: t.json.of<Record<string, unknown>>(),
  occurrences: t.int,
  last_seen_at: t.text,
  acknowledged_at: t.text.null,
  acknowledged_by: t.uuid.null,
  resolved_at: t.text.null,
  resolved_by: t.uuid.null,
  inserted_at: t.text,
  updated_at: t.text,
};
const RECORDED_ROW = { ...VIOLATION_ROW, opened: t.bool };

/** Repeats while the violation is not resolved count on it (security_violations_dedupe_key). */
const ON_REPEAT = `ON CONFLICT (workspace_id, dedupe_key) WHERE status <> 'resolved'
  DO UPDATE SET occurrences = v.occurrences + EXCLUDED.occurrences,
                last_seen_at = GREATEST(v.last_seen_at, EXCLUDED.last_seen_at), updated_at = now()
  RETURNING ${COLUMNS}, (v.xmax = 0) AS opened`;

/** Opens a violation, or counts a repeat on the unresolved one with the same key. */
const UPSERT = statement({
  label: 'upsert_security_violation',
  text: `INSERT INTO security_violations AS v
         (workspace_id, kind, severity, service_agent_id, credential_id, detail, dedupe_key, occurrences, last_seen_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9) ${ON_REPEAT}`,
  params: [t.uuid, t.text, t.text, t.uuid.null, t.uuid.null, t.json, t.text, t.int, t.timestamptz],
  row: RECORDED_ROW,
});

/**
 * A refused credential: opens (or counts) a violation with the key's prefix in its detail, and
 * the retired robot its agent is bound to, if any (`robotOnly`: only when there is one; no row
 * otherwise).
 */
const upsertRefusal = (label: string, robotOnly: boolean) =>
  statement({
    label,
    text: `INSERT INTO security_violations AS v
         (workspace_id, kind, severity, service_agent_id, credential_id, detail, dedupe_key, occurrences, last_seen_at)
       SELECT $1, $2, $3, c.service_agent_id, c.id,
              jsonb_strip_nulls(jsonb_build_object('key_prefix', 'agk_' || c.prefix, 'robot_id', r.id, 'serial_number', r.serial_number)),
              $5, $6, $7
         FROM api_credentials c
         ${robotOnly ? 'JOIN' : 'LEFT JOIN'} robots r ON r.service_agent_id = c.service_agent_id AND r.status = 'retired'
        WHERE c.id = $4 AND c.workspace_id = $1
       ${ON_REPEAT}`,
    params: [t.uuid, t.text, t.text, t.uuid, t.text, t.int, t.timestamptz],
    row: RECORDED_ROW,
  });
const UPSERT_REFUSAL = upsertRefusal('upsert_refusal_security_violation', false);
const UPSERT_RETIRED_ROBOT_REFUSAL = upsertRefusal('upsert_retired_robot_security_violation', true);

const FIND_VIOLATION = statement({
  label: 'find_security_violation',
  text: `SELECT ${COLUMNS} FROM security_violations v WHERE v.id = $1 AND v.workspace_id = $2`,
  params: [t.uuid, t.uuid],
  row: VIOLATION_ROW,
});

/**
 * Moves a violation from one of $4 to $3, stamped (at $5, by $6) as acknowledged or as resolved: one
 * statement each, answering the status it had (read under the row's lock).
 */
const transition = (label: string, stamp: string) =>
  statement({
    label,
    text: `WITH before AS (
             SELECT id AS violation_id, status AS previous_status FROM security_violations
              WHERE id = $1 AND workspace_id = $2 AND status = ANY($4::text[]) FOR NO KEY UPDATE)
           UPDATE security_violations AS v SET status = $3, ${stamp}, updated_at = now()
             FROM before WHERE v.id = before.violation_id RETURNING ${COLUMNS}, before.previous_status`,
    params: [t.uuid, t.uuid, t.text, t.textArray, t.timestamptz, t.uuid],
    row: { ...VIOLATION_ROW, previous_status: t.text.of<ViolationStatus>() },
  });
const ACKNOWLEDGE = transition('acknowledge_security_violation', `acknowledged_at = $5, acknowledged_by = $6`);
const RESOLVE = transition('resolve_security_violation', `resolved_at = $5, resolved_by = $6`);

/** Newest first, stable; served by the list indexes of migrations/1763700030000. */
const VIOLATIONS = listStatements(SECURITY_VIOLATION_LIST, {
  label: 'list_security_violations',
  columns: COLUMNS,
  from: 'security_violations',
  alias: 'v',
  scope: 'v.workspace_id = $1',
  params: [t.uuid],
  row: VIOLATION_ROW,
});

/** A page of the violations about a data subject's agents, or that the subject (an operator) acted on; by id. */
const EXPORT_VIOLATIONS = keysetStatement({
  label: 'export_security_violations',
  columns: COLUMNS,
  from: 'security_violations',
  alias: 'v',
  scope: `v.workspace_id = $1 AND (v.service_agent_id = ANY($2::uuid[]) OR v.acknowledged_by = ANY($3::uuid[]) OR v.resolved_by = ANY($3::uuid[]))`,
  params: [t.uuid, t.uuidArray, t.uuidArray],
  row: VIOLATION_ROW,
  limit: EXPORT_PAGE_SIZE,
});

/** Erasure: the detail (key prefix, serial number) of the subject's violations. */
const ERASE_DETAIL = statement({
  label: 'erase_security_violation_details',
  text: `UPDATE security_violations SET detail = '{}'::jsonb, updated_at = now()
        WHERE workspace_id = $1 AND service_agent_id = ANY($2::uuid[]) AND detail <> '{}'::jsonb`,
  params: [t.uuid, t.uuidArray],
});

/** Erasure: the operator's name on any violation they acknowledged or resolved. */
const ERASE_OPERATORS = statement({
  label: 'erase_security_violation_operators',
  text: `UPDATE security_violations
          SET acknowledged_by = CASE WHEN acknowledged_by = ANY($2::uuid[]) THEN NULL ELSE acknowledged_by END,
              resolved_by = CASE WHEN resolved_by = ANY($2::uuid[]) THEN NULL ELSE resolved_by END
        WHERE workspace_id = $1 AND (acknowledged_by = ANY($2::uuid[]) OR resolved_by = ANY($2::uuid[]))`,
  params: [t.uuid, t.uuidArray],
});

export interface ViolationInput {
  workspaceId: string;
  kind: ViolationKind;
  severity: ViolationSeverity;
  serviceAgentId: string | null;
  credentialId: string | null;
  detail: Record<string, unknown>;
  dedupeKey: string;
  occurrences: number;
  seenAt: Date;
}

/** A violation as written, and whether this write opened it (false: a repeat counted on it). */
export type RecordedViolation = SecurityViolationDto & { opened: boolean };

// Data requests: violations about a subject's agents (detail erased), and an operator's name on those they handled.
@DataSubjectSection('security_violations')
@Injectable()
export class SecurityViolationsRepository {
  constructor(private readonly db: Db) {}

  /** Opens a violation, or counts a repeat on the unresolved one with the same key. */
  upsert(tx: Tx, v: ViolationInput): Promise<RecordedViolation> {
    return tx.one(UPSERT, [
      v.workspaceId,
      v.kind,
      v.severity,
      v.serviceAgentId,
      v.credentialId,
      JSON.stringify(v.detail),
      v.dedupeKey,
      v.occurrences,
      v.seenAt,
    ]);
  }

  /**
   * A refused credential: opens (or counts) a violation with the key's prefix in its detail. For
   * `retired_robot_credential`, only when the credential's agent is bound to a retired robot (an
   * agent deactivated for another reason is no violation): then nothing is written and undefined
   * returned.
   */
  upsertRefusal(tx: Tx, v: Omit<ViolationInput, 'detail'>): Promise<RecordedViolation | undefined> {
    const upsert = v.kind === 'retired_robot_credential' ? UPSERT_RETIRED_ROBOT_REFUSAL : UPSERT_REFUSAL;
    return tx.maybe(upsert, [v.workspaceId, v.kind, v.severity, v.credentialId, v.dedupeKey, v.occurrences, v.seenAt]);
  }

  find(workspaceId: string, id: string): Promise<SecurityViolationDto | undefined> {
    return this.db.maybe(FIND_VIOLATION, [id, workspaceId]);
  }

  /**
   * Moves a violation from one of `from` to `to` in `tx`; the violation now and the status it had,
   * or undefined when it is not in one of them (or not found).
   */
  async transition(
    tx: Tx,
    workspaceId: string,
    id: string,
    from: readonly ViolationStatus[],
    to: ViolationStatus,
    userId: string,
    at: Date,
  ): Promise<{ violation: SecurityViolationDto; previousStatus: ViolationStatus } | undefined> {
    const row = await tx.maybe(to === 'acknowledged' ? ACKNOWLEDGE : RESOLVE, [id, workspaceId, to, from, at, userId]);
    if (!row) return undefined;
    const { previous_status, ...violation } = row;
    return { violation, previousStatus: previous_status };
  }

  /** Newest first, stable; served by the list indexes of migrations/1763700030000. */
  list(workspaceId: string, q: ListQuery): Promise<{ rows: SecurityViolationDto[]; total: number }> {
    return this.db.list(VIOLATIONS, [workspaceId], q);
  }

  /** A page of the violations about a data subject's agents, or that the subject (an operator) acted on; by id. */
  exportPage(m: Tx, s: DataSubject, after: string | undefined): Promise<SecurityViolationDto[]> {
    return m.rows(EXPORT_VIOLATIONS, [s.workspaceId, s.serviceAgentIds, s.userIds, after ?? null]);
  }

  /** Erasure: the detail (key prefix, serial number) of the subject's violations, and the operator's name on any. */
  async erase(m: Tx, s: DataSubject): Promise<void> {
    const tx = m;
    await tx.run(ERASE_DETAIL, [s.workspaceId, s.serviceAgentIds]);
    await tx.run(ERASE_OPERATORS, [s.workspaceId, s.userIds]);
  }
}
