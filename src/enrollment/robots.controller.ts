import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { WorkspaceOperator } from '../sessions';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import { PreRegisterRobotDto, ROBOT_LIST, RobotEnvelopeDto, RobotListDto } from './dto/robot.dto';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { RobotsService } from './robots.service';

/** Robots of the session's workspace. Pre-registering and retiring: admins and owners. */
@OperatorResource()
@Controller('api/v1/operator/robots')
export class RobotsController {
  constructor(private readonly robots: RobotsService) {}

  @OperatorAuth({ role: 'admin' })
  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: RobotEnvelopeDto, description: 'a pending robot' })
  @ApiTooManyRequestsResponse({ type: ProblemDto, description: "the plan's robot quota is reached" })
  @ApiInvalidBody()
  async preRegister(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() dto: PreRegisterRobotDto): Promise<RobotEnvelopeDto> {
    return { robot: await this.robots.preRegister(op.workspaceId, dto) };
  }

  @OperatorAuth({ role: 'member' })
  @Get()
  @ApiList(ROBOT_LIST)
  @ApiOkResponse({ type: RobotListDto, description: 'an invalid status is 400 invalid_status' })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<RobotListDto> {
    return this.robots.list(op.workspaceId, parseList(ROBOT_LIST, query));
  }

  /** Later claims of its serial get 410; the agent bound to it is deactivated. */
  @OperatorAuth({ role: 'admin' })
  @Post(':id/retire')
  @HttpCode(200)
  @ApiOkResponse({ type: RobotEnvelopeDto })
  @ApiNotInWorkspace()
  async retire(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<RobotEnvelopeDto> {
    return { robot: await this.robots.retire(op.workspaceId, id) };
  }
}
