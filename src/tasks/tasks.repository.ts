import { Injectable } from '@nestjs/common';
import type { Page } from '../core/common/pagination/pagination';
import { PreparedSql } from '../core/database/prepared-sql.service';
import { isoColumn } from '../core/database/sql';
import type { TaskDto, TaskStatus } from './dto/task.dto';

const COLUMNS = `t.id, t.title, t.status, t.service_agent_id, ${isoColumn('t', 'inserted_at')}, ${isoColumn('t', 'updated_at')}`;

@Injectable()
export class TasksRepository {
  constructor(private readonly sql: PreparedSql) {}

  async insert(workspaceId: string, serviceAgentId: string, title: string, status: TaskStatus): Promise<TaskDto> {
    const rows = await this.sql.rows<TaskDto>(
      'insert_task',
      `INSERT INTO tasks AS t (workspace_id, service_agent_id, title, status) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [workspaceId, serviceAgentId, title, status],
    );
    return rows[0];
  }

  /**
   * A page newest first and the total: two statements in parallel, each with its own plan for
   * "all statuses" and "one status", so both are served by an index (tasks_list_idx,
   * tasks_status_list_idx) however large the workspace.
   */
  async list(workspaceId: string, page: Page, status?: TaskStatus): Promise<{ tasks: TaskDto[]; total: number }> {
    const filter = status ? 'AND t.status = $2' : '';
    const params = status ? [workspaceId, status] : [workspaceId];
    const n = params.length;
    const [tasks, [{ count }]] = await Promise.all([
      this.sql.pageRows<TaskDto>(
        status ? 'list_tasks_by_status' : 'list_tasks',
        `SELECT ${COLUMNS} FROM tasks t WHERE t.workspace_id = $1 ${filter}
          ORDER BY t.inserted_at DESC, t.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...params, page.limit, page.offset],
        page.offset,
      ),
      // a count walks every row of the workspace: never on a pipelined connection
      this.sql.pooledRows<{ count: string }>(
        status ? 'count_tasks_by_status' : 'count_tasks',
        `SELECT count(*) FROM tasks t WHERE t.workspace_id = $1 ${filter}`,
        params,
      ),
    ]);
    return { tasks, total: Number(count) };
  }
}
