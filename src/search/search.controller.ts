import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiQuery } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { OperatorResource } from '../core/openapi/operator-docs';
import { WorkspaceOperator } from '../sessions';
import { SEARCH_LIST, SEARCH_QUERY_MAX, SearchResultDto } from './dto/search.dto';
import { SearchService } from './search.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';

@OperatorResource()
@Controller('api/v1/operator/observability')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  /** Full-text search of the workspace's traces, messages, agent commands, security violations and events. */
  @OperatorAuth({ role: 'member' })
  @Get('search')
  @ApiOperation({
    summary: "Search the workspace's observability data",
    description:
      'Any member of the workspace (session cookie): full-text search of its traces, messages, agent commands, security violations and events, with `q` in web-search syntax (words, "a phrase", -not, or) and an optional `kind`. ' +
      'Answers `{ hits, count }`, best match first, each hit with its kind, id, title and a snippet that marks the matches; `limit` is 1 to 50 (default 20), with no offset. ' +
      '400 `invalid_q` when `q` is not 1 to 200 characters, `invalid_kind` or `invalid_limit`.',
  })
  @ApiQuery({
    name: 'q',
    required: true,
    type: String,
    description: `1 to ${SEARCH_QUERY_MAX} characters, web-search syntax: words, "a phrase", -not, or`,
  })
  @ApiList(SEARCH_LIST)
  @ApiOkResponse({ type: SearchResultDto })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'invalid_q, invalid_kind or invalid_limit' })
  find(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<SearchResultDto> {
    return this.search.search(op.workspaceId, query);
  }
}
