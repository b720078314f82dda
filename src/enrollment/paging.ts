import type { DataSource } from 'typeorm';
import type { Page } from '../core/common/pagination/pagination';

export interface ListQuery {
  /** select list, aliased to the row type */
  columns: string;
  table: string;
  /** `$1`.. refer to `params` */
  where: string;
  params: unknown[];
}

/** One page newest first (inserted_at DESC, id DESC: stable under paging) and the total matching. */
export async function listPage<T>(db: DataSource, q: ListQuery, page: Page): Promise<{ rows: T[]; total: number }> {
  const n = q.params.length;
  const [rows, counted] = await Promise.all([
    db.query(
      `SELECT ${q.columns} FROM ${q.table} WHERE ${q.where}
        ORDER BY inserted_at DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...q.params, page.limit, page.offset],
    ),
    db.query(`SELECT count(*)::int AS total FROM ${q.table} WHERE ${q.where}`, q.params),
  ]);
  return { rows, total: counted[0].total };
}
