import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { listSql } from '../core/listing/list-sql';
import type { ListQuery } from '../core/listing/list-query';
import type { WorkspaceRow } from '../identity';

/** SQL for the platform admin's view of every workspace. */
@Injectable()
export class AdminWorkspacesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * One page of all workspaces, newest first, and how many there are: counted by the page's own
   * window function, or by a count of its own when the page is past the end.
   */
  async listNewestFirst(q: ListQuery): Promise<{ workspaces: WorkspaceRow[]; total: number }> {
    const s = listSql(q);
    const rows: (WorkspaceRow & { total: string })[] = await this.db.query(
      `SELECT id, name, slug, status, plan, count(*) OVER () AS total FROM workspaces ${s.where} ${s.orderBy} ${s.limit}`,
      s.params,
    );
    const total = rows.length > 0 ? Number(rows[0].total) : Number((await this.db.query(`SELECT count(*) AS n FROM workspaces`))[0].n);
    return { workspaces: rows.map(({ total: _total, ...w }) => w), total };
  }

  /** One workspace by id, or undefined. */
  async findById(id: string): Promise<WorkspaceRow | undefined> {
    const rows: WorkspaceRow[] = await this.db.query(`SELECT id, name, slug, status, plan FROM workspaces WHERE id = $1`, [id]);
    return rows[0];
  }
}
