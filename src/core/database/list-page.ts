import { listSql } from '../listing/list-sql';
import type { ListQuery } from '../listing/list-query';
import type { ScimPage } from '../listing/scim-page';
import type { DataSource, EntityManager } from 'typeorm';

export interface ListSource {
  /** select list, aliased to the row type */
  columns: string;
  table: string;
  /** the workspace scope, `$1`.. referring to `params` */
  scope: string;
  params: unknown[];
  /**
   * The table's alias (`table: 'security_violations', alias: 'v'`), when `columns` and `scope`
   * qualify their columns with it: it also qualifies the definition's filter and order columns,
   * needed when the select list renders a column under its own name (isoColumn), which an
   * unqualified ORDER BY would otherwise sort as text.
   */
  alias?: string;
}

/**
 * What goes after FROM: a table name with its alias, or, when `table` is already a FROM clause
 * (a join that names the alias itself, `users u LEFT JOIN memberships ms ON ...`), that clause.
 */
const fromClause = (src: ListSource) => (src.alias && !/\s/.test(src.table) ? `${src.table} ${src.alias}` : src.table);

/** One page in the list's order and the total matching, read in parallel. */
export async function listPage<T>(db: DataSource, src: ListSource, q: ListQuery): Promise<{ rows: T[]; total: number }> {
  const s = listSql(q, { sql: src.scope, params: src.params, alias: src.alias });
  const from = fromClause(src);
  const [rows, counted] = await Promise.all([
    db.query(`SELECT ${src.columns} FROM ${from} ${s.where} ${s.orderBy} ${s.limit}`, s.params),
    db.query(`SELECT count(*)::int AS total FROM ${from} ${s.where}`, s.countParams),
  ]);
  return { rows, total: counted[0].total };
}

/**
 * One SCIM page (1-based startIndex, count) in creation order, stable under paging, and the total
 * matching. `scope` is the WHERE condition, `$1`.. referring to `params`; `alias` qualifies the
 * order columns. count=0 reads only the total.
 */
export async function scimPage<T>(db: DataSource, src: Required<ListSource>, page: ScimPage): Promise<{ rows: T[]; total: number }> {
  const from = fromClause(src);
  const [{ total }] = await db.query(`SELECT count(*)::int AS total FROM ${from} WHERE ${src.scope}`, src.params);
  if (page.limit === 0 || page.offset >= total) return { rows: [], total };
  const rows: T[] = await db.query(
    `SELECT ${src.columns} FROM ${from} WHERE ${src.scope}
      ORDER BY ${src.alias}.inserted_at ASC, ${src.alias}.id ASC LIMIT ${page.limit} OFFSET ${page.offset}`,
    src.params,
  );
  return { rows, total };
}

/**
 * One step of a keyset walk by id (exports read every row of a subject this way): up to `limit`
 * rows of `src` after the row whose id is `after` (from the first when undefined), ordered by
 * `<alias>.id`, in `m`'s transaction.
 */
export function keysetPage<T>(
  m: EntityManager,
  src: ListSource & { alias: string },
  after: string | undefined,
  limit: number,
): Promise<T[]> {
  const n = src.params.length + 1;
  return m.query(
    `SELECT ${src.columns} FROM ${fromClause(src)} WHERE ${src.scope} AND ($${n}::uuid IS NULL OR ${src.alias}.id > $${n}::uuid)
      ORDER BY ${src.alias}.id LIMIT ${limit}`,
    [...src.params, after ?? null],
  );
}
