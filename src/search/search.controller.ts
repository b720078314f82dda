import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiQuery } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { OperatorResource } from '../core/openapi/operator-docs';
import { WorkspaceOperator } from '../sessions';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import { SEARCH_LIST, SEARCH_QUERY_MAX, SearchResultDto } from './dto/search.dto';
import { SearchService } from './search.service';

@OperatorResource()
@Controller('api/v1/operator/observability')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  /** Full-text search of the workspace's traces, messages, agent commands, security violations and events. */
  @OperatorAuth({ role: 'member' })
  @Get('search')
  @ApiQuery({ name: 'q', required: true, description: `1 to ${SEARCH_QUERY_MAX} characters, web-search syntax: words, "a phrase", -not, or` })
  @ApiList(SEARCH_LIST)
  @ApiOkResponse({ type: SearchResultDto })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'invalid_q, invalid_kind or invalid_limit' })
  find(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<SearchResultDto> {
    return this.search.search(op.workspaceId, query);
  }
}
