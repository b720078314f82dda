import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiQuery, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { OperatorAuth } from '../auth/auth-policy';
import { extractFilter } from '../core/common/pagination/filters';
import { parsePage } from '../core/common/pagination/pagination';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { WorkspaceOperator } from '../sessions/operator-auth.strategy';
import type { WorkspaceOperatorPrincipal } from '../sessions/operator-principal';
import { PreRegisterRobotDto, RobotEnvelopeDto, RobotListDto } from './dto/robot.dto';
import { ROBOT_STATUSES } from './robot-status';
import { ApiInvalidBody, ApiNotInWorkspace, ApiPage, OperatorResource, ROBOTS_PAGE, uuidParam } from './operator-docs';
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
  @ApiPage(ROBOTS_PAGE)
  @ApiQuery({ name: 'status', required: false, enum: ROBOT_STATUSES })
  @ApiQuery({ name: 'filter[status]', required: false, enum: ROBOT_STATUSES, description: 'wins over status' })
  @ApiOkResponse({ type: RobotListDto, description: 'an invalid status is 400 invalid_status' })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<RobotListDto> {
    const page = parsePage(query, ROBOTS_PAGE);
    return this.robots.list(op.workspaceId, page, extractFilter(query, 'status', ROBOT_STATUSES));
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
