import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { keysetPage, listPage } from '../core/database/list-page';
import { isoColumn } from '../core/database/sql';
import { type DataSubject, DataSubjectSection, EXPORT_PAGE_SIZE } from '../data-subjects';
import type { ListQuery } from '../core/listing/list-query';
import type { SecurityViolationDto } from './dto/security-violation.dto';
import type { ViolationKind, ViolationSeverity, ViolationStatus } from './violation-kinds';

const COLUMNS = `v.id, v.kind, v.severity, v.status, v.service_agent_id, v.credential_id, v.detail, v.occurrences,
  ${isoColumn('v', 'last_seen_at')}, ${isoColumn('v', 'acknowledged_at')}, v.acknowledged_by,
  ${isoColumn('v', 'resolved_at')}, v.resolved_by, ${isoColumn('v', 'inserted_at')}, ${isoColumn('v', 'updated_at')}`;

/** Repeats while the violation is not resolved count on it (security_violations_dedupe_key). */
const ON_REPEAT = `ON CONFLICT (workspace_id, dedupe_key) WHERE status <> 'resolved'
  DO UPDATE SET occurrences = v.occurrences + EXCLUDED.occurrences,
                last_seen_at = GREATEST(v.last_seen_at, EXCLUDED.last_seen_at), updated_at = now()
  RETURNING ${COLUMNS}, (v.xmax = 0) AS opened`;

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
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Opens a violation, or counts a repeat on the unresolved one with the same key. */
  async upsert(m: EntityManager, v: ViolationInput): Promise<RecordedViolation> {
    const rows: RecordedViolation[] = await m.query(
      `INSERT INTO security_violations AS v
         (workspace_id, kind, severity, service_agent_id, credential_id, detail, dedupe_key, occurrences, last_seen_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9) ${ON_REPEAT}`,
      [v.workspaceId, v.kind, v.severity, v.serviceAgentId, v.credentialId, JSON.stringify(v.detail), v.dedupeKey, v.occurrences, v.seenAt],
    );
    return rows[0];
  }

  /**
   * A refused credential: opens (or counts) a violation with the key's prefix in its detail. For
   * `retired_robot_credential`, only when the credential's agent is bound to a retired robot (an
   * agent deactivated for another reason is no violation): then nothing is written and undefined
   * returned.
   */
  async upsertRefusal(m: EntityManager, v: Omit<ViolationInput, 'detail'>): Promise<RecordedViolation | undefined> {
    const robotOnly = v.kind === 'retired_robot_credential';
    const rows: RecordedViolation[] = await m.query(
      `INSERT INTO security_violations AS v
         (workspace_id, kind, severity, service_agent_id, credential_id, detail, dedupe_key, occurrences, last_seen_at)
       SELECT $1, $2, $3, c.service_agent_id, c.id,
              jsonb_strip_nulls(jsonb_build_object('key_prefix', 'agk_' || c.prefix, 'robot_id', r.id, 'serial_number', r.serial_number)),
              $5, $6, $7
         FROM api_credentials c
         ${robotOnly ? 'JOIN' : 'LEFT JOIN'} robots r ON r.service_agent_id = c.service_agent_id AND r.status = 'retired'
        WHERE c.id = $4 AND c.workspace_id = $1
       ${ON_REPEAT}`,
      [v.workspaceId, v.kind, v.severity, v.credentialId, v.dedupeKey, v.occurrences, v.seenAt],
    );
    return rows[0];
  }

  async find(workspaceId: string, id: string): Promise<SecurityViolationDto | undefined> {
    const rows = await this.db.query(`SELECT ${COLUMNS} FROM security_violations v WHERE v.id = $1 AND v.workspace_id = $2`, [
      id,
      workspaceId,
    ]);
    return rows[0];
  }

  /** Moves a violation from one of `from` to `to`; undefined when it is not in one of them (or not found). */
  async transition(
    workspaceId: string,
    id: string,
    from: readonly ViolationStatus[],
    to: ViolationStatus,
    userId: string,
    at: Date,
  ): Promise<SecurityViolationDto | undefined> {
    const stamp = to === 'acknowledged' ? `acknowledged_at = $5, acknowledged_by = $6` : `resolved_at = $5, resolved_by = $6`;
    const [rows] = await this.db.query(
      `UPDATE security_violations AS v SET status = $3, ${stamp}, updated_at = now()
        WHERE v.id = $1 AND v.workspace_id = $2 AND v.status = ANY($4::text[]) RETURNING ${COLUMNS}`,
      [id, workspaceId, to, from, at, userId],
    );
    return (rows as SecurityViolationDto[])[0];
  }

  /** Newest first, stable; served by the list indexes of migrations/1763700030000. */
  list(workspaceId: string, q: ListQuery): Promise<{ rows: SecurityViolationDto[]; total: number }> {
    return listPage(
      this.db,
      { columns: COLUMNS, table: 'security_violations', alias: 'v', scope: 'v.workspace_id = $1', params: [workspaceId] },
      q,
    );
  }

  /** A page of the violations about a data subject's agents, or that the subject (an operator) acted on; by id. */
  exportPage(m: EntityManager, s: DataSubject, after: string | undefined): Promise<SecurityViolationDto[]> {
    return keysetPage(
      m,
      {
        columns: COLUMNS,
        table: 'security_violations',
        alias: 'v',
        scope: `v.workspace_id = $1 AND (v.service_agent_id = ANY($2::uuid[]) OR v.acknowledged_by = ANY($3::uuid[]) OR v.resolved_by = ANY($3::uuid[]))`,
        params: [s.workspaceId, s.serviceAgentIds, s.userIds],
      },
      after,
      EXPORT_PAGE_SIZE,
    );
  }

  /** Erasure: the detail (key prefix, serial number) of the subject's violations, and the operator's name on any. */
  async erase(m: EntityManager, s: DataSubject): Promise<void> {
    await m.query(
      `UPDATE security_violations SET detail = '{}'::jsonb, updated_at = now()
        WHERE workspace_id = $1 AND service_agent_id = ANY($2::uuid[]) AND detail <> '{}'::jsonb`,
      [s.workspaceId, s.serviceAgentIds],
    );
    await m.query(
      `UPDATE security_violations
          SET acknowledged_by = CASE WHEN acknowledged_by = ANY($2::uuid[]) THEN NULL ELSE acknowledged_by END,
              resolved_by = CASE WHEN resolved_by = ANY($2::uuid[]) THEN NULL ELSE resolved_by END
        WHERE workspace_id = $1 AND (acknowledged_by = ANY($2::uuid[]) OR resolved_by = ANY($2::uuid[]))`,
      [s.workspaceId, s.userIds],
    );
  }
}
