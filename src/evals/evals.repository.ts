import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { listPage } from '../core/database/list-page';
import { isoColumn } from '../core/database/sql';
import type { ListQuery } from '../core/listing/list-query';
import type { EvalCaseDto, EvalRunDto, EvalRunStatus, EvalSuiteDto } from './dto/eval.dto';

const SUITE_COLUMNS = `s.id, s.name, s.description, s.cases, ${isoColumn('s', 'inserted_at')}, ${isoColumn('s', 'updated_at')}`;
const RUN_COLUMNS = `r.id, r.eval_suite_id, r.service_agent_id, r.status, r.score, r.metrics, ${isoColumn('r', 'started_at')},
  ${isoColumn('r', 'finished_at')}, ${isoColumn('r', 'inserted_at')}, ${isoColumn('r', 'updated_at')}`;

/** A status change: the new status, score and metrics, and which timestamps it sets. */
export interface RunChange {
  status: EvalRunStatus;
  score: number | undefined;
  metrics: Record<string, unknown> | undefined;
  starts: boolean;
  finishes: boolean;
}

/** SQL of eval suites and eval runs. */
@Injectable()
export class EvalsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insertSuite(workspaceId: string, name: string, description: string | null, cases: EvalCaseDto[]): Promise<EvalSuiteDto> {
    const rows: EvalSuiteDto[] = await this.db.query(
      `INSERT INTO eval_suites AS s (workspace_id, name, description, cases) VALUES ($1, $2, $3, $4) RETURNING ${SUITE_COLUMNS}`,
      [workspaceId, name, description, JSON.stringify(cases)],
    );
    return rows[0];
  }

  async findSuite(workspaceId: string, id: string): Promise<EvalSuiteDto | undefined> {
    const rows: EvalSuiteDto[] = await this.db.query(`SELECT ${SUITE_COLUMNS} FROM eval_suites s WHERE s.workspace_id = $1 AND s.id = $2`, [
      workspaceId,
      id,
    ]);
    return rows[0];
  }

  listSuites(workspaceId: string, q: ListQuery): Promise<{ rows: EvalSuiteDto[]; total: number }> {
    return listPage(
      this.db,
      { columns: SUITE_COLUMNS, table: 'eval_suites', alias: 's', scope: 's.workspace_id = $1', params: [workspaceId] },
      q,
    );
  }

  /** A queued run of a suite of the workspace; undefined when the suite is not one. */
  async insertRun(
    workspaceId: string,
    suiteId: string,
    serviceAgentId: string,
    metrics: Record<string, unknown>,
  ): Promise<EvalRunDto | undefined> {
    const rows: EvalRunDto[] = await this.db.query(
      `INSERT INTO eval_runs AS r (workspace_id, eval_suite_id, service_agent_id, metrics)
       SELECT $1, s.id, $3, $4 FROM eval_suites s WHERE s.workspace_id = $1 AND s.id = $2
       RETURNING ${RUN_COLUMNS}`,
      [workspaceId, suiteId, serviceAgentId, metrics],
    );
    return rows[0];
  }

  async findRun(workspaceId: string, id: string, m: EntityManager = this.db.manager, lock = false): Promise<EvalRunDto | undefined> {
    const rows: EvalRunDto[] = await m.query(
      `SELECT ${RUN_COLUMNS} FROM eval_runs r WHERE r.workspace_id = $1 AND r.id = $2${lock ? ' FOR UPDATE' : ''}`,
      [workspaceId, id],
    );
    return rows[0];
  }

  /** Applies a change to a run (locked by the caller); metrics are merged into the stored ones. */
  async updateRun(m: EntityManager, id: string, c: RunChange): Promise<EvalRunDto> {
    const [rows]: [EvalRunDto[]] = await m.query(
      `UPDATE eval_runs AS r SET status = $2, score = COALESCE($3, score), metrics = metrics || COALESCE($4::jsonb, '{}'::jsonb),
              started_at = CASE WHEN $5 THEN now() ELSE started_at END,
              finished_at = CASE WHEN $6 THEN now() ELSE finished_at END, updated_at = now()
        WHERE r.id = $1 RETURNING ${RUN_COLUMNS}`,
      [id, c.status, c.score ?? null, c.metrics ?? null, c.starts, c.finishes],
    );
    return rows[0];
  }

  listRuns(workspaceId: string, q: ListQuery): Promise<{ rows: EvalRunDto[]; total: number }> {
    return listPage(
      this.db,
      { columns: RUN_COLUMNS, table: 'eval_runs', alias: 'r', scope: 'r.workspace_id = $1', params: [workspaceId] },
      q,
    );
  }
}
