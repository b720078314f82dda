import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { isoColumn } from '../core/database/sql';
import { SEARCH_SOURCES, SearchSource } from './search-sources';
import type { SearchHitDto } from './dto/search.dto';

const HEADLINE = `'MaxWords=20, MinWords=6, MaxFragments=2, FragmentDelimiter=" … ", StartSel=«, StopSel=»'`;

/**
 * Full-text search over the workspace's searchable tables: each source's best matches by rank
 * (through its GIN index: the candidates are the rows that match, whatever the table's size),
 * merged, and only the final hits get a snippet (ts_headline re-reads the text, so it runs on at
 * most `limit` rows).
 */
@Injectable()
export class SearchRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async search(workspaceId: string, query: string, kinds: readonly string[], limit: number): Promise<SearchHitDto[]> {
    const sources = SEARCH_SOURCES.filter((s: SearchSource) => kinds.includes(s.kind));
    if (sources.length === 0) return [];
    const parts = sources.map(
      (s: SearchSource) => `(SELECT '${s.kind}'::text AS kind, ${s.alias}.id, ${s.title} AS title, ${s.document} AS document,
              ${s.alias}.inserted_at, ts_rank(${s.alias}.search, q.query) AS rank
         FROM ${s.table} ${s.alias}, q
        WHERE ${s.alias}.workspace_id = $1 AND ${s.alias}.search @@ q.query
        ORDER BY rank DESC, ${s.alias}.inserted_at DESC LIMIT $3)`,
    );
    return this.db.query(
      `WITH q AS (SELECT websearch_to_tsquery('simple', $2) AS query),
            top AS (SELECT * FROM (${parts.join(' UNION ALL ')}) hits ORDER BY rank DESC, inserted_at DESC LIMIT $3)
       SELECT top.kind, top.id, top.title, ts_headline('simple', top.document, q.query, ${HEADLINE}) AS snippet,
              ${isoColumn('top', 'inserted_at')}
         FROM top, q ORDER BY top.rank DESC, top.inserted_at DESC`,
      [workspaceId, query, limit],
    );
  }
}
