import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../core/database/db.service';
import { keysetStatement, listStatements } from '../core/database/list-statements';
import { type PgType, t } from '../core/database/pg-types';
import { isoColumn } from '../core/database/sql';
import { type RowOf, type Statement, statement } from '../core/database/statement';
import { type DataSubject, DataSubjectSection, EXPORT_PAGE_SIZE } from '../data-subjects';
import { APPROVAL_LIST, type ApprovalDecision, type ApprovalDto, type ApprovalStatus } from './dto/approval.dto';
import type { ListQuery } from '../core/listing/list-query';

const COLUMNS = `a.id, a.service_agent_id, a.action, a.resource, a.context, a.status, a.gateway_rule_id, a.decided_by,
  ${isoColumn('a', 'decided_at')}, ${isoColumn('a', 'expires_at')}, ${isoColumn('a', 'inserted_at')}, ${isoColumn('a', 'updated_at')}`;
const APPROVAL_ROW = {
  id: t.uuid,
  service_agent_id: t.uuid,
  action: t.text,
  resource: t.text.null,
  context: t.json.of<Record<string, unknown>>(),
  status: t.text.of<ApprovalStatus>(),
  gateway_rule_id: t.uuid.null,
  decided_by: t.uuid.null,
  decided_at: t.text.null,
  expires_at: t.text,
  inserted_at: t.text,
  updated_at: t.text,
};

/**
 * A pending approval; no row when the agent already has one for this action and resource
 * (approvals_one_pending_key; a concurrent insert waits for the other to commit). A rule deleted
 * meanwhile is not referenced.
 */
const INSERT_PENDING = statement({
  label: 'insert_pending_approval',
  text: `INSERT INTO approvals AS a (workspace_id, service_agent_id, credential_id, gateway_rule_id, action, resource, context, expires_at)
       VALUES ($1, $2, (SELECT id FROM api_credentials WHERE id = $3), (SELECT id FROM gateway_rules WHERE id = $4), $5, $6, $7::jsonb, $8)
       ON CONFLICT (workspace_id, service_agent_id, action, (coalesce(resource, ''))) WHERE status = 'pending' DO NOTHING
       RETURNING ${COLUMNS}`,
  params: [t.uuid, t.uuid, t.uuid, t.uuid, t.text, t.text.null, t.json, t.timestamptz],
  row: APPROVAL_ROW,
});

/** The agent's pending approval of this action and resource. */
const FIND_PENDING = statement({
  label: 'find_pending_approval',
  text: `SELECT ${COLUMNS} FROM approvals a
        WHERE a.workspace_id = $1 AND a.service_agent_id = $2 AND a.action = $3 AND coalesce(a.resource, '') = coalesce($4, '')
          AND a.status = 'pending'`,
  params: [t.uuid, t.uuid, t.text, t.text.null],
  row: APPROVAL_ROW,
});

const FIND_APPROVAL = statement({
  label: 'find_approval',
  text: `SELECT ${COLUMNS} FROM approvals a WHERE a.id = $1 AND a.workspace_id = $2`,
  params: [t.uuid, t.uuid],
  row: APPROVAL_ROW,
});

/**
 * Decides a pending approval that has not expired, in one statement: of two operators deciding
 * at once, the second waits for the first's row lock, then finds it no longer pending.
 */
const DECIDE = statement({
  label: 'decide_approval',
  text: `UPDATE approvals AS a SET status = $3, decided_by = $4, decided_at = $5, updated_at = now()
        WHERE a.id = $1 AND a.workspace_id = $2 AND a.status = 'pending' AND a.expires_at > $5
        RETURNING ${COLUMNS}`,
  params: [t.uuid, t.uuid, t.text, t.uuid, t.timestamptz],
  row: APPROVAL_ROW,
});

/** What the expiry sweep may narrow itself to. */
export interface ExpiryScope {
  workspaceId?: string;
  id?: string;
  /** one agent's pending approval of one action and resource */
  key?: { serviceAgentId: string; action: string; resource: string | null };
}

const EXPIRED_ROW = { ...APPROVAL_ROW, workspace_id: t.uuid };

/** The statement of a scope: which of its narrowings (workspace, id, key) it has. */
const expiryVariant = (s: { workspaceId?: unknown; id?: unknown; key?: unknown }) =>
  [s.workspaceId && 'workspace', s.id && 'id', s.key && 'key'].filter(Boolean).join('_and_');

/**
 * Marks pending approvals past their expiry ($1, or the database's time when null) as expired
 * (at most $2, skipping rows another transaction holds): one statement per set of the scope's
 * narrowings, their values numbered after $2 in the order workspace, id, key.
 */
const EXPIRE_DUE = new Map<string, Statement<readonly unknown[], RowOf<typeof EXPIRED_ROW>>>();
for (let mask = 0; mask < 8; mask++) {
  const scope = { workspaceId: mask & 1, id: mask & 2, key: mask & 4 };
  const conditions = [`status = 'pending'`, `expires_at <= coalesce($1::timestamptz, now())`];
  const params: PgType<unknown, unknown>[] = [t.timestamptz.null, t.bigint];
  const next = (tag: PgType<unknown, unknown>) => `$${params.push(tag)}`;
  if (scope.workspaceId) conditions.push(`workspace_id = ${next(t.uuid)}`);
  if (scope.id) conditions.push(`id = ${next(t.uuid)}`);
  if (scope.key) {
    conditions.push(`service_agent_id = ${next(t.uuid)}`);
    conditions.push(`action = ${next(t.text)}`);
    conditions.push(`coalesce(resource, '') = coalesce(${next(t.text.null)}, '')`);
  }
  const variant = expiryVariant(scope);
  EXPIRE_DUE.set(
    variant,
    statement({
      label: `expire_due_approvals${variant && `_by_${variant}`}`,
      text: `UPDATE approvals AS a SET status = 'expired', decided_at = a.expires_at, updated_at = now()
        WHERE a.id IN (SELECT id FROM approvals WHERE ${conditions.join(' AND ')} ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING ${COLUMNS}, a.workspace_id`,
      params,
      row: EXPIRED_ROW,
    }),
  );
}

const APPROVALS = listStatements(APPROVAL_LIST, {
  label: 'list_approvals',
  columns: COLUMNS,
  from: 'approvals',
  alias: 'a',
  scope: 'a.workspace_id = $1',
  params: [t.uuid],
  row: APPROVAL_ROW,
});

/** A page of the approvals a data subject's agents asked for, or that the subject (an operator) decided; by id. */
const EXPORT_APPROVALS = keysetStatement({
  label: 'export_approvals',
  columns: COLUMNS,
  from: 'approvals',
  alias: 'a',
  scope: `a.workspace_id = $1 AND (a.service_agent_id = ANY($2::uuid[]) OR a.decided_by = ANY($3::uuid[]))`,
  params: [t.uuid, t.uuidArray, t.uuidArray],
  row: APPROVAL_ROW,
  limit: EXPORT_PAGE_SIZE,
});

/**
 * Erasure: what the subject's agents said with their checks (resource, context); their pending
 * approvals expire with it.
 */
const ERASE_AGENT_APPROVALS = statement({
  label: 'erase_agent_approvals',
  text: `UPDATE approvals
          SET resource = NULL, context = '{}'::jsonb, updated_at = now(),
              decided_at = CASE WHEN status = 'pending' THEN now() ELSE decided_at END,
              status = CASE WHEN status = 'pending' THEN 'expired' ELSE status END
        WHERE workspace_id = $1 AND service_agent_id = ANY($2::uuid[])
          AND (resource IS NOT NULL OR context <> '{}'::jsonb OR status = 'pending')`,
  params: [t.uuid, t.uuidArray],
});

/** Erasure: an operator's name on decisions. */
const ERASE_DECIDERS = statement({
  label: 'erase_approval_deciders',
  text: `UPDATE approvals SET decided_by = NULL WHERE workspace_id = $1 AND decided_by = ANY($2::uuid[])`,
  params: [t.uuid, t.uuidArray],
});

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
  constructor(private readonly db: Db) {}

  /**
   * A pending approval, or undefined when the agent already has one for this action and resource
   * (approvals_one_pending_key; a concurrent insert waits for the other to commit). A rule deleted
   * meanwhile is not referenced.
   */
  insertPending(tx: Tx, a: NewApproval): Promise<ApprovalDto | undefined> {
    return tx.maybe(INSERT_PENDING, [
      a.workspaceId,
      a.serviceAgentId,
      a.credentialId,
      a.gatewayRuleId,
      a.action,
      a.resource,
      JSON.stringify(a.context),
      a.expiresAt,
    ]);
  }

  /** The agent's pending approval of this action and resource. */
  findPending(
    tx: Tx,
    workspaceId: string,
    serviceAgentId: string,
    action: string,
    resource: string | null,
  ): Promise<ApprovalDto | undefined> {
    return tx.maybe(FIND_PENDING, [workspaceId, serviceAgentId, action, resource]);
  }

  find(workspaceId: string, id: string): Promise<ApprovalDto | undefined> {
    return this.db.maybe(FIND_APPROVAL, [id, workspaceId]);
  }

  /**
   * Decides a pending approval that has not expired, in one statement: of two operators deciding
   * at once, the second waits for the first's row lock, then finds it no longer pending.
   */
  decide(tx: Tx, workspaceId: string, id: string, status: ApprovalDecision, userId: string, now: Date): Promise<ApprovalDto | undefined> {
    return tx.maybe(DECIDE, [id, workspaceId, status, userId, now]);
  }

  /**
   * Marks pending approvals past their expiry (as of `now`, or the database's time when null) as
   * expired (at most `limit`, skipping rows another transaction holds); returns them with their
   * workspace, for their events.
   */
  expireDue(tx: Tx, now: Date | null, scope: ExpiryScope, limit: number): Promise<(ApprovalDto & { workspace_id: string })[]> {
    const values: unknown[] = [now, limit];
    if (scope.workspaceId) values.push(scope.workspaceId);
    if (scope.id) values.push(scope.id);
    if (scope.key) values.push(scope.key.serviceAgentId, scope.key.action, scope.key.resource);
    return tx.rows(EXPIRE_DUE.get(expiryVariant(scope))!, values);
  }

  list(workspaceId: string, q: ListQuery): Promise<{ rows: ApprovalDto[]; total: number }> {
    return this.db.list(APPROVALS, [workspaceId], q);
  }

  /** A page of the approvals a data subject's agents asked for, or that the subject (an operator) decided; by id. */
  exportPage(m: Tx, s: DataSubject, after: string | undefined): Promise<ApprovalDto[]> {
    return m.rows(EXPORT_APPROVALS, [s.workspaceId, s.serviceAgentIds, s.userIds, after ?? null]);
  }

  /**
   * Erasure: what the subject's agents said with their checks (resource, context), and an
   * operator's name on decisions. The agents' pending approvals expire with it (their credentials
   * are revoked by the same erasure, so nobody is waiting for them).
   */
  async erase(m: Tx, s: DataSubject): Promise<void> {
    const tx = m;
    await tx.run(ERASE_AGENT_APPROVALS, [s.workspaceId, s.serviceAgentIds]);
    await tx.run(ERASE_DECIDERS, [s.workspaceId, s.userIds]);
  }
}
