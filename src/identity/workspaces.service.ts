import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { NotFoundProblem } from '../core/common/problem/problem.error';
import { CredentialEvents } from '../core/redis/credential-events';
import { EventBus } from '../core/redis/event-bus.service';
import { slugCandidate, slugify } from '../core/common/slug';
import type { OperatorRole } from '../auth/auth-policy';
import type { WorkspaceStatus } from './workspace-status';

export interface WorkspaceRow {
  id: string;
  name: string;
  slug: string;
  status: WorkspaceStatus;
  plan: string;
}

const SLUG_ATTEMPTS = 8;

@Injectable()
export class WorkspacesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: EventBus,
  ) {}

  /**
   * Changes a workspace's status and/or plan. A status change takes effect on machine traffic at
   * once on every node (cached credentials of the workspace are dropped everywhere).
   */
  async update(workspaceId: string, changes: { status?: WorkspaceStatus; plan?: string }): Promise<WorkspaceRow> {
    // UPDATE ... RETURNING answers [rows, count] through TypeORM's postgres driver
    const [rows]: [WorkspaceRow[], number] = await this.db.query(
      `UPDATE workspaces SET status = COALESCE($2, status), plan = COALESCE($3, plan), updated_at = now()
        WHERE id = $1 RETURNING id, name, slug, status, plan`,
      [workspaceId, changes.status ?? null, changes.plan ?? null],
    );
    if (rows.length === 0) throw new NotFoundProblem();
    await this.events.publish({ type: CredentialEvents.workspaceChanged, workspaceId });
    return rows[0];
  }

  /** Creates an active workspace on the given plan with a globally unique slug derived from its name. */
  async create(m: EntityManager, name: string, plan = 'free'): Promise<WorkspaceRow> {
    const base = slugify(name, 'workspace');
    for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
      const rows: WorkspaceRow[] = await m.query(
        `INSERT INTO workspaces (name, slug, plan) VALUES ($1, $2, $3)
         ON CONFLICT (slug) DO NOTHING
         RETURNING id, name, slug, status, plan`,
        [name, slugCandidate(base, attempt), plan],
      );
      if (rows.length > 0) return rows[0];
    }
    throw new Error(`could not find a free workspace slug for "${base}"`);
  }

  async addMember(m: EntityManager, workspaceId: string, userId: string, role: OperatorRole): Promise<void> {
    await m.query(`INSERT INTO memberships (workspace_id, user_id, role) VALUES ($1, $2, $3)`, [workspaceId, userId, role]);
  }
}
