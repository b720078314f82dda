import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { keysetPage, listPage } from '../core/database/list-page';
import { isoColumn } from '../core/database/sql';
import { type DataSubject, DataSubjectSection, EXPORT_PAGE_SIZE } from '../data-subjects';
import type { ListQuery } from '../core/listing/list-query';
import type { ApprovalDecision, ApprovalDto } from './dto/approval.dto';

const COLUMNS = `a.id, a.service_agent_id, a.action, a.resource, a.context, a.status, a.gateway_rule_id, a.decided_by,
  ${isoColumn('a', 'decided_at')}, ${isoColumn('a', 'expires_at')}, ${isoColumn('a', 'inserted_at')}, ${isoColumn('a', 'updated_at')}`;

/** What the expiry sweep may narrow itself to. */
export interface ExpiryScope {
  workspaceId?: string;
  id?: string;
  /** one agent's pending approval of one action and resource */
  key?: { serviceAgentId: string; action: string; resource: string | null };
}

export interface NewApproval {
  workspaceId: string;
  serviceAgentId: string;
  credentialId: string;
  gatewayRuleId: string;
  action: string;
  resource: string | null;
  context: Record<string, unknown>;
  expiresAt: Date;
}

// Data requests: approvals a subject's agents asked for (resource and context erased), and an operator's decisions.
@DataSubjectSection('approvals')
@Injectable()
export class ApprovalsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * A pending approval, or undefined when the agent already has one for this action and resource
   * (approvals_one_pending_key; a concurrent insert waits for the other to commit). A rule deleted
   * meanwhile is not referenced.
   */
  async insertPending(m: EntityManager, a: NewApproval): Promise<ApprovalDto | undefined> {
    const rows: ApprovalDto[] = await m.query(
      `INSERT INTO approvals AS a (workspace_id, service_agent_id, credential_id, gateway_rule_id, action, resource, context, expires_at)
       VALUES ($1, $2, (SELECT id FROM api_credentials WHERE id = $3), (SELECT id FROM gateway_rules WHERE id = $4), $5, $6, $7::jsonb, $8)
       ON CONFLICT (workspace_id, service_agent_id, action, (coalesce(resource, ''))) WHERE status = 'pending' DO NOTHING
       RETURNING ${COLUMNS}`,
      [a.workspaceId, a.serviceAgentId, a.credentialId, a.gatewayRuleId, a.action, a.resource, JSON.stringify(a.context), a.expiresAt],
    );
    return rows[0];
  }

  /** The agent's pending approval of this action and resource. */
  async findPending(
    m: EntityManager,
    workspaceId: string,
    serviceAgentId: string,
    action: string,
    resource: string | null,
  ): Promise<ApprovalDto | undefined> {
    const rows = await m.query(
      `SELECT ${COLUMNS} FROM approvals a
        WHERE a.workspace_id = $1 AND a.service_agent_id = $2 AND a.action = $3 AND coalesce(a.resource, '') = coalesce($4, '')
          AND a.status = 'pending'`,
      [workspaceId, serviceAgentId, action, resource],
    );
    return rows[0];
  }

  async find(workspaceId: string, id: string): Promise<ApprovalDto | undefined> {
    const rows = await this.db.query(`SELECT ${COLUMNS} FROM approvals a WHERE a.id = $1 AND a.workspace_id = $2`, [id, workspaceId]);
    return rows[0];
  }

  /**
   * Decides a pending approval that has not expired, in one statement: of two operators deciding
   * at once, the second waits for the first's row lock, then finds it no longer pending.
   */
  async decide(
    m: EntityManager,
    workspaceId: string,
    id: string,
    status: ApprovalDecision,
    userId: string,
    now: Date,
  ): Promise<ApprovalDto | undefined> {
    const [rows] = await m.query(
      `UPDATE approvals AS a SET status = $3, decided_by = $4, decided_at = $5, updated_at = now()
        WHERE a.id = $1 AND a.workspace_id = $2 AND a.status = 'pending' AND a.expires_at > $5
        RETURNING ${COLUMNS}`,
      [id, workspaceId, status, userId, now],
    );
    return (rows as ApprovalDto[])[0];
  }

  /**
   * Marks pending approvals past their expiry (as of `now`, or the database's time when null) as
   * expired (at most `limit`, skipping rows another transaction holds); returns them with their
   * workspace, for their events.
   */
  async expireDue(
    m: EntityManager,
    now: Date | null,
    scope: ExpiryScope,
    limit: number,
  ): Promise<(ApprovalDto & { workspace_id: string })[]> {
    const conditions = [`status = 'pending'`, `expires_at <= coalesce($1::timestamptz, now())`];
    const values: unknown[] = [now, limit];
    if (scope.workspaceId) conditions.push(`workspace_id = $${values.push(scope.workspaceId)}`);
    if (scope.id) conditions.push(`id = $${values.push(scope.id)}`);
    if (scope.key) {
      conditions.push(`service_agent_id = $${values.push(scope.key.serviceAgentId)}`);
      conditions.push(`action = $${values.push(scope.key.action)}`);
      conditions.push(`coalesce(resource, '') = coalesce($${values.push(scope.key.resource)}, '')`);
    }
    const [rows] = await m.query(
      `UPDATE approvals AS a SET status = 'expired', decided_at = a.expires_at, updated_at = now()
        WHERE a.id IN (SELECT id FROM approvals WHERE ${conditions.join(' AND ')} ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING ${COLUMNS}, a.workspace_id`,
      values,
    );
    return rows;
  }

  list(workspaceId: string, q: ListQuery): Promise<{ rows: ApprovalDto[]; total: number }> {
    return listPage(this.db, { columns: COLUMNS, table: 'approvals', alias: 'a', scope: 'a.workspace_id = $1', params: [workspaceId] }, q);
  }

  /** A page of the approvals a data subject's agents asked for, or that the subject (an operator) decided; by id. */
  exportPage(m: EntityManager, s: DataSubject, after: string | undefined): Promise<ApprovalDto[]> {
    return keysetPage(
      m,
      {
        columns: COLUMNS,
        table: 'approvals',
        alias: 'a',
        scope: `a.workspace_id = $1 AND (a.service_agent_id = ANY($2::uuid[]) OR a.decided_by = ANY($3::uuid[]))`,
        params: [s.workspaceId, s.serviceAgentIds, s.userIds],
      },
      after,
      EXPORT_PAGE_SIZE,
    );
  }

  /**
   * Erasure: what the subject's agents said with their checks (resource, context), and an
   * operator's name on decisions. The agents' pending approvals expire with it (their credentials
   * are revoked by the same erasure, so nobody is waiting for them).
   */
  async erase(m: EntityManager, s: DataSubject): Promise<void> {
    await m.query(
      `UPDATE approvals
          SET resource = NULL, context = '{}'::jsonb, updated_at = now(),
              decided_at = CASE WHEN status = 'pending' THEN now() ELSE decided_at END,
              status = CASE WHEN status = 'pending' THEN 'expired' ELSE status END
        WHERE workspace_id = $1 AND service_agent_id = ANY($2::uuid[])
          AND (resource IS NOT NULL OR context <> '{}'::jsonb OR status = 'pending')`,
      [s.workspaceId, s.serviceAgentIds],
    );
    await m.query(`UPDATE approvals SET decided_by = NULL WHERE workspace_id = $1 AND decided_by = ANY($2::uuid[])`, [
      s.workspaceId,
      s.userIds,
    ]);
  }
}
