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
    const [rows]: [WorkspaceRow[], number] = await this.db.query(
      `UPDATE workspaces SET status = COALESCE($2, status), plan = COALESCE($3, plan), updated_at = now()
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
}
