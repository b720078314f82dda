import { Injectable } from '@nestjs/common';
import type { Page } from '../common/pagination/pagination';
import { PreparedSql } from '../database/prepared-sql.service';
import { isoColumn } from '../database/sql';
import type { TaskDto, TaskStatus } from './dto/task.dto';

const COLUMNS = `id, title, status, service_agent_id, ${isoColumn('inserted_at')}, ${isoColumn('updated_at')}`;

@Injectable()
export class TasksRepository {
  constructor(private readonly sql: PreparedSql) {}

  async insert(workspaceId: string, serviceAgentId: string, title: string, status: TaskStatus): Promise<TaskDto> {
    const rows = await this.sql.rows<TaskDto>(
      'insert_task',
      `INSERT INTO tasks (workspace_id, service_agent_id, title, status) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [workspaceId, serviceAgentId, title, status],
    );
    return rows[0];
  }

  /** A page newest first and the total, in one statement (served by tasks_list_idx / tasks_status_list_idx). */
  async list(workspaceId: string, page: Page, status?: TaskStatus): Promise<{ tasks: TaskDto[]; total: number }> {
    const rows = await this.sql.rows<TaskDto & { total: string }>(
      'list_tasks',
      `SELECT ${COLUMNS}, count(*) OVER () AS total FROM tasks
        WHERE workspace_id = $1 AND ($2::text IS NULL OR status = $2)
        ORDER BY inserted_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [workspaceId, status ?? null, page.limit, page.offset],
    );
    if (rows.length > 0) {
      const total = Number(rows[0].total);
      return { tasks: rows.map(({ total: _t, ...task }) => task), total };
    }
    // An empty page (limit 0, or past the end) still reports the total.
    const [{ count }] = await this.sql.rows<{ count: string }>(
      'count_tasks',
      `SELECT count(*) FROM tasks WHERE workspace_id = $1 AND ($2::text IS NULL OR status = $2)`,
      [workspaceId, status ?? null],
    );
    return { tasks: [], total: Number(count) };
  }
}
