import { createHash } from 'node:crypto';
import type { ParamValue, PgType, RowValue } from './pg-types';

/**
 * Where a statement runs when it is not part of a transaction (in one, it runs on the
 * transaction's connection, whatever its lane):
 * - `pooled`: a pooled connection of its own; anything whose cost grows with the data (counts,
 *   deep pages, scans, long writes), and the default.
 * - `read`: pipelined with the other short reads issued in the same event-loop turn (a SELECT
 *   that locks nothing, an index lookup with a small limit); see pipeline/prepared-sql.service.ts.
 * - `committed`: a one-statement write that commits by itself and waits for its WAL flush,
 *   pipelined on connections of its own (an insert the client is told is stored).
 */
export type Lane = 'pooled' | 'read' | 'committed';

/** The columns of a statement's rows, by name: `{ id: t.uuid, inserted_at: t.timestamptz }`. */
export type RowShape = Readonly<Record<string, PgType<unknown, unknown>>>;

/** The row type a shape declares. */
export type RowOf<S extends RowShape> = { -readonly [K in keyof S]: RowValue<S[K]> };

/** The parameter tuple a list of parameter tags declares. */
export type ParamsOf<P extends readonly PgType<unknown, unknown>[]> = { -readonly [K in keyof P]: ParamValue<P[K]> };

/**
 * One SQL statement, declared once as a module constant of its repository: its text, the types
 * of its parameters and of its rows, and its lane. Run it through the database door (Db and Tx,
 * db.service.ts): `db.rows(STATEMENT, [a, b])` is typed by the declaration, and
 * test/statement-schema.e2e-spec.ts checks every declaration against the real schema (Postgres's
 * description of the prepared statement: each row column's name and type, each parameter's type),
 * so a migration that renames a column fails the suite, not production.
 */
export interface Statement<P extends readonly unknown[] = readonly unknown[], R = unknown> {
  /** Names the statement for people, logs and tests (test/hot-queries captures statements by label). */
  readonly label: string;
  readonly text: string;
  readonly lane: Lane;
  readonly params: readonly PgType<unknown, unknown>[];
  /** The columns of its rows; `{}` for a statement that returns none. */
  readonly row: RowShape;
  /** The prepared-statement name: derived from the text, so two texts never share one. */
  readonly name: string;
  /** Type-level only. */
  readonly __types?: { params: P; row: R };
}

export type StatementParams<S> = S extends Statement<infer P, unknown> ? P : never;
export type StatementRow<S> = S extends Statement<readonly unknown[], infer R> ? R : never;

const declared = new Map<string, Statement>();

/**
 * The prepared-statement name of a statement text: derived from the text, so two different texts
 * can never share a name (pg refuses a name re-used with another text, and Postgres would run the
 * first text under it). Texts are module constants, so the cache stays as small as the code.
 */
const statementNames = new Map<string, string>();
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `s_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * What pg is given for a statement with values: named after its text (prepared once per
 * connection), or unnamed behind a transaction pooler, where a name prepared on one server
 * connection is unknown on the next (ADR 0274).
 */
export function statementQuery<V>(text: string, values: V, named: boolean): { name?: string; text: string; values: V } {
  return named ? { name: statementName(text), text, values } : { text, values };
}

const LABEL = /^[a-z][a-z0-9_]*$/;

/**
 * Declares a statement. Call it at module level, once per statement: the declaration is
 * registered under its label (two statements with one label are refused), which is how the
 * schema test finds every statement the service can run.
 */
export function statement<const P extends readonly PgType<unknown, unknown>[], const S extends RowShape = Record<never, never>>(def: {
  label: string;
  text: string;
  params: P;
  row?: S;
  lane?: Lane;
}): Statement<ParamsOf<P>, RowOf<S>> {
  if (!LABEL.test(def.label)) throw new Error(`statement: a label is snake_case: ${def.label}`);
  const existing = declared.get(def.label);
  if (existing && existing.text !== def.text) throw new Error(`statement: two statements are labelled ${def.label}`);
  const s: Statement<ParamsOf<P>, RowOf<S>> = Object.freeze({
    label: def.label,
    text: def.text,
    lane: def.lane ?? 'pooled',
    params: def.params,
    row: def.row ?? {},
    name: statementName(def.text),
  });
  declared.set(def.label, s);
  return s;
}

/** Every statement declared so far in this process (the schema test loads every module first). */
export function declaredStatements(): readonly Statement[] {
  return [...declared.values()];
}
