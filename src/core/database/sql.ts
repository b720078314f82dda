/**
 * `<table>.<column>` rendered by Postgres as an ISO 8601 UTC string with milliseconds, aliased to
 * the bare column name. Sort by the table-qualified column (`ORDER BY m.inserted_at`): an
 * unqualified ORDER BY name resolves to this text output column, which no index can serve.
 */
export const isoColumn = (table: string, column: string) =>
  `to_char(${table}.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`;

/**
 * isoColumn for the hottest pipelined reads (the messages list): Postgres's own text of the UTC
 * time, which `utcIso` turns into isoColumn's string in Node. to_char cost Postgres about 0.9 µs a
 * row against 0.3 for this output, 12% of its work on a 10-row page (finding 34); the slicing
 * costs Node a fraction of that. Sort by the table-qualified column, as with isoColumn.
 */
export const utcTextColumn = (table: string, column: string) => `(${table}.${column} AT TIME ZONE 'UTC')::text AS ${column}`;

/**
 * A utcTextColumn value as isoColumn renders it: `YYYY-MM-DD HH:MM:SS[.f...]` (DateStyle ISO,
 * which pg's own timestamp parsing assumes too; up to six fraction digits, trailing zeros
 * dropped) to `YYYY-MM-DDTHH:MM:SS.mmmZ`, the fraction cut to milliseconds as to_char's MS cuts
 * it. Anything else (a year past 9999, BC, infinity: never a row's time here) is an error.
 */
export function utcIso(text: string): string {
  const n = text.length;
  if (n < 19 || n === 20 || n > 26 || text.charCodeAt(10) !== 32 || (n > 19 && text.charCodeAt(19) !== 46)) {
    throw new Error(`not a timestamp in ISO style: ${JSON.stringify(text)}`);
  }
  const ms = n === 19 ? '000' : n >= 23 ? text.slice(20, 23) : text.slice(20).padEnd(3, '0');
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${ms}Z`;
}

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
