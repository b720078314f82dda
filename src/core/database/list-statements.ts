import { listSql, listValues } from '../listing/list-sql';
import { type PgType, t } from './pg-types';
import { type ParamsOf, type RowOf, type RowShape, type Statement, statement } from './statement';
import type { ListDefinition } from '../listing/list-definition';
import type { ListQuery } from '../listing/list-query';

/** What a list reads: its select list, FROM, scope and row, declared once beside its repository. */
interface ListSourceDef<P extends readonly PgType<unknown, unknown>[], S extends RowShape> {
  /** Names its statements: `<label>` for the page, `count_<x>` for the total of a `list_<x>` (else `<label>_count`), `_by_<filter>...` appended per filter set. */
  label: string;
  /** The select list, aliased to the row's columns. */
  columns: string;
  /**
   * What goes after FROM: a table (`traces`, with `alias` when `columns` and `scope` qualify their
   * columns with it) or a FROM clause that names the alias itself (`users u JOIN memberships ms ON ...`).
   */
  from: string;
  alias?: string;
  /** The workspace scope, `$1`.. referring to the scope's parameters; none for a platform-wide list. */
  scope?: string;
  params: P;
  row: S;
  /**
   * `read`: the page goes down the pipelined read lane while its offset is shallow (Db.page):
   * for lists served by an index in the list's order, read by machines at a high rate. The
   * count always takes a pooled connection (it walks every matching row). Default `pooled`.
   */
  lane?: 'read' | 'pooled';
  /** What the count reads FROM when it needs less than the page (the joins only the select list uses); `from` by default. */
  countFrom?: string;
}

const fromClause = (def: { from: string; alias?: string }) => (def.alias && !/\s/.test(def.from) ? `${def.from} ${def.alias}` : def.from);

/** Every subset of a list's filters, in the definition's order (the variants listSql can build). */
function filterSets(d: ListDefinition): string[][] {
  const names = (d.filters ?? []).map((f) => f.name);
  if (names.length > 6) throw new Error(`list ${d.key}: more than 6 filters would declare ${2 ** names.length} statements`);
  return Array.from({ length: 2 ** names.length }, (_, mask) => names.filter((_n, i) => mask & (1 << i)));
}

/** Every shape of query a list can run: each filter set, with and without the search of a list that has one. */
function queryShapes(d: ListDefinition): { applied: string[]; search?: string }[] {
  return filterSets(d).flatMap((applied) => (d.search ? [{ applied }, { applied, search: '' }] : [{ applied }]));
}

/** A list of the API (SPEC.md Lists) declared as statements: a page and a count per set of filters. */
export interface ListStatements<P extends readonly unknown[], R> {
  readonly definition: ListDefinition;
  /** The page statement and its parameters for a parsed query (scope, filters, limit, offset). */
  page(q: ListQuery, scope: P): { statement: Statement<readonly unknown[], R>; params: unknown[] };
  /** The count statement and its parameters (scope and filters). */
  count(q: ListQuery, scope: P): { statement: Statement<readonly unknown[], { total: number }>; params: unknown[] };
}

/**
 * Declares a list's statements: for each set of the definition's filters that a query can
 * apply, its page (`SELECT <columns> FROM <from> WHERE <scope> AND <filters> ORDER BY ... LIMIT
 * $n OFFSET $m`) and its count, each with and without the search of a list that has one. All are declared at load, so the schema test checks every text
 * the list can run. Filter values are parameters (`text`, or `uuid` for a `'uuid'` filter).
 */
export function listStatements<const P extends readonly PgType<unknown, unknown>[], const S extends RowShape>(
  list: ListDefinition,
  def: ListSourceDef<P, S>,
): ListStatements<ParamsOf<P>, RowOf<S>> {
  const from = fromClause(def);
  const countFrom = def.countFrom ? fromClause({ from: def.countFrom, alias: def.alias }) : from;
  const pages = new Map<string, Statement<readonly unknown[], RowOf<S>>>();
  const counts = new Map<string, Statement<readonly unknown[], { total: number }>>();
  // list_x pages go with count_x counts (the labels test/hot-queries knows them by)
  const countLabel = def.label.startsWith('list_') ? `count_${def.label.slice('list_'.length)}` : `${def.label}_count`;
  const filterTag = (name: string) => ((list.filters ?? []).find((f) => f.name === name)?.values === 'uuid' ? t.uuid : t.text);
  for (const { applied, search } of queryShapes(list)) {
    const filters = Object.fromEntries(applied.map((name) => [name, '']));
    const s = listSql(
      { definition: list, page: { limit: 1, offset: 0 }, filters, ...(search === undefined ? {} : { search }) },
      {
        sql: def.scope,
        params: def.params,
        alias: def.alias,
      },
    );
    const filterParams = [...applied.map(filterTag), ...(search === undefined ? [] : [t.text])];
    const pageParams = [...def.params, ...filterParams, t.bigint, ...(list.page.offset ? [t.bigint] : [])];
    pages.set(
      s.variant,
      statement({
        label: `${def.label}${s.variant}`,
        text: `SELECT ${def.columns} FROM ${from} ${s.where} ${s.orderBy} ${s.limit}`,
        params: pageParams,
        row: def.row,
        // a substring search reads every row of the scope: never on the pipelined read lane
        lane: search === undefined ? (def.lane ?? 'pooled') : 'pooled',
      }),
    );
    counts.set(
      s.variant,
      statement({
        label: `${countLabel}${s.variant}`,
        // a search may read a joined table's columns: its count reads the whole FROM
        text: `SELECT count(*)::int AS total FROM ${search === undefined ? countFrom : from} ${s.where}`,
        params: [...def.params, ...filterParams],
        row: { total: t.int },
      }),
    );
  }
  return {
    definition: list,
    // per request only the values and the variant: the texts were built above (listValues)
    page: (q, scope) => {
      const v = listValues(q, scope);
      return { statement: pages.get(v.variant)!, params: v.params };
    },
    count: (q, scope) => {
      const v = listValues(q, scope);
      return { statement: counts.get(v.variant)!, params: v.countParams };
    },
  };
}

/** A SCIM list (1-based startIndex and count, clamped) declared as statements: a page and a count. */
export interface ScimListStatements<P extends readonly unknown[], R> {
  readonly page: Statement<readonly unknown[], R>;
  readonly count: Statement<P, { total: number }>;
}

/**
 * Declares a SCIM list: its count, and its page in creation order (`<alias>.inserted_at`, then
 * id: stable under paging), with limit and offset as parameters after the scope's.
 */
export function scimListStatements<const P extends readonly PgType<unknown, unknown>[], const S extends RowShape>(
  def: ListSourceDef<P, S> & { alias: string; scope: string },
): ScimListStatements<ParamsOf<P>, RowOf<S>> {
  const from = fromClause(def);
  const n = def.params.length;
  return {
    count: statement({
      label: `${def.label}_count`,
      text: `SELECT count(*)::int AS total FROM ${from} WHERE ${def.scope}`,
      params: def.params,
      row: { total: t.int },
    }),
    page: statement({
      label: def.label,
      text: `SELECT ${def.columns} FROM ${from} WHERE ${def.scope}
      ORDER BY ${def.alias}.inserted_at ASC, ${def.alias}.id ASC LIMIT $${n + 1} OFFSET $${n + 2}`,
      params: [...def.params, t.bigint, t.bigint],
      row: def.row,
    }),
  };
}

/**
 * Declares one step of a keyset walk by id (exports read every row of a subject this way): up to
 * `limit` rows of the source after the row whose id is the last parameter (from the first when
 * it is null), ordered by `<alias>.id`.
 */
export function keysetStatement<const P extends readonly PgType<unknown, unknown>[], const S extends RowShape>(
  def: ListSourceDef<P, S> & { alias: string; scope: string; limit: number },
) {
  const n = def.params.length + 1;
  return statement({
    label: def.label,
    text: `SELECT ${def.columns} FROM ${fromClause(def)} WHERE ${def.scope} AND ($${n}::uuid IS NULL OR ${def.alias}.id > $${n}::uuid)
      ORDER BY ${def.alias}.id LIMIT ${def.limit}`,
    params: [...def.params, t.uuid.null] as unknown as readonly [...P, typeof t.uuid.null],
    row: def.row,
  });
}
