import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiGoneResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { MachineBootstrap } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { SPEC_ACCESS_TOKEN_TTL_SECONDS } from '../core/config/environment';
import { durationAdjective } from '../core/text/duration';
import { ClaimEnrollmentDto, ClaimResponseDto } from './dto/claim.dto';
import { EnrollmentClaimService } from './enrollment-claim.service';

@ApiTags('machine')
@Controller('api/v1/enrollments')
export class EnrollmentClaimController {
  constructor(private readonly enrollment: EnrollmentClaimService) {}

  /**
   * Turns a device into a service agent with credentials. Unauthenticated: the age_ token in the
   * body is the proof; counted per client IP by the machine rate limit.
   */
  @MachineBootstrap()
  @Post('claim')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Claim an enrollment token',
    description:
      'Public: the `age_` enrollment token in the body is the proof; counted per client IP by the machine rate limit. ' +
      "Creates a service agent and, given a `serial_number`, binds the pending robot pre-registered with it (or creates the robot) in the token's cohort with its default tags; " +
      `answers the agent's own \`agk_\` API key and ${durationAdjective(SPEC_ACCESS_TOKEN_TTL_SECONDS)} access token, shown only here. ` +
      '400 `serial_number_required` (fleet token), `serial_not_allowed` or `serial_already_claimed`; 401 `invalid_enrollment_token`; 403 when the workspace is frozen, paused or archived; ' +
      '409 `enrollment_claimed`, `enrollment_exhausted` or `enrollment_revoked`; ' +
      "410 `enrollment_expired` or `robot_decommissioned`; 429 `agent_quota_reached` or `robot_quota_reached`. A refused claim creates nothing and keeps the token's remaining claims.",
  })
  @ApiCreatedResponse({ type: ClaimResponseDto, description: 'the key and token are shown only here' })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'serial_number_required, serial_not_allowed or serial_already_claimed' })
  @ApiUnauthorizedResponse({ type: ProblemDto, description: 'invalid_enrollment_token' })
  @ApiForbiddenResponse({
    type: ProblemDto,
    description: 'workspace refused: error workspace_frozen, workspace_paused or workspace_archived',
  })
  @ApiConflictResponse({ type: ProblemDto, description: 'enrollment_claimed, enrollment_exhausted or enrollment_revoked' })
  @ApiGoneResponse({ type: ProblemDto, description: 'type slug enrollment-expired or robot-decommissioned' })
  @ApiUnprocessableEntityResponse({ type: ProblemDto, description: 'validation_failed' })
  claim(@Body() dto: ClaimEnrollmentDto): Promise<ClaimResponseDto> {
    return this.enrollment.claim(dto);
  }
}
