import { Injectable } from '@nestjs/common';
import { keysetPage } from '../core/database/list-page';
import { PreparedSql } from '../core/database/pipeline/prepared-sql.service';
import { isoColumn } from '../core/database/sql';
import { listSql } from '../core/listing/list-sql';
import { type DataSubject, EXPORT_PAGE_SIZE, type PagedSubjectData } from '../data-subjects';
import type { ListQuery } from '../core/listing/list-query';
import type { TaskDto, TaskStatus } from './dto/task.dto';
import type { EntityManager } from 'typeorm';

const COLUMNS = `t.id, t.title, t.status, t.service_agent_id, ${isoColumn('t', 'inserted_at')}, ${isoColumn('t', 'updated_at')}`;

@Injectable()
export class TasksRepository implements PagedSubjectData {
  constructor(private readonly sql: PreparedSql) {}

  async insert(workspaceId: string, serviceAgentId: string, title: string, status: TaskStatus): Promise<TaskDto> {
    const rows = await this.sql.committedRows<TaskDto>(
      'insert_task',
      `INSERT INTO tasks AS t (workspace_id, service_agent_id, title, status) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [workspaceId, serviceAgentId, title, status],
    );
    return rows[0];
  }

  /**
   * A page newest first and the total: two statements in parallel, each with its own plan (and
   * prepared statement, named by the list's variant) for "all statuses" and "one status", so both
   * are served by an index (tasks_list_idx, tasks_status_list_idx) however large the workspace.
   */
  async list(workspaceId: string, q: ListQuery): Promise<{ tasks: TaskDto[]; total: number }> {
    const s = listSql(q, { sql: 't.workspace_id = $1', params: [workspaceId], alias: 't' });
    const [tasks, [{ count }]] = await Promise.all([
      this.sql.pageRows<TaskDto>(
        `list_tasks${s.variant}`,
        `SELECT ${COLUMNS} FROM tasks t ${s.where} ${s.orderBy} ${s.limit}`,
        s.params,
        q.page.offset,
      ),
      // a count walks every row of the workspace: never on a pipelined connection
      this.sql.pooledRows<{ count: string }>(`count_tasks${s.variant}`, `SELECT count(*) FROM tasks t ${s.where}`, s.countParams),
    ]);
    return { tasks, total: Number(count) };
  }

  // ---- data requests (issue 22) ----

  /** A page of the tasks a data subject's agents created, by id. */
  exportPage(m: EntityManager, s: DataSubject, after: string | undefined): Promise<TaskDto[]> {
    return keysetPage(
      m,
      {
        columns: COLUMNS,
        table: 'tasks',
        alias: 't',
        scope: `t.workspace_id = $1 AND t.service_agent_id = ANY($2::uuid[])`,
        params: [s.workspaceId, s.serviceAgentIds],
      },
      after,
      EXPORT_PAGE_SIZE,
    );
  }

  /** Erasure: the titles of the subject's tasks. */
  async erase(m: EntityManager, s: DataSubject): Promise<void> {
    await m.query(
      `UPDATE tasks SET title = '[erased]', updated_at = now()
        WHERE workspace_id = $1 AND service_agent_id = ANY($2::uuid[]) AND title <> '[erased]'`,
      [s.workspaceId, s.serviceAgentIds],
    );
  }
}
