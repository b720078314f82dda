import { Injectable } from '@nestjs/common';
import { BadRequestProblem } from '../core/common/problem/problem.error';
import { parseList } from '../core/listing/list-query';
import { SEARCH_LIST, SEARCH_QUERY_MAX, SearchResultDto } from './dto/search.dto';
import { SearchRepository } from './search.repository';

/**
 * The operator's observability search: `q` in web-search syntax (words, "phrases", -excluded,
 * or) over traces, messages, agent commands, security violations and events of the workspace,
 * best match first.
 */
@Injectable()
export class SearchService {
  constructor(private readonly repo: SearchRepository) {}

  async search(workspaceId: string, query: Record<string, unknown>): Promise<SearchResultDto> {
    const raw = query.q;
    const q = typeof raw === 'string' ? raw.trim() : '';
    // characters, as API.md counts them: an emoji is one, not its two UTF-16 units
    const length = [...q].length;
    if (length < 1 || length > SEARCH_QUERY_MAX || q.includes('\u0000')) throw new BadRequestProblem('invalid_q');
    const list = parseList(SEARCH_LIST, query);
    const hits = await this.repo.search(workspaceId, q, list.filters.kind || undefined, list.page.limit);
    return { hits, count: hits.length };
  }
}
