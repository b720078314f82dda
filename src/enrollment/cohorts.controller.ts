import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { WorkspaceOperator } from '../sessions';
import { CohortsService } from './cohorts.service';
import { COHORT_LIST, COHORT_MEMBER_LIST, CohortEnvelopeDto, CohortListDto, CohortShowDto, CreateCohortDto } from './dto/cohort.dto';
import type { WorkspaceOperatorPrincipal } from '../sessions';

/** Cohorts of the session's workspace. Creating: admins and owners. */
@OperatorResource()
@Controller('api/v1/operator/cohorts')
export class CohortsController {
  constructor(private readonly cohorts: CohortsService) {}

  @OperatorAuth({ role: 'admin' })
  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Create a cohort',
    description:
      'Operator session, owners and admins. Creates a named group of robots; a robot joins it when it claims with an enrollment token naming the cohort. ' +
      '422 `validation_failed` when the name is already taken in the workspace (ignoring case).',
  })
  @ApiCreatedResponse({ type: CohortEnvelopeDto })
  @ApiInvalidBody()
  async create(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() dto: CreateCohortDto): Promise<CohortEnvelopeDto> {
    return { cohort: await this.cohorts.create(op.workspaceId, dto.name) };
  }

  @OperatorAuth({ role: 'member' })
  @Get()
  @ApiOperation({
    summary: "List the workspace's cohorts",
    description:
      'Operator session, any member of the workspace. Answers the cohorts newest first; `limit` 1-500 (default 100) and `offset`.',
  })
  @ApiList(COHORT_LIST)
  @ApiOkResponse({ type: CohortListDto })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<CohortListDto> {
    return this.cohorts.list(op.workspaceId, parseList(COHORT_LIST, query));
  }

  /** The cohort with a page of its members (limit/offset page the members). */
  @OperatorAuth({ role: 'member' })
  @Get(':id')
  @ApiOperation({
    summary: 'Show a cohort and its robots',
    description:
      'Operator session, any member of the workspace. Answers the cohort with a page of its member robots, newest first, paged by `limit` (1-500, default 100) and `offset`. ' +
      '404 `not_found` for a cohort of another workspace.',
  })
  @ApiList(COHORT_MEMBER_LIST)
  @ApiOkResponse({ type: CohortShowDto })
  @ApiNotInWorkspace()
  show(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<CohortShowDto> {
    return this.cohorts.show(op.workspaceId, id, parseList(COHORT_MEMBER_LIST, query));
  }
}
