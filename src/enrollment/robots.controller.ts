import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { WorkspaceOperator } from '../sessions';
import { PreRegisterRobotDto, ROBOT_LIST, RobotEnvelopeDto, RobotListDto } from './dto/robot.dto';
import { RobotsService } from './robots.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';

/** Robots of the session's workspace. Pre-registering and retiring: admins and owners. */
@OperatorResource()
@Controller('api/v1/operator/robots')
export class RobotsController {
  constructor(private readonly robots: RobotsService) {}

  @OperatorAuth({ role: 'admin' })
  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Pre-register a robot',
    description:
      'Operator session, owners and admins. Records a `pending` robot by `serial_number`; a later claim of a fleet enrollment token with that serial binds it. ' +
      "It counts toward the plan's robot quota (429 `robot_quota_reached`); 422 `validation_failed` when the serial is already taken in the workspace.",
  })
  @ApiCreatedResponse({ type: RobotEnvelopeDto, description: 'a pending robot' })
  @ApiTooManyRequestsResponse({ type: ProblemDto, description: "the plan's robot quota is reached" })
  @ApiInvalidBody()
  async preRegister(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() dto: PreRegisterRobotDto): Promise<RobotEnvelopeDto> {
    return { robot: await this.robots.preRegister(op.workspaceId, dto) };
  }

  @OperatorAuth({ role: 'member' })
  @Get()
  @ApiOperation({
    summary: "List the workspace's robots",
    description:
      'Operator session, any member of the workspace. Answers the robots newest first; `limit` 1-100 (default 50) and `offset`; ' +
      '`status` (or `filter[status]`, which wins) is pending, active or retired, anything else 400 `invalid_status`.',
  })
  @ApiList(ROBOT_LIST)
  @ApiOkResponse({ type: RobotListDto, description: 'an invalid status is 400 invalid_status' })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<RobotListDto> {
    return this.robots.list(op.workspaceId, parseList(ROBOT_LIST, query));
  }

  /** Later claims of its serial get 410; the agent bound to it is deactivated. */
  @OperatorAuth({ role: 'admin' })
  @Post(':id/retire')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Retire a robot',
    description:
      'Operator session, owners and admins. Decommissions the robot: later claims of its serial get 410 `robot_decommissioned`, and the service agent bound to it is deactivated, ' +
      'so its credentials are refused at once. Retiring again changes nothing; answers the robot with status `retired`, or 404 `not_found`.',
  })
  @ApiOkResponse({ type: RobotEnvelopeDto })
  @ApiNotInWorkspace()
  async retire(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<RobotEnvelopeDto> {
    return { robot: await this.robots.retire(op.workspaceId, id) };
  }
}
