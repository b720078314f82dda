import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { WorkspaceOperator } from '../sessions';
import { PreRegisterRobotDto, ROBOT_LIST, RobotEnvelopeDto, RobotListDto } from './dto/robot.dto';
import { RobotsService } from './robots.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';

/** Robots of the session's workspace. Pre-registering, retiring and resetting: admins and owners. */
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

  /** Re-provisioning: the robot back to pending, its agent and credentials ended, its serial claimable again. */
  @OperatorAuth({ role: 'admin' })
  @Post(':id/reset')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Reset a robot for re-provisioning',
    description:
      'Operator session, owners and admins. Puts an active robot back to `pending`, bound to no agent: the service agent a claim bound it to is deactivated, ' +
      'every key of that agent is revoked (so its access tokens end too) and its sockets are closed with 4401, on every node within a second; ' +
      "the robot's claim is released (kept as history), so the next claim of its serial succeeds and binds the robot to a new agent. " +
      'Records `robot.reset` (and `api_key.revoked` for each key). A pending robot is answered as it is; ' +
      '409 `robot_retired` for a retired robot (retirement is final); 404 `not_found` for a robot of another workspace.',
  })
  @ApiOkResponse({ type: RobotEnvelopeDto, description: 'the robot, status `pending`' })
  @ApiConflictResponse({ type: ProblemDto, description: 'robot_retired' })
  @ApiNotInWorkspace()
  async reset(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<RobotEnvelopeDto> {
    return { robot: await this.robots.reset(op.workspaceId, id) };
  }
}
