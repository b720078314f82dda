/**
 * `<table>.<column>` rendered by Postgres as an ISO 8601 UTC string with milliseconds, aliased to
 * the bare column name. Sort by the table-qualified column (`ORDER BY m.inserted_at`): an
 * unqualified ORDER BY name resolves to this text output column, which no index can serve.
 */
export const isoColumn = (table: string, column: string) =>
  `to_char(${table}.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`;

/**
 * A text[] literal with every element quoted and escaped, for passing arrays of arrays as one
 * text[] parameter (`unnest($n::text[])` then `s::text[]` per row: unnest would flatten a
 * two-dimensional array, and rows' arrays differ in length).
 */
export const textArrayLiteral = (items: readonly string[]): string =>
  `{${items.map((item) => `"${item.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;

/**
 * Array literals built here instead of by pg, for hot statements that pass a column of values as
 * one array parameter: pg quotes and escapes every element with two regular expressions and
 * formats a Date through the local time-zone getters. Only for values that need no quoting: uuids
 * the service made or read, timestamps as ISO 8601 UTC, and bytea as hex (`\\x...`).
 */
export const uuidArrayLiteral = (ids: readonly string[]): string => `{${ids.join(',')}}`;
export const timestamptzArrayLiteral = (dates: readonly Date[]): string => `{${dates.map((d) => d.toISOString()).join(',')}}`;
export const byteaArrayLiteral = (values: readonly Buffer[]): string => `{${values.map((b) => `\\\\x${b.toString('hex')}`).join(',')}}`;
