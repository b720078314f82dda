import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { OperatorRole } from '../auth';
import type { WorkspaceStatus } from './workspace-status';

export interface WorkspaceRow {
  id: string;
  name: string;
  slug: string;
  status: WorkspaceStatus;
  plan: string;
}

/** SQL for workspaces and memberships. */
@Injectable()
export class WorkspacesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Sets the status and/or plan given (null keeps it); undefined when there is no such workspace. */
  async updateStatusAndPlan(workspaceId: string, status: WorkspaceStatus | null, plan: string | null): Promise<WorkspaceRow | undefined> {
    // UPDATE ... RETURNING answers [rows, count] through TypeORM's postgres driver
    // A status set here (a platform admin) is no longer a payment's pause: invoice.paid leaves it alone.
    const [rows]: [WorkspaceRow[], number] = await this.db.query(
      `UPDATE workspaces SET status = COALESCE($2, status), plan = COALESCE($3, plan),
              paused_by_payment = CASE WHEN $2::text IS NULL THEN paused_by_payment ELSE false END, updated_at = now()
        WHERE id = $1 RETURNING id, name, slug, status, plan`,
      [workspaceId, status, plan],
    );
    return rows[0];
  }

  /** An active workspace, or undefined when the slug is already taken. */
  async insertUnlessSlugTaken(m: EntityManager, name: string, slug: string, plan: string): Promise<WorkspaceRow | undefined> {
    const rows: WorkspaceRow[] = await m.query(
      `INSERT INTO workspaces (name, slug, plan) VALUES ($1, $2, $3)
         ON CONFLICT (slug) DO NOTHING
         RETURNING id, name, slug, status, plan`,
      [name, slug, plan],
    );
    return rows[0];
  }

  async insertMembership(m: EntityManager, workspaceId: string, userId: string, role: OperatorRole): Promise<void> {
    await m.query(`INSERT INTO memberships (workspace_id, user_id, role) VALUES ($1, $2, $3)`, [workspaceId, userId, role]);
  }

  // ---- the payment provider's effects (payments/), each in the caller's transaction ----

  /**
   * The workspace, row-locked until the transaction ends; undefined when there is none. FOR NO KEY
   * UPDATE, like every lock taken on a workspace row: it excludes status and plan changes, quota
   * counts and the end of enrollment claims, but not the inserts that merely reference the
   * workspace (FOR KEY SHARE), which FOR UPDATE would wait for one by one.
   */
  async lockForPayment(m: EntityManager, workspaceId: string): Promise<(WorkspaceRow & { pausedByPayment: boolean }) | undefined> {
    const rows = await m.query(
      `SELECT id, name, slug, status, plan, paused_by_payment AS "pausedByPayment" FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`,
      [workspaceId],
    );
    return rows[0];
  }

  async setPlan(m: EntityManager, workspaceId: string, plan: string): Promise<void> {
    await m.query(`UPDATE workspaces SET plan = $2, updated_at = now() WHERE id = $1 AND plan <> $2`, [workspaceId, plan]);
  }

  /** active -> paused, remembering that a payment paused it; false when the workspace was not active. */
  async pauseForPayment(m: EntityManager, workspaceId: string): Promise<boolean> {
    const [, count] = await m.query(
      `UPDATE workspaces SET status = 'paused', paused_by_payment = true, updated_at = now() WHERE id = $1 AND status = 'active'`,
      [workspaceId],
    );
    return count > 0;
  }

  /** paused by a payment -> active; false for any other status (an admin's pause included). */
  async resumeAfterPayment(m: EntityManager, workspaceId: string): Promise<boolean> {
    const [, count] = await m.query(
      `UPDATE workspaces SET status = 'active', paused_by_payment = false, updated_at = now()
        WHERE id = $1 AND status = 'paused' AND paused_by_payment`,
      [workspaceId],
    );
    return count > 0;
  }
}
