import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { listPage } from '../core/database/list-page';
import type { ListQuery } from '../core/listing/list-query';

export interface CohortRow {
  id: string;
  name: string;
  robotCount: number;
  insertedAt: Date;
  updatedAt: Date;
}

const COLUMNS = `id, name, (SELECT count(*) FROM robots r WHERE r.cohort_id = cohorts.id)::int AS "robotCount",
  inserted_at AS "insertedAt", updated_at AS "updatedAt"`;

@Injectable()
export class CohortsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A new cohort, or undefined when the workspace already has one of that name (ignoring case). */
  async insert(workspaceId: string, name: string): Promise<CohortRow | undefined> {
    const rows = await this.db.query(
      `INSERT INTO cohorts (workspace_id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
      [workspaceId, name],
    );
    return rows[0];
  }

  async find(workspaceId: string, id: string): Promise<CohortRow | undefined> {
    const rows = await this.db.query(`SELECT ${COLUMNS} FROM cohorts WHERE id = $1 AND workspace_id = $2`, [id, workspaceId]);
    return rows[0];
  }

  list(workspaceId: string, q: ListQuery): Promise<{ rows: CohortRow[]; total: number }> {
    return listPage(this.db, { columns: COLUMNS, table: 'cohorts', scope: 'workspace_id = $1', params: [workspaceId] }, q);
  }
}
