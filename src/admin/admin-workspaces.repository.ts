import { Injectable } from '@nestjs/common';
import { Db } from '../core/database/db.service';
import { t } from '../core/database/pg-types';
import { statement } from '../core/database/statement';
import { WORKSPACE_ROW, type WorkspaceRow } from '../identity';
import type { ListQuery } from '../core/listing/list-query';

/** A page of all workspaces, newest first (ADMIN_WORKSPACE_LIST's order), with how many there are. */
const WORKSPACES_NEWEST_FIRST = statement({
  label: 'admin_list_workspaces',
  text: `SELECT id, name, slug, status, plan, count(*) OVER () AS total FROM workspaces ORDER BY inserted_at DESC, id DESC LIMIT $1 OFFSET $2`,
  params: [t.bigint, t.bigint],
  row: { ...WORKSPACE_ROW, total: t.bigint },
});

const COUNT_WORKSPACES = statement({
  label: 'admin_count_workspaces',
  text: `SELECT count(*)::int AS n FROM workspaces`,
  params: [],
  row: { n: t.int },
});

const WORKSPACE_BY_ID = statement({
  label: 'admin_workspace_by_id',
  text: `SELECT id, name, slug, status, plan FROM workspaces WHERE id = $1`,
  params: [t.uuid],
  row: WORKSPACE_ROW,
});

/** SQL for the platform admin's view of every workspace. */
@Injectable()
export class AdminWorkspacesRepository {
  constructor(private readonly db: Db) {}

  /**
   * One page of all workspaces, newest first, and how many there are: counted by the page's own
   * window function, or by a count of its own when the page is past the end.
   */
  async listNewestFirst(q: ListQuery): Promise<{ workspaces: WorkspaceRow[]; total: number }> {
    const rows = await this.db.rows(WORKSPACES_NEWEST_FIRST, [q.page.limit, q.page.offset]);
    const total = rows.length > 0 ? Number(rows[0].total) : (await this.db.one(COUNT_WORKSPACES, [])).n;
    return { workspaces: rows.map(({ total: _total, ...w }) => w), total };
  }

  /** One workspace by id, or undefined. */
  findById(id: string): Promise<WorkspaceRow | undefined> {
    return this.db.maybe(WORKSPACE_BY_ID, [id]);
  }
}
