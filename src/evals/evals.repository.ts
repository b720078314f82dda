import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../core/database/db.service';
import { listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { isoColumn } from '../core/database/sql';
import { statement } from '../core/database/statement';
import { EVAL_RUN_LIST, EVAL_SUITE_LIST, type EvalCaseDto, type EvalRunDto, type EvalRunStatus, type EvalSuiteDto } from './dto/eval.dto';
import type { ListQuery } from '../core/listing/list-query';

const SUITE_COLUMNS = `s.id, s.name, s.description, s.cases, ${isoColumn('s', 'inserted_at')}, ${isoColumn('s', 'updated_at')}`;
const SUITE_ROW = {
  id: t.uuid,
  name: t.text,
  description: t.text.null,
  cases: t.json.of<EvalCaseDto[]>(),
  inserted_at: t.text,
  updated_at: t.text,
};
const RUN_COLUMNS = `r.id, r.eval_suite_id, r.service_agent_id, r.status, r.score, r.metrics, ${isoColumn('r', 'started_at')},
  ${isoColumn('r', 'finished_at')}, ${isoColumn('r', 'inserted_at')}, ${isoColumn('r', 'updated_at')}`;
const RUN_ROW = {
  id: t.uuid,
  eval_suite_id: t.uuid,
  service_agent_id: t.uuid.null,
  status: t.text.of<EvalRunStatus>(),
  score: t.float.null,
  metrics: t.json.of<Record<string, unknown>>(),
  started_at: t.text.null,
  finished_at: t.text.null,
  inserted_at: t.text,
  updated_at: t.text,
};

const INSERT_SUITE = statement({
  label: 'insert_eval_suite',
  text: `INSERT INTO eval_suites AS s (workspace_id, name, description, cases) VALUES ($1, $2, $3, $4) RETURNING ${SUITE_COLUMNS}`,
  params: [t.uuid, t.text, t.text.null, t.json],
  row: SUITE_ROW,
});

const FIND_SUITE = statement({
  label: 'find_eval_suite',
  text: `SELECT ${SUITE_COLUMNS} FROM eval_suites s WHERE s.workspace_id = $1 AND s.id = $2`,
  params: [t.uuid, t.uuid],
  row: SUITE_ROW,
});

const SUITES = listStatements(EVAL_SUITE_LIST, {
  label: 'list_eval_suites',
  columns: SUITE_COLUMNS,
  from: 'eval_suites',
  alias: 's',
  scope: 's.workspace_id = $1',
  params: [t.uuid],
  row: SUITE_ROW,
});

/** A queued run of a suite of the workspace; no row when the suite is not one. */
const INSERT_RUN = statement({
  label: 'insert_eval_run',
  text: `INSERT INTO eval_runs AS r (workspace_id, eval_suite_id, service_agent_id, metrics)
       SELECT $1, s.id, $3, $4 FROM eval_suites s WHERE s.workspace_id = $1 AND s.id = $2
       RETURNING ${RUN_COLUMNS}`,
  params: [t.uuid, t.uuid, t.uuid, t.json],
  row: RUN_ROW,
});

const findRun = (label: string, lock: string) =>
  statement({
    label,
    text: `SELECT ${RUN_COLUMNS} FROM eval_runs r WHERE r.workspace_id = $1 AND r.id = $2${lock}`,
    params: [t.uuid, t.uuid],
    row: RUN_ROW,
  });
const FIND_RUN = findRun('find_eval_run', '');
const LOCK_RUN = findRun('lock_eval_run', ' FOR UPDATE');

/** Applies a change to a run (locked by the caller); metrics are merged into the stored ones. */
const UPDATE_RUN = statement({
  label: 'update_eval_run',
  text: `UPDATE eval_runs AS r SET status = $2, score = COALESCE($3, score), metrics = metrics || COALESCE($4::jsonb, '{}'::jsonb),
              started_at = CASE WHEN $5 THEN now() ELSE started_at END,
              finished_at = CASE WHEN $6 THEN now() ELSE finished_at END, updated_at = now()
        WHERE r.id = $1 RETURNING ${RUN_COLUMNS}`,
  params: [t.uuid, t.text, t.float.null, t.json.null, t.bool, t.bool],
  row: RUN_ROW,
});

const RUNS = listStatements(EVAL_RUN_LIST, {
  label: 'list_eval_runs',
  columns: RUN_COLUMNS,
  from: 'eval_runs',
  alias: 'r',
  scope: 'r.workspace_id = $1',
  params: [t.uuid],
  row: RUN_ROW,
});

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
  constructor(private readonly db: Db) {}

  insertSuite(workspaceId: string, name: string, description: string | null, cases: EvalCaseDto[]): Promise<EvalSuiteDto> {
    return this.db.one(INSERT_SUITE, [workspaceId, name, description, JSON.stringify(cases)]);
  }

  findSuite(workspaceId: string, id: string): Promise<EvalSuiteDto | undefined> {
    return this.db.maybe(FIND_SUITE, [workspaceId, id]);
  }

  listSuites(workspaceId: string, q: ListQuery): Promise<{ rows: EvalSuiteDto[]; total: number }> {
    return this.db.list(SUITES, [workspaceId], q);
  }

  /** A queued run of a suite of the workspace; undefined when the suite is not one. */
  insertRun(
    workspaceId: string,
    suiteId: string,
    serviceAgentId: string,
    metrics: Record<string, unknown>,
  ): Promise<EvalRunDto | undefined> {
    return this.db.maybe(INSERT_RUN, [workspaceId, suiteId, serviceAgentId, metrics]);
  }

  findRun(workspaceId: string, id: string): Promise<EvalRunDto | undefined> {
    return this.db.maybe(FIND_RUN, [workspaceId, id]);
  }

  /** The run, row-locked until `tx` ends. */
  lockRun(tx: Tx, workspaceId: string, id: string): Promise<EvalRunDto | undefined> {
    return tx.maybe(LOCK_RUN, [workspaceId, id]);
  }

  /** Applies a change to a run (locked by the caller); metrics are merged into the stored ones. */
  updateRun(tx: Tx, id: string, c: RunChange): Promise<EvalRunDto> {
    return tx.one(UPDATE_RUN, [id, c.status, c.score ?? null, c.metrics ?? null, c.starts, c.finishes]);
  }

  listRuns(workspaceId: string, q: ListQuery): Promise<{ rows: EvalRunDto[]; total: number }> {
    return this.db.list(RUNS, [workspaceId], q);
  }
}
