import { Injectable } from '@nestjs/common';
import { type Queryable, type Tx, Db } from '../core/database/db.service';
import { t } from '../core/database/pg-types';
import { statement } from '../core/database/statement';
import { notifyCredentialEventSql } from '../core/redis/credential-events';
import type { OperatorRole } from '../auth';
import type { WorkspaceStatus } from './workspace-status';

export interface WorkspaceRow {
  id: string;
  name: string;
  slug: string;
  status: WorkspaceStatus;
  plan: string;
}

/** A workspace's columns as WorkspaceRow has them. */
export const WORKSPACE_ROW = { id: t.uuid, name: t.text, slug: t.text, status: t.text.of<WorkspaceStatus>(), plan: t.text };

/**
 * A status set here (a platform admin) is no longer a payment's pause: invoice.paid leaves it
 * alone. A status set is notified to every node with the commit (the workspace's cached
 * credentials are dropped everywhere, whatever Redis does: ADR 0230).
 */
const UPDATE_STATUS_AND_PLAN = statement({
  label: 'update_workspace_status_and_plan',
  text: `WITH w AS (
           UPDATE workspaces SET status = COALESCE($2, status), plan = COALESCE($3, plan),
                  paused_by_payment = CASE WHEN $2::text IS NULL THEN paused_by_payment ELSE false END, updated_at = now()
           WHERE id = $1 RETURNING id, name, slug, status, plan)
         SELECT w.*, CASE WHEN $2::text IS NOT NULL THEN ${notifyCredentialEventSql.workspaceChanged('w.id')} END AS notified FROM w`,
  params: [t.uuid, t.text.of<WorkspaceStatus>().null, t.text.null],
  row: { ...WORKSPACE_ROW, notified: t.void },
});

/** The workspace as it is, row-locked until the transaction ends (FOR NO KEY UPDATE, as LOCK_FOR_PAYMENT says why). */
const LOCK_WORKSPACE = statement({
  label: 'lock_workspace',
  text: `SELECT id, name, slug, status, plan FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`,
  params: [t.uuid],
  row: WORKSPACE_ROW,
});

const INSERT_WORKSPACE = statement({
  label: 'insert_workspace',
  text: `INSERT INTO workspaces (name, slug, plan) VALUES ($1, $2, $3)
         ON CONFLICT (slug) DO NOTHING
         RETURNING id, name, slug, status, plan`,
  params: [t.text, t.text, t.text],
  row: WORKSPACE_ROW,
});

const INSERT_MEMBERSHIP = statement({
  label: 'insert_membership',
  text: `INSERT INTO memberships (workspace_id, user_id, role) VALUES ($1, $2, $3)`,
  params: [t.uuid, t.uuid, t.text.of<OperatorRole>()],
});

/**
 * The workspace, row-locked until the transaction ends. FOR NO KEY UPDATE, like every lock taken
 * on a workspace row: it excludes status and plan changes, quota counts and the end of
 * enrollment claims, but not the inserts that merely reference the workspace (FOR KEY SHARE),
 * which FOR UPDATE would wait for one by one.
 */
const LOCK_FOR_PAYMENT = statement({
  label: 'lock_workspace_for_payment',
  text: `SELECT id, name, slug, status, plan, paused_by_payment FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`,
  params: [t.uuid],
  row: { ...WORKSPACE_ROW, paused_by_payment: t.bool },
});

const SET_PLAN = statement({
  label: 'set_workspace_plan',
  text: `UPDATE workspaces SET plan = $2, updated_at = now() WHERE id = $1 AND plan <> $2`,
  params: [t.uuid, t.text],
});

/** Pauses, notifying every node with the commit (as UPDATE_STATUS_AND_PLAN). */
const PAUSE_FOR_PAYMENT = statement({
  label: 'pause_workspace_for_payment',
  text: `WITH w AS (
           UPDATE workspaces SET status = 'paused', paused_by_payment = true, updated_at = now() WHERE id = $1 AND status = 'active'
           RETURNING id)
         SELECT ${notifyCredentialEventSql.workspaceChanged('w.id')} AS notified FROM w`,
  params: [t.uuid],
  row: { notified: t.void },
});

/** Reactivates, notifying every node with the commit (as UPDATE_STATUS_AND_PLAN). */
const RESUME_AFTER_PAYMENT = statement({
  label: 'resume_workspace_after_payment',
  text: `WITH w AS (
           UPDATE workspaces SET status = 'active', paused_by_payment = false, updated_at = now()
           WHERE id = $1 AND status = 'paused' AND paused_by_payment RETURNING id)
         SELECT ${notifyCredentialEventSql.workspaceChanged('w.id')} AS notified FROM w`,
  params: [t.uuid],
  row: { notified: t.void },
});

/** A workspace's settings as the operator console reads and changes them. */
export interface WorkspaceSettingsRow extends WorkspaceRow {
  require_mfa: boolean;
}
const WORKSPACE_SETTINGS_ROW = { ...WORKSPACE_ROW, require_mfa: t.bool };

const WORKSPACE_SETTINGS = statement({
  label: 'workspace_settings',
  text: `SELECT id, name, slug, status, plan, require_mfa FROM workspaces WHERE id = $1`,
  params: [t.uuid],
  row: WORKSPACE_SETTINGS_ROW,
});

/** The settings as they are, row-locked until the transaction ends (a policy change reads its "before" here). */
const LOCK_WORKSPACE_SETTINGS = statement({
  label: 'lock_workspace_settings',
  text: `SELECT id, name, slug, status, plan, require_mfa FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`,
  params: [t.uuid],
  row: WORKSPACE_SETTINGS_ROW,
});

const SET_REQUIRE_MFA = statement({
  label: 'set_workspace_require_mfa',
  text: `UPDATE workspaces SET require_mfa = $2, updated_at = now() WHERE id = $1
         RETURNING id, name, slug, status, plan, require_mfa`,
  params: [t.uuid, t.bool],
  row: WORKSPACE_SETTINGS_ROW,
});

/** SQL for workspaces and memberships. */
@Injectable()
export class WorkspacesRepository {
  constructor(private readonly db: Db) {}

  /** Sets the status and/or plan given (null keeps it); undefined when there is no such workspace. */
  async updateStatusAndPlan(
    workspaceId: string,
    status: WorkspaceStatus | null,
    plan: string | null,
    q: Queryable = this.db,
  ): Promise<WorkspaceRow | undefined> {
    const row = await q.maybe(UPDATE_STATUS_AND_PLAN, [workspaceId, status, plan]);
    if (!row) return undefined;
    const { notified: _, ...workspace } = row;
    return workspace;
  }

  /** See LOCK_WORKSPACE; undefined when there is no such workspace. */
  lock(m: Tx, workspaceId: string): Promise<WorkspaceRow | undefined> {
    return m.maybe(LOCK_WORKSPACE, [workspaceId]);
  }

  settings(q: Queryable, workspaceId: string): Promise<WorkspaceSettingsRow | undefined> {
    return q.maybe(WORKSPACE_SETTINGS, [workspaceId]);
  }

  lockSettings(m: Tx, workspaceId: string): Promise<WorkspaceSettingsRow | undefined> {
    return m.maybe(LOCK_WORKSPACE_SETTINGS, [workspaceId]);
  }

  setRequireMfa(m: Tx, workspaceId: string, requireMfa: boolean): Promise<WorkspaceSettingsRow> {
    return m.one(SET_REQUIRE_MFA, [workspaceId, requireMfa]);
  }

  /** An active workspace, or undefined when the slug is already taken. */
  insertUnlessSlugTaken(m: Tx, name: string, slug: string, plan: string): Promise<WorkspaceRow | undefined> {
    return m.maybe(INSERT_WORKSPACE, [name, slug, plan]);
  }

  async insertMembership(m: Tx, workspaceId: string, userId: string, role: OperatorRole): Promise<void> {
    await m.run(INSERT_MEMBERSHIP, [workspaceId, userId, role]);
  }

  // ---- the payment provider's effects (payments/), each in the caller's transaction ----

  /** The workspace, row-locked until the transaction ends (LOCK_FOR_PAYMENT); undefined when there is none. */
  async lockForPayment(m: Tx, workspaceId: string): Promise<(WorkspaceRow & { pausedByPayment: boolean }) | undefined> {
    const row = await m.maybe(LOCK_FOR_PAYMENT, [workspaceId]);
    if (!row) return undefined;
    const { paused_by_payment, ...workspace } = row;
    return { ...workspace, pausedByPayment: paused_by_payment };
  }

  async setPlan(m: Tx, workspaceId: string, plan: string): Promise<void> {
    await m.run(SET_PLAN, [workspaceId, plan]);
  }

  /** active -> paused, remembering that a payment paused it; false when the workspace was not active. */
  async pauseForPayment(m: Tx, workspaceId: string): Promise<boolean> {
    return (await m.rows(PAUSE_FOR_PAYMENT, [workspaceId])).length > 0;
  }

  /** paused by a payment -> active; false for any other status (an admin's pause included). */
  async resumeAfterPayment(m: Tx, workspaceId: string): Promise<boolean> {
    return (await m.rows(RESUME_AFTER_PAYMENT, [workspaceId])).length > 0;
  }
}
