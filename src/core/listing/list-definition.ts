import type { FilterValues } from './filters';
import type { PageRules } from './page';

/** One filter of a list: `?name=` / `?filter[name]=` compared for equality with `column`. */
export interface ListFilter {
  name: string;
  /** defaults to `name` */
  column?: string;
  /** the allowed values, or 'uuid' for any UUID */
  values: FilterValues;
  /** only `filter[name]` is read; a top-level `?name=` is ignored */
  nestedOnly?: boolean;
}

/**
 * A list, declared once: the toolkit parses and validates its query (parseList), builds the SQL
 * pieces (listSql), the `{ <key>, count, pagination? }` envelope (listEnvelope) and the OpenAPI
 * parameters (ApiList) from it.
 */
export interface ListDefinition<K extends string = string, P extends boolean = boolean> {
  /** the envelope's key, the resource plural */
  key: K;
  page: PageRules;
  /** whether the envelope carries `pagination` (SPEC.md's table: response keys) */
  paginated: P;
  filters?: readonly ListFilter[];
  /** every filter of the list reads only the nested form (SPEC.md Operator list filters, 3) */
  nestedOnly?: boolean;
  /**
   * `?q=`: a case-insensitive substring search over these text columns (any of them matching; a
   * column of a joined table names its alias, `u.name`),
   * 1-100 characters after trimming (ADR 0267).
   */
  search?: { columns: readonly string[] };
  /** ORDER BY `by`, then `tiebreaker` (default `id`, must be unique) in the same direction: stable under paging */
  order: { by: string | readonly string[]; tiebreaker?: string; direction: 'ASC' | 'DESC' };
}

/** The query parameter of a list's search, and the longest search it takes. */
export const SEARCH_PARAM = 'q';
export const SEARCH_MAX = 100;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function assertIdentifier(list: string, what: string, name: string): void {
  if (!IDENTIFIER.test(name)) throw new Error(`list ${list}: ${what} "${name}" is not a plain SQL identifier`);
}

/**
 * Checks a definition once, at module load: column names go into SQL text, so only plain
 * identifiers are accepted; the default limit must lie in its range.
 */
export function defineList<const K extends string, const P extends boolean>(d: ListDefinition<K, P>): ListDefinition<K, P> {
  const { limit, offset } = d.page;
  if (limit.default < limit.min || limit.default > limit.max || (offset && offset.min > offset.max)) {
    throw new Error(`list ${d.key}: inconsistent page rules`);
  }
  for (const column of [...orderColumns(d)]) assertIdentifier(d.key, 'order column', column);
  for (const column of d.search?.columns ?? []) {
    // a search column may name the joined table it is on (`u.name`): the list's FROM joins it
    const [table, name] = column.includes('.') ? column.split('.', 2) : [undefined, column];
    if (table !== undefined) assertIdentifier(d.key, 'search table', table);
    assertIdentifier(d.key, 'search column', name);
  }
  const names = new Set<string>();
  for (const f of d.filters ?? []) {
    assertIdentifier(d.key, 'filter', f.name);
    assertIdentifier(d.key, 'filter column', filterColumn(f));
    if (f.name === SEARCH_PARAM) throw new Error(`list ${d.key}: filter ${SEARCH_PARAM} is the search parameter`);
    if (names.has(f.name)) throw new Error(`list ${d.key}: filter ${f.name} declared twice`);
    names.add(f.name);
  }
  return d;
}

export const filterColumn = (f: ListFilter) => f.column ?? f.name;
export const isNestedOnly = (d: ListDefinition, f: ListFilter) => f.nestedOnly ?? d.nestedOnly ?? false;
export const orderColumns = (d: ListDefinition): string[] => [
  ...(typeof d.order.by === 'string' ? [d.order.by] : d.order.by),
  d.order.tiebreaker ?? 'id',
];
