import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../core/database/db.service';
import { keysetStatement, listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { isoColumn } from '../core/database/sql';
import { statement } from '../core/database/statement';
import { type DataSubject, DataSubjectSection, EXPORT_PAGE_SIZE, type PagedSubjectData } from '../data-subjects';
import { TASK_LIST, type TaskDto, type TaskStatus } from './dto/task.dto';
import type { ListQuery } from '../core/listing/list-query';

const COLUMNS = `t.id, t.title, t.status, t.service_agent_id, ${isoColumn('t', 'inserted_at')}, ${isoColumn('t', 'updated_at')}`;
const TASK_ROW = {
  id: t.uuid,
  title: t.text,
  status: t.text.of<TaskStatus>(),
  service_agent_id: t.uuid,
  inserted_at: t.text,
  updated_at: t.text,
};

const INSERT_TASK = statement({
  label: 'insert_task',
  lane: 'committed',
  text: `INSERT INTO tasks AS t (workspace_id, service_agent_id, title, status) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
  params: [t.uuid, t.uuid, t.text, t.text.of<TaskStatus>()],
  row: TASK_ROW,
});

/**
 * A page newest first and the total: two statements in parallel, each with its own plan (and
 * prepared statement, named by the list's variant) for "all statuses" and "one status", so both
 * are served by an index (tasks_list_idx, tasks_status_list_idx) however large the workspace.
 * The page is pipelined while shallow; a count walks every row of the workspace, so it never is.
 */
const TASKS = listStatements(TASK_LIST, {
  label: 'list_tasks',
  columns: COLUMNS,
  from: 'tasks',
  alias: 't',
  scope: 't.workspace_id = $1',
  params: [t.uuid],
  row: TASK_ROW,
  lane: 'read',
});

/** A page of the tasks a data subject's agents created, by id. */
const EXPORT_TASKS = keysetStatement({
  label: 'export_tasks',
  columns: COLUMNS,
  from: 'tasks',
  alias: 't',
  scope: `t.workspace_id = $1 AND t.service_agent_id = ANY($2::uuid[])`,
  params: [t.uuid, t.uuidArray],
  row: TASK_ROW,
  limit: EXPORT_PAGE_SIZE,
});

/** Erasure: the titles of the subject's tasks. */
const ERASE_TASKS = statement({
  label: 'erase_tasks',
  text: `UPDATE tasks SET title = '[erased]', updated_at = now()
          WHERE workspace_id = $1 AND service_agent_id = ANY($2::uuid[]) AND title <> '[erased]'`,
  params: [t.uuid, t.uuidArray],
});

// Data requests: the tasks of a subject's agents; an erasure blanks their titles.
@DataSubjectSection('tasks')
@Injectable()
export class TasksRepository implements PagedSubjectData {
  constructor(private readonly db: Db) {}

  insert(workspaceId: string, serviceAgentId: string, title: string, status: TaskStatus): Promise<TaskDto> {
    return this.db.one(INSERT_TASK, [workspaceId, serviceAgentId, title, status]);
  }

  async list(workspaceId: string, q: ListQuery): Promise<{ tasks: TaskDto[]; total: number }> {
    const { rows, total } = await this.db.list(TASKS, [workspaceId], q);
    return { tasks: rows, total };
  }

  // ---- data requests (issue 22) ----

  exportPage(m: Tx, s: DataSubject, after: string | undefined): Promise<TaskDto[]> {
    return m.rows(EXPORT_TASKS, [s.workspaceId, s.serviceAgentIds, after ?? null]);
  }

  async erase(m: Tx, s: DataSubject): Promise<void> {
    await m.run(ERASE_TASKS, [s.workspaceId, s.serviceAgentIds]);
  }
}
