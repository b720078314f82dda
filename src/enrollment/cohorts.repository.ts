import { Injectable } from '@nestjs/common';
import { Db, type Queryable } from '../core/database/db.service';
import { listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { type RowOf, statement } from '../core/database/statement';
import { COHORT_LIST } from './dto/cohort.dto';
import type { ListQuery } from '../core/listing/list-query';

const COLUMNS = `id, name, (SELECT count(*) FROM robots r WHERE r.cohort_id = cohorts.id)::int AS robot_count,
  inserted_at, updated_at`;
const COHORT_ROW = { id: t.uuid, name: t.text, robot_count: t.int, inserted_at: t.timestamptz, updated_at: t.timestamptz } as const;

export type CohortRow = RowOf<typeof COHORT_ROW>;

/** A new cohort, or none when the workspace already has one of that name (ignoring case). */
const INSERT_COHORT = statement({
  label: 'insert_cohort',
  text: `INSERT INTO cohorts (workspace_id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
  params: [t.uuid, t.text],
  row: COHORT_ROW,
});

const FIND_COHORT = statement({
  label: 'find_cohort',
  text: `SELECT ${COLUMNS} FROM cohorts WHERE id = $1 AND workspace_id = $2`,
  params: [t.uuid, t.uuid],
  row: COHORT_ROW,
});

const COHORTS = listStatements(COHORT_LIST, {
  label: 'list_cohorts',
  columns: COLUMNS,
  from: 'cohorts',
  scope: 'workspace_id = $1',
  params: [t.uuid],
  row: COHORT_ROW,
});

/** The names of some cohorts of a workspace (a console page's rows name theirs). */
const COHORT_NAMES = statement({
  label: 'cohort_names',
  text: `SELECT id, name FROM cohorts WHERE workspace_id = $1 AND id = ANY($2::uuid[])`,
  params: [t.uuid, t.uuidArray],
  row: { id: t.uuid, name: t.text },
});

@Injectable()
export class CohortsRepository {
  constructor(private readonly db: Db) {}

  /** A new cohort, or undefined when the workspace already has one of that name (ignoring case). */
  insert(q: Queryable, workspaceId: string, name: string): Promise<CohortRow | undefined> {
    return q.maybe(INSERT_COHORT, [workspaceId, name]);
  }

  find(workspaceId: string, id: string): Promise<CohortRow | undefined> {
    return this.db.maybe(FIND_COHORT, [id, workspaceId]);
  }

  async namesOf(workspaceId: string, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.rows(COHORT_NAMES, [workspaceId, [...new Set(ids)]]);
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  list(workspaceId: string, q: ListQuery): Promise<{ rows: CohortRow[]; total: number }> {
    return this.db.list(COHORTS, [workspaceId], q);
  }
}
