import type { DataSource } from 'typeorm';
import type { ListQuery } from '../listing/list-query';
import { listSql } from '../listing/list-sql';

export interface ListSource {
  /** select list, aliased to the row type */
  columns: string;
  table: string;
  /** the workspace scope, `$1`.. referring to `params` */
  scope: string;
  params: unknown[];
}

/** One page in the list's order and the total matching, read in parallel. */
export async function listPage<T>(db: DataSource, src: ListSource, q: ListQuery): Promise<{ rows: T[]; total: number }> {
  const s = listSql(q, { sql: src.scope, params: src.params });
  const [rows, counted] = await Promise.all([
    db.query(`SELECT ${src.columns} FROM ${src.table} ${s.where} ${s.orderBy} ${s.limit}`, s.params),
    db.query(`SELECT count(*)::int AS total FROM ${src.table} ${s.where}`, s.countParams),
  ]);
  return { rows, total: counted[0].total };
}
