import { types } from 'pg';

/** pg_type oids of text[] and varchar[], whose parser is node-postgres's (pg-types) until installTextArrayParser (its TypeId enum names no array type). */
const TEXT_ARRAY_OIDS = [1009, 1015].map((oid) => oid as unknown as Parameters<typeof types.getTypeParser>[0]);

type Parser = (value: string) => unknown;

/** node-postgres's own text[] parser (postgres-array), captured before ours replaces it: every case the fast path declines. */
export const libraryTextArrayParser = types.getTypeParser(TEXT_ARRAY_OIDS[0], 'text') as Parser;
const library = libraryTextArrayParser;

/**
 * A text[] value as node-postgres parses it, without walking it character by character where that
 * is not needed. Postgres quotes an element that holds a brace, a comma, a quote, a backslash or
 * white space, is empty, or reads NULL; a value with no quote, no backslash and no inner brace is
 * therefore one dimension of plain elements, split on its commas, with an unquoted NULL a null.
 * Everything else (quoted elements, several dimensions, a `[1:2]=` bound prefix) goes to the
 * library's parser. postgres-array took 2 µs a row for the scopes of the operator's agent list
 * (ADR 0264), as much as the rest of the row's decoding.
 */
export function parseTextArray(value: string): (string | null)[] {
  const n = value.length;
  if (
    n < 2 ||
    value.charCodeAt(0) !== 123 /* { */ ||
    value.charCodeAt(n - 1) !== 125 /* } */ ||
    value.includes('"') ||
    value.includes('\\') ||
    value.indexOf('{', 1) !== -1 ||
    value.indexOf('}') !== n - 1
  ) {
    return library(value) as (string | null)[];
  }
  if (n === 2) return [];
  const entries: (string | null)[] = value.slice(1, -1).split(',');
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    // as postgres-array: an unquoted NULL is null, an empty unquoted entry (which Postgres never writes) is no entry
    if (entry === 'NULL') entries[i] = null;
    else if (entry === '') return library(value) as (string | null)[];
  }
  return entries;
}

/** Makes parseTextArray node-postgres's parser of text[] and varchar[], for the pooled and the pipelined lanes alike (both read types). */
export function installTextArrayParser(): void {
  for (const oid of TEXT_ARRAY_OIDS) types.setTypeParser(oid, 'text', parseTextArray);
}
