import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { WorkspaceOperator } from '../sessions';
import {
  ENROLLMENT_TOKEN_LIST,
  EnrollmentTokenEnvelopeDto,
  EnrollmentTokenListDto,
  IssuedEnrollmentTokenEnvelopeDto,
  IssueEnrollmentTokenDto,
} from './dto/enrollment-token.dto';
import { ENROLLMENT_DEFAULT_EXPIRES_IN, ENROLLMENT_MAX_EXPIRES_IN } from './enrollment-rules';
import { EnrollmentTokensService } from './enrollment-tokens.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';

/** Enrollment tokens of the session's workspace. Issuing and revoking: admins and owners. */
@OperatorResource()
@Controller('api/v1/operator/enrollment_tokens')
export class EnrollmentTokensController {
  constructor(private readonly tokens: EnrollmentTokensService) {}

  @OperatorAuth({ role: 'admin' })
  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Issue an enrollment token',
    description:
      'Operator session, owners and admins. Mints an `age_` token that devices claim at `POST /api/v1/enrollments/claim`: single-use by default, a fleet token with `max_claims` above 1, ' +
      `valid \`expires_in\` seconds (default ${ENROLLMENT_DEFAULT_EXPIRES_IN}, at most ${ENROLLMENT_MAX_EXPIRES_IN}), optionally limited to a serial allowlist and naming a cohort, default tags and the scopes of the credentials each claim gets. ` +
      'The token is shown in this answer only; 422 `validation_failed` for a cohort that does not exist.',
  })
  @ApiCreatedResponse({ type: IssuedEnrollmentTokenEnvelopeDto, description: 'the token is shown only here' })
  @ApiInvalidBody()
  async issue(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Body() dto: IssueEnrollmentTokenDto,
  ): Promise<IssuedEnrollmentTokenEnvelopeDto> {
    return { enrollment_token: await this.tokens.issue(op.workspaceId, op.userId, dto) };
  }

  /** Newest first; never the secret. */
  @OperatorAuth({ role: 'member' })
  @Get()
  @ApiOperation({
    summary: "List the workspace's enrollment tokens",
    description:
      'Operator session, any member of the workspace. Answers the tokens newest first with their prefix, state (usable, claimed, exhausted, revoked, expired) and claim count, never the secret; ' +
      '`limit` 1-100 (default 50) and `offset`.',
  })
  @ApiList(ENROLLMENT_TOKEN_LIST)
  @ApiOkResponse({ type: EnrollmentTokenListDto })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<EnrollmentTokenListDto> {
    return this.tokens.list(op.workspaceId, parseList(ENROLLMENT_TOKEN_LIST, query));
  }

  @OperatorAuth({ role: 'admin' })
  @Post(':id/revoke')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Revoke an enrollment token',
    description:
      'Operator session, owners and admins. Every later claim of the token is refused with 409 `enrollment_revoked`; revoking twice changes nothing. ' +
      'Answers the token; 404 `not_found` for a token of another workspace.',
  })
  @ApiOkResponse({ type: EnrollmentTokenEnvelopeDto })
  @ApiNotInWorkspace()
  async revoke(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
  ): Promise<EnrollmentTokenEnvelopeDto> {
    return { enrollment_token: await this.tokens.revoke(op.workspaceId, id) };
  }
}
