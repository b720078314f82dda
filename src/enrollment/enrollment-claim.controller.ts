import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
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
import type { Response } from 'express';

/** Set on the answer of a claim that replays an earlier one (API.md Part 3, ADR 0232). */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

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
      'With a `claim_id`, a retry with the same token, `claim_id` and serial within 24 hours is a replay while no credential of the earlier answer has been used: ' +
      "201 with the same agent and robot, fresh credentials and header `idempotent-replayed: true`; the earlier answer's credentials are revoked and nothing is counted. " +
      '409 `enrollment_claimed` (also for a replay whose earlier answer was used, or older than 24 hours), `enrollment_exhausted`, `enrollment_revoked` or `claim_id_conflict` (the claim_id was used with another serial); ' +
      "410 `enrollment_expired` or `robot_decommissioned`; 429 `agent_quota_reached` or `robot_quota_reached`. A refused claim creates nothing and keeps the token's remaining claims.",
  })
  @ApiCreatedResponse({
    type: ClaimResponseDto,
    description: 'the key and token are shown only here',
    headers: {
      [IDEMPOTENT_REPLAYED_HEADER]: {
        description: '`true` when the claim replayed an earlier one with its claim_id',
        schema: { type: 'string', enum: ['true'] },
      },
    },
  })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'serial_number_required, serial_not_allowed or serial_already_claimed' })
  @ApiUnauthorizedResponse({ type: ProblemDto, description: 'invalid_enrollment_token' })
  @ApiForbiddenResponse({
    type: ProblemDto,
    description: 'workspace refused: error workspace_frozen, workspace_paused or workspace_archived',
  })
  @ApiConflictResponse({
    type: ProblemDto,
    description: 'enrollment_claimed, enrollment_exhausted, enrollment_revoked or claim_id_conflict',
  })
  @ApiGoneResponse({ type: ProblemDto, description: 'type slug enrollment-expired or robot-decommissioned' })
  @ApiUnprocessableEntityResponse({ type: ProblemDto, description: 'validation_failed' })
  async claim(@Body() dto: ClaimEnrollmentDto, @Res({ passthrough: true }) res: Response): Promise<ClaimResponseDto> {
    const claimed = await this.enrollment.claim(dto);
    if (claimed.replayed) res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return claimed.body;
  }
}
