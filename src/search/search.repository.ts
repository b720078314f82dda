import { Injectable } from '@nestjs/common';
import { Db } from '../core/database/db.service';
import { t } from '../core/database/pg-types';
import { isoColumn } from '../core/database/sql';
import { statement } from '../core/database/statement';
import { SEARCH_SOURCES, SearchSource } from './search-sources';
import type { SearchHitDto } from './dto/search.dto';

const HEADLINE = `'MaxWords=20, MinWords=6, MaxFragments=2, FragmentDelimiter=" … ", StartSel=«, StopSel=»'`;

/**
 * The search of some sources: each source's best matches by rank (through its GIN index: the
 * candidates are the rows that match, whatever the table's size), merged, and only the final hits
 * get a snippet (ts_headline re-reads the text, so it runs on at most `limit` rows).
 */
const searchStatement = (label: string, sources: readonly SearchSource[]) => {
  const parts = sources.map(
    (s: SearchSource) => `(SELECT '${s.kind}'::text AS kind, ${s.alias}.id, ${s.title} AS title, ${s.document} AS document,
              ${s.alias}.inserted_at, ts_rank(${s.alias}.search, q.query) AS rank
         FROM ${s.table} ${s.alias}, q
        WHERE ${s.alias}.workspace_id = $1 AND ${s.alias}.search @@ q.query${'where' in s ? ` AND ${s.where}` : ''}
        ORDER BY rank DESC, ${s.alias}.inserted_at DESC LIMIT $3)`,
  );
  return statement({
    label,
    text: `WITH q AS (SELECT websearch_to_tsquery('simple', $2) AS query),
            top AS (SELECT * FROM (${parts.join(' UNION ALL ')}) hits ORDER BY rank DESC, inserted_at DESC LIMIT $3)
       SELECT top.kind, top.id, top.title, ts_headline('simple', top.document, q.query, ${HEADLINE}) AS snippet,
              ${isoColumn('top', 'inserted_at')}
         FROM top, q ORDER BY top.rank DESC, top.inserted_at DESC`,
    params: [t.uuid, t.text, t.bigint],
    row: { kind: t.text, id: t.uuid, title: t.text, snippet: t.text, inserted_at: t.text },
  });
};

/** A search takes every source, or the one of the kind its `kind` filter names: one statement each. */
const SEARCH_ALL = searchStatement('search_all_kinds', SEARCH_SOURCES);
const SEARCH_BY_KIND = new Map<string, typeof SEARCH_ALL>(SEARCH_SOURCES.map((s) => [s.kind, searchStatement(`search_${s.kind}`, [s])]));

/** Full-text search over the workspace's searchable tables (see searchStatement). */
@Injectable()
export class SearchRepository {
  constructor(private readonly db: Db) {}

  /** Every kind when `kind` is undefined; none for a kind no source has. */
  async search(workspaceId: string, query: string, kind: string | undefined, limit: number): Promise<SearchHitDto[]> {
    const s = kind === undefined ? SEARCH_ALL : SEARCH_BY_KIND.get(kind);
    return s ? this.db.rows(s, [workspaceId, query, limit]) : [];
  }
}
