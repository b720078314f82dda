/** `<column>` rendered by Postgres as an ISO 8601 UTC string with milliseconds, aliased to itself. */
export const isoColumn = (column: string, alias = column) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${alias}`;
